"""The players' write path of the web view: `/me` (the player's page) and `POST /api/report`, opened only by
`arbiter display FILE --serve --reports` (docs/players.md; the threat model is there).

    Web(path, routes=(reports_routes(path),))   # tui/web/server.py mounts it; without it the view is read-only

Routes (aiohttp parses every request; tui/web/routes.py's `guard` has refused a foreign Host or Origin):
- `GET /me/{code}` (the QR code of the slip): the code checked, kept in a cookie (HttpOnly, SameSite=Strict,
  Path=/me) and the phone sent to `/me`, so the code leaves the address bar;
- `GET /me`: the page of the cookie's player, or the form to type a code; `POST /me/login`: that form;
- `POST /me`: a form of the page (`action` report, checkin, bye, withdraw, leave): it needs the cookie's valid
  code and the form's one-use token (a replayed or cross-site form is refused, 403), then answers 303 to
  `/me?said=...` (a reload sends nothing again);
- `POST /api/report` `{"code": "...", "result": "1-0"}` (JSON only: a cross-site form cannot send it) ->
  `{"round", "board", "status"}`; 400 not JSON or not a result, 403 wrong code, 409 the round's game is not
  reportable (none, or the judge's result is there), 429 too many wrong codes from this address.
Every report is in the reports journal, fsynced, before the phone is told it was received.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from aiohttp import web

from arbiter_tournament.core.errors import InvalidResult
from arbiter_tournament.core.event import reports as R
from arbiter_tournament.core.event.codes import normal
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.formats.html import Markup, esc, tag
from arbiter_tournament.core.msg import render
from arbiter_tournament.core.msg.cells import clean
from arbiter_tournament.tui.i18n import tr
from arbiter_tournament.tui.web.desk import Desk, Refused
from arbiter_tournament.tui.web.http import COOKIE, choose_lang
from arbiter_tournament.tui.web.routes import peer

DESK = web.AppKey("desk", Desk)
ME_COOKIE = "arbiter_me"
COOKIE_AGE = 14 * 24 * 3600
RELATIVE = {("win", 0): Result.FIRST_WINS, ("win", 1): Result.SECOND_WINS, ("loss", 0): Result.SECOND_WINS,
            ("loss", 1): Result.FIRST_WINS, ("draw", 0): Result.DRAW, ("draw", 1): Result.DRAW}
SAID = ("waiting", "agreed", "dispute", "recorded", "checkin", "bye", "withdraw")
JSON_TYPE = "application/json"


def reports_routes(path: str, **desk_options) -> Callable[[web.Application, object], None]:
    """The `add(app, web)` the server calls once (tui/web/server.py `Web(..., routes=...)`)."""

    def add(app: web.Application, w: object) -> None:
        desk = Desk(path, **desk_options)
        app[DESK] = desk

        async def started(app_: web.Application) -> None:
            desk.start()
            await desk.refresh()

        async def stopped(app_: web.Application) -> None:
            await desk.close()

        app.on_startup.append(started)
        app.on_cleanup.append(stopped)
        app.router.add_route("*", "/me", me)
        app.router.add_route("*", "/me/login", login)
        app.router.add_route("*", "/me/{code}", by_link)
        app.router.add_route("*", "/api/report", api_report)

    return add


def players_address(host: str, port: int, names: tuple[str, ...] = ()) -> str | None:
    """The address phones open when no `--public-url` says it: the venue's name of this machine (`--name`), the
    address served on, or this machine's first on the network when served on all; None when served on loopback
    (no phone reaches it)."""
    import ipaddress

    from arbiter_tournament.tui.web.http import local_addresses

    if names:
        return f"http://{names[0]}:{port}"
    h = host.strip().strip("[]").lower()
    if h in ("0.0.0.0", "::", ""):
        found = local_addresses()
        return f"http://{found[0]}:{port}" if found else None
    try:
        if ipaddress.ip_address(h).is_loopback:
            return None
    except ValueError:
        if h == "localhost" or h.startswith("localhost.") or h == "ip6-localhost":
            return None
    return f"http://{f'[{h}]' if ':' in h else h}:{port}"


def keep_address(path: str, public_url: str | None, host: str, port: int, names: tuple[str, ...] = ()) -> list[str]:
    """As the server starts with `--reports`: the address phones open kept beside the event (`FILE.url`, without
    the event's lock: core/store/reports.py), so the TUI's and `arbiter export`'s slips and cards carry the QR
    code of each player's page; the lines the server prints about it."""
    from datetime import datetime, timezone

    from arbiter_tournament.core.errors import ArbiterError
    from arbiter_tournament.core.store.reports import address_path, write_address

    url = public_url or players_address(host, port, names)
    if url is None:
        return ["  slips and cards: no QR code (served on this machine only; --public-url URL says the address "
                "phones open)"]
    try:
        write_address(path, url, datetime.now(timezone.utc).isoformat(timespec="seconds"))
    except (ArbiterError, OSError, ValueError) as exc:
        return [f"  slips and cards: the address {clean(url)} could not be kept beside the event ({clean(str(exc))}): "
                "give it to `arbiter export --url`"]
    return [f"  slips and cards: the QR code of {clean(url)}/me/CODE (kept in {clean(address_path(Path(path)).name)}; "
            "--public-url changes it)"]


# -- helpers ---------------------------------------------------------------------------------------

def _lang(request: web.Request, desk: Desk) -> str:
    """?lang=, the language cookie, Accept-Language, the event's; a language asked by ?lang= is kept in the
    cookie the read-only pages keep it in (the response says it: `_html`)."""
    query = {k: request.query.getall(k) for k in list(request.query.keys())[:10]}
    default = desk.event.language if desk.event is not None and desk.event.language in ("en", "ru") else "en"
    lang, asked = choose_lang(query, request.headers, default)
    if asked:
        request["lang_cookie"] = f"{COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Strict"
    return lang


def _only(request: web.Request, *methods: str) -> None:
    if request.method not in methods:
        raise web.HTTPMethodNotAllowed(request.method, list(methods), text="method not allowed\n")


def _cross_site(request: web.Request) -> bool:
    """A browser that says the request comes from another site (Origin is checked by the guard)."""
    return request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none")


def _html(text: str, status: int = 200, cookie: str | None = None, request: web.Request | None = None
          ) -> web.Response:
    headers = {"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Vary": "Cookie"}
    resp = web.Response(status=status, text=text, headers=headers)
    for c in (cookie, request.get("lang_cookie") if request is not None else None):
        if c is not None:
            resp.headers.add("Set-Cookie", c)
    return resp


def _cookie(code: str) -> str:
    return f"{ME_COOKIE}={code}; Path=/me; Max-Age={COOKIE_AGE}; HttpOnly; SameSite=Strict"


def _forget() -> str:
    return f"{ME_COOKIE}=; Path=/me; Max-Age=0; HttpOnly; SameSite=Strict"


def _my_code(request: web.Request) -> str | None:
    return request.cookies.get(ME_COOKIE) or None


def _document(lang: str, desk: Desk, body: Markup) -> str:
    name = desk.event.name if desk.event is not None else ""
    langs = tag("p", *(tag("a", code.upper(), href=f"/me?lang={code}", class_="on" if code == lang else None)
                       for code in ("en", "ru")), class_="langs")
    return ("<!DOCTYPE html>\n"
            f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            # a form's POST says its Origin (under the server's no-referrer it would say "null", refused)
            '<meta name="referrer" content="same-origin">\n'
            f"<title>{esc(tr(lang, 'me_title'))} | {esc(clean(name))}</title>\n"
            '<link rel="stylesheet" href="/static/app.css">\n</head>\n<body class="phone me">\n'
            f"<header>{tag('h1', clean(name))}{langs}</header>\n<main>{body}</main>\n</body>\n</html>\n")


def _button(token: str, action: str, label: str, **fields: str) -> Markup:
    hidden = "".join(f'<input type="hidden" name="{esc(k)}" value="{esc(v)}">' for k, v in
                     {"token": token, "action": action, **fields}.items())
    return Markup(f'<form method="post" action="/me" class="act">{hidden}'
                  f'<button type="submit" class="chip">{esc(label)}</button></form>')


def _login_page(lang: str, desk: Desk, wrong: str = "") -> str:
    w = lambda key, **f: tr(lang, key, **f)  # noqa: E731
    form = Markup('<form method="post" action="/me/login" class="find">'
                  f'<label for="code">{esc(w("me_code"))}</label>'
                  '<input id="code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" '
                  f'maxlength="20" placeholder="K7TQ2-MXH9R"><p class="muted">{esc(w("me_code_hint"))}</p>'
                  f'<button type="submit" class="chip">{esc(w("me_open"))}</button></form>')
    said = tag("p", wrong, class_="stale") if wrong else Markup("")
    return _document(lang, desk, Markup(tag("h2", w("me_title")) + said + form))


def _page(lang: str, desk: Desk, pid: int, said: str = "", refused: str = "") -> str:
    """The player's page: his game of the current round, its reports, the next round's requests."""
    w = lambda key, **f: tr(lang, key, **f)  # noqa: E731
    e = desk.current
    p = e.player(pid)
    token = desk.token(pid)
    out = [tag("h2", clean(p.name))]
    if refused:
        out.append(tag("p", w("me_refused", why=refused), class_="stale"))
    elif said in SAID:
        out.append(tag("p", w("me_status_" + said if said in R.STATUSES else "me_sent_" + said), class_="stamp",
                       role="status"))
    mine = R.my_game(e, pid)
    if mine is None or mine.opponent is None:
        out.append(tag("p", w("me_no_game")))
    else:
        out.append(tag("p", tag("strong", w("me_round_board", r=mine.round, b=mine.board)),
                       " · " + w("me_table", t=mine.table) if mine.table is not None else ""))
        out.append(tag("p", w("me_colour_first" if mine.side == 0 else "me_colour_second")))
        out.append(tag("p", w("me_opponent") + ": ", tag("strong", clean(mine.opponent.name))))
        if pid in desk.points:
            out.append(tag("p", w("me_points", p=desk.points[pid]), class_="muted"))
        if mine.game.result is not None:
            out.append(tag("p", tag("strong", w("me_recorded", r=mine.game.result.value))))
        else:
            got = desk.claims.get(mine.key, {})
            other = mine.opponent.id
            if pid in got:
                out.append(tag("p", w("me_mine", r=got[pid].value)))
            if other in got:
                out.append(tag("p", w("me_theirs", r=got[other].value)))
                if got.get(pid) != got[other]:
                    mine_now = {Result.DRAW: "me_draw"}.get(got[other]) or (
                        "me_won" if (got[other] is Result.FIRST_WINS) == (mine.side == 0) else "me_lost")
                    out.append(_button(token, "report", w("me_confirm", r=got[other].value, what=w(mine_now)),
                                       result=got[other].value))
                    out.append(tag("p", w("me_dispute_hint"), class_="muted"))
            out.append(tag("h2", w("me_report")))
            out.append(tag("div", *(_button(token, "report", w(k), result=v) for k, v in
                                    (("me_won", "win"), ("me_draw", "draw"), ("me_lost", "loss"))), class_="acts"))
    if desk.may_ask(pid, "checkin") is None:
        nxt = R.next_round(e, pid)
        out.append(tag("h2", w("me_requests")))
        if not desk.asked_already(pid, "checkin"):
            out.append(_button(token, "checkin", w("me_checkin", r=nxt)))
        if desk.may_ask(pid, "bye") is None and not desk.asked_already(pid, "bye"):
            out.append(_button(token, "bye", w("me_bye", r=nxt)))
        if not desk.asked_already(pid, "withdraw"):
            out.append(Markup('<form method="post" action="/me" class="act">'
                              f'<input type="hidden" name="token" value="{esc(token)}">'
                              '<input type="hidden" name="action" value="withdraw">'
                              '<label><input type="checkbox" name="sure" value="yes" required> '
                              f'{esc(w("me_withdraw_sure"))}</label> '
                              f'<button type="submit" class="chip">{esc(w("me_withdraw"))}</button></form>'))
        for kind in ("checkin", "bye", "withdraw"):
            if desk.asked_already(pid, kind):
                out.append(tag("p", w("me_sent_" + kind), class_="muted"))
    out.append(tag("p", tag("a", w("me_refresh"), href="/me", class_="chip"), " ",
                   _button(token, "leave", w("me_leave"))))
    return _document(lang, desk, Markup("".join(out)))


# -- the routes ------------------------------------------------------------------------------------------

async def me(request: web.Request) -> web.Response:
    desk = request.app[DESK]
    _only(request, "GET", "HEAD", "POST")
    await desk.refresh()
    lang = _lang(request, desk)
    code = _my_code(request)
    if request.method == "POST":
        return await _post(request, desk, lang, code)
    if code is None:
        return _html(_login_page(lang, desk), request=request)
    try:
        pid = await desk.who(code, peer(request))
    except Refused as exc:
        return _html(_login_page(lang, desk, render(exc.msg, lang)), exc.status, cookie=_forget())
    said = request.query.get("said", "")
    return _html(_page(lang, desk, pid, said if said in SAID else ""), request=request)


async def _post(request: web.Request, desk: Desk, lang: str, code: str | None) -> web.Response:
    if _cross_site(request) or code is None:
        return _html(_login_page(lang, desk, tr(lang, "me_wrong")), 403)
    try:
        form = await _form(request, lang)
        pid = await desk.who(code, peer(request))
        desk.use_token(form.get("token"), pid)
        action = form.get("action")
        if action == "leave":
            raise web.HTTPSeeOther("/me", headers={"Set-Cookie": _forget()})
        if action == "report":
            mine = R.my_game(desk.current, pid)
            side = mine.side if mine is not None else 0
            field = form.get("result", "")
            typed = field if isinstance(field, str) else ""  # (a file sent as the result: no result)
            result = RELATIVE.get((typed, side)) or R.parse_result(typed)
            _, status = await desk.report(pid, result)
            said = status
        elif action in ("checkin", "bye", "withdraw"):
            if action == "withdraw" and form.get("sure") != "yes":
                raise Refused(400, tr(lang, "me_withdraw_tick", sure=tr(lang, "me_withdraw_sure")))
            await desk.request(pid, action)
            said = action
        else:  # (an old page, or a form made by hand)
            raise Refused(400, tr(lang, "me_unknown_action"))
    except Refused as exc:
        holder = desk.codes.get(normal(code) or "")
        if holder is None or exc.status == 429:  # a wrong (or reissued) code: the code form again
            return _html(_login_page(lang, desk, render(exc.msg, lang)), exc.status, cookie=_forget())
        return _html(_page(lang, desk, holder, refused=render(exc.msg, lang)), exc.status)
    except InvalidResult as exc:
        return _html(_page(lang, desk, pid, refused=render(exc.msg, lang)), 400)
    raise web.HTTPSeeOther(f"/me?said={said}")


async def login(request: web.Request) -> web.Response:
    desk = request.app[DESK]
    _only(request, "POST")
    await desk.refresh()
    lang = _lang(request, desk)
    if _cross_site(request):
        return _html(_login_page(lang, desk, tr(lang, "me_wrong")), 403)
    try:
        form = await _form(request, lang)
    except Refused as exc:
        return _html(_login_page(lang, desk, render(exc.msg, lang)), exc.status)
    return await _enter(request, desk, lang, form.get("code", ""))


async def _form(request: web.Request, lang: str):
    """The form posted; a body over the server's limit (64 KB: a form of a code and a result is far less) refused
    in the phone's language (aiohttp's own answer was an English plain-text page)."""
    try:
        return await request.post()
    except web.HTTPRequestEntityTooLarge:
        raise Refused(413, tr(lang, "me_too_big")) from None


async def by_link(request: web.Request) -> web.Response:
    desk = request.app[DESK]
    _only(request, "GET", "HEAD")
    await desk.refresh()
    return await _enter(request, desk, _lang(request, desk), request.match_info["code"])


async def _enter(request: web.Request, desk: Desk, lang: str, typed: object) -> web.Response:
    try:
        pid = await desk.who(typed, peer(request))
    except Refused as exc:
        return _html(_login_page(lang, desk, render(exc.msg, lang)), exc.status)
    code = desk.current.player(pid).code
    moved = web.HTTPSeeOther("/me", headers={"Cache-Control": "no-store"})
    moved.headers.add("Set-Cookie", _cookie(code))
    if request.get("lang_cookie"):
        moved.headers.add("Set-Cookie", request["lang_cookie"])
    raise moved


def _json(http_status: int, **fields) -> web.Response:
    return web.Response(status=http_status, text=json.dumps(fields), content_type=JSON_TYPE,
                        headers={"Cache-Control": "no-store"})


async def api_report(request: web.Request) -> web.Response:
    desk = request.app[DESK]
    _only(request, "POST")
    if request.content_type != JSON_TYPE or _cross_site(request):
        return _json(415 if request.content_type != JSON_TYPE else 403, error="send JSON: {\"code\", \"result\"}")
    try:
        data = await request.json()
    except ValueError:
        return _json(400, error="not JSON")
    if not isinstance(data, dict):
        return _json(400, error="expected {\"code\": \"...\", \"result\": \"1-0\"}")
    try:
        pid = await desk.who(data.get("code"), peer(request))
        result = R.parse_result(data.get("result"))
        mine, status = await desk.report(pid, result)
    except Refused as exc:
        headers = {"Retry-After": "60"} if exc.status == 429 else {}
        resp = _json(exc.status, error=str(exc.msg))
        resp.headers.update(headers)
        return resp
    except InvalidResult as exc:
        return _json(400, error=str(exc.msg))
    out = {"round": mine.round, "board": mine.board, "status": status}
    if mine.table is not None:
        out["table"] = mine.table
    return _json(200, **out)

"""The change set of the public site (core/formats/publish.py): page hashes without the "Made" line, the order
pages go up in, what is public, the state file, the status line's words; and the command line's refusals."""

from __future__ import annotations

import dataclasses
import re
import json
import os
import stat
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_tournament.core.event.model import Player, Prize
from arbiter_tournament.core.formats.publish import (INDEX, Plan, Publisher, Status, change_set, page_hash, state_file,
                                          status_text)
from arbiter_tournament.core.formats.rclone import check_remote, join, redact
from arbiter_tournament.core.formats.site import build_site
from arbiter_tournament.core.store import create

from publish_helpers import ROOT, needs_rclone, open_boards, private_event

T1 = datetime(2026, 5, 1, 10, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def e40():
    return private_event(40)


def test_the_made_line_is_left_out_of_the_hash_and_nothing_else(e40):
    a = build_site(e40, now=T1)
    b = build_site(e40, now=T1 + timedelta(hours=5, minutes=7))
    assert a.keys() == b.keys()
    for name in a:
        assert a[name] != b[name]  # every page says when it was made ...
        assert page_hash(a[name]) == page_hash(b[name])  # ... which is not a change of the page
    from arbiter_tournament.core.event import commands
    from arbiter_tournament.core.event.results import Result

    rnd = e40.rounds[-1]
    c = build_site(commands.record_result(e40, "swiss", None, rnd.number, open_boards(e40)[0], Result.parse("1-0"),
                                          by="x"), now=T1)
    assert [n for n in a if page_hash(a[n]) != page_hash(c[n])] == [f"round-swiss-{rnd.number}.html"]


def test_a_result_in_a_1000_player_event_changes_a_few_pages_not_the_site():
    from arbiter_tournament.core.event import commands
    from arbiter_tournament.core.event.results import Result

    e = private_event(1000)
    before = {n: page_hash(h) for n, h in build_site(e, now=T1).items()}
    rnd = e.rounds[-1]
    boards = open_boards(e)
    one = commands.record_result(e, "swiss", None, rnd.number, boards[0], Result.parse("1-0"), by="x")
    after = {n: page_hash(h) for n, h in build_site(one, now=T1).items()}
    assert change_set(after, before) == Plan(changed=(f"round-swiss-{rnd.number}.html",))
    for b in boards[1:]:  # the round complete: its page, the standings, the crosstable, the final ranking
        one = commands.record_result(one, "swiss", None, rnd.number, b, Result.parse("0-1"), by="x")
    done = {n: page_hash(h) for n, h in build_site(one, now=T1).items()}
    plan = change_set(done, after)
    assert not plan.new and not plan.deleted
    assert set(plan.changed) | ({INDEX} if plan.index else set()) == {
        f"round-swiss-{rnd.number}.html", "standings.html", "crosstable.html", "final.html"}
    assert len(done) == 4 + 5  # four rounds, standings, crosstable, bracket, final, index


names = st.sampled_from(["index.html", "standings.html", "crosstable.html", "final.html", "round-swiss-1.html",
                         "round-swiss-2.html", "round-swiss-3.html", "playoff.html", "prizes.html"])
site = st.dictionaries(names, st.sampled_from(["a", "b", "c"]), max_size=9)


@settings(max_examples=300, deadline=None)
@given(site, site)
def test_the_order_never_lets_a_reader_follow_a_link_to_a_missing_page(now, online):
    """Every page goes once; new pages before any changed page or the index (only they can link to a new
    page), the index after every other page, deletions last; what is online after it is the site now."""
    plan = change_set(now, online)
    steps = plan.steps()
    order = [(kind, n) for kind, group in steps for n in group]
    assert len(order) == len(set(n for _, n in order)) == plan.pages
    assert {n for k, n in order if k == "put"} == {n for n in now if online.get(n) != now[n]}
    assert {n for k, n in order if k == "delete"} == set(online) - set(now)
    kinds = [k for k, _ in order]
    assert kinds == sorted(kinds, key=lambda k: k == "delete")  # every put before any delete
    puts = [n for k, n in order if k == "put"]
    if INDEX in puts:
        assert puts[-1] == INDEX
    new = [n for n in puts if n not in online]
    assert puts[:len(new)] == new or INDEX in new and puts[:len(new) - 1] == [n for n in new if n != INDEX]
    groups = [set(g) for k, g in steps if k == "put"]
    assert all(len(g) > 0 for g in groups)
    result = dict(online)
    for kind, n in order:
        if kind == "put":
            result[n] = now[n]
        else:
            del result[n]
    assert result == now


def _every_private_field_changed(p: Player, k: int) -> Player:
    """The player with a different value in every field that is not public (a field added later too)."""
    public = {"id", "name", "rating", "club", "federation", "table", "team", "title", "late_from", "withdrawn_from",
              "byes"}
    changes = {}
    for f in dataclasses.fields(Player):
        if f.name in public:
            continue
        v = getattr(p, f.name)
        if f.name == "sex":
            changes[f.name] = "m" if v == "f" else "f"
        elif f.name == "birth":
            changes[f.name] = f"{1960 + k % 40}-0{1 + k % 9}-2{k % 8}"
        elif isinstance(v, str):
            changes[f.name] = f"{f.name}-{k}-secret"
        elif isinstance(v, int) and not isinstance(v, bool):
            changes[f.name] = v + 1
    return dataclasses.replace(p, **changes)


def test_no_private_field_changes_a_single_byte_of_the_site(e40):
    """Dates of birth, sex, FIDE ids (and any field of a player that is not public), who entered each result:
    the site is the same byte for byte whatever they are, so none of them can be in it."""
    other = dataclasses.replace(
        e40, players=tuple(_every_private_field_changed(p, k) for k, p in enumerate(e40.players)),
        rounds=tuple(dataclasses.replace(r, games=tuple(dataclasses.replace(g, by="someone.else@elsewhere" if g.by
                                                                            else "") for g in r.games))
                     for r in e40.rounds))
    assert other.players != e40.players
    assert build_site(other, now=T1) == build_site(e40, now=T1)


def test_the_event_says_whether_the_crosstable_and_the_prize_money_are_public(e40):
    e = dataclasses.replace(e40, prizes=(Prize("First", amount=Fraction(12345)), Prize("Second", amount=Fraction(6789))))
    pages = build_site(e, now=T1)
    assert "crosstable.html" in pages and 'href="crosstable.html"' in pages["index.html"]
    assert "12345" in pages["prizes.html"] or "12 345" in pages["prizes.html"]
    private = build_site(dataclasses.replace(e, public_crosstable=False, public_prize_money=False), now=T1)
    assert "crosstable.html" not in private
    assert not any('href="crosstable.html"' in h for h in private.values())
    assert "First" in private["prizes.html"] and "Second" in private["prizes.html"]
    for amount in ("12345", "12 345", "12\u00a0345", "6789", "6 789", "6\u00a0789"):
        assert not any(amount in h for h in private.values()), amount
    assert set(private) == set(pages) - {"crosstable.html"}


def test_the_settings_are_kept_in_the_file_and_set_from_the_command_line(tmp_path, e40):
    from cli_run import run

    ev = tmp_path / "e.toml"
    create(ev, e40)
    assert "public_" not in ev.read_text()  # the defaults (public) are not written
    code, out, err = run("event", "set", ev, "--public-crosstable", "no", "--public-prize-money", "no")
    assert code == 0, err
    assert "public site: crosstable no, prize money no" in out
    assert "public_crosstable = false" in ev.read_text() and "public_prize_money = false" in ev.read_text()
    code, out, _ = run("event", "show", ev, "--format", "json")
    assert json.loads(out)["public_crosstable"] is False
    code, out, err = run("event", "set", ev, "--public-crosstable", "maybe")
    assert code == 2 and "maybe" in err


def test_status_line_in_both_languages():
    at = datetime(2026, 5, 1, 14, 2, tzinfo=timezone.utc)
    hhmm = at.astimezone().strftime("%H:%M")
    assert status_text(Status(online_at=at, waiting=3)) == f"online as of {hhmm}, 3 changes waiting"
    assert status_text(Status(online_at=at, waiting=1)) == f"online as of {hhmm}, 1 change waiting"
    assert status_text(Status(online_at=at)) == f"online as of {hhmm}"
    assert status_text(Status(waiting=2, error="no route", retry_in=8)) == \
        "not online yet, 2 changes waiting; upload failed: no route, next try in 8 s"
    assert status_text(Status(online_at=at, waiting=3), "ru") == f"опубликовано в {hhmm}, ждут отправки изменений: 3"
    assert status_text(Status(waiting=2, error="x", retry_in=4), "ru") == \
        "ещё не опубликовано, ждут отправки изменений: 2; отправка не удалась: x, новая попытка через 4 с"


def test_remotes_joined_checked_and_their_secrets_never_shown():
    assert join("myremote:", "index.html") == "myremote:index.html"
    assert join("myremote:bucket/open", "index.html") == "myremote:bucket/open/index.html"
    assert join(":webdav,url='http://h:1/dav':", "a.html") == ":webdav,url='http://h:1/dav':a.html"
    assert join("/var/www/open/", "a.html") == "/var/www/open/a.html"
    assert redact(":sftp,host=h,user=judge,pass=Xy12ab:") == ":sftp,host=h,user=judge,pass=***:"
    assert redact(":s3,provider=AWS,access_key_id=AKIA1,secret_access_key='a,b':") == \
        ":s3,provider=AWS,access_key_id=***,secret_access_key=***:"
    assert redact("myremote:bucket") == "myremote:bucket"
    # a url with ':' in a connection string is quoted as rclone needs it (the last ':' ends the options)
    assert check_remote(":webdav,url=http://127.0.0.1:8080:") == ":webdav,url='http://127.0.0.1:8080':"
    assert check_remote(":webdav,url=https://h:8443/dav,vendor=other:open") == \
        ":webdav,url='https://h:8443/dav',vendor=other:open"
    assert check_remote(":webdav,url='http://h:1':") == ":webdav,url='http://h:1':"
    assert check_remote("myremote:bucket/open") == "myremote:bucket/open"
    assert check_remote(":webdav,url=http://h/dav:") == ":webdav,url='http://h/dav':"
    assert check_remote(":sftp,host=h,port=22:www") == ":sftp,host=h,port=22:www"
    for bad in ("", "  ", "-x", "a\nb", "a\x1bb"):
        with pytest.raises(Exception) as exc:
            check_remote(bad)
        assert type(exc.value).__name__ == "FileProblem"


@needs_rclone
def test_state_beside_no_event_and_without_a_credential(tmp_path, e40):
    """Published to a folder through rclone's local backend: the state file is in the user's state folder,
    private to him, names no secret; a second publisher of the same event and remote is refused."""
    ev = tmp_path / "hall" / "open.toml"
    ev.parent.mkdir()
    create(ev, e40)
    beside = sorted(os.listdir(ev.parent))  # the event and its lock
    env = {"XDG_STATE_HOME": str(tmp_path / "state")}
    out = tmp_path / "www"
    remote = str(out)
    with Publisher(ev, remote, env=env, now=lambda: T1) as pub:
        sent = pub.sync()
        assert sent.pages == len(build_site(e40)) and pub.status.online_at == T1
        assert sorted(p.name for p in out.iterdir() if p.is_file()) == sorted(build_site(e40))
        with pytest.raises(Exception) as exc:
            Publisher(ev, remote, env=env)
        assert "is being published to" in str(exc.value)
        assert pub.sync().pages == 0
    path = state_file(ev, remote, env)
    assert path.is_relative_to(tmp_path / "state") and path.exists()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(os.listdir(ev.parent)) == beside  # nothing new beside the event
    doc = json.loads(path.read_text())
    assert set(doc["pages"]) == set(build_site(e40)) and doc["online_at"] == T1.isoformat()
    secret_remote = f":local,nounc=true,pass=hunter22:{out}"  # a made-up secret in a connection string
    with Publisher(ev, secret_remote, env=env) as pub:
        pub.sync()
    assert "hunter22" not in state_file(ev, secret_remote, env).read_text()


def _cli(*args, env=None):
    return subprocess.run([sys.executable, "-m", "arbiter_tournament.tui.cli", *map(str, args)], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, **(env or {})}, timeout=120)


@pytest.mark.parametrize("remote, says", [("-v", "starts with '-'"), ("", "the remote is empty")])
def test_a_bad_remote_is_one_line(tmp_path, e40, remote, says):
    ev = tmp_path / "e.toml"
    create(ev, e40)
    r = _cli("publish", ev, "--to", remote, env={"XDG_STATE_HOME": str(tmp_path / "s")})
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and says in r.stderr, r.stderr


def test_rclone_missing_is_one_line_saying_how_to_install_it(tmp_path, e40):
    ev = tmp_path / "e.toml"
    create(ev, e40)
    r = _cli("publish", ev, "--to", "myremote:open", env={"ARBITER_RCLONE": str(tmp_path / "no-rclone")})
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "rclone is not installed" in r.stderr and "apt install rclone" in r.stderr


def test_a_missing_event_is_one_line_and_nothing_sent(tmp_path):
    r = _cli("publish", tmp_path / "none.toml", "--to", str(tmp_path / "www"),
             env={"XDG_STATE_HOME": str(tmp_path / "s")})
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert not (tmp_path / "www").exists()


@needs_rclone
def test_results_typed_one_after_another_go_up_together(tmp_path, e40):
    """--watch: a change goes up once the file is still for a second (at most 3 s after the first): three
    results entered in a row are one upload, not three; each online within seconds."""
    import threading
    import time

    from arbiter_tournament.core import commands as cmds
    from arbiter_tournament.core.event.results import Result
    from arbiter_tournament.core.store import EventFile, load

    ev = tmp_path / "open.toml"
    create(ev, e40)
    out = tmp_path / "www"
    sent = []
    with Publisher(ev, str(out), env={"XDG_STATE_HOME": str(tmp_path / "state")}) as pub:
        th = threading.Thread(target=pub.watch, args=(lambda st, s: sent.append(s) if s is not None else None,),
                              kwargs={"poll": 0.1}, daemon=True)
        th.start()
        deadline = time.monotonic() + 60
        while not sent and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sent and sent[0].pages == len(build_site(e40))
        rnd = e40.rounds[-1]
        start = time.monotonic()
        for b in open_boards(e40)[:3]:
            cmds.run(EventFile(ev), cmds.RecordResult("swiss", None, rnd.number, b, Result.parse("1-0"), by="t"))
        while len(sent) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        took = time.monotonic() - start
        time.sleep(2.5)  # nothing more goes up: the three were one upload
        pub.stop()
        th.join(10)
    assert len(sent) == 2, sent  # the first upload, then the three results in one
    assert took < 10
    now = build_site(load(ev))
    assert set(sent[1].plan.changed) == {n for n, h in now.items() if page_hash(h) != page_hash(build_site(e40)[n])}
    assert {n: page_hash((out / n).read_text()) for n in now} == {n: page_hash(h) for n, h in now.items()}


@needs_rclone
def test_an_upload_under_way_never_holds_a_judge(tmp_path, e40):
    """The upload takes no lock of the event: on a slow line (rclone's --bwlimit), a result is written while
    pages are on their way, as fast as without it."""
    import threading
    import time

    from arbiter_tournament.core import commands as cmds
    from arbiter_tournament.core.event.results import Result
    from arbiter_tournament.core.formats.rclone import Rclone
    from arbiter_tournament.core.store import EventFile, load

    ev = tmp_path / "open.toml"
    create(ev, e40)
    out = tmp_path / "www"
    engine = Rclone(str(out), flags=("--bwlimit", "15k"))
    with Publisher(ev, str(out), engine=engine, env={"XDG_STATE_HOME": str(tmp_path / "state")}) as pub:
        th = threading.Thread(target=pub.sync, daemon=True)
        th.start()
        deadline = time.monotonic() + 60
        while not (out / ".arbiter-upload").is_dir() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert th.is_alive()
        rnd = e40.rounds[-1]
        start = time.monotonic()
        cmds.run(EventFile(ev), cmds.RecordResult("swiss", None, rnd.number, open_boards(e40)[0],
                                                  Result.parse("1-0"), by="t"))
        took = time.monotonic() - start
        assert th.is_alive(), "the upload was over before the result: the line was not slow enough to tell"
        th.join(120)
    assert took < 2.0, took
    assert any(g.result is not None for g in load(ev).rounds[-1].games if g.board == open_boards(e40)[0])


@needs_rclone
def test_a_page_no_longer_in_the_site_is_deleted_last_and_nothing_else(tmp_path):
    """A round taken back: its page is deleted online (after the index that linked to it), the other
    pages and a file that is not the site's stay; a page already gone is no error."""
    from arbiter_tournament.core import commands as cmds
    from arbiter_tournament.core.store import EventFile

    e = private_event(40, missing=100)  # round 4 paired, no result yet
    ev = tmp_path / "open.toml"
    create(ev, e)
    out = tmp_path / "www"
    out.mkdir()
    (out / "sponsors.html").write_text("the organisers' own page")
    env = {"XDG_STATE_HOME": str(tmp_path / "state")}
    with Publisher(ev, str(out), env=env) as pub:
        pub.sync()
        assert (out / "round-swiss-4.html").exists()
        cmds.run(EventFile(ev), cmds.Unpair("swiss", None, 4))
        sent = pub.sync()
        assert sent.plan.deleted == ("round-swiss-4.html",) and sent.plan.steps()[-1][0] == "delete"
        assert INDEX in [n for k, g in sent.plan.steps() if k == "put" for n in g]
        assert not (out / "round-swiss-4.html").exists()
        assert (out / "sponsors.html").read_text() == "the organisers' own page"
        assert sorted(p.name for p in out.iterdir() if p.is_file()) == sorted([*build_site(load_(ev)),
                                                                             "sponsors.html"])
        pub.engine.delete(["round-swiss-4.html"])  # already gone: no error


def load_(path):  # (the store.load, named apart from the fixtures above)
    from arbiter_tournament.core.store import load

    return load(path)


@needs_rclone
def test_the_site_online_speaks_the_events_language_and_the_command_english(tmp_path, e40):
    ev = tmp_path / "open.toml"
    create(ev, dataclasses.replace(e40, language="ru"))
    out = tmp_path / "www"
    r = _cli("publish", ev, "--to", out, env={"XDG_STATE_HOME": str(tmp_path / "s")})
    assert r.returncode == 0, r.stderr
    assert re.search(r"^\d\d:\d\d:\d\d sent 9 pages \(\d+ bytes\): online as of \d\d:\d\d$", r.stdout.strip())
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'lang="ru"' in index and "Турнирная таблица" in index

"""Every action of the TUI, in one table: its keys, its words in both languages, where it shows, when it applies.

The rows are declared beside the code that does them (each screen's or
widget's module calls `register(...)` with its own, in the order they are to
show), so a new screen touches its own module and the words of
tui/i18n.py. From the table come the key bindings (`bindings(scope)`), the
footer (`footer(screen)`: Textual's `check_action` and `active_bindings`),
the command palette (`ActionsProvider`), the `?` page (`help_text`) and the
choices of the dialogs that have keys of their own (the clock, the 705.3
reminder, the print menu).

An `Action` belongs to scopes (a screen or a widget: "main", "preview",
"players", "table", "bracket", the dialogs "clock", "alarm", "print",
"seating"). Its key runs `act(id)` on the object that has the scope;
`run(obj, id)` asks the action's `when` first: None means it applies,
anything else is the reason it does not (a `Why`, said on the message line
in the judge's language). A footer action that does not apply is hidden by
`check_action` (`check`), and its key reaches a second binding, `why(id)`,
that says the reason: so the footer shows only what applies, and a key that
does not apply still says why. The palette offers the actions with `palette`
that apply now.

Letter keys get their twin on a Russian (ЙЦУКЕН) layout (t and е are the
same key), so the table names the Latin key only.

`team` says in which events an action is offered: True only in a team event,
False never there, None in both. The footer, the palette, the `?` page and
the print menu follow it. An action of a team event may share its key (in
its scopes) with one that is never offered there (`w` swaps a board's
colours, in a team event a match's order): the key is bound once and runs
the one that fits the event (`resolve`). `footer_when` shows a footer
action only when it says so (the key works anyway: the final ranking is
offered in the footer once the event is over).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider

from arbiter_tournament.core.errors import ArbiterError, Msg
from arbiter_tournament.tui.advice import message  # the refusal with the TUI's advice

from .host import arbiter_app
from .i18n import tr

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.screen import Screen


# -- words and reasons --------------------------------------------------------------------------------


@dataclass(frozen=True)
class W:
    """Words in English and Russian."""

    en: str
    ru: str

    def __call__(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True)
class Why:
    """Why an action does not apply now: a key of tui/i18n.py with its fields (a field may be a Why too)."""

    key: str
    fields: dict = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return tr(lang, self.key, **{k: _field_text(v, lang) for k, v in self.fields.items()})


def _field_text(v: object, lang: str) -> object:
    """A field of a reason: another reason, the engine's refusal (said in the judge's language), or data."""
    if isinstance(v, Why):
        return v.text(lang)
    if isinstance(v, ArbiterError):
        return message(v, lang)
    if isinstance(v, Msg):
        return message(v, lang)  # (a command's `why_not`: with the TUI's advice)
    return v


def why(key: str, **fields: object) -> Why:
    return Why(key, fields)


def in_team_event(obj: Any) -> bool:
    """Whether `obj` (a screen or a widget of the App) shows a team event."""
    from arbiter_tournament.core.teams import is_team_event

    event = getattr(obj.app, "event", None)
    return event is not None and is_team_event(event)


def offered(a: "Action", team: bool) -> bool:
    """Whether `a` is offered in an event that is (`team`) or is not a team event."""
    return a.team is None or a.team == team


def why_core(reason: object) -> Why | None:
    """A command's `why_not` (core/commands: a Msg, or None) as the reason an action does not apply."""
    return None if reason is None else why("why_engine", error=reason)


# -- reasons that depend on the screen only (`s`: a screen with the main screen's `shown_round` ...) -------


def busy(s) -> Why | None:
    """A job (a pairing, an explanation) is under way: one at a time."""
    job = s.arb.job
    return why("why_busy", what=job.what) if job is not None else None


def round_shown(s) -> Why | None:
    return why("why_no_round") if s.shown_round() is None else None


def waiting(s) -> Why | None:
    """A change waits for another judge's lock: results wait for it (the next would be entered over a board
    the screen does not show yet)."""
    return why("why_waiting") if s.arb.changing else None


def several_tables(s) -> Why | None:
    return why("why_one_table") if len(s.tables) < 2 else None


# -- keys ----------------------------------------------------------------------------------------------

# a Russian (ЙЦУКЕН) layout types these on the keys of the Latin letters
RU_LAYOUT = dict(zip("qwertyuiopasdfghjklzxcvbnm", "йцукенгшщзфывапролдячсмить"))
# ... and these on the keys of [ ] : (Shift+; gives Ж)
RU_SIGNS = {"left_square_bracket": "х", "right_square_bracket": "ъ", "colon": "Ж"}

KEY_SHOWN = {"space": "Space", "equals_sign": "=", "plus": "+", "minus": "-", "colon": ":", "left_square_bracket": "[",
             "right_square_bracket": "]", "question_mark": "?", "slash": "/", "escape": "Esc", "enter": "Enter",
             "delete": "Del", "up": "↑", "down": "↓", "left": "←", "right": "→", "pageup": "PgUp",
             "pagedown": "PgDn", "home": "Home", "end": "End"}


def twin(key: str) -> str | None:
    """The same key on a Russian layout: t -> е, T -> Е, [ -> х; None for keys without one (digits, Esc ...)."""
    if len(key) == 1 and key.isascii() and key.isalpha():
        cyr = RU_LAYOUT[key.lower()]
        return cyr.upper() if key.isupper() else cyr
    return RU_SIGNS.get(key)


def shown(key: str) -> str:
    return KEY_SHOWN.get(key, key)


# -- the table -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    id: str
    keys: tuple[str, ...]  # Textual key names, the Latin ones (twins are added); () for the palette only
    label: W  # short: the footer, and after the key in the palette
    help: W  # one sentence: the `?` page and the palette
    scopes: tuple[str, ...]
    run: str | Callable[..., Any]  # the method of the object with the scope that does it, or a function of it
    args: tuple = ()
    footer: int = 0  # shown in the footer when it applies: its place there (the lowest first); 0: never
    palette: bool = False
    when: Callable[[Any], Why | None] | None = None  # None: it always applies
    group: str = ""  # the section of the `?` page
    key_shown: str = ""  # how the key is written ("=" for equals_sign); default: from KEY_SHOWN
    footer_when: Callable[[Any], bool] | None = None  # shown in the footer only when this says so (the key works anyway)
    team: bool | None = None  # True: only in a team event; False: never in one; None: in every event

    def keys_bound(self) -> tuple[str, ...]:
        out: list[str] = []
        for k in self.keys:
            out.append(k)
            t = twin(k)
            if t is not None:
                out.append(t)
        return tuple(out)

    @property
    def key(self) -> str:
        """The key as written for the judge ("" for a palette-only action)."""
        if self.key_shown:
            return self.key_shown
        return shown(self.keys[0]) if self.keys else ""

    def why_not(self, obj: Any) -> Why | None:
        return self.when(obj) if self.when is not None else None

    def do(self, obj: Any) -> None:
        if callable(self.run):
            self.run(obj, *self.args)
        else:
            getattr(obj, self.run)(*self.args)


ACTIONS: list[Action] = []  # in the order registered: the order of the footer, the palette and the `?` page
BY_ID: dict[str, Action] = {}


def register(*rows: Action) -> tuple[Action, ...]:
    """Add rows to the table (a module's own actions, at import); an id is registered once."""
    for a in rows:
        if a.id in BY_ID:
            raise ValueError(f"action {a.id} registered twice")
        ACTIONS.append(a)
        BY_ID[a.id] = a
    return rows


# the `?` page, section by section
GROUPS = (("result", W("Results on the selected board", "Результат на выбранной доске")),
          ("view", W("Views", "Экраны")),
          ("table", W("Lists (the round, the standings, the players)", "Списки (тур, таблица, участники)")),
          ("bracket", W("The top's bracket (b)", "Сетка топа (b)")),
          ("change", W("Other", "Прочее")),
          ("team", W("A team event: matches, line-ups, team standings", "Командный турнир: матчи, составы, командный зачёт")),
          ("preview", W("The pairing preview (p), before it is saved", "Жеребьёвка до сохранения (p)")),
          ("clock", W("The round clock (c); at zero the 705.3 reminder", "Время тура (c); при нуле — напоминание 705.3")),
          ("print", W("Print and export (o): the file beside the event, then the printer (lpr)",
                      "Печать и экспорт (o): файл рядом с турниром, затем принтер (lpr)")),
          ("players", W("The players screen (P)", "Участники (P)")),
          ("final", W("The final ranking (F), the prizes (p), the categories (g)",
                      "Итоговые места (F), призы (p), категории (g)")))


def of_scope(scope: str) -> list[Action]:
    return [a for a in ACTIONS if scope in a.scopes]


def in_footer_order(scope: str) -> list[Action]:
    """The actions of a scope, those of the footer first, in their places (then the others as registered)."""
    return sorted(of_scope(scope), key=lambda a: (0, a.footer) if a.footer else (1, 0))


def bindings(scope: str) -> list[BindingType]:
    """The key bindings of a scope (for a class's BINDINGS), in the footer's order: each key runs `act(id)`; a
    footer action's key also runs `why(id)`, which Textual reaches when `check_action` hides `act(id)` (it does
    not apply). A key shared by an action of team events and one of the others is bound once: `run` takes the
    one that fits the event."""
    out: list[BindingType] = []
    bound = set()
    for a in in_footer_order(scope):
        if not a.keys or a.keys in bound:
            continue
        bound.add(a.keys)
        keys = ",".join(a.keys_bound())
        out.append(Binding(keys, f"act({a.id!r})", a.label.en, show=bool(a.footer), id=f"{scope}.{a.id}"))
        if a.footer:
            out.append(Binding(keys, f"why({a.id!r})", a.label.en, show=False, id=f"{scope}.{a.id}.why"))
    return out


def check(obj: Any, action: str, parameters: tuple) -> bool:
    """`check_action` of an object with a scope: a footer action runs (and shows) only while it applies;
    every other key runs, and says why when it does not apply."""
    if action == "act" and parameters:
        a = BY_ID.get(parameters[0])
        if a is not None:
            a = resolve(obj, a)
        if a is not None and a.footer:
            return (offered(a, in_team_event(obj)) and a.why_not(obj) is None
                    and (a.footer_when is None or bool(a.footer_when(obj))))
    return True


def choices(scope: str, obj: Any, lang: str, **fields: object) -> list[tuple[str, str]]:
    """(key, label) of a dialog scope's actions that apply to `obj` (the clock's, the reminder's).

    A label may name `fields` ("start {swiss} minutes").
    """
    return [(a.key, a.label(lang).format(**fields)) for a in of_scope(scope) if a.why_not(obj) is None]


def chosen(scope: str, key: str, obj: Any = None) -> Action | None:
    """The action of a dialog scope whose key is `key` (as the dialog answered it); with `obj`, the one
    offered in its event."""
    team = in_team_event(obj) if obj is not None else None
    for a in of_scope(scope):
        if (key == a.key or key in a.keys_bound()) and (team is None or offered(a, team)):
            return a
    return None


def resolve(obj: Any, a: Action) -> Action:
    """The action a key of `a` runs on `obj`: `a`, or, when `a` is not offered in obj's event, the action of its
    scope with the same keys that is."""
    team = in_team_event(obj)
    if offered(a, team):
        return a
    for b in ACTIONS:
        if b is not a and b.keys == a.keys and set(b.scopes) & set(a.scopes) and offered(b, team):
            return b
    return a


def run(obj: Any, action_id: str) -> bool:
    """Do the action on `obj`, or say on its message line why it does not apply now (False)."""
    a = resolve(obj, BY_ID[action_id])
    if not offered(a, in_team_event(obj)):
        obj.say_why(why("why_not_team" if a.team else "why_team_event").text(obj.app.lang))
        return False
    reason = a.why_not(obj)
    if reason is not None and reason.key == "why_waiting" and arbiter_app(obj).keyguard.defer():
        return False  # the key goes on once the change is through (tui/keyguard.py)
    if reason is not None:
        obj.say_why(reason.text(obj.app.lang))
        return False
    try:
        a.do(obj)
    except Exception as exc:  # noqa: BLE001 - a bug: logged and said in one line, the TUI goes on (tui/crash.py)
        from . import crash

        crash.report(obj.app, exc)
        return False
    return True


class Scoped:
    """What an object with a scope (a screen, a widget) does with the table's bindings: `check_action` shows
    what applies, `act(id)` runs an action, `why(id)` says why it does not apply. It needs `say_why`."""

    ACTION_SCOPE = ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return check(self, action, parameters)

    def action_act(self, action_id: str) -> None:
        run(self, action_id)

    def action_why(self, action_id: str) -> None:
        run(self, action_id)  # (it applies again by now: then it runs)


def scopes_of(node: "DOMNode") -> list[tuple[Any, str]]:
    """(object, scope) from the focused widget up to its screen: whose actions apply where the judge is."""
    out: list[tuple[Any, str]] = []
    screen = node.screen
    focused = screen.focused
    w: Any = focused
    while w is not None and w is not screen:
        scope = getattr(w, "ACTION_SCOPE", None)
        if scope:
            out.append((w, scope))
        w = w.parent
    scope = getattr(screen, "ACTION_SCOPE", None)
    if scope:
        out.append((screen, scope))
    return out


def footer(screen: "Screen") -> list[tuple[str, str, str]]:
    """(key shown, label, action id) of what the footer shows now, in order: the bindings Textual has active
    (the focused widget's first, then its screen's) whose `check_action` lets them show."""
    lang = arbiter_app(screen).lang
    out, seen = [], set()
    for active in screen.active_bindings.values():
        b = active.binding
        if not (b.show and active.enabled and b.action.startswith("act(") and b.id):
            continue
        a = BY_ID.get(b.id.split(".", 1)[1])
        if a is not None:
            a = resolve(screen, a)
        if a is None or a.key in seen:
            continue
        seen.add(a.key)
        out.append((a.key, a.label(lang), a.id))
    return out


def help_text(lang: str, width: int = 72, team: bool | None = None) -> Text:
    """The `?` page: every action, section by section, with its key and its help line (the palette's: ^p);
    with `team`, only the actions offered in such an event (the team section only in a team event)."""
    t = Text()
    # first: how to leave, on the page's first screen
    t.append("\n".join(textwrap.wrap(tr(lang, "help_quit"), width)) + "\n\n", style="bold")

    def line(key: str, words: str) -> None:
        lead = f"  {key:<6}"
        for i, part in enumerate(textwrap.wrap(words, width - len(lead), break_on_hyphens=False)):
            t.append((lead if i == 0 else " " * len(lead)) + part + "\n")

    for group, title in GROUPS:
        shown = [a for a in ACTIONS if a.group == group and (team is None or offered(a, team))]
        if not shown:
            continue
        t.append(title(lang) + "\n", style="bold")
        for a in shown:  # (an action without a group is written under another id already)
            line(a.key or "^p", a.help(lang))
        if group == "change":
            line("^p", tr(lang, "k_palette_help"))
        t.append("\n")
    t.append(tr(lang, "help_dialogs") + "\n", style="bold")
    for part in textwrap.wrap(tr(lang, "help_dialog_keys"), width - 2):
        t.append("  " + part + "\n")
    t.append("\n")
    t.append("\n".join(textwrap.wrap(tr(lang, "help_layout"), width)) + "\n", style="dim")
    return t


# -- the command palette ---------------------------------------------------------------------------------


class ActionsProvider(Provider):
    """The palette: the actions of the screen it was opened on that apply now, by name in either language."""

    def _offered(self) -> list[tuple[Action, Any]]:
        screen = self.screen
        team = in_team_event(screen)
        out = []
        for obj, scope in scopes_of(screen):
            for a in of_scope(scope):
                if a.palette and offered(a, team) and a.why_not(obj) is None:
                    out.append((a, obj))
        return out

    def _refused(self) -> list[tuple[Action, Any, Why]]:
        """The palette's actions of the screen that do not apply now, each with why (`p` once every round is
        paired: "all 5 rounds have been paired")."""
        screen = self.screen
        team = in_team_event(screen)
        out = []
        for obj, scope in scopes_of(screen):
            for a in of_scope(scope):
                if a.palette and offered(a, team):
                    reason = a.why_not(obj)
                    if reason is not None:
                        out.append((a, obj, reason))
        return out

    def _hit_text(self, a: Action) -> tuple[Text, str]:
        lang = arbiter_app(self).lang
        key = f" ({a.key})" if a.key else ""
        return Text(a.help(lang)), f"{a.label(lang)}{key}"

    async def discover(self) -> Hits:
        for a, obj in self._offered():
            name, help_ = self._hit_text(a)
            yield DiscoveryHit(name, partial(run, obj, a.id), text=name.plain, help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        found = False
        for a, obj in self._offered():
            name, help_ = self._hit_text(a)
            # found by its words in either language, by its label or by its id ("print" finds "печать" too)
            score = max(matcher.match(t) for t in (a.help.en, a.help.ru, a.label.en, a.label.ru, a.id))
            if score > 0:
                found = True
                yield Hit(score, matcher.highlight(name.plain), partial(run, obj, a.id), text=name.plain, help=help_)
        lang = arbiter_app(self).lang
        for a, obj, reason in self._refused():  # what does not apply now: dimmed, with why (choosing it says it)
            score = max(matcher.match(t) for t in (a.help.en, a.help.ru, a.label.en, a.label.ru, a.id))
            if score > 0:
                found = True
                said = reason.text(lang)
                key = f" ({a.key})" if a.key else ""
                yield Hit(score / 2, Text(f"{a.help(lang)} — {said}", style="dim"), partial(run, obj, a.id),
                          text=f"{a.help(lang)} — {said}", help=f"{a.label(lang)}{key}")
        if not found:  # the palette's own "No matches found" is English: say it here, in the judge's language
            yield Hit(1.0, Text(tr(arbiter_app(self).lang, "palette_none"), style="dim"), lambda: None,
                      text=tr(arbiter_app(self).lang, "palette_none"))


def check_table(actions: Iterable[Action] | None = None) -> list[str]:
    """What is wrong with the table (tests): keys bound twice in a scope, actions nobody can reach."""
    problems = []
    by_scope: dict[str, dict[str, Action]] = {}
    for a in ACTIONS if actions is None else actions:
        if not a.keys and not a.palette:
            problems.append(f"{a.id}: neither a key nor a palette entry")
        for scope in a.scopes:
            taken = by_scope.setdefault(scope, {})
            for k in a.keys_bound():
                other = taken.get(k)
                # a key may be shared by an action of team events and one never offered there, with the same keys
                twins = other is not None and {other.team, a.team} == {True, False} and other.keys == a.keys
                if other is not None and not twins:
                    problems.append(f"{a.id}: key {k} of scope {scope} is {other.id}'s already")
                taken[k] = a
    return problems

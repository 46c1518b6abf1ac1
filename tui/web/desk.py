"""The write path's state: who a code is, what was reported, the form tokens, the wrong-code limits, the
recorder of agreed results (`arbiter display FILE --serve --reports`; docs/players.md).

    desk = Desk(path, clock=time.monotonic)
    await desk.refresh()                     # the event as the file holds it now (loaded in a thread on a change)
    pid = desk.who(code)                     # None: a wrong code
    status = await desk.report(pid, result)  # kept durably (fsynced) before it returns

Nothing here takes the event's lock but the recorder of `reports = "agreed"`, which records the agreed boards
of a moment in one change made without the lock and only written under it (a judge's key waits for at most
one such write; docs/players.md, "A judge's key during a burst").
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone

from arbiter_tournament.core.errors import Msg
from arbiter_tournament.core.event import reports as R
from arbiter_tournament.core.event.codes import normal
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import EventFile
from arbiter_tournament.core.store.files import Stamp
from arbiter_tournament.core.store.reports import GroupWriter, Reports

WRONG_BURST = 10  # wrong codes an address may try at once ...
WRONG_EVERY = 6.0  # ... and one more each this many seconds (10 a minute)
BUCKETS_MAX = 10_000  # addresses remembered for the limit of wrong codes
WRONG_LINES_MAX = 600  # wrong-code lines journalled a minute in all (a flood from many addresses fills no disk)
TOKEN_LIFE = 4 * 3600.0  # a form token is good for four hours, once
TOKENS_PER_PLAYER = 8
RECORD_GAP = 0.5  # reports = agreed: the agreed boards of a burst recorded in one change each half second at most
RECORD_TURNS = 40  # reports = agreed: turns in a row without a board written before the boards are left to the judge
RECORDED_WAIT = 0.1  # reports = agreed: the second report waits this long to be told "recorded" (else "agreed")
FRESH_WAIT = 0.1  # a request waits at most this long for the event read again after a change


class Refused(Exception):
    """A request refused: its HTTP status and what the phone is told."""

    def __init__(self, status: int, msg: Msg | str) -> None:
        super().__init__(str(msg))
        self.status, self.msg = status, msg


def _now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Desk:
    def __init__(self, path: str, *, clock=time.monotonic) -> None:
        self.file = EventFile(path)
        self.book = Reports(self.file.path)
        self.writer = GroupWriter(self.book)
        self.clock = clock
        self.event: Event | None = None
        self.stamp: Stamp | None = None
        self.codes: dict[str, int] = {}
        self._points: dict[int, str] | None = None
        self.claims: dict[tuple, dict[int, Result]] = {}
        self.asked: set[tuple[str, int, int]] = set()  # (kind, pid, round) requests made
        self.tokens: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens left, when counted)
        self.limited: set[str] = set()
        self.wrong_lines: list[float] = []
        self.loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbiter-desk")
        self._loading: asyncio.Future | None = None
        self.recording: asyncio.Queue | None = None
        self.recorder: asyncio.Task | None = None
        self.recorder_proc: asyncio.subprocess.Process | None = None  # tui/web/recorder.py, from the first turn
        self.recorded = 0
        for e in self.book.read():
            if e is not None and e.kind == "report":
                self.claims.setdefault((e.stage, e.table, e.round, e.board), {})[e.pid] = e.result
            elif e is not None and e.kind in R.REQUESTS:
                self.asked.add((e.kind, e.pid, e.round))

    # -- the event ---------------------------------------------------------------------------------
    def _load(self) -> tuple[Event, Stamp | None]:
        stamp = Stamp.of(self.file.real)
        return EventFile(str(self.file.path)).load(), stamp

    async def refresh(self) -> Event:
        """The event as the file holds it now. After a change of the file it is loaded again in a thread, one
        load at a time (a 1,000-player event: ~50 ms of CPU), and a request waits for that load at most
        `FRESH_WAIT` (0.1 s): then it goes on with the event as last read, so a burst of phones never queues
        behind a big file's reading on a busy machine. A report checked against an event a moment old is
        still never written over the judge's result: the accepting command checks the file itself."""
        if self.event is None or Stamp.of(self.file.real) != self.stamp:
            if self._loading is None:
                self._loading = asyncio.get_running_loop().run_in_executor(self.loader, self._load)
                self._loading.add_done_callback(self._loaded)
            try:
                await asyncio.wait_for(asyncio.shield(self._loading), None if self.event is None else FRESH_WAIT)
            except asyncio.TimeoutError:
                pass
            except Exception:  # noqa: BLE001 (a file mid-copy, hand-edited badly: the web view says why)
                if self.event is None:
                    raise Refused(503, Msg("the event file cannot be read at the moment; try again")) from None
        return self.event

    def _loaded(self, fut) -> None:
        self._loading = None
        if fut.cancelled() or fut.exception() is not None:
            return
        event, stamp = fut.result()
        if stamp != self.stamp or self.event is None:
            self.event, self.stamp = event, stamp
            self.codes = {p.code: p.id for p in event.players if p.code}
            self._points = None

    @property
    def points(self) -> dict[int, str]:
        """Each player's points before his current round (his page shows them), once per version of the file."""
        if self._points is None:
            self._points = _points(self.event)
        return self._points

    def start(self) -> None:
        """In the loop: the queue of agreed boards and their recorder (reports = agreed)."""
        self.recording = asyncio.Queue()
        self.start_recording()

    def start_recording(self) -> None:
        """In the loop: the recorder of what waits in `recording` (the tests fill it first, then start it)."""
        self.recorder = asyncio.ensure_future(self._record_loop())

    async def close(self) -> None:
        if self.recorder is not None:
            self.recorder.cancel()
        await self._stop_recorder()
        await asyncio.get_running_loop().run_in_executor(None, self.writer.close)
        self.loader.shutdown(wait=False)

    # -- codes and limits --------------------------------------------------------------------------
    def limited_now(self, addr: str) -> bool:
        now = self.clock()
        if len(self.buckets) > BUCKETS_MAX:  # many addresses: forget those whose tries have grown back
            self.buckets = {a: (n, t) for a, (n, t) in self.buckets.items()
                            if n + (now - t) / WRONG_EVERY < WRONG_BURST}
        left, when = self.buckets.get(addr, (WRONG_BURST, now))
        left = min(WRONG_BURST, left + (now - when) / WRONG_EVERY)
        self.buckets[addr] = (left, now)
        if left >= 1:
            self.limited.discard(addr)
        return left < 1

    async def who(self, typed: object, addr: str) -> int:
        """The player whose code this is; a wrong code is counted against the address (403), an address
        over its limit is refused before the code is looked at (429), so a guesser learns nothing more."""
        if self.limited_now(addr):
            raise Refused(429, Msg("too many wrong codes from here: wait a minute"))
        code = normal(typed) if isinstance(typed, str) else None
        await self.refresh()
        pid = self.codes.get(code) if code else None
        if pid is not None:
            return pid
        left, now = self.buckets[addr]
        self.buckets[addr] = (left - 1, now)
        line = {"kind": "wrong", "addr": addr[:64], "at": _now_iso()}
        if left - 1 < 1 and addr not in self.limited:
            self.limited.add(addr)
            await self._keep([line, {"kind": "limited", "addr": addr[:64], "at": line["at"]}], quota=True)
        else:
            await self._keep([line], quota=True)
        raise Refused(403, Msg("this code is not one of this event's players"))

    # -- form tokens: each form once ---------------------------------------------------------------
    def token(self, pid: int) -> str:
        now = self.clock()
        while self.tokens and next(iter(self.tokens.values()))[1] < now:
            self.tokens.popitem(last=False)
        mine = [t for t, (p, _) in self.tokens.items() if p == pid]
        for t in mine[:max(0, len(mine) - TOKENS_PER_PLAYER + 1)]:
            del self.tokens[t]
        t = secrets.token_urlsafe(18)
        self.tokens[t] = (pid, now + TOKEN_LIFE)
        return t

    def use_token(self, token: object, pid: int) -> None:
        """A form's token, used up; a replayed form (or another player's, or none) is refused."""
        got = self.tokens.get(token) if isinstance(token, str) else None
        if got is not None and got[0] == pid:
            del self.tokens[token]  # once: another player's try does not use it up
        if got is None or got[0] != pid or got[1] < self.clock():
            raise Refused(403, Msg("this form was sent already or is too old: open your page again"))

    # -- writing -------------------------------------------------------------------------------------
    async def _keep(self, docs: list[dict], quota: bool = False) -> None:
        if quota:  # wrong-code lines: at most WRONG_LINES_MAX a minute in all
            now = self.clock()
            self.wrong_lines = [t for t in self.wrong_lines if t > now - 60][-WRONG_LINES_MAX:]
            if len(self.wrong_lines) >= WRONG_LINES_MAX:
                return
            self.wrong_lines.append(now)
        futs = [self.writer.submit(d) for d in docs]
        # shielded: a phone that goes away mid-request never leaves a report half-kept (it is kept or not)
        await asyncio.shield(asyncio.gather(*(asyncio.wrap_future(f) for f in futs)))

    def board_status(self, mine: R.MyGame) -> str:
        got = self.claims.get(mine.key, {})
        if len(got) < 2:
            return "waiting"
        return "agreed" if len(set(got.values())) == 1 else "dispute"

    async def report(self, pid: int, result: Result) -> tuple[R.MyGame, str]:
        """A player's report of his game of the current round, kept durably: (his game, the board's status)."""
        event = await self.refresh()
        mine, why = R.report_refusal(event, pid)
        if why is not None:
            raise Refused(409, why)
        await self._keep([R.report_doc(pid, mine, result, _now_iso())])
        self.claims.setdefault(mine.key, {})[pid] = result
        status = self.board_status(mine)
        if status == "agreed" and event.reports == "agreed" and self.recording is not None:
            done = asyncio.get_running_loop().create_future()
            self.recording.put_nowait((mine, result, done))
            try:
                if await asyncio.wait_for(asyncio.shield(done), RECORDED_WAIT):
                    status = "recorded"
            except asyncio.TimeoutError:
                pass  # recorded shortly: the page says so when it is
        return mine, status

    def may_ask(self, pid: int, kind: str) -> Msg | None:
        """Why the player may not ask for this now (None: he may; asked already: he may, nothing is sent)."""
        return R.request_refusal(self.event, pid, kind, [R.Entry(0, k, pid=p, round=r, bye="x")
                                                         for k, p, r in self.asked if k == "bye" and p == pid])

    def asked_already(self, pid: int, kind: str) -> bool:
        return (kind, pid, R.next_round(self.event, pid)) in self.asked

    async def request(self, pid: int, kind: str) -> int:
        """A check-in, a bye or a withdrawal asked for the next round, kept durably; its round."""
        event = await self.refresh()
        why = self.may_ask(pid, kind)
        if why is not None:
            raise Refused(409, why)
        rnd = R.next_round(event, pid)
        if (kind, pid, rnd) in self.asked:
            return rnd
        doc = {"kind": kind, "pid": pid, "round": rnd, "at": _now_iso()}
        if kind == "bye":
            doc["bye"] = event.player_bye_kind
        await self._keep([doc])
        self.asked.add((kind, pid, rnd))
        return rnd

    # -- reports = agreed: the agreed boards of a moment recorded in one short change ----------------------
    async def _record_loop(self) -> None:
        """Agreed boards recorded as they come, those of a burst together: one change at most every
        `RECORD_GAP` seconds, made by the recorder's process (tui/web/recorder.py) without the event's lock
        and only written under it, so a judge's key waits at most for one short write, and the lock is free
        between two of them. A board whose players no longer agree (one reported again) is left to the judge;
        one the judge gave a result meanwhile is not recorded; one that could not be written (a judge's
        change came in between each time, the lock held for seconds, the recorder stopped) is handed again at
        the next turn, at most `RECORD_TURNS` turns in a row without one written, then left to the judge
        (agreed in his queue)."""
        loop = asyncio.get_running_loop()
        queue = self.recording
        assert queue is not None  # (start() made it)
        todo: dict[tuple, tuple[R.MyGame, Result, list[asyncio.Future]]] = {}
        last, idle = loop.time() - RECORD_GAP, 0
        while True:
            if not todo:
                self._take(todo, await queue.get())
            await asyncio.sleep(max(0.0, last + RECORD_GAP - loop.time()))  # the lock free between two changes
            while not queue.empty():
                self._take(todo, queue.get_nowait())
            for key in [k for k, (_, result, _) in todo.items() if set(self.claims.get(k, {}).values()) != {result}
                        or len(self.claims.get(k, {})) < 2]:
                self._told(todo.pop(key)[2], False)  # no longer agreed: the judge's
            if not todo:
                continue
            boards = [[*k, result.value, list(self.claims[k])] for k, (_, result, _) in todo.items()]
            try:
                got = await self._ask_recorder(boards)
            except (OSError, ValueError, RuntimeError):  # the recorder stopped: started again at the next turn
                got = {"done": [], "refused": [], "error": None}
            last = loop.time()
            done = {tuple(k) for k in got.get("done", [])}
            refused = {tuple(k) for k in got.get("refused", [])}
            idle = 0 if done or refused else idle + 1
            if got.get("error") or idle >= RECORD_TURNS:  # a file not writable ...: the judge's, in his queue
                refused |= set(todo) - done
                idle = 0
            self.recorded += len(done & set(todo))
            for key in (done | refused) & set(todo):
                self._told(todo.pop(key)[2], key in done)

    @staticmethod
    def _take(todo: dict, item: tuple) -> None:
        mine, result, fut = item
        futs = todo.pop(mine.key, (None, None, []))[2]
        todo[mine.key] = (mine, result, [*futs, fut])

    @staticmethod
    def _told(futs: list, recorded: bool) -> None:
        for fut in futs:
            if not fut.done():
                fut.set_result(recorded)

    async def _ask_recorder(self, boards: list) -> dict:
        """One turn of the recorder's process (started the first time, and again if it stopped)."""
        proc = self.recorder_proc
        if proc is None or proc.returncode is not None:
            proc = self.recorder_proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "arbiter_tournament.tui.web.recorder", str(self.file.path),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write((json.dumps({"boards": boards}) + "\n").encode())
        await proc.stdin.drain()
        line = await proc.stdout.readline()
        if not line:
            raise RuntimeError("the recorder stopped")
        return json.loads(line)

    async def _stop_recorder(self) -> None:
        proc, self.recorder_proc = self.recorder_proc, None
        if proc is None or proc.returncode is not None:
            return
        if proc.stdin is not None:
            proc.stdin.close()  # it ends after the change it is writing, if any
        try:
            await asyncio.wait_for(proc.wait(), 10)
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()


def _points(event: Event) -> dict[int, str]:
    """Each player's points before his current round (what his page shows)."""
    from arbiter_tournament.core.formats.text import scores_before

    out: dict[int, str] = {}
    seen = set()
    for p in event.players:
        rnd = R.current_round(event, p.id)
        if rnd is None or rnd.key in seen:
            continue
        seen.add(rnd.key)
        out.update(scores_before(event, rnd))
    return out


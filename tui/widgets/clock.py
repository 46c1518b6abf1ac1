"""The round clock (705.3) as the file stores it: a deadline (ISO, UTC) or, while paused, the seconds left.

Pure helpers: what the clock shows at a given time, and the values that
`core.event.commands.set_clock` stores for start, pause, resume and adding
minutes. The time is always passed in, so tests freeze it.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from arbiter_tournament.core.event.model import Round

WARN = 5 * 60  # the last minutes change colour
ALERT = 60


def _deadline(rnd: Round) -> datetime | None:
    if not rnd.clock_deadline:
        return None
    try:
        d = datetime.fromisoformat(rnd.clock_deadline)
    except ValueError:
        return None
    return d if d.tzinfo else d.replace(tzinfo=timezone.utc)


def remaining(rnd: Round | None, now: datetime) -> float | None:
    """Seconds left (negative after zero), or None when no clock is set."""
    if rnd is None:
        return None
    if rnd.clock_paused is not None:
        return float(rnd.clock_paused)
    d = _deadline(rnd)
    return None if d is None else (d - now).total_seconds()


def running(rnd: Round | None) -> bool:
    return rnd is not None and rnd.clock_paused is None and _deadline(rnd) is not None


def fmt(seconds: float) -> str:
    s = max(0, int(-(-seconds // 1)))  # round up: 0:00 only at zero
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def level(seconds: float | None) -> str:
    if seconds is None:
        return ""
    if seconds <= 0:
        return "zero"
    if seconds <= ALERT:
        return "alert"
    if seconds <= WARN:
        return "warn"
    return "ok"


def iso(t: datetime) -> str:
    return t.astimezone(timezone.utc).isoformat(timespec="seconds")


def start(minutes: int, now: datetime) -> dict:
    return {"deadline": iso(now + timedelta(minutes=minutes)), "paused": None}


def pause_or_resume(rnd: Round, now: datetime) -> dict:
    if rnd.clock_paused is not None:
        return {"deadline": iso(now + timedelta(seconds=rnd.clock_paused)), "paused": None}
    left = remaining(rnd, now)
    if left is None:
        return {"deadline": "", "paused": None}
    return {"deadline": "", "paused": max(0, int(left))}


def add(rnd: Round, now: datetime, minutes: int) -> dict:
    if rnd.clock_paused is not None:
        return {"deadline": "", "paused": max(0, rnd.clock_paused + minutes * 60)}
    d = _deadline(rnd)
    if d is None:
        return start(max(minutes, 0), now)
    return {"deadline": iso(d + timedelta(minutes=minutes)), "paused": None}


def clear() -> dict:
    return {"deadline": "", "paused": None}

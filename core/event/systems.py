"""The one place where event systems, stages and pairing systems are named.

* `System`: how the main stage of an event is played (the file's `system`):
  a Swiss, a round robin, a double round robin.
* `Stage`: the kind of a round (`Round.stage`): a round of the Swiss, of the round
  robin, of the knockout top, of the play-off.
* `PairingSystem`: how a Swiss round is paired (the file's `pairing`): the FIDE Dutch
  system (C.04.3) or the Burstein system (C.04.4.2), each a value registered in
  `PAIRINGS` by one `register(...)` line below.

`System` and `Stage` are `StrEnum`s: a member is equal to (and hashes as) the word the
file stores, so a file reads and writes the same bytes, and code compares against
the member (`rnd.stage == Stage.TOP`), never against a literal.

Adding a pairing system (docs/pairing.md, "Adding a pairing system"): write its rules
in their own module with a `pair_round(request) -> Pairing` function (the request of
`core.swiss.request`), and add one `register(PairingSystem(...))` line here saying
what the system needs of the event. Everything else (the file field, the command
line's `--pairing` and `trf pair --system`, the TUI's form) reads `PAIRINGS`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable

from arbiter_tournament.core.errors import IllegalChange


class System(StrEnum):
    """The file's `system`: how the main stage is played."""

    SWISS = "swiss"
    ROUNDROBIN = "roundrobin"
    DOUBLE_ROUNDROBIN = "double-roundrobin"

    @property
    def main_stage(self) -> "Stage":
        """The stage of the main rounds: a Swiss's rounds are Swiss rounds, both round robins' round-robin rounds."""
        return Stage.SWISS if self is System.SWISS else Stage.ROUNDROBIN


class Stage(StrEnum):
    """The kind of a round (`Round.stage`), in the order an event plays them."""

    SWISS = "swiss"
    ROUNDROBIN = "roundrobin"
    TOP = "top"
    PLAYOFF = "playoff"


def main_stage(system: str) -> Stage:
    """The stage of an event's main rounds, from its `system` ("swiss" -> swiss, either round robin -> roundrobin)."""
    return Stage.SWISS if system == System.SWISS else Stage.ROUNDROBIN


@dataclass(frozen=True)
class PairingSystem:
    """A Swiss pairing system: its name in the file and on the command line, its rules, what it needs.

    `module` names the module of its rules; its `pair_round(request)` pairs one round (imported
    when first asked for, so the event layer does not import the engines). The needs say which of
    the event's settings the system reads: `colours` (colour preferences and the initial colour),
    `floats` (float history, C.04.3's C14-C21), `acceleration` (the file's `baku`, C.04.7),
    `forbidden_pairs` (the file's `forbidden` and `forbidden_clubs`). A setting a system does not
    read is refused when the event is made or read with it (`check_pairing`: today `baku` for a system
    without acceleration), never silently ignored.
    """

    name: str
    title: str  # how a printout names it
    rules: str  # the FIDE Handbook's article
    module: str
    colours: bool = True
    floats: bool = True
    acceleration: bool = True
    forbidden_pairs: bool = True
    trf_code: str = ""  # how a TRF's 192 line names it (bbpPairings' names; `_BAKU` added for Baku)

    def engine(self) -> Callable[..., Any]:
        """The system's `pair_round(request, progress=None) -> Pairing`."""
        return importlib.import_module(self.module).pair_round


PAIRINGS: dict[str, PairingSystem] = {}
DEFAULT_PAIRING = "dutch"


def register(system: PairingSystem) -> PairingSystem:
    PAIRINGS[system.name] = system
    return system


register(PairingSystem("dutch", "FIDE Dutch", "C.04.3", "arbiter_tournament.core.swiss.dutch", trf_code="FIDE_DUTCH_2025"))
register(PairingSystem("burstein", "FIDE Burstein", "C.04.4.2", "arbiter_tournament.core.swiss.burstein",
                       floats=False, acceleration=False, trf_code="FIDE_BURSTEIN"))


def pairing_system(name: str) -> PairingSystem:
    """The registered pairing system of that name; an unknown name is refused, naming the known ones."""
    try:
        return PAIRINGS[name]
    except KeyError:
        raise IllegalChange("unknown pairing system '{pairing}' (one of {known})", pairing=name,
                            known=", ".join(PAIRINGS)) from None


def check_pairing(system: str, pairing: str, *, baku: bool = False) -> PairingSystem:
    """The pairing system an event names, refused when unknown, when the event is not a Swiss, or when
    the event asks for what the system does not read (its needs)."""
    ps = pairing_system(pairing)
    if pairing != DEFAULT_PAIRING and system != System.SWISS:
        raise IllegalChange("a {system} event is not paired by a Swiss system: no pairing '{pairing}'",
                            system=system, pairing=pairing)
    if baku and not ps.acceleration:
        raise IllegalChange("the {title} system has no Baku acceleration", title=ps.title)
    return ps


def pairing_of_trf(code: str | None) -> str:
    """The registered pairing system a TRF's 192 code names (`FIDE_BURSTEIN` -> burstein); the default
    for none or another (the Dutch codes, old and new)."""
    for ps in PAIRINGS.values():
        if ps.trf_code and code in (ps.trf_code, ps.trf_code + "_BAKU"):
            return ps.name
    return DEFAULT_PAIRING


SYSTEMS: tuple[System, ...] = tuple(System)
STAGES: tuple[Stage, ...] = tuple(Stage)

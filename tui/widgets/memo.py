"""What the panels compute from the event, kept with the objects it came from.

The event is immutable and a change keeps every part it does not touch (the
players, the other rounds) as the same object, so identity says "unchanged"
for free: `Memo` computes a value again only when one of its inputs is not
the very same object; `event_inputs` names the parts of an event a value
depends on.
"""

from __future__ import annotations

from arbiter_tournament.core.event.model import Event


class Memo:
    """One value per name, computed again only when its inputs are not the very same objects.

    The event is immutable and a change keeps every part it does not touch
    (the players, the other rounds) as the same object, so identity says
    "unchanged" for free; a reload from disk gives new objects: computed again.
    """

    def __init__(self) -> None:
        self._kept: dict[str, tuple[tuple, object]] = {}

    def get(self, name: str, inputs: tuple, compute):
        hit = self._kept.get(name)
        if hit is not None and len(hit[0]) == len(inputs) and all(a is b for a, b in zip(hit[0], inputs)):
            return hit[1]
        value = compute()
        self._kept[name] = (inputs, value)
        return value

    def peek(self, name: str, inputs: tuple):
        """The value if it is computed for these inputs, else None (nothing is computed)."""
        hit = self._kept.get(name)
        if hit is not None and len(hit[0]) == len(inputs) and all(a is b for a, b in zip(hit[0], inputs)):
            return hit[1]
        return None


def event_inputs(e: Event, keep_round) -> tuple:
    """Every field of the event but its rounds, then the rounds for which `keep_round` is true."""
    return (tuple(v for k, v in vars(e).items() if k != "rounds" and not k.startswith("_"))
            + tuple(r for r in e.rounds if keep_round(r)))

"""Pairing an event's next round, whatever its system: `rounds.py` (pair_next: Swiss through
core.swiss, round robin through core.roundrobin, team rounds through core.teams; the explanations
and warnings), `preview.py` (a proposed pairing changed by hand before it is saved, committed
against the file as it is then) and `corrections.py` (a round paired on a result corrected since)."""

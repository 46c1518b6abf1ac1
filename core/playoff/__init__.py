"""The play-off for first place (seed 32.5.6): `plan.py` the formats and their games (pure),
`stage.py` the play-off as a stage of an event (started, results, the winner), `complete.py` whether
the main stage it follows is complete."""

"""The event and its changes: the model (`model.py`: Event, Player, Round, Game), results
(`results.py`), what each player did round by round (`records.py`, `history.py`), the changes a
judge makes (`commands.py`: each an `Event -> Event` function with its checks) and players to
tables (`seating.py`)."""

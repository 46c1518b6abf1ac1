"""arbiter's engine: the event model, pairing, scoring, tie-breaks and files.

Pure Python; nothing here imports Textual or the TUI.
"""

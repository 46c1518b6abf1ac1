"""Widgets of the judge's TUI: one module each."""

"""Screens and dialogs of the judge's TUI: one module each; dialogs are ModalScreens."""

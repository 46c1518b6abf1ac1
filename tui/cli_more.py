"""Subcommands for pairing, the top, TRF and exports (the second half of the CLI)."""

from __future__ import annotations

import argparse


def add_commands(sub) -> None:
    pass

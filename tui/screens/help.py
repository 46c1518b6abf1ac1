"""The `?` page: every key, screen by screen, in the judge's language (made from the action table)."""

from __future__ import annotations

from ..actions import help_text

__all__ = ["help_text"]

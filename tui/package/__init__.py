"""arbiter: run a two-player board-game tournament at the venue (the distribution arbiter-tournament).

The import package is `arbiter_tournament`, a regular package of its own: the name `arbiter` on the
public package index is another project's, and a namespace package of that name was shadowed by it
when both were installed (issue 39). Its parts are `arbiter_tournament.core` (the engine, the folder
core/), `arbiter_tournament.tui` (the TUI and the command line, tui/) and `arbiter_tournament.saves`
(the demo event, saves/); this file is tui/package/ in the checkout (pyproject.toml's package-dir).
`python -m arbiter_tournament ...` is the command `arbiter ...`.
"""

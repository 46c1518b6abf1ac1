"""`arbiter` with no FILE opens the demo event: a copy of the one installed with arbiter, made
where the user can write (docs/cli.md, "The demo").

The copy goes to `$XDG_DATA_HOME/arbiter/demo.toml` (by default `~/.local/share/arbiter/demo.toml`),
once: a later `arbiter` opens the same copy with the judge's changes in it; removing it starts the
demo again. The installed demo (`saves/demo.toml` of the checkout, `arbiter/saves/demo.toml` in a
wheel) is never opened itself, so trying the demo changes nothing of the installation.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def installed() -> Path:
    """The demo event shipped with arbiter: `saves/` beside `tui/`, in the checkout and installed."""
    return Path(__file__).resolve().parents[2] / "saves" / "demo.toml"


def folder() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "arbiter"


def copy() -> str:
    """The path of the judge's copy of the demo, made now if there is none; says where on stderr."""
    from arbiter_tournament.core.errors import FileProblem

    target = folder() / "demo.toml"
    if not target.exists():
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(".demo.toml.new")
            shutil.copyfile(installed(), tmp)
            os.replace(tmp, target)
        except OSError as exc:
            raise FileProblem(str(target), "", "cannot copy the demo event here: {error}",
                              error=exc.strerror or str(exc)) from None
        print(f"arbiter: the demo event is copied to {target} (open it again with `arbiter`; remove it to start"
              " the demo afresh)", file=sys.stderr, flush=True)
    return str(target)

"""`python -m arbiter ...` is `arbiter ...` (issue 39).

This folder is installed as `arbiter/__main__.py` with no `arbiter/__init__.py`: a portion of a
namespace package `arbiter`, never a regular package. Our import package is `arbiter_tournament`
(the name `arbiter` on the public package index is another project's); a regular package `arbiter`
(that project's) always wins over a namespace portion, wherever each lies on sys.path, so `import
arbiter` is theirs whenever theirs is installed, and this file takes nothing from them. Installed in
the same site-packages, this file lands inside their folder: `python -m arbiter` then imports their
package first (their `__init__`, their dependencies) and runs this file after it; uninstalling either
distribution removes only its own files (pip removes what the RECORD lists). What a judge sees in each
case: docs/troubleshooting.md; tests/durability/test_clash.py installs it beside a stand-in.
"""

import sys

try:
    from arbiter_tournament.tui.cli import main
except KeyboardInterrupt:  # Ctrl-C while Python is still starting: quiet, as the command
    sys.exit(130)

sys.exit(main())

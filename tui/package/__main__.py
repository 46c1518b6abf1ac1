"""`python -m arbiter_tournament ...` is `arbiter ...`."""

import sys

try:
    from arbiter_tournament.tui.cli import main
except KeyboardInterrupt:  # Ctrl-C while Python is still starting: quiet, as the command
    sys.exit(130)

sys.exit(main())

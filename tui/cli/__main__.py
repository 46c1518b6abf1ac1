"""`python -m tui.cli ...` is `arbiter ...`."""

import sys

try:
    from arbiter_tournament.tui.cli import main
except KeyboardInterrupt:  # Ctrl-C while Python is still starting: quiet too
    sys.exit(130)

sys.exit(main())

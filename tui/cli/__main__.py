"""`python -m tui.cli ...` is `arbiter ...`."""

import sys

from tui.cli import main

sys.exit(main())

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SHARED = ROOT.parent / "shared"

# CI runs property tests with a fixed seed sequence, so that a red build is
# reproducible; a developer's run keeps exploring new examples.
import os  # noqa: E402

# the corpus of endorsed pairings lies beside the checkout (../shared/corpus), in CI too
CORPUS = os.environ.get("ARBITER_CORPUS") or str(SHARED / "corpus")

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

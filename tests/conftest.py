import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# CI runs property tests with a fixed seed sequence, so that a red build is
# reproducible; a developer's run keeps exploring new examples.
import os  # noqa: E402

# The corpus of endorsed pairings (tests/data/corpus, the project's copy: a clone with nothing
# beside it runs every round) and its perf part (tests/data/corpus/perf). The one place that says
# where it is; a corpus test that finds no file fails, it never skips.
CORPUS = str(ROOT / "tests" / "data" / "corpus")
PERF = ROOT / "tests" / "data" / "corpus" / "perf"

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

"""Write one sample API Gateway HTTP API (v2) event per route into this folder.

Run ``make events`` (or ``python events/generate.py``) after adding or changing a route; the samples are
defined in ``tools/local_invoke.py`` next to the sample world they name (built in a throwaway SQLite
database to read its ids).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "functions"))

from tools.local_invoke import write_events  # noqa: E402

if __name__ == "__main__":
    for path in write_events(HERE):
        print(path.relative_to(HERE.parent))

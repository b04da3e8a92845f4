"""Write one sample API Gateway HTTP API (v2) event per route into this folder.

Run ``make events`` (or ``PYTHONPATH=functions python events/generate.py``) after adding or changing a
route; the samples themselves are defined in ``functions/local_invoke.py`` next to the data they use.
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

"""``make bench`` as a user runs it: from a shell that sets none of the variables the test suite sets.

The suite turns the per-caller rate limit off for itself (``tests/conftest.py``), so a benchmark run in
process never met the limit that a user's ``make bench`` met at its second step (``bench.api``: a 429
after 60 requests). The benchmarks share ``bench.api._environment``; its quick run is the cheap witness.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.docs.facts import ROOT


def test_the_api_benchmark_runs_from_a_clean_shell() -> None:
    clean = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/")}
    done = subprocess.run(
        [sys.executable, "-m", "bench.api", "--quick"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "POST moves" in done.stdout

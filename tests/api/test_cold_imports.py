"""What a cold start loads: importing a handler, as Lambda does, leaves the heavy modules that only some
requests need unloaded (docs/deploying.md, "Cold start"). Not a timing test: it checks ``sys.modules``.

* networkx: the exact Swiss pairing only (tournaments advance in the pipeline, not at import);
* jinja2: HTML pages only, loaded by the first page rendered;
* aws_xray_sdk: never (tracing is Lambda's active tracing, not the X-Ray SDK's Tracer).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("networkx", "jinja2", "aws_xray_sdk")
PROBE = """
import json, sys
{code}
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {heavy!r})))
"""


def loaded_after(code: str) -> list[str]:
    """The heavy modules a fresh interpreter holds after running ``code`` in Lambda's environment."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "functions"), str(ROOT / "shared")]),
        "AWS_LAMBDA_FUNCTION_NAME": "scopa-api",  # Powertools believes it runs in Lambda: tracing as deployed
        "AWS_REGION": "eu-south-1",
        "TABLE_NAME": "scopa-cold",
        "POWERTOOLS_SERVICE_NAME": "scopa-api",
    }
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(code=code, heavy=HEAVY)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    found: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize("handler", ["api", "pipeline", "live", "notifier"])
def test_a_handlers_import_loads_no_networkx_jinja2_or_xray_sdk(handler: str) -> None:
    assert loaded_after(f"import {handler}.handler") == []


def test_the_exact_pairing_and_the_first_page_load_them() -> None:
    # The check can fail: the modules are still there, loaded by the requests that need them.
    found = loaded_after(
        "import api.handler\n"
        "from scopa.domain.tournaments.model import SwissEntrant\n"
        "from scopa.domain.tournaments.swiss import pair_swiss_exact\n"
        "pair_swiss_exact([SwissEntrant(f'e{i}', 0.0, 1500.0, frozenset(), 0, 0, None) for i in range(4)])\n"
        "from scopa.web.render import environment\n"
        "environment('en')\n"
    )
    assert {m.split(".")[0] for m in found} == {"networkx", "jinja2"}

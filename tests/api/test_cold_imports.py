"""What a cold start loads: importing a handler, as Lambda does, leaves the heavy modules that only some
requests need unloaded (docs/deploying.md, "Cold start"). Not a timing test: it checks ``sys.modules``.

* networkx: the exact Swiss pairing only (tournaments advance in the pipeline, not at import);
* jinja2: HTML pages only, loaded by the first page rendered;
* aws_xray_sdk: never (tracing is Lambda's active tracing, not the X-Ray SDK's Tracer).

The API handler also leaves unloaded what only some routes need (docs/benchmarks.md): the game engines
and bots (a match, the lobby, a page), the services (built on first use), the HTML pages, the rule
models, Powertools' OpenAPI models (the document only) and pydantic-settings (not used).
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
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {heavy!r} or m in {heavy!r})))
"""


def loaded_after(code: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    """The heavy modules a fresh interpreter holds after running ``code`` in Lambda's environment
    (``heavy``: top-level packages, or modules named in full)."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "functions"), str(ROOT / "shared")]),
        "AWS_LAMBDA_FUNCTION_NAME": "scopa-api",  # Powertools believes it runs in Lambda: tracing as deployed
        "AWS_REGION": "eu-south-1",
        "TABLE_NAME": "scopa-cold",
        "POWERTOOLS_SERVICE_NAME": "scopa-api",
    }
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(code=code, heavy=heavy)],
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


#: Modules only some API requests need: none is loaded by importing the API handler.
ON_DEMAND = (
    "scopa.domain.games.scopa.engine",
    "scopa.domain.games.scopa.game",
    "scopa.domain.games.briscola.game",
    "scopa.domain.games.scopa.bots",
    "scopa.domain.games.briscola.engine",
    "scopa.domain.games.scopa.rules",
    "scopa.domain.ratings.ledger",
    "scopa.domain.tournaments.records",
    "scopa.application.services.matches",
    "scopa.application.services.tournaments",
    "scopa.application.services.webhooks",
    "scopa.web.pages",
    "aws_lambda_powertools.event_handler.openapi.models",
    "pydantic_settings",
)


def test_the_api_import_loads_no_engine_service_page_or_openapi_model() -> None:
    assert loaded_after("import api.handler", ON_DEMAND) == []


def test_a_first_match_request_loads_the_engines_and_the_document_its_models() -> None:
    # The check can fail: the same probe finds them once a request needs them.
    found = loaded_after(
        "import os\n"
        "os.environ['TOKEN_SIGNING_KEY'] = 'k' * 32\n"
        "import api.handler, api.app, api.context\n"
        "api.context.services().matches\n"
        "api.app.openapi_document()\n",
        ON_DEMAND,
    )
    assert {
        "scopa.domain.games.scopa.engine",
        "scopa.domain.games.scopa.game",
        "scopa.application.services.matches",
    } <= set(found)
    assert "aws_lambda_powertools.event_handler.openapi.models" in found
    assert "pydantic_settings" not in found

"""The app as the CDK CLI runs it: cdk.json's command, from infra/, with the CLI's context and outdir."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.infra.conftest import ADMIN_HASH

INFRA = Path(__file__).resolve().parents[2] / "infra"


def test_cdk_json_runs_the_app_from_infra_and_honours_context_and_a_relative_outdir(tmp_path: Path) -> None:
    settings = json.loads((INFRA / "cdk.json").read_text())
    assert settings["output"] == "../cdk.out"
    layer = tmp_path / "layer"
    (layer / "python" / "scopa").mkdir(parents=True)
    (layer / "python" / "scopa" / "__init__.py").write_text("")
    out = tmp_path / "assembly"
    env = {
        **os.environ,
        # What `npx aws-cdk@2 synth -c env=prod -c admin_token_hash=...` passes: relative to infra/.
        "CDK_OUTDIR": os.path.relpath(out, INFRA),
        "CDK_CONTEXT_JSON": json.dumps(
            {"env": "prod", "admin_token_hash": ADMIN_HASH, "layer_dir": str(layer)}
        ),
    }
    subprocess.run(
        settings["app"], shell=True, cwd=INFRA, env=env, check=True, capture_output=True, timeout=300
    )
    manifest = json.loads((out / "manifest.json").read_text())
    assert [k for k, v in manifest["artifacts"].items() if v["type"] == "aws:cloudformation:stack"] == [
        "Scopa-prod"
    ]

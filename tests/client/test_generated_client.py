"""The committed client (clients/python/scopa_client/openapi) is what `make client` makes from the API's
current OpenAPI document: regenerated into a temporary folder, every file is the same (about 10 s)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.client.conftest import ROOT

GENERATOR = ROOT / "clients" / "python" / "generate.py"
COMMITTED = ROOT / "clients" / "python" / "scopa_client" / "openapi"


def files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_the_committed_client_is_generated_from_the_current_spec(tmp_path: Path) -> None:
    out = tmp_path / "openapi"
    # A clean environment: the generator builds the document from the code alone, with its own settings.
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "PYTHONPATH": str(ROOT / "functions")}
    done = subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    fresh, committed = files(out), files(COMMITTED)
    assert sorted(fresh) == sorted(committed), "files added or removed: run `make client`"
    changed = [name for name in fresh if fresh[name] != committed[name]]
    assert not changed, f"run `make client`: {changed[:5]}"


def test_every_operation_of_the_document_has_a_function_in_the_client() -> None:
    # The generator once dropped POST .../tables/{table}/result without a warning: an enum of arrays (the
    # four results an organizer may set) made it skip the model and every operation using it.
    document = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    operations = {op["operationId"] for ops in document["paths"].values() for op in ops.values()}
    modules = {p.stem for p in COMMITTED.glob("api/*/*.py")}
    assert operations <= modules, sorted(operations - modules)
    assert "correct_table_result" in modules

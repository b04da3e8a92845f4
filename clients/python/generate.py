"""`make client`: generate the typed client (``scopa_client/openapi``) from the API's OpenAPI document.

The document is the one the API serves (``api.openapi.document``, committed as docs/openapi.json by
``make spec``), written with sorted keys so the same contract always gives the same input.
openapi-python-client writes the package, then the dev venv's ruff formats it, so the output depends
only on the spec and the two tools' versions.

    python clients/python/generate.py [--out DIR] [--spec FILE]

``--out`` (default: the committed package) lets the freshness test generate into a temporary folder and
compare; ``--spec`` reads a saved document instead of the code's.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACKAGE = HERE / "scopa_client" / "openapi"
CONFIG = HERE / "openapi-python-client.yaml"


def served_spec() -> dict[str, Any]:
    """The OpenAPI document as ``GET /openapi.json`` answers it."""
    sys.path.insert(0, str(ROOT / "functions"))
    from api import openapi
    from api.app import app  # the resolver alone: no settings, no store

    return dict(openapi.document(app))


def _pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.replace("-", "_").split("_"))


def _field_rule(schema: dict[str, Any]) -> bool:
    """A ``oneOf`` that only says which of the object's own fields must be given (``PlayMove``: exactly one
    of card, bid and call; ``TimeControl``: one of its two clocks)."""
    own = set(schema.get("properties") or {})
    branches = schema.get("oneOf")
    return (
        bool(own)
        and isinstance(branches, list)
        and all(
            isinstance(b, dict)
            and set(b) <= {"required", "properties"}
            and set(b.get("required", [])) | set(b.get("properties", {})) <= own
            for b in branches
        )
    )


def _array_enum(schema: dict[str, Any]) -> bool:
    """An ``enum`` of arrays (``CorrectResult.result``: the four results an organizer may set)."""
    values = schema.get("enum")
    return isinstance(values, list) and any(isinstance(v, list) for v in values)


def for_the_generator(spec: dict[str, Any]) -> dict[str, Any]:
    """The document as the generator reads it. Three fix-ups, nothing else changes:

    * the generator names an object schema written inline in a property ``<Parent><Property>`` and refuses
      (dropping both) when a component already has that name (``Tournament.settings`` and the
      ``TournamentSettings`` request body); such an inline object becomes its own component,
      ``<Parent><Property>Object``;
    * a ``oneOf`` that only says which of an object's fields must be given would become a union of partial
      classes (a move with a card and no version); the generator reads the object without it, and the
      service still refuses a body that breaks the rule (400/422, as the document says);
    * an ``enum`` of arrays makes the generator drop, without a warning, the model and every operation
      that uses it; the generator reads the array without it (the service refuses the others: 422)."""
    spec = json.loads(json.dumps(spec))
    schemas: dict[str, Any] = spec.get("components", {}).get("schemas", {})
    for schema in schemas.values():
        if isinstance(schema, dict) and _field_rule(schema):
            del schema["oneOf"]
        for sub in (schema.get("properties") or {}).values() if isinstance(schema, dict) else ():
            if isinstance(sub, dict) and _array_enum(sub):
                del sub["enum"]
    for parent, schema in sorted(schemas.items()):
        for prop, sub in sorted((schema.get("properties") or {}).items()):
            inline = _pascal(parent) + _pascal(prop)
            if isinstance(sub, dict) and sub.get("type") == "object" and inline in schemas:
                name = inline + "Object"
                schemas[name] = {**sub, "title": name}
                schema["properties"][prop] = {"$ref": f"#/components/schemas/{name}"}
    return spec


def _operations(spec: dict[str, Any]) -> set[str]:
    """Every operation id of the document: each becomes a module of the generated package."""
    return {
        op["operationId"]
        for ops in spec.get("paths", {}).values()
        for op in ops.values()
        if isinstance(op, dict) and "operationId" in op
    }


def tool(name: str) -> str:
    """A console script of this interpreter's environment (the dev venv), else from PATH."""
    local = Path(sys.executable).parent / name
    found = str(local) if local.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not installed: make .venv/.installed")
    return found


def generate(out: Path, spec: dict[str, Any]) -> float:
    """Write the generated package to ``out`` (replaced); the seconds the generation took."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="scopa-client-") as work:
        spec_file = Path(work) / "openapi.json"
        spec_file.write_text(
            json.dumps(for_the_generator(spec), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        )
        target = Path(work) / "openapi"
        made = subprocess.run(
            [
                tool("openapi-python-client"),
                "generate",
                "--path",
                str(spec_file),
                "--meta",
                "none",
                "--output-path",
                str(target),
                "--config",
                str(CONFIG),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        if "Warning" in made.stdout or "WARNING" in made.stdout:  # a schema the generator dropped
            raise SystemExit(f"openapi-python-client could not generate everything:\n{made.stdout}")
        missing = _operations(spec) - {module.stem for module in target.glob("api/*/*.py")}
        if missing:  # dropped without a warning
            raise SystemExit(f"openapi-python-client generated no function for {sorted(missing)}")
        ruff = tool("ruff")
        settings = ["--no-cache", "--isolated", "--line-length", "110", "--target-version", "py311"]
        fix = [ruff, "check", "--fix", "--quiet", "--select", "F401,I", *settings, str(target)]
        subprocess.run(fix, check=False)  # unfixable findings do not matter: only the fixes
        subprocess.run([ruff, "format", "--quiet", *settings, str(target)], check=True)
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(target, out)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=PACKAGE, help="where the package goes (replaced)")
    parser.add_argument("--spec", type=Path, help="a saved OpenAPI document instead of the code's")
    args = parser.parse_args(argv)
    spec = json.loads(args.spec.read_text()) if args.spec else served_spec()
    seconds = generate(args.out, spec)
    files = sum(1 for _ in args.out.rglob("*.py"))
    print(f"generated {files} modules in {args.out} in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

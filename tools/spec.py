"""``make spec``: write the OpenAPI document to ``docs/openapi.json``, the committed copy of the contract.

``tests/fuzz/test_openapi_document.py`` fails when the live document differs from it, so every change to
the contract shows in review. ``--check`` only compares (exit 1 when they differ).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

SPEC = Path(__file__).resolve().parent.parent / "docs" / "openapi.json"
REGENERATE = "make spec"


def render(document: dict[str, Any]) -> str:
    """The committed form: sorted keys, two-space indent, a final newline (stable diffs)."""
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def live() -> str:
    from api import openapi
    from api.app import app  # the resolver alone: no settings, no store

    return render(openapi.document(app))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = live()
    if "--check" in args:
        same = SPEC.exists() and SPEC.read_text(encoding="utf-8") == text
        print(
            "docs/openapi.json is up to date" if same else f"docs/openapi.json is stale: run `{REGENERATE}`"
        )
        return 0 if same else 1
    SPEC.write_text(text, encoding="utf-8")
    print(f"wrote {SPEC.relative_to(SPEC.parent.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

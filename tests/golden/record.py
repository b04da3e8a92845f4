"""Record the golden run: ``python -m tests.golden.record`` rewrites ``tests/golden/data/``.

Re-record only when behaviour is meant to change, and say why in the commit; a refactor must leave the data
byte-identical (``tests/golden/test_golden.py`` replays and compares).
"""

from __future__ import annotations

import gzip
import json
import logging
import sys
from pathlib import Path
from typing import Any

from tests.golden.harness import Line, api_on
from tests.golden.script import run

DATA = Path(__file__).resolve().parent / "data"
STORES = ("sqlite", "dynamodb")


def golden_lines(store: str) -> list[Line]:
    """The script's answers on ``store``, then every stored item, in order."""
    with api_on(store) as (api, dump):
        run(api)
        return [*api.lines, *dump()]


def encode(line: Line) -> str:
    return json.dumps(line, sort_keys=True, ensure_ascii=False)


def data_file(store: str) -> Path:
    return DATA / f"{store}.jsonl.gz"


def openapi_document(lines: list[Line]) -> Any:
    """The OpenAPI document as the run's ``GET /openapi.json`` answered it."""
    for line in lines:
        if line.get("kind") == "answer" and line["request"]["path"] == "/openapi.json":
            return json.loads(line["body"])
    raise LookupError("the golden run did not read /openapi.json")


def read(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as file:
        return file.read().splitlines()


def write(path: Path, lines: list[str]) -> None:
    # mtime=0: the same data gives the same file bytes, so a re-record changes nothing in git.
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as file:
        file.write(("\n".join(lines) + "\n").encode("utf-8"))


def main() -> None:
    logging.disable(logging.CRITICAL)
    DATA.mkdir(parents=True, exist_ok=True)
    for store in STORES:
        lines = golden_lines(store)
        write(data_file(store), [encode(line) for line in lines])
        if store == "sqlite":
            document = json.dumps(openapi_document(lines), indent=1, sort_keys=True)
            (DATA / "openapi.json").write_text(document + "\n", encoding="utf-8")
        print(f"{data_file(store)}: {len(lines)} lines", file=sys.stderr)


if __name__ == "__main__":
    main()

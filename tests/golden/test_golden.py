"""The golden run replayed on both stores and compared with the recorded data (see tests/golden/README.md).

Every answer and every stored item must be byte-identical; the OpenAPI document may only gain operations.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.golden.record import DATA, STORES, data_file, encode, golden_lines, openapi_document, read

LIMIT = 2000  # characters of each side shown in a difference


def _short(text: str) -> str:
    return text if len(text) <= LIMIT else text[:LIMIT] + f"... ({len(text)} characters)"


def first_difference(expected: list[str], got: list[str]) -> str | None:
    """A readable account of the first line that differs (request, expected, got), or None."""
    for number, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want == have:
            continue
        old, new = json.loads(want), json.loads(have)
        where = ""
        if old.get("kind") == "answer":
            where = f"answer #{old['n']} to {json.dumps(old['request'])}\n"
        fields = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
        parts = [f"line {number}: {where}fields that differ: {fields}"]
        for key in fields:
            parts.append(f"  expected {key}: {_short(json.dumps(old.get(key)))}")
            parts.append(f"  got      {key}: {_short(json.dumps(new.get(key)))}")
        return "\n".join(parts)
    if len(expected) != len(got):
        extra = (got if len(got) > len(expected) else expected)[min(len(got), len(expected))]
        return f"{len(expected)} lines expected, {len(got)} got; the first unmatched: {_short(extra)}"
    return None


def operations(document: dict[str, Any]) -> dict[str, Any]:
    return {
        f"{method.upper()} {path}": op
        for path, item in document.get("paths", {}).items()
        for method, op in item.items()
    }


def openapi_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What changed in the document other than added operations (and the schemas only they use)."""
    problems = []
    old_ops, new_ops = operations(old), operations(new)
    for name, op in old_ops.items():
        if name not in new_ops:
            problems.append(f"operation removed: {name}")
        elif new_ops[name] != op:
            problems.append(f"operation changed: {name}")
    for key in sorted(set(old) | set(new)):
        if key == "paths":
            continue
        if key == "components":
            for kind, entries in old.get(key, {}).items():
                for name, value in entries.items():
                    if new.get(key, {}).get(kind, {}).get(name) != value:
                        problems.append(f"components.{kind}.{name} changed or removed")
        elif old.get(key) != new.get(key):
            problems.append(f"top-level {key!r} changed")
    return problems


@pytest.mark.parametrize("store", STORES)
def test_the_golden_run_is_unchanged(store: str) -> None:
    expected = read(data_file(store))
    lines = golden_lines(store)
    got = [encode(line) for line in lines]
    difference = first_difference(expected, got)
    assert difference is None, (
        f"the golden run on {store} differs from tests/golden/data ({store}.jsonl.gz):\n{difference}\n"
        "re-record with `python -m tests.golden.record` only if the change is meant "
        "(tests/golden/README.md)"
    )


def test_the_openapi_document_only_gains_operations() -> None:
    recorded = json.loads((DATA / "openapi.json").read_text(encoding="utf-8"))
    from tests.golden.harness import api_on

    with api_on("sqlite") as (api, _):
        api.call("GET", "/openapi.json")
        current = openapi_document(api.lines)
    problems = openapi_changes(recorded, current)
    assert not problems, "the OpenAPI document changed:\n" + "\n".join(problems[:20])

"""The golden run replayed on both stores and compared with the recorded data (see tests/golden/README.md).

Every answer and every stored item must be byte-identical; the OpenAPI document may only gain operations.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.golden.record import DATA, STORES, data_file, encode, golden_lines, openapi_document, read

BEFORE, AFTER = 200, 400  # characters shown either side of where two texts first differ


def _short(text: str) -> str:
    return text if len(text) <= BEFORE + AFTER else text[: BEFORE + AFTER] + f"... ({len(text)} characters)"


def around(old: str, new: str) -> tuple[str, str]:
    """Both texts cut to a window around their first difference (character offsets shown)."""
    at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
    start = max(0, at - BEFORE)

    def cut(text: str) -> str:
        head = f"[{start}:] ..." if start else ""
        tail = f"... ({len(text)} characters)" if len(text) > at + AFTER else ""
        return head + text[start : at + AFTER] + tail

    return cut(old), cut(new)


def first_difference(expected: list[str], got: list[str]) -> str | None:
    """A readable account of the first line that differs (request, expected, got), or None."""
    for number, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want == have:
            continue
        old, new = json.loads(want), json.loads(have)
        parts = [f"line {number}: {describe(old)}"]
        for key in sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k)):
            want_text, have_text = around(_text(old.get(key)), _text(new.get(key)))
            parts.append(f"  {key}, expected: {want_text}")
            parts.append(f"  {key}, got:      {have_text}")
        return "\n".join(parts)
    if len(expected) != len(got):
        extra = (got if len(got) > len(expected) else expected)[min(len(got), len(expected))]
        return f"{len(expected)} lines expected, {len(got)} got; the first unmatched: {_short(extra)}"
    return None


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def describe(line: dict[str, Any]) -> str:
    """Which answer or stored item a recorded line is."""
    if line.get("kind") == "answer":
        return f"answer #{line['n']} to {json.dumps(line['request'])}"
    if line.get("kind") == "item":
        item = line["item"]
        return f"stored item pk={item['pk']} sk={item['sk']}"
    return f"row of SQLite table {line.get('table')}: {_short(json.dumps(line.get('row')))}"


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
    if difference is not None:
        pytest.fail(
            f"the golden run on {store} differs from tests/golden/data/{store}.jsonl.gz\n{difference}\n"
            "re-record with `python -m tests.golden.record` only if the change is meant "
            "(tests/golden/README.md)",
            pytrace=False,
        )


def test_the_openapi_document_only_gains_operations() -> None:
    recorded = json.loads((DATA / "openapi.json").read_text(encoding="utf-8"))
    from tests.golden.harness import api_on

    with api_on("sqlite") as (api, _):
        api.call("GET", "/openapi.json")
        current = openapi_document(api.lines)
    problems = openapi_changes(recorded, current)
    if problems:
        pytest.fail("the OpenAPI document changed:\n" + "\n".join(problems[:20]), pytrace=False)

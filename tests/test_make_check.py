"""``make check``, the edit loop: its property tests run a tenth of their examples, once scaled however
many parametrized items share a function, and ``make test`` (no variable) leaves them as written."""

from __future__ import annotations

import subprocess
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import conftest
from tests.infra.conftest import ROOT, clean_shell


def _property() -> Any:
    @settings(max_examples=300, deadline=None)
    @given(st.integers())
    def prop(n: int) -> None:
        assert isinstance(n, int)

    return prop


def _examples(test: Any) -> int:
    return int(test._hypothesis_internal_use_settings.max_examples)


def test_make_check_scales_each_property_test_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(conftest.QUICK_EXAMPLES, "1")
    prop, plain = _property(), lambda: None
    items: Any = [SimpleNamespace(obj=prop), SimpleNamespace(obj=prop), SimpleNamespace(obj=plain)]
    conftest.pytest_collection_modifyitems(None, items)  # type: ignore[arg-type]
    assert _examples(prop) == 30  # a tenth, not a hundredth for the second item of the same function


def test_make_test_runs_every_example(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(conftest.QUICK_EXAMPLES, raising=False)
    prop = _property()
    conftest.pytest_collection_modifyitems(None, [SimpleNamespace(obj=prop)])  # type: ignore[arg-type, list-item]
    assert _examples(prop) == 300


def test_make_check_runs_the_contract_on_sqlite_and_leaves_the_slow_tiers_to_make_test() -> None:
    planned = subprocess.run(
        ["make", "-n", "check"], cwd=ROOT, env=clean_shell(), capture_output=True, text=True, check=True
    ).stdout
    command = next(line for line in planned.splitlines() if "pytest" in line)
    assert "SCOPA_QUICK_EXAMPLES=1" in command
    assert "tests/contract" in command
    assert "not dynamodb" in command
    for tier in ("tests/web", "tests/infra", "tests/fuzz", "tests/pipeline", "tests/api "):
        assert tier not in command
    assert "ruff check" in planned
    assert "mypy" in planned

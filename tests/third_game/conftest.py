"""Alta joins the registry for these tests only, and leaves it after; the API fixtures are the API
tests' own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scopa.domain.games import register, unregister
from tests.api.conftest import api_on_sqlite, clock  # noqa: F401 - the API tests' fixtures, reused
from tests.third_game.alta import AltaEngine


@pytest.fixture(autouse=True)
def alta() -> Iterator[AltaEngine]:
    engine = AltaEngine()
    register(engine)
    yield engine
    unregister(engine.name)

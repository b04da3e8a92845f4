"""Alta joins both registries (its engine, its pages) for these tests only, and leaves them after; the
API fixtures are the API tests' own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scopa.domain.games import register, unregister
from scopa.web import games as pages
from tests.api.conftest import api_on_sqlite, clock  # noqa: F401 - the API tests' fixtures, reused
from tests.third_game.alta import AltaEngine
from tests.third_game.alta_pages import PAGES


@pytest.fixture(autouse=True)
def alta() -> Iterator[AltaEngine]:
    engine = AltaEngine()
    register(engine)
    with pages.registered(PAGES):
        yield engine
    unregister(engine.name)

"""The security tier reuses the API tier's in-process handler, and adds threads that really race.

Access and hidden-information checks run on SQLite (``api``); the races and retries meet where botocore
sends each request, so their modules take ``api_on_moto``.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.api.conftest import Answer, Api, api_on_sqlite, clock, json_log, moto_api  # noqa: F401 (fixtures reused here)
from tests.common import ManualClock as Clock
from tests.security.interleave import Interleaver


class ThreadedApi(Api):
    """The API called from many threads, each call one request of its own Lambda instance."""

    def __init__(self, manual_clock: Clock, interleaver: Interleaver) -> None:
        super().__init__(manual_clock)
        self.interleaver = interleaver

    def call(self, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return self.interleaver.run(lambda: Api.call(self, method, path, body, **kwargs))

    def burst(self, calls: list[Callable[[], Answer]]) -> list[Answer]:
        """Run ``calls`` at once, one thread each; the answers in the order of ``calls``."""
        with ThreadPoolExecutor(max_workers=len(calls)) as pool:
            return list(pool.map(lambda call: call(), calls))


@pytest.fixture
def interleaver(api: Api, monkeypatch: pytest.MonkeyPatch) -> Interleaver:
    found = Interleaver()
    found.install(monkeypatch.setattr)
    return found


@pytest.fixture
def threaded(api: Api, interleaver: Interleaver) -> ThreadedApi:
    return ThreadedApi(api.clock, interleaver)

"""The fault tests drive the real handler in process on moto, with the pipeline tests' faster fake.

Ids and tokens are drawn from a counter instead of the OS (:class:`Ids`), so a request run twice from the
same table writes the same items and two tables can be compared item by item.
"""

from __future__ import annotations

import itertools
import secrets

import pytest

from tests.api import conftest as api_conftest
from tests.pipeline import conftest as pipeline_conftest

api = api_conftest.api_on_moto  # the API tests' fixtures on moto, found here by name
moto_api = api_conftest.moto_api
clock = api_conftest.clock
_faster_moto = pipeline_conftest._faster_moto  # autouse: moto's transactions and answers, faster


class Ids:
    """``secrets.token_hex`` / ``token_urlsafe`` from a counter; :meth:`reset` replays the same sequence."""

    def __init__(self) -> None:
        self._counter = itertools.count()

    def reset(self, start: int = 0) -> None:
        self._counter = itertools.count(start)

    def token_hex(self, nbytes: int | None = None) -> str:
        return f"{next(self._counter):0{2 * (nbytes or 32)}x}"

    def token_urlsafe(self, nbytes: int | None = None) -> str:
        return "u" + self.token_hex(nbytes)


@pytest.fixture
def ids(monkeypatch: pytest.MonkeyPatch) -> Ids:
    fake = Ids()
    monkeypatch.setattr(secrets, "token_hex", fake.token_hex)
    monkeypatch.setattr(secrets, "token_urlsafe", fake.token_urlsafe)
    return fake

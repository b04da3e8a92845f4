"""The API under test: the real handler, called with HTTP API v2 events, on a fresh store per test.

``api`` runs on SQLite in memory (fast: the service and API tests spend their time in the service, not in
an emulator). ``moto_api`` runs on an in-process moto DynamoDB, for the tests that look at DynamoDB itself
(items, indexes, request counts); a module takes it as its ``api`` with
``from tests.api.conftest import api_on_moto``. Both adapters are held to one contract in
``tests/contract``.
"""

from __future__ import annotations

import io
import json
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import boto3
import pytest
from moto import mock_aws

from tests.common import ManualClock, use_fake_aws

use_fake_aws()
os.environ["TABLE_NAME"] = "scopa-test"
os.environ["ADMIN_TOKEN"] = "admin-test-token"
os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "1")
os.environ.setdefault("POWERTOOLS_METRICS_NAMESPACE", "ScopaTest")
os.environ.setdefault("POWERTOOLS_DEV", "0")

from api import context  # noqa: E402 (env first)
from api.handler import handler  # noqa: E402
from api.observability import logger  # noqa: E402
from scopa.adapters.dynamodb.players_matches import create_table  # noqa: E402
from tools.apigw import FakeLambdaContext, function_url_event, http_event  # noqa: E402

ADMIN_TOKEN = "admin-test-token"


@dataclass
class Answer:
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def code(self) -> str | None:
        return self.body.get("code") if isinstance(self.body, dict) else None


class Api:
    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        headers: dict[str, str] | None = None,
        query: dict[str, str] | None = None,
        raw_body: str | None = None,
        via_url: bool = False,
        source_ip: str = "127.0.0.1",
    ) -> Answer:
        """``via_url``: the request comes through the API function's URL, not the HTTP API; ``source_ip``:
        the caller's address as API Gateway (or the URL) saw it."""
        hdrs = dict(headers or {})
        if token:
            hdrs["authorization"] = f"Bearer {token}"
        build = function_url_event if via_url else http_event
        event = build(
            method, path, body=body, raw_body=raw_body, headers=hdrs, query=query, source_ip=source_ip
        )
        out = handler(event, FakeLambdaContext())
        text = out.get("body") or ""
        try:
            parsed = json.loads(text) if text else None
        except json.JSONDecodeError:
            parsed = text
        return Answer(out["statusCode"], parsed, out.get("headers") or {})

    def register(self, name: str = "Ada") -> tuple[str, str]:
        answer = self.call("POST", "/players", {"name": name})
        assert answer.status == 201, answer.body
        return answer.body["player"]["id"], answer.body["token"]


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@contextmanager
def _store(storage: str) -> Iterator[None]:
    """The API's settings pointed at ``storage`` for the block, with services built afresh."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("STORAGE", storage)
        env.setenv("SQLITE_PATH", ":memory:")
        context.reset()
        try:
            yield
        finally:
            env.undo()
            context.reset()


@pytest.fixture(name="api")
def api_on_sqlite(clock: ManualClock) -> Iterator[Api]:
    """The API on SQLite in memory: every test's ``api`` unless its module takes ``api_on_moto``."""
    with _store("sqlite"):
        context.use_clock(clock)
        yield Api(clock)


@pytest.fixture
def moto_api(clock: ManualClock) -> Iterator[Api]:
    with mock_aws(), _store("dynamodb"):
        create_table(boto3.client("dynamodb"), os.environ["TABLE_NAME"])
        context.use_clock(clock)
        yield Api(clock)


@pytest.fixture(params=["sqlite", "dynamodb"])
def either_api(request: pytest.FixtureRequest) -> Api:
    """The API on SQLite, then on DynamoDB (moto): for races, where the adapters' conditions are at work."""
    api: Api = request.getfixturevalue("api" if request.param == "sqlite" else "moto_api")
    return api


@pytest.fixture(name="api")
def api_on_moto(moto_api: Api) -> Api:
    """``api`` on DynamoDB (moto), for a module that imports this fixture."""
    return moto_api


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    """The handler's log lines exactly as Lambda would print them (the Powertools JSON formatter)."""
    stream = io.StringIO()
    log_handler = logging.StreamHandler(stream)
    log_handler.setFormatter(logger.registered_formatter)
    stdlib_logger = logging.getLogger(logger.service)
    stdlib_logger.addHandler(log_handler)
    yield stream
    stdlib_logger.removeHandler(log_handler)


@pytest.fixture
def bare_api() -> Iterator[Api]:
    """The handler on a mocked AWS without a table: for requests refused before any storage call.

    A request that got through to storage by mistake would find no table and answer 500, failing the test.
    """
    with mock_aws(), _store("dynamodb"):
        yield Api(ManualClock())

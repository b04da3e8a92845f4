"""The per-caller limit holds across containers (issue 26): two containers, each with its own services,
stores and buckets, share one store (a SQLite file, or a moto table) and refuse the 11th request of a
second whichever of them gets it; the next second admits again. A store that fails or throttles the
count serves the request (fail open); ``RATE_LIMIT_PER_SECOND=0`` writes no count at all."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws

from api import context, ratelimit
from api.app import app
from scopa.adapters.dynamodb.players_matches import create_table
from tests.api.conftest import Answer, Api
from tests.api.support import assert_error, new_match
from tests.common import ManualClock

ADDRESS = "203.0.113.7"


@dataclass
class Container:
    """What a warm Lambda container holds of its own: its services (stores, clients) and its buckets."""

    services: context.Services
    buckets: list[ratelimit.Buckets]
    refusals: list[ratelimit.Refusals]


class Containers:
    """Two containers of the API behind one store; :meth:`call` sends a request to one of them."""

    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.api = Api(clock)
        self.all = [self._build(), self._build()]

    def _build(self) -> Container:
        context.reset()  # settings read again, clients and stores built anew: nothing shared but the store
        return Container(context.Services(self.clock), [], [ratelimit.Refusals()])

    @contextmanager
    def inside(self, container: Container) -> Iterator[None]:
        """Requests in the block are served by ``container``: every module's ``services`` is its (the
        route modules imported first: one imported inside would keep the patched name)."""
        app.include_all()
        original = context.services
        with pytest.MonkeyPatch.context() as patch:
            for module in list(sys.modules.values()):
                if getattr(module, "services", None) is original:
                    patch.setattr(module, "services", lambda: container.services)
            patch.setattr(ratelimit, "_buckets", container.buckets)
            patch.setattr(ratelimit, "_refusals", container.refusals)
            yield

    def call(self, index: int, *args: Any, **kwargs: Any) -> Answer:
        with self.inside(self.all[index]):
            return self.api.call(*args, **kwargs)


class _Kept(logging.Handler):
    """Keeps the records it is given (the application's loggers do not propagate to pytest's)."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def _limited(storage: str, tmp_path: Path) -> Iterator[Containers]:
    """10 requests a second (10 at once), on ``storage``; buckets and windows read one stopped clock."""
    clock = ManualClock()
    with pytest.MonkeyPatch.context() as env:
        env.setenv("STORAGE", storage)
        env.setenv("SQLITE_PATH", str(tmp_path / "shared.db"))
        env.setenv("RATE_LIMIT_PER_SECOND", "10")
        env.setenv("RATE_LIMIT_BURST", "10")
        env.setenv("TOKEN_SIGNING_KEY", "k" * 32)  # every container of a deployment shares it
        ratelimit.reset(now=clock.now)
        try:
            yield Containers(clock)
        finally:
            env.undo()
            context.reset()
            ratelimit.reset()


@pytest.fixture(params=["sqlite", "dynamodb"])
def containers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Containers]:
    if request.param == "dynamodb":
        with mock_aws():
            create_table(boto3.client("dynamodb", region_name="eu-south-1"), "scopa-test")
            with _limited("dynamodb", tmp_path) as built:
                yield built
    else:
        with _limited("sqlite", tmp_path) as built:
            yield built


@pytest.mark.parametrize("eleventh", [0, 1])
def test_the_11th_request_of_a_second_is_refused_whichever_container_gets_it(
    containers: Containers, eleventh: int
) -> None:
    first = [containers.call(0, "GET", "/health", source_ip=ADDRESS) for _ in range(6)]
    second = [containers.call(1, "GET", "/health", source_ip=ADDRESS) for _ in range(4)]
    assert [a.status for a in first + second] == [200] * 10  # each container alone would admit 10
    refused = containers.call(eleventh, "GET", "/health", source_ip=ADDRESS)
    body = assert_error(refused, 429, "rate_limited")
    assert refused.headers["Retry-After"] == "1"
    assert body["details"] == {"retry_after_seconds": 1}
    assert containers.call(1 - eleventh, "GET", "/health", source_ip=ADDRESS).status == 429
    assert containers.call(0, "GET", "/health", source_ip="203.0.113.8").status == 200  # another caller
    containers.clock.advance(1.0)  # the next window (and buckets refilled)
    answers = [containers.call(n % 2, "GET", "/health", source_ip=ADDRESS) for n in range(10)]
    assert [a.status for a in answers] == [200] * 10
    assert containers.call(eleventh, "GET", "/health", source_ip=ADDRESS).status == 429


def test_a_players_requests_count_once_across_containers_from_any_address(containers: Containers) -> None:
    api = containers.api
    with containers.inside(containers.all[0]):
        me, token = api.register("Ada")
        match = new_match(api, token, [me, "bot-greedy"])
    path = f"/matches/{match['id']}"
    answers = [
        containers.call(n % 2, "GET", path, token=token, source_ip=f"198.51.100.{n}") for n in range(9)
    ]  # with the creation (the registration counted against its address): 10
    assert [a.status for a in answers] == [200] * 9
    assert_error(containers.call(1, "GET", path, token=token, source_ip="198.51.100.99"), 429, "rate_limited")


def test_a_caller_refused_by_the_shared_count_is_refused_again_without_a_write(
    containers: Containers, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(10):
        assert containers.call(n % 2, "GET", "/health", source_ip=ADDRESS).status == 200
    counted: list[str] = []
    for container in containers.all:
        rates = container.services.stores.rates
        real = rates.take

        def take(key: str, *args: Any, real: Any = real) -> float:
            counted.append(key)
            return float(real(key, *args))

        monkeypatch.setattr(rates, "take", take)
    answers = [containers.call(0, "GET", "/health", source_ip=ADDRESS) for _ in range(3)]
    assert [a.status for a in answers] == [429] * 3
    assert counted == ["ip:" + ADDRESS]  # one write found the window full; the container remembers it


@pytest.mark.parametrize(
    "failure",
    [
        ClientError({"Error": {"Code": "ThrottlingException", "Message": "slow down"}}, "UpdateItem"),
        ClientError({"Error": {"Code": "InternalServerError", "Message": "oops"}}, "UpdateItem"),
        TimeoutError("read timed out"),
    ],
)
def test_a_count_that_cannot_be_written_serves_the_request_and_logs_no_caller(
    containers: Containers,
    monkeypatch: pytest.MonkeyPatch,
    failure: Exception,
) -> None:
    def broken(*_: Any) -> float:
        raise failure

    monkeypatch.setattr(containers.all[0].services.stores.rates, "take", broken)
    kept = _Kept()
    records = kept.records
    logging.getLogger("scopa.api.ratelimit").addHandler(kept)
    try:
        answers = [containers.call(0, "GET", "/health", source_ip=ADDRESS) for _ in range(10)]
    finally:
        logging.getLogger("scopa.api.ratelimit").removeHandler(kept)
    assert [a.status for a in answers] == [200] * 10  # fail open, never a 5xx
    assert containers.call(0, "GET", "/health", source_ip=ADDRESS).status == 429  # the bucket still holds
    assert len(records) == 10
    assert all(getattr(r, "error_type", None) == type(failure).__name__ for r in records)
    assert all(ADDRESS not in r.getMessage() and ADDRESS not in str(r.__dict__) for r in records)


def test_no_limit_writes_no_count(containers: Containers, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATE_LIMIT_PER_SECOND", "0")  # what the test suites set
    for container in containers.all:
        container.services = _rebuilt(containers)

        def refuse(*_: Any) -> float:
            raise AssertionError("no count is written when the limit is off")

        monkeypatch.setattr(container.services.stores.rates, "take", refuse)
    answers = [containers.call(n % 2, "GET", "/health", source_ip=ADDRESS) for n in range(30)]
    assert [a.status for a in answers] == [200] * 30


def _rebuilt(containers: Containers) -> context.Services:
    context.reset()
    return context.Services(containers.clock)

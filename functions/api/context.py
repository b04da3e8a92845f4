"""The services a request needs, built once per container, and the caller behind a request."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import boto3
from botocore.config import Config

from api.settings import settings
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.application.auth import Caller, authenticate
from scopa.application.clock import Clock, SystemClock
from scopa.application.wiring import ServiceSet

_clocks: list[Clock] = [SystemClock()]


def use_clock(clock: Clock) -> None:
    """Replace the clock (tests and the local server); clears the cached services."""
    _clocks[0] = clock
    services.cache_clear()


@lru_cache(maxsize=1)
def dynamodb_client() -> Any:
    cfg = settings()
    return boto3.client(
        "dynamodb",
        region_name=cfg.region,
        endpoint_url=cfg.dynamodb_endpoint,
        config=Config(retries={"max_attempts": 4, "mode": "standard"}, connect_timeout=2, read_timeout=5),
    )


class Services(ServiceSet):
    """The product's services on the configured table, plus the caller behind a request."""

    def __init__(self, clock: Clock) -> None:
        super().__init__(
            dynamodb_stores(dynamodb_client(), settings().table_name, settings().ranking_shards), clock
        )

    def caller(self, headers: dict[str, str] | Any) -> Caller:
        return authenticate(
            self.stores.players, (headers or {}).get("authorization"), settings().admin_token_hash
        )


@lru_cache(maxsize=1)
def services() -> Services:
    return Services(_clocks[0])


def reset() -> None:
    """Forget cached clients and services (tests that swap the table or the environment)."""
    settings.cache_clear()
    dynamodb_client.cache_clear()
    services.cache_clear()

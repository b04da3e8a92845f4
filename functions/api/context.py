"""The services a request needs, built once per container, and the caller behind a request.

The stores come from :mod:`api.settings`: DynamoDB (the Lambda) or SQLite (``STORAGE=sqlite``, the local
server's file store). The SQLite adapter is imported only when it is chosen, so the Lambda never loads it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from api import settings as settings_module
from api.settings import settings
from scopa.application.auth import Caller, authenticate
from scopa.application.clock import Clock, SystemClock
from scopa.application.wiring import ServiceSet, Stores

_clocks: list[Clock] = [SystemClock()]


def use_clock(clock: Clock) -> None:
    """Replace the clock (tests and the local server); clears the cached services."""
    _clocks[0] = clock
    services.cache_clear()


@lru_cache(maxsize=1)
def dynamodb_client() -> Any:
    import boto3
    from botocore.config import Config

    cfg = settings()
    return boto3.client(
        "dynamodb",
        region_name=cfg.region,
        endpoint_url=cfg.dynamodb_endpoint,
        config=Config(retries={"max_attempts": 4, "mode": "standard"}, connect_timeout=2, read_timeout=5),
    )


def build_stores() -> Stores:
    """The stores the settings choose."""
    cfg = settings()
    if cfg.storage == "sqlite":
        from scopa.adapters.sqlite.stores import sqlite_stores

        return sqlite_stores(cfg.sqlite_path)
    from scopa.adapters.dynamodb.stores import dynamodb_stores

    return dynamodb_stores(dynamodb_client(), cfg.table_name, cfg.ranking_shards)


class Services(ServiceSet):
    """The product's services on the configured stores, plus the caller behind a request."""

    def __init__(self, clock: Clock) -> None:
        super().__init__(build_stores(), clock)

    def caller(self, headers: dict[str, str] | Any) -> Caller:
        return authenticate(
            self.stores.players, (headers or {}).get("authorization"), settings().admin_token_hash
        )


@lru_cache(maxsize=1)
def services() -> Services:
    return Services(_clocks[0])


def reset() -> None:
    """Read the environment again and forget what was built from it (tests and the local server, after
    they change the environment or swap the table). The clock set by :func:`use_clock` stays."""
    settings_module.reload()
    dynamodb_client.cache_clear()
    services.cache_clear()

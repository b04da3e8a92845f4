"""The services a request needs, built once per container, and the caller behind a request.

The stores come from :mod:`api.settings`: DynamoDB (the Lambda) or SQLite (``STORAGE=sqlite``, the local
server's file store). The SQLite adapter is imported only when it is chosen, so the Lambda never loads it.

Live updates (docs/live.md): writes hand their changes to the feed, the live functions push through the
pusher. ``NOTIFIER_FUNCTION`` set: the feed invokes that Lambda; ``WEBSOCKET_ENDPOINT`` set: the pusher
posts to API Gateway's connections; unset, nothing is published or pushed. The local server brings its
own feed and pusher (:func:`use_live`). The AWS adapters are imported only when their setting is set.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import secrets
from functools import lru_cache
from pathlib import Path
from typing import Any

from api import settings as settings_module
from api.settings import SettingsError, settings
from scopa.application.auth import Caller
from scopa.application.clock import Clock, SystemClock
from scopa.application.ports.changes import ChangeFeed, NoFeed
from scopa.application.ports.push import NoPusher, Pusher
from scopa.application.wiring import ServiceSet, Stores

_clocks: list[Clock] = [SystemClock()]
_feeds: list[ChangeFeed | None] = [None]  # set by use_live
_pushers: list[Pusher | None] = [None]


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


def use_live(feed: ChangeFeed | None, pusher: Pusher | None) -> None:
    """The local server's own change feed and pusher (None: what the settings say); clears the cached
    services."""
    _feeds[0], _pushers[0] = feed, pusher
    services.cache_clear()
    pusher_of_settings.cache_clear()


def _config() -> Any:
    from botocore.config import Config

    return Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=2, read_timeout=5)


@lru_cache(maxsize=1)
def lambda_client() -> Any:
    import boto3

    return boto3.client("lambda", region_name=settings().region, config=_config())


@lru_cache(maxsize=1)
def management_client(endpoint: str) -> Any:
    """API Gateway's management API of the WebSocket API at ``endpoint`` (PostToConnection)."""
    import boto3

    return boto3.client(
        "apigatewaymanagementapi", region_name=settings().region, endpoint_url=endpoint, config=_config()
    )


def change_feed() -> ChangeFeed:
    """Where writes hand their changes: the local server's feed, the notifier Lambda, or nowhere."""
    feed = _feeds[0]
    if feed is not None:
        return feed
    function = settings().notifier_function
    if function:
        lambda_feed = importlib.import_module("scopa.adapters.aws_lambda.feed").LambdaFeed
        return lambda_feed(lambda_client(), function)  # type: ignore[no-any-return]
    return NoFeed()


def pusher() -> Pusher:
    """How the live functions reach a connection: the local server's sockets, API Gateway, or nowhere."""
    local = _pushers[0]
    if local is not None:
        return local
    return pusher_of_settings()


@lru_cache(maxsize=1)
def pusher_of_settings() -> Pusher:
    endpoint = settings().websocket_endpoint
    if endpoint:
        api_pusher = importlib.import_module("scopa.adapters.apigw.push").ApiGatewayPusher
        return api_pusher(management_client(endpoint))  # type: ignore[no-any-return]
    return NoPusher()


def build_stores() -> Stores:
    """The stores the settings choose."""
    cfg = settings()
    if cfg.storage == "sqlite":
        from scopa.adapters.sqlite.stores import sqlite_stores

        return sqlite_stores(cfg.sqlite_path)
    from scopa.adapters.dynamodb.stores import dynamodb_stores

    return dynamodb_stores(dynamodb_client(), cfg.table_name, cfg.ranking_shards)


def signing_key() -> bytes | None:
    """The key that signs players' tokens: ``TOKEN_SIGNING_KEY``; unset, a key kept beside the SQLite
    file (made on first use, readable by its owner only), or None (a key of this process: an in-memory
    store, tests, a local table). In AWS Lambda it must be set: containers must agree on it."""
    cfg = settings()
    if cfg.token_signing_key is not None:
        return cfg.token_signing_key.get_secret_value().encode()
    if cfg.token_signing_key_parameter:
        return _parameter_key(cfg.token_signing_key_parameter)
    if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
        raise SettingsError(
            "invalid configuration: TOKEN_SIGNING_KEY or TOKEN_SIGNING_KEY_PARAMETER: required in AWS Lambda"
        )
    if cfg.storage != "sqlite" or cfg.sqlite_path == ":memory:":
        return None
    path = Path(cfg.sqlite_path + ".key")
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as file:
                file.write(secrets.token_urlsafe(32))
    return path.read_text().strip().encode()


@lru_cache(maxsize=4)
def _parameter_key(name: str) -> bytes:
    """The signing key kept in an SSM SecureString parameter, read (decrypted) once per container."""
    from aws_lambda_powertools.utilities import parameters

    value = parameters.get_parameter(name, decrypt=True, max_age=24 * 3600)
    key = str(value or "").strip()
    if len(key) < 32:
        raise SettingsError(f"invalid configuration: the parameter {name} must hold at least 32 characters")
    return key.encode()


class Services(ServiceSet):
    """The product's services on the configured stores, plus the caller behind a request."""

    def __init__(self, clock: Clock) -> None:
        super().__init__(build_stores(), clock, change_feed(), signing_key())

    def caller(self, headers: dict[str, str] | Any) -> Caller:
        """Who calls: the token checked by its signature and the player's cached token version."""
        return self.tokens.caller((headers or {}).get("authorization"), settings().admin_token_hash)


@lru_cache(maxsize=1)
def services() -> Services:
    return Services(_clocks[0])


def reset() -> None:
    """Read the environment again and forget what was built from it (tests and the local server, after
    they change the environment or swap the table). The clock set by :func:`use_clock` stays."""
    settings_module.reload()
    dynamodb_client.cache_clear()
    lambda_client.cache_clear()
    management_client.cache_clear()
    pusher_of_settings.cache_clear()
    services.cache_clear()
    _parameter_key.cache_clear()

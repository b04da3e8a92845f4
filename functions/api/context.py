"""The services a request needs, built once per container, and the caller behind a request.

The stores come from :mod:`api.settings`: DynamoDB (the Lambda) or SQLite (``STORAGE=sqlite``, the local
server's file store). The SQLite adapter is imported only when it is chosen, so the Lambda never loads it.

Live updates (docs/live.md): writes hand their changes to the feed, the live functions push through the
pusher. ``NOTIFIER_FUNCTION`` set: the feed invokes that Lambda; ``WEBSOCKET_ENDPOINT`` set: the pusher
posts to API Gateway's connections; unset, nothing is published or pushed. The local server brings its
own feed and pusher (:func:`use_live`). The AWS adapters are imported only when their setting is set.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from api import settings as settings_module
from api.settings import settings
from scopa.application.auth import Caller, authenticate
from scopa.application.clock import Clock, SystemClock
from scopa.application.ports.changes import ChangeFeed, NoFeed
from scopa.application.ports.push import NoPusher, Pusher
from scopa.application.services.webhooks import InProcessQueue, UrlPolicy
from scopa.application.wiring import ServiceSet, Stores, WebhookWiring

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


@lru_cache(maxsize=1)
def sqs_client() -> Any:
    import boto3

    return boto3.client("sqs", region_name=settings().region, config=_config())


def webhook_wiring(clock: Clock) -> WebhookWiring:
    """Deliveries through the SQS queue (``WEBHOOK_QUEUE_URL``), else sent by this process; the URL
    policy from the settings (https to public addresses unless relaxed for local runs)."""
    cfg = settings()
    policy = UrlPolicy(allow_http=cfg.webhooks_allow_http, allow_private=cfg.webhooks_allow_private)
    if cfg.webhook_queue_url:
        sqs_queue = importlib.import_module("scopa.adapters.aws_sqs.webhooks").SqsDeliveryQueue
        return WebhookWiring(queue=sqs_queue(sqs_client(), cfg.webhook_queue_url), policy=policy)
    # Retries on timers only on the real clock (the local server); tests move their clock and run them.
    return WebhookWiring(queue=InProcessQueue(clock, timers=isinstance(clock, SystemClock)), policy=policy)


class Services(ServiceSet):
    """The product's services on the configured stores, plus the caller behind a request."""

    def __init__(self, clock: Clock) -> None:
        super().__init__(build_stores(), clock, change_feed(), webhook_wiring(clock))

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
    lambda_client.cache_clear()
    management_client.cache_clear()
    sqs_client.cache_clear()
    pusher_of_settings.cache_clear()
    services.cache_clear()

"""The services a request needs, built once per container, and the caller behind a request.

The stores come from :mod:`api.settings`: DynamoDB (the Lambda) or SQLite (``STORAGE=sqlite``, the local
server's file store). The SQLite adapter is imported only when it is chosen, so the Lambda never loads it.

Live updates (docs/live.md): writes hand their changes to the feed, the live functions push through the
pusher. ``NOTIFIER_FUNCTION`` set: the feed invokes that Lambda; ``WEBSOCKET_ENDPOINT`` set: the pusher
posts to API Gateway's connections; unset, nothing is published or pushed. The local server brings its
own feed and pusher (:func:`use_live`). The AWS adapters are imported only when their setting is set.

Admin jobs (a rating recompute): ``JOBS_FUNCTION`` set, they are queued to that Lambda; unset, they run
in this process when asked (tests, the local server, the CLI).

The admin token's hash: ``ADMIN_TOKEN_PARAMETER`` set, it is read from SSM Parameter Store through
Powertools Parameters on first use (never at import) and cached ``ADMIN_TOKEN_MAX_AGE`` seconds, so a
rotated hash takes effect within that bound; else ``ADMIN_TOKEN_HASH`` (local runs).

The API function's URL, where clients may send moves (``links.moves`` of a match answer): read the same
way from ``MOVE_URL_PARAMETER`` (cached ``MOVE_URL_MAX_AGE`` seconds: the URL lives as long as the stack),
else ``MOVE_URL``; neither set, there is none and clients use the API's path.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import re
import secrets
import time
import weakref
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from api import ratelimit
from api import settings as settings_module
from api.settings import SettingsError, settings
from scopa.application.clock import Clock, SystemClock
from scopa.application.ports.changes import ChangeFeed, NoFeed
from scopa.application.ports.fanout import FanoutDispatch
from scopa.application.ports.push import NoPusher, Pusher
from scopa.application.wiring import ServiceSet, Stores, WebhookWiring

if TYPE_CHECKING:
    from scopa.application.auth import Caller
    from scopa.application.ports.jobs import JobRunner

log = logging.getLogger("scopa.api.context")
_SHA256_HEX = re.compile(r"^[0-9a-f]{64}$")

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
    client = boto3.client(
        "dynamodb",
        region_name=cfg.region,
        endpoint_url=cfg.dynamodb_endpoint,
        config=Config(retries={"max_attempts": 4, "mode": "standard"}, connect_timeout=2, read_timeout=5),
    )
    # a move's first write waits for its rate count, written beside its read (api.ratelimit)
    client.meta.events.register("before-call.dynamodb", ratelimit.before_write)
    return client


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
    """API Gateway's management API of the WebSocket API at ``endpoint`` (PostToConnection), with an
    HTTPS pool as large as the notifier's posting threads (botocore keeps 10: the others would wait)."""
    import boto3
    from botocore.config import Config

    from scopa.application.services.live import POST_THREADS

    config = _config().merge(Config(max_pool_connections=POST_THREADS))
    return boto3.client(
        "apigatewaymanagementapi", region_name=settings().region, endpoint_url=endpoint, config=config
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


def fanout() -> FanoutDispatch | None:
    """Where the notifier hands on a big topic's further pages: the SQS queue (``FANOUT_QUEUE_URL``), or
    None (this process's own threads, as ``make run`` and tests)."""
    url = settings().fanout_queue_url
    if url:
        sqs_fanout = importlib.import_module("scopa.adapters.aws_sqs.fanout").SqsFanout
        return sqs_fanout(sqs_client(), url)  # type: ignore[no-any-return]
    return None


def job_runner() -> JobRunner | None:
    """Where admin jobs go: the jobs Lambda (``JOBS_FUNCTION``), or None (run in this process)."""
    function = settings().jobs_function
    if function:
        runner = importlib.import_module("scopa.adapters.aws_lambda.jobs").LambdaJobRunner
        return runner(lambda_client(), function)  # type: ignore[no-any-return]
    return None


@lru_cache(maxsize=1)
def ssm_provider() -> Any:
    """Powertools' SSM provider on a client with short timeouts (built on first use)."""
    from aws_lambda_powertools.utilities.parameters import SSMProvider
    from botocore.config import Config

    return SSMProvider(boto_config=_config().merge(Config(region_name=settings().region)))


def admin_token_hash() -> str | None:
    """The admin token's SHA-256: from SSM (cached) when ``ADMIN_TOKEN_PARAMETER`` is set, else the
    setting. A parameter that cannot be read or holds no hash means no admin (logged without its value)."""
    cfg = settings()
    if not cfg.admin_token_parameter:
        return cfg.admin_token_hash
    try:
        value = ssm_provider().get(cfg.admin_token_parameter, max_age=cfg.admin_token_max_age, decrypt=True)
    except Exception as exc:  # fail closed: the admin token is refused, every other caller is served
        log.error("admin token hash unreadable", extra={"error_type": type(exc).__name__})
        return None
    text = str(value or "").strip().lower()
    if not _SHA256_HEX.match(text):
        log.error("admin token parameter holds no SHA-256 hex digest")
        return None
    return text


#: Seconds the move URL read from SSM is kept: it changes only if the function URL is made anew.
MOVE_URL_MAX_AGE = 3600
#: Seconds a failed read is remembered: every match answer asks for the URL, and SSM is not asked again
#: for each of them (its GetParameter rate is an account-wide quota).
MOVE_URL_RETRY_AFTER = 60.0
_URL = re.compile(r"^https://[A-Za-z0-9.-]+/?$")
#: Per SSM provider (so it is forgotten with the provider's cache): time.monotonic() before which a
#: failed read of the move URL is not tried again.
_move_url_unread_until: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()


def move_url() -> str | None:
    """The base URL (no trailing slash) of the API function's URL, which serves moves only; None when
    there is none or it cannot be read (logged: clients then send moves to the API, as locally)."""
    cfg = settings()
    if not cfg.move_url_parameter:
        return cfg.move_url.rstrip("/") if cfg.move_url else None
    provider = ssm_provider()
    if time.monotonic() < _move_url_unread_until.get(provider, 0.0):
        return None
    try:
        value = provider.get(cfg.move_url_parameter, max_age=MOVE_URL_MAX_AGE)
    except Exception as exc:  # fail open to the API's own path: a move works either way
        log.warning("move url unreadable", extra={"error_type": type(exc).__name__})
        _move_url_unread_until[provider] = time.monotonic() + MOVE_URL_RETRY_AFTER
        return None
    text = str(value or "").strip()
    if not _URL.match(text):
        log.warning("move url parameter holds no https URL")
        return None
    return text.rstrip("/")


def moves_link(match_id: str) -> str | None:
    """Where a client may post the moves of ``match_id``: the move URL's path for them, or None."""
    base = move_url()
    return f"{base}/matches/{match_id}/moves" if base else None


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
    from scopa.application.services.webhooks import InProcessQueue, UrlPolicy

    cfg = settings()
    policy = UrlPolicy(allow_http=cfg.webhooks_allow_http, allow_private=cfg.webhooks_allow_private)
    if cfg.webhook_queue_url:
        sqs_queue = importlib.import_module("scopa.adapters.aws_sqs.webhooks").SqsDeliveryQueue
        return WebhookWiring(queue=sqs_queue(sqs_client(), cfg.webhook_queue_url), policy=policy)
    # Retries on timers only on the real clock (the local server); tests move their clock and run them.
    return WebhookWiring(queue=InProcessQueue(clock, timers=isinstance(clock, SystemClock)), policy=policy)


def signing_key() -> bytes | None:
    """The key that signs players' tokens: ``TOKEN_SIGNING_KEY``; unset, a key kept beside the SQLite
    file (made on first use, readable by its owner only), or None (a key of this process: an in-memory
    store, tests, a local table). In AWS Lambda it must be set: containers must agree on it."""
    cfg = settings()
    if cfg.token_signing_key is not None:
        return cfg.token_signing_key.get_secret_value().encode()
    if cfg.token_signing_key_parameter:
        return _parameter_key(cfg.token_signing_key_parameter)
    if cfg.token_signing_key_secret:
        return _parameter_key(cfg.token_signing_key_secret, secret=True)
    if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
        raise SettingsError(
            "invalid configuration: TOKEN_SIGNING_KEY, TOKEN_SIGNING_KEY_PARAMETER or "
            "TOKEN_SIGNING_KEY_SECRET: required in AWS Lambda"
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
def _parameter_key(name: str, *, secret: bool = False) -> bytes:
    """The signing key kept in an SSM SecureString parameter (decrypted) or a Secrets Manager secret, read
    once per container."""
    from aws_lambda_powertools.utilities import parameters

    if secret:
        value: Any = parameters.get_secret(name, max_age=24 * 3600)
    else:
        value = parameters.get_parameter(name, decrypt=True, max_age=24 * 3600)
    key = str(value or "").strip()
    if len(key) < 32:
        raise SettingsError(f"invalid configuration: the key in {name} must hold at least 32 characters")
    return key.encode()


class Services(ServiceSet):
    """The product's services on the configured stores, plus the caller behind a request."""

    def __init__(self, clock: Clock) -> None:
        super().__init__(
            build_stores(), clock, change_feed(), webhook_wiring(clock), job_runner(), signing_key()
        )

    def caller(self, headers: dict[str, str] | Any, *, fresh: bool = False) -> Caller:
        """Who calls: the token checked by its signature and the player's cached token version (read
        again when ``fresh``). The admin hash is looked up only for a request that presents a token (SSM
        on first use)."""
        authorization = (headers or {}).get("authorization")
        return self.tokens.caller(authorization, admin_token_hash() if authorization else None, fresh=fresh)


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
    ssm_provider.cache_clear()  # and with it the parameters it cached
    services.cache_clear()
    _parameter_key.cache_clear()

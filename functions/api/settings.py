"""The functions' configuration, read from the environment once, when this module is imported.

A missing or malformed variable fails the import, so the Lambda's cold start fails with a message that
names the variable (``TABLE_NAME: required when STORAGE=dynamodb``), instead of a 500 inside the first
request. Variables:

* ``STORAGE``: ``dynamodb`` (default) or ``sqlite`` (the local server's file store);
* ``TABLE_NAME``: the DynamoDB table (required with ``STORAGE=dynamodb``);
* ``SQLITE_PATH``: the SQLite file (``.local/scopa.db``);
* ``ADMIN_TOKEN_HASH``: SHA-256 hex (64 digits) of the admin bootstrap token, or ``ADMIN_TOKEN``, hashed
  here (only the hash is kept);
* ``ADMIN_TOKEN_PARAMETER``: instead, the SSM parameter holding that hash (String or SecureString), read
  on first use through Powertools Parameters and cached ``ADMIN_TOKEN_MAX_AGE`` seconds (``300``): what
  the deployed API uses (``api.context.admin_token_hash``);
* ``JOBS_FUNCTION``: the jobs function's name or ARN: admin jobs are queued there (else they run in
  the process that asks, as in tests and the local server);
* ``DYNAMODB_ENDPOINT``: another DynamoDB (local emulators); AWS's by default;
* ``AWS_REGION`` (or ``AWS_DEFAULT_REGION``): the region (``eu-south-1``);
* ``RANKING_SHARDS``: leaderboard index partitions per pool, 1 to 64 (``4``);
* ``RATE_LIMIT_PER_SECOND`` / ``RATE_LIMIT_BURST``: each caller's requests a second (``10``; ``0``: no limit)
  and at once (``60``), per API container (``api.ratelimit``);
* ``NOTIFIER_FUNCTION``: the notifier function's name or ARN: changes are handed to it (else nobody is
  notified, as in tests and the CLI);
* ``WEBSOCKET_ENDPOINT``: the WebSocket stage's management URL (``https://...``), where the live and
  notifier functions post messages;
* ``WEBSOCKET_URL``: the public ``wss://`` URL that pages and clients connect to;
* ``WEBHOOK_QUEUE_URL``: the SQS queue of webhook deliveries (else this process sends them itself);
* ``WEBHOOKS_ALLOW_HTTP``, ``WEBHOOKS_ALLOW_PRIVATE``: ``true`` lets webhooks use ``http://`` URLs and
  loopback or private addresses (local runs and tests; never set in AWS: see docs/webhooks.md).
* ``TOKEN_SIGNING_KEY``: the key that signs players' tokens (HMAC-SHA256), at least 32 characters
  (``openssl rand -base64 32``); required in AWS Lambda, where every container must share it. Elsewhere,
  unset: a key kept next to the SQLite file (``<SQLITE_PATH>.key``, made on first use), or for an
  in-memory store or a table, a key of the process (see :func:`api.context.signing_key`);
* ``TOKEN_SIGNING_KEY_PARAMETER``: instead of the key itself, the name of the SSM SecureString parameter
  holding it, read once per container through Powertools Parameters (decrypted) on first use;
* ``TOKEN_SIGNING_KEY_SECRET``: or the name or ARN of a Secrets Manager secret holding it (what the CDK
  app makes: a generated secret; infra/components/functions.py), read the same way.
* ``MOVE_URL_PARAMETER``: the SSM parameter holding the API function's URL (``https://<id>.lambda-url.
  <region>.on.aws/``), which the CDK app writes when ``move_url`` is on: match answers link moves there
  (``links.moves``), read on first use through Powertools Parameters and cached; or ``MOVE_URL``, the URL
  itself. Both unset (local runs): ``links.moves`` is null and moves go to the API's own path.

An empty variable counts as unset. Tests and the local server change the environment: :func:`reload`
reads it again (``api.context.reset()`` calls it and forgets what was built from the old settings).
"""

from __future__ import annotations

import hashlib
from typing import Any, Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_REGION = "eu-south-1"


class SettingsError(RuntimeError):
    """The environment holds a missing or malformed variable; the message names each one."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        case_sensitive=False, env_ignore_empty=True, extra="ignore", frozen=True
    )

    storage: Literal["dynamodb", "sqlite"] = "dynamodb"
    # "" with STORAGE=sqlite; 3 to 255 of DynamoDB's table-name characters otherwise
    table_name: str = Field("", pattern=r"^([A-Za-z0-9_.-]{3,255})?$")
    sqlite_path: str = Field(".local/scopa.db", min_length=1)
    admin_token_hash: str | None = Field(None, pattern=r"^[0-9A-Fa-f]{64}$")
    dynamodb_endpoint: str | None = Field(None, pattern=r"^https?://\S+$")
    region: str = Field(
        DEFAULT_REGION,
        min_length=1,
        validation_alias=AliasChoices("AWS_REGION", "AWS_DEFAULT_REGION"),
    )
    ranking_shards: int = Field(4, ge=1, le=64)
    # Per caller and container (api.ratelimit): steady requests a second, and how many at once; 0: no limit
    rate_limit_per_second: float = Field(10, ge=0, le=10_000)
    rate_limit_burst: int = Field(60, ge=1, le=100_000)
    notifier_function: str | None = Field(None, pattern=r"^[A-Za-z0-9_:.-]{1,170}$")
    websocket_endpoint: str | None = Field(None, pattern=r"^https?://\S+$")
    websocket_url: str | None = Field(None, pattern=r"^wss?://[^\s'\";,]+$")
    webhook_queue_url: str | None = Field(None, pattern=r"^\S{1,2048}$")  # an SQS queue's URL
    webhooks_allow_http: bool = False
    webhooks_allow_private: bool = False
    admin_token: SecretStr | None = Field(None, exclude=True, repr=False)  # always None once loaded
    admin_token_parameter: str | None = Field(None, pattern=r"^/[A-Za-z0-9_.\-/]{1,1010}$")
    admin_token_max_age: int = Field(300, ge=0, le=3600)
    jobs_function: str | None = Field(None, pattern=r"^[A-Za-z0-9_:.-]{1,170}$")
    token_signing_key: SecretStr | None = Field(None, min_length=32, exclude=True, repr=False)
    token_signing_key_parameter: str | None = Field(None, pattern=r"^[A-Za-z0-9_./-]{1,2048}$")
    token_signing_key_secret: str | None = Field(None, pattern=r"^[A-Za-z0-9_./:+=@!-]{1,2048}$")
    move_url: str | None = Field(None, pattern=r"^https?://[A-Za-z0-9.:-]+/?$")
    move_url_parameter: str | None = Field(None, pattern=r"^/[A-Za-z0-9_.\-/]{1,1010}$")

    @model_validator(mode="before")
    @classmethod
    def _hash_admin_token(cls, data: Any) -> Any:
        """``ADMIN_TOKEN`` becomes its hash here; the token itself is kept nowhere."""
        if isinstance(data, dict):
            data = dict(data)
            token = data.pop("admin_token", None)
            if isinstance(token, SecretStr):
                token = token.get_secret_value()
            if token and not data.get("admin_token_hash"):
                data["admin_token_hash"] = hashlib.sha256(str(token).encode()).hexdigest()
        return data

    @field_validator("admin_token_hash")
    @classmethod
    def _lower_hex(cls, value: str | None) -> str | None:
        return value.lower() if value else value

    @model_validator(mode="after")
    def _table_for_dynamodb(self) -> Settings:
        if self.storage == "dynamodb" and not self.table_name:
            raise ValueError("TABLE_NAME: required when STORAGE=dynamodb")
        return self


_VARIABLES = {
    "storage": "STORAGE",
    "table_name": "TABLE_NAME",
    "sqlite_path": "SQLITE_PATH",
    "admin_token_hash": "ADMIN_TOKEN_HASH",
    "dynamodb_endpoint": "DYNAMODB_ENDPOINT",
    "region": "AWS_REGION",
    "AWS_REGION": "AWS_REGION",
    "AWS_DEFAULT_REGION": "AWS_DEFAULT_REGION",
    "ranking_shards": "RANKING_SHARDS",
    "rate_limit_per_second": "RATE_LIMIT_PER_SECOND",
    "rate_limit_burst": "RATE_LIMIT_BURST",
    "notifier_function": "NOTIFIER_FUNCTION",
    "websocket_endpoint": "WEBSOCKET_ENDPOINT",
    "websocket_url": "WEBSOCKET_URL",
    "webhook_queue_url": "WEBHOOK_QUEUE_URL",
    "webhooks_allow_http": "WEBHOOKS_ALLOW_HTTP",
    "webhooks_allow_private": "WEBHOOKS_ALLOW_PRIVATE",
    "admin_token_parameter": "ADMIN_TOKEN_PARAMETER",
    "admin_token_max_age": "ADMIN_TOKEN_MAX_AGE",
    "jobs_function": "JOBS_FUNCTION",
    "token_signing_key": "TOKEN_SIGNING_KEY",
    "token_signing_key_parameter": "TOKEN_SIGNING_KEY_PARAMETER",
    "token_signing_key_secret": "TOKEN_SIGNING_KEY_SECRET",
    "move_url": "MOVE_URL",
    "move_url_parameter": "MOVE_URL_PARAMETER",
}


def load() -> Settings:
    """Read the environment now; :class:`SettingsError` names every variable that is wrong.

    The message never repeats a value (a variable may hold a secret), only what is expected of it.
    """
    try:
        return Settings()
    except ValidationError as exc:
        problems = []
        for error in exc.errors(include_input=False, include_url=False):
            field = str(error["loc"][0]) if error["loc"] else ""
            message = str(error["msg"]).removeprefix("Value error, ")
            name = _VARIABLES.get(field)
            problems.append(f"{name}: {message}" if name else message)
        raise SettingsError("invalid configuration: " + "; ".join(problems)) from None


_current: list[Settings] = [load()]


def settings() -> Settings:
    """The settings read at import (or by the last :func:`reload`)."""
    return _current[0]


def reload() -> Settings:
    """Read the environment again (tests and the local server, after they change it)."""
    _current[0] = load()
    return _current[0]

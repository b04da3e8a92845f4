"""Typed settings per environment (dev, prod): names, sizes, retention, throttling, alarm thresholds.

Only the admin token's hash comes from outside, through CDK context (``-c admin_token_hash=...``) or the
``SCOPA_ADMIN_TOKEN_HASH`` variable, so no credential is committed; the service never sees the token itself.
The stack keeps the hash in an SSM parameter (``/scopa/<env>/admin-token-hash``) that the API reads
through Powertools Parameters; or, with ``-c admin_token_parameter=<name>``, it reads a parameter made
outside the stack (a SecureString, say) and the hash never enters the template.
"""

from __future__ import annotations

import os
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

#: CPython version of the Lambda runtime; the layer's wheels and bytecode are built for it (``infra.layer``)
#: and the suite runs on it (the Makefile reads this line to choose the venv's Python; a version this
#: machine lacks fails ``tests/infra/test_runtime_python.py``: what ships is what is tested).
PYTHON_VERSION = "3.13"

#: Retention periods CloudWatch Logs accepts (days), so a typo fails at load, not at deploy.
LOG_RETENTION_DAYS = frozenset({1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827})

_SHA256_HEX = re.compile(r"^[0-9a-f]{64}$")
_PARAMETER_NAME = re.compile(r"^/[A-Za-z0-9_.\-/]{1,1010}$")

#: How the API function's new versions take traffic (CodeDeploy's predefined Lambda configurations).
DeployStyle = Literal["all_at_once", "canary_10_percent_5_minutes", "linear_10_percent_every_minute"]


class FunctionSize(BaseModel):
    model_config = ConfigDict(frozen=True)

    memory_mb: int = Field(ge=128, le=10240)
    timeout_seconds: int = Field(ge=1, le=900)


class Alarms(BaseModel):
    """Thresholds of the alarms; each alarm fires after ``periods`` one-minute periods in breach."""

    model_config = ConfigDict(frozen=True)

    function_errors: int = Field(ge=1)  # errors per period, per function
    function_throttles: int = Field(ge=1)
    api_5xx_percent: float = Field(gt=0, le=100)  # 5xx answers as a share of all answers
    api_latency_p99_ms: int = Field(ge=100, le=30_000)
    periods: int = Field(ge=1, le=60)
    email: str | None = None  # subscribed to the alarm topic when set


class EnvironmentConfig(BaseModel):
    """Everything that differs between dev and prod; the stack reads nothing else."""

    model_config = ConfigDict(frozen=True)

    name: Literal["dev", "prod"]
    stack_name: str
    table_name: str = Field(min_length=3, max_length=255)
    api: FunctionSize
    pipeline: FunctionSize
    live: FunctionSize  # the WebSocket API's function: connect, disconnect, messages
    notifier: FunctionSize  # fans a change out to its subscribers
    jobs: FunctionSize  # asynchronous admin jobs (a rating pool's recompute)
    #: Reserved concurrency of the pipeline: None (the default) reserves nothing. New accounts may have
    #: a concurrency quota of 10, and Lambda refuses reservations that leave fewer than 10 unreserved; the
    #: pipeline is correct with runs overlapping (every step is conditional), so this only caps its cost.
    pipeline_reserved_concurrency: int | None = Field(None, ge=1, le=1000)
    #: Moves through a Lambda function URL on the API function's alias (auth NONE: the app checks its own
    #: tokens; it serves POST /matches/{id}/moves only, functions/api/function_url.py), written to the SSM
    #: parameter ``/scopa/<env>/move-url`` that match answers read (``links.moves``). It skips API
    #: Gateway's fee (docs/deploying.md, "What it costs") and so its stage throttling: moves keep the
    #: app's per-caller limit (per player, or per source address for a token it did not sign:
    #: functions/api/ratelimit.py), and ``api_reserved_concurrency`` can cap the function as a whole.
    move_url: bool = True
    #: Reserved concurrency of the API function: None (the default) reserves nothing. Set, it caps the
    #: concurrent requests of both front doors (the HTTP API and the move URL), and their cost.
    api_reserved_concurrency: int | None = Field(None, ge=1, le=1000)
    #: The API function deploys through its alias ``live`` with CodeDeploy; rolled back on its alarms.
    api_deploy: DeployStyle
    log_retention_days: int
    throttle_rate: int = Field(ge=1)  # steady requests per second on the API's default stage
    throttle_burst: int = Field(ge=1)
    #: The WebSocket stage: messages per second from all clients together (a connected player sends
    #: little: subscribe, unsubscribe, a ping every few minutes; moves go through the HTTP API).
    live_throttle_rate: int = Field(ge=1)
    live_throttle_burst: int = Field(ge=1)
    cors_origins: tuple[str, ...]  # "*" is safe here: clients send bearer tokens, never cookies
    ranking_shards: int = Field(ge=1, le=64)
    deletion_protection: bool  # of the table, as a CloudFormation property
    retain_logs: bool  # keep log groups when the stack is deleted (the table is always kept)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"]
    alarms: Alarms
    admin_token_hash: str | None = None
    #: An SSM parameter made outside the stack holding the hash (String or SecureString).
    admin_token_parameter: str | None = None

    @field_validator("log_retention_days")
    @classmethod
    def _retention(cls, days: int) -> int:
        if days not in LOG_RETENTION_DAYS:
            raise ValueError(
                f"CloudWatch Logs does not offer {days} days; one of {sorted(LOG_RETENTION_DAYS)}"
            )
        return days

    @field_validator("admin_token_hash")
    @classmethod
    def _hash(cls, value: str | None) -> str | None:
        if value is not None and not _SHA256_HEX.match(value):
            raise ValueError("admin_token_hash must be the SHA-256 of the token as 64 lowercase hex digits")
        return value

    @field_validator("admin_token_parameter")
    @classmethod
    def _parameter(cls, value: str | None) -> str | None:
        if value is not None and not _PARAMETER_NAME.match(value):
            raise ValueError("admin_token_parameter must be an SSM parameter name starting with '/'")
        return value

    @property
    def admin_parameter_name(self) -> str | None:
        """The SSM parameter the API reads the admin token's hash from (None: no admin)."""
        if self.admin_token_parameter:
            return self.admin_token_parameter
        return f"/scopa/{self.name}/admin-token-hash" if self.admin_token_hash else None

    @property
    def move_url_parameter_name(self) -> str:
        """The SSM parameter holding the move URL (when ``move_url`` is on); fixed by the stack's name, so
        the function's environment names it without referring to the URL (no circular reference)."""
        return f"/scopa/{self.name}/move-url"

    @model_validator(mode="after")
    def _prod_is_guarded(self) -> EnvironmentConfig:
        if self.name == "prod" and not (self.deletion_protection and self.retain_logs):
            raise ValueError("prod keeps its table under deletion protection and retains its logs")
        if self.name == "prod" and self.admin_parameter_name is None:
            raise ValueError(
                "prod needs admin_token_hash (context or SCOPA_ADMIN_TOKEN_HASH) or admin_token_parameter"
            )
        if self.throttle_burst < self.throttle_rate or self.live_throttle_burst < self.live_throttle_rate:
            raise ValueError(
                "throttle_burst below throttle_rate would cap every second's traffic at the burst"
            )
        return self


ENVIRONMENTS: dict[str, dict[str, Any]] = {
    "dev": {
        "name": "dev",
        "stack_name": "Scopa-dev",
        "table_name": "scopa-dev",
        "api": {"memory_mb": 512, "timeout_seconds": 25},
        "pipeline": {"memory_mb": 512, "timeout_seconds": 55},
        "live": {"memory_mb": 512, "timeout_seconds": 10},
        "notifier": {"memory_mb": 512, "timeout_seconds": 30},
        "jobs": {"memory_mb": 1024, "timeout_seconds": 300},
        "api_deploy": "all_at_once",
        "log_retention_days": 14,
        "throttle_rate": 20,
        "throttle_burst": 40,
        "live_throttle_rate": 20,
        "live_throttle_burst": 40,
        "cors_origins": ("*",),
        "ranking_shards": 4,
        "deletion_protection": False,
        "retain_logs": False,
        "log_level": "DEBUG",
        "alarms": {
            "function_errors": 5,
            "function_throttles": 1,
            "api_5xx_percent": 5.0,
            "api_latency_p99_ms": 3000,
            "periods": 5,
        },
    },
    "prod": {
        "name": "prod",
        "stack_name": "Scopa-prod",
        "table_name": "scopa-prod",
        "api": {"memory_mb": 1024, "timeout_seconds": 25},
        "pipeline": {"memory_mb": 1024, "timeout_seconds": 55},
        "live": {"memory_mb": 512, "timeout_seconds": 10},
        "notifier": {"memory_mb": 512, "timeout_seconds": 30},
        "jobs": {"memory_mb": 1024, "timeout_seconds": 300},
        "api_deploy": "canary_10_percent_5_minutes",
        "log_retention_days": 90,
        "throttle_rate": 200,
        "throttle_burst": 400,
        "live_throttle_rate": 200,
        "live_throttle_burst": 400,
        "cors_origins": ("*",),
        "ranking_shards": 8,
        "deletion_protection": True,
        "retain_logs": True,
        "log_level": "INFO",
        "alarms": {
            "function_errors": 1,
            "function_throttles": 1,
            "api_5xx_percent": 1.0,
            "api_latency_p99_ms": 2000,
            "periods": 3,
        },
    },
}

#: Request headers a browser client may send (CORS preflight answers).
CORS_HEADERS = ("authorization", "content-type", "idempotency-key")


def load(
    name: str,
    admin_token_hash: str | None = None,
    alarm_email: str | None = None,
    *,
    admin_token_parameter: str | None = None,
    pipeline_reserved_concurrency: int | None = None,
    move_url: bool | None = None,
    api_reserved_concurrency: int | None = None,
) -> EnvironmentConfig:
    """The configuration of ``name``; the hash falls back to ``SCOPA_ADMIN_TOKEN_HASH`` when not given."""
    if name not in ENVIRONMENTS:
        raise ValueError(f"unknown environment {name!r}; one of {sorted(ENVIRONMENTS)}")
    raw = dict(ENVIRONMENTS[name])
    raw["admin_token_hash"] = admin_token_hash or os.environ.get("SCOPA_ADMIN_TOKEN_HASH") or None
    raw["admin_token_parameter"] = admin_token_parameter or None
    if pipeline_reserved_concurrency is not None:
        raw["pipeline_reserved_concurrency"] = pipeline_reserved_concurrency
    if move_url is not None:
        raw["move_url"] = move_url
    if api_reserved_concurrency is not None:
        raw["api_reserved_concurrency"] = api_reserved_concurrency
    if alarm_email:
        raw["alarms"] = {**raw["alarms"], "email": alarm_email}
    return EnvironmentConfig.model_validate(raw)

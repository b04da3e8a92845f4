"""The functions' configuration, read from the environment once, on first use (each handler asks at import).

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
  and at once (``60``): each container's bucket, and a count every container shares (``api.ratelimit``);
* ``NOTIFIER_FUNCTION``: the notifier function's name or ARN: changes are handed to it (else nobody is
  notified, as in tests and the CLI);
* ``WEBSOCKET_ENDPOINT``: the WebSocket stage's management URL (``https://...``), where the live and
  notifier functions post messages;
* ``WEBSOCKET_URL``: the public ``wss://`` URL that pages and clients connect to;
* ``WEBHOOK_QUEUE_URL``: the SQS queue of webhook deliveries (else this process sends them itself);
* ``FANOUT_QUEUE_URL``: the SQS queue where the notifier hands on the further pages of a big topic's
  followers (else they are posted by this process's own threads; docs/live.md);
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

Plain ``os.environ`` reading and checks, not pydantic-settings: building a settings model and importing
that package cost about 40 ms of every API cold start (docs/benchmarks.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Literal

DEFAULT_REGION = "eu-south-1"
_TRUE = frozenset({"1", "true", "t", "yes", "y", "on"})
_FALSE = frozenset({"0", "false", "f", "no", "n", "off"})


class SettingsError(RuntimeError):
    """The environment holds a missing or malformed variable; the message names each one."""


class Secret:
    """A value kept out of ``repr``, ``str`` and comparisons' output (a key or a token)."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def get_secret_value(self) -> str:
        return self._value

    def __len__(self) -> int:
        return len(self._value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)

    def __repr__(self) -> str:
        return "Secret('**********')"

    __str__ = __repr__


def _pattern(expression: str) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:  # compiled only for a variable that is set (re caches it)
        if value is None or (isinstance(value, str) and re.fullmatch(expression, value)):
            return None
        return f"String should match pattern '^{expression}$'"

    return check


def _between(low: float, high: float, kind: type) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if not isinstance(value, int if kind is int else (int, float)) or isinstance(value, bool):
            return f"Input should be a valid {'integer' if kind is int else 'number'}"
        if isinstance(value, float) and not math.isfinite(value):
            return "Input should be a finite number"
        if value < low:
            return f"Input should be greater than or equal to {low:g}"
        if value > high:
            return f"Input should be less than or equal to {high:g}"
        return None

    return check


def _one_of(*allowed: str) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        return None if value in allowed else "Input should be " + " or ".join(f"'{a}'" for a in allowed)

    return check


def _not_empty(value: object) -> str | None:
    return None if isinstance(value, str) and value else "String should have at least 1 character"


def _flag(value: object) -> str | None:
    return None if isinstance(value, bool) else "Input should be a valid boolean"


def _key(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, Secret):
        return "Input should be a valid string"
    return None if len(value) >= 32 else "Value should have at least 32 characters"


@dataclass(frozen=True, kw_only=True)
class Settings:
    """What the environment says; every field is checked when built (:class:`ValueError` naming the
    fields). Build it from the environment with :func:`load`."""

    storage: Literal["dynamodb", "sqlite"] = "dynamodb"
    # "" with STORAGE=sqlite; 3 to 255 of DynamoDB's table-name characters otherwise
    table_name: str = ""
    sqlite_path: str = ".local/scopa.db"
    admin_token_hash: str | None = None
    dynamodb_endpoint: str | None = None
    region: str = DEFAULT_REGION
    ranking_shards: int = 4
    # Per caller (api.ratelimit: buckets, then a shared count): requests a second, how many at once; 0: off
    rate_limit_per_second: float = 10.0
    rate_limit_burst: int = 60
    notifier_function: str | None = None
    websocket_endpoint: str | None = None
    websocket_url: str | None = None
    webhook_queue_url: str | None = None  # an SQS queue's URL
    fanout_queue_url: str | None = None  # an SQS queue's URL
    webhooks_allow_http: bool = False
    webhooks_allow_private: bool = False
    admin_token: Secret | None = field(default=None, repr=False)  # always None once built: hashed
    admin_token_parameter: str | None = None
    admin_token_max_age: int = 300
    jobs_function: str | None = None
    token_signing_key: Secret | None = field(default=None, repr=False)
    token_signing_key_parameter: str | None = None
    token_signing_key_secret: str | None = None
    move_url: str | None = None
    move_url_parameter: str | None = None

    def __post_init__(self) -> None:
        token = self.admin_token
        if token is not None:  # ADMIN_TOKEN becomes its hash here; the token itself is kept nowhere
            if not self.admin_token_hash and token.get_secret_value():
                digest = hashlib.sha256(token.get_secret_value().encode()).hexdigest()
                object.__setattr__(self, "admin_token_hash", digest)
            object.__setattr__(self, "admin_token", None)
        if isinstance(self.rate_limit_per_second, int) and not isinstance(self.rate_limit_per_second, bool):
            object.__setattr__(self, "rate_limit_per_second", float(self.rate_limit_per_second))
        problems = self.problems()
        if problems:
            raise ValueError("; ".join(f"{name}: {message}" for name, message in problems))
        if self.admin_token_hash:
            object.__setattr__(self, "admin_token_hash", self.admin_token_hash.lower())

    def problems(self) -> list[tuple[str, str]]:
        """(field, what is expected of it) for every field that is wrong; the values are not repeated."""
        found = []
        for name, check in _CHECKS.items():
            message = check(getattr(self, name))
            if message:
                found.append((name, message))
        if not found and self.storage == "dynamodb" and not self.table_name:
            found.append(("table_name", "required when STORAGE=dynamodb"))
        return found


_CHECKS: dict[str, Callable[[object], str | None]] = {
    "storage": _one_of("dynamodb", "sqlite"),
    "table_name": _pattern(r"([A-Za-z0-9_.-]{3,255})?"),
    "sqlite_path": _not_empty,
    "admin_token_hash": _pattern(r"[0-9A-Fa-f]{64}"),
    "dynamodb_endpoint": _pattern(r"https?://\S+"),
    "region": _not_empty,
    "ranking_shards": _between(1, 64, int),
    "rate_limit_per_second": _between(0, 10_000, float),
    "rate_limit_burst": _between(1, 100_000, int),
    "notifier_function": _pattern(r"[A-Za-z0-9_:.-]{1,170}"),
    "websocket_endpoint": _pattern(r"https?://\S+"),
    "websocket_url": _pattern(r"wss?://[^\s'\";,]+"),
    "webhook_queue_url": _pattern(r"\S{1,2048}"),
    "fanout_queue_url": _pattern(r"\S{1,2048}"),
    "webhooks_allow_http": _flag,
    "webhooks_allow_private": _flag,
    "admin_token_parameter": _pattern(r"/[A-Za-z0-9_.\-/]{1,1010}"),
    "admin_token_max_age": _between(0, 3600, int),
    "jobs_function": _pattern(r"[A-Za-z0-9_:.-]{1,170}"),
    "token_signing_key": _key,
    "token_signing_key_parameter": _pattern(r"[A-Za-z0-9_./-]{1,2048}"),
    "token_signing_key_secret": _pattern(r"[A-Za-z0-9_./:+=@!-]{1,2048}"),
    "move_url": _pattern(r"https?://[A-Za-z0-9.:-]+/?"),
    "move_url_parameter": _pattern(r"/[A-Za-z0-9_.\-/]{1,1010}"),
}
_KINDS = {f.name: f.type for f in fields(Settings)}


def _variable(name: str) -> str:
    return "AWS_REGION" if name == "region" else name.upper()


def _parse(name: str, text: str) -> tuple[object, str | None]:
    """The variable's text as its field's type, or the reason it is not one."""
    kind = str(_KINDS[name])
    if kind == "int":
        try:
            return int(text.strip()), None
        except ValueError:
            return None, "Input should be a valid integer, unable to parse string as an integer"
    if kind == "float":
        try:
            return float(text.strip()), None
        except ValueError:
            return None, "Input should be a valid number, unable to parse string as a number"
    if kind == "bool":
        word = text.strip().lower()
        if word in _TRUE or word in _FALSE:
            return word in _TRUE, None
        return None, "Input should be a valid boolean, unable to interpret input"
    if kind.startswith("Secret"):
        return Secret(text), None
    return text, None


def load(environ: Mapping[str, str] | None = None) -> Settings:
    """Read the environment now; :class:`SettingsError` names every variable that is wrong.

    Names are read in any case; an empty variable counts as unset. The message never repeats a value (a
    variable may hold a secret), only what is expected of it.
    """
    given = {k.upper(): v for k, v in (os.environ if environ is None else environ).items() if v != ""}
    values: dict[str, object] = {}
    problems: list[str] = []
    for name in _KINDS:
        if name == "region":
            text = given.get("AWS_REGION", given.get("AWS_DEFAULT_REGION"))
            variable = "AWS_REGION" if "AWS_REGION" in given else "AWS_DEFAULT_REGION"
        else:
            variable = _variable(name)
            text = given.get(variable)
        if text is None:
            continue
        value, problem = _parse(name, text)
        if problem:
            problems.append(f"{variable}: {problem}")
        else:
            values[name] = value
    if not problems:
        with contextlib.suppress(ValueError):  # a field is wrong: each one is named below
            return Settings(**values)  # type: ignore[arg-type]
    checked = Settings.__new__(Settings)  # the fields that parsed, checked one by one
    for name in _KINDS:
        object.__setattr__(checked, name, values.get(name, _DEFAULTS[name]))
    for name, message in checked.problems():
        if message.startswith("required") and problems:
            continue  # said only when nothing else is wrong
        problems.append(f"{_variable(name)}: {message}")
    raise SettingsError("invalid configuration: " + "; ".join(problems))


_DEFAULTS: dict[str, object] = {f.name: f.default for f in fields(Settings)}
_current: list[Settings] = []


def settings() -> Settings:
    """The settings, read on the first call (each handler calls it at import, so a Lambda's cold start
    fails on a bad variable) or by the last :func:`reload`. Importing this module reads nothing: the CDK
    app lists the API's routes in a shell that holds none of these variables."""
    if not _current:
        _current.append(load())
    return _current[0]


def reload() -> Settings:
    """Read the environment again (tests and the local server, after they change it)."""
    _current[:] = [load()]
    return _current[0]

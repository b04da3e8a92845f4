"""The golden run's machinery: a seeded, clock-fixed API in process on either store, every answer recorded
byte for byte, and the store dumped afterwards in key order.

Every random value the service draws comes from the ``secrets`` module (ids, tokens, seeds, seat draws);
for the run those functions draw from one seeded generator, the clock is a :class:`ManualClock`, and the
token signing key is fixed, so two runs give the same bytes. What Lambda and API Gateway put in an event
(request id, time) is set to fixed values here rather than filtered from the answers.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import logging
import os
import random
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "functions"))  # as pytest's pythonpath does

from tests.common import ManualClock, use_fake_aws

use_fake_aws()
os.environ.setdefault("TABLE_NAME", "scopa-test")
os.environ.setdefault("RATE_LIMIT_PER_SECOND", "0")

# api.handler and pipeline.handler are imported before any run: a module that draws from ``secrets`` when
# imported (auth's development key) must not take a draw from the seeded generator, or the run would
# depend on what ran before it in the process.
import pipeline.handler  # noqa: E402, F401
from api.handler import handler  # noqa: E402
from tests.api import conftest as api_conftest  # noqa: E402 (env first)
from tools.apigw import FakeLambdaContext, function_url_event, http_event  # noqa: E402

SEED = 20261129
START = 1_800_000_000.0
SIGNING_KEY = "golden-run-signing-key-0123456789abcdef"
#: Answer headers left out of the record: none so far (every header the API sends is deterministic).
IGNORED_HEADERS: frozenset[str] = frozenset()

Line = dict[str, Any]


class SeededSecrets:
    """Stand-ins for the ``secrets`` functions the service calls, drawing from one seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def token_bytes(self, nbytes: int | None = None) -> bytes:
        return self.rng.randbytes(32 if nbytes is None else nbytes)

    def token_hex(self, nbytes: int | None = None) -> str:
        return self.token_bytes(nbytes).hex()

    def token_urlsafe(self, nbytes: int | None = None) -> str:
        return base64.urlsafe_b64encode(self.token_bytes(nbytes)).rstrip(b"=").decode("ascii")

    def system_random(self) -> random.Random:
        return random.Random(self.rng.getrandbits(64))


@contextmanager
def deterministic(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """``secrets`` seeded, the signing key fixed, no rate limit (it reads ``time.monotonic``)."""
    fake = SeededSecrets(SEED)
    patch.setattr(secrets, "token_bytes", fake.token_bytes)
    patch.setattr(secrets, "token_hex", fake.token_hex)
    patch.setattr(secrets, "token_urlsafe", fake.token_urlsafe)
    patch.setattr(secrets, "SystemRandom", fake.system_random)
    patch.setenv("TOKEN_SIGNING_KEY", SIGNING_KEY)
    patch.setenv("RATE_LIMIT_PER_SECOND", "0")
    yield


class Recorder:
    """Calls the real API handler with HTTP API (or function URL) events and records every answer."""

    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.lines: list[Line] = []

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
    ) -> tuple[int, Any]:
        """The answer's status and parsed JSON body (None when not JSON); the raw answer is recorded."""
        hdrs = dict(headers or {})
        if token:
            hdrs["authorization"] = f"Bearer {token}"
        build = function_url_event if via_url else http_event
        event = build(method, path, body=body, raw_body=raw_body, headers=hdrs, query=query)
        number = len(self.lines)
        # API Gateway's own request id and time: fixed, so nothing in the event depends on the wall clock.
        event["requestContext"].update(
            requestId=f"golden-{number:05d}",
            time="15/Jan/2027:08:00:00 +0000",
            timeEpoch=int(self.clock.now() * 1000),
        )
        lambda_context = FakeLambdaContext()
        lambda_context.aws_request_id = f"golden-{number:05d}"
        out = handler(event, lambda_context)
        text = out.get("body") or ""
        if path == "/openapi.json" and int(out["statusCode"]) == 200:
            # Normalised: the order of the document's paths follows the order the process first loaded
            # its route groups (api.app.Resolver includes a group at its first request), i.e. what ran
            # before in the process, not this run. Keys sorted; content compared in full.
            text = json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
        answer_headers = {
            k.lower(): v for k, v in (out.get("headers") or {}).items() if k.lower() not in IGNORED_HEADERS
        }
        self.lines.append(
            {
                "kind": "answer",
                "n": number,
                "request": {
                    "method": method,
                    "path": path,
                    "query": query,
                    "body": body if raw_body is None else raw_body,
                    "via_url": via_url,
                    "as": _who(token),
                },
                "status": int(out["statusCode"]),
                "headers": dict(sorted(answer_headers.items())),
                "multi_headers": out.get("multiValueHeaders"),
                "cookies": out.get("cookies"),
                "base64": out.get("isBase64Encoded", False),
                "body": text,
            }
        )
        try:
            parsed = json.loads(text) if text else None
        except json.JSONDecodeError:
            parsed = None
        return int(out["statusCode"]), parsed

    def ok(self, method: str, path: str, body: Any = None, **kwargs: Any) -> Any:
        """A call that must succeed (2xx): its parsed body."""
        status, parsed = self.call(method, path, body, **kwargs)
        assert 200 <= status < 300, (method, path, status, parsed)
        return parsed


def _who(token: str | None) -> str | None:
    """A short, stable label for the caller (the token's first characters)."""
    return None if token is None else token[:12]


def _plain(value: Any) -> Any:
    """A stored value as JSON: bytes as base64 text, sets sorted, the rest as is."""
    if isinstance(value, bytes | bytearray | memoryview):
        return {"b64": base64.b64encode(bytes(value)).decode()}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    return value


def dump_sqlite() -> list[Line]:
    """Every row of every SQLite table under the API, each table's rows in primary-key order."""
    from api import context

    db = getattr(context.services().stores.matches, "db")  # noqa: B009
    names = [r["name"] for r in db.query("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
    lines: list[Line] = []
    for name in names:
        rows = db.query(f'SELECT * FROM "{name}"')
        # A sqlite3.Row iterates its values: its column names come from keys().
        dumped = sorted((_row(row) for row in rows), key=_sort_key)
        lines.extend({"kind": "row", "table": name, "row": row} for row in dumped)
    return lines


def _row(row: Any) -> dict[str, Any]:
    """A SQLite row as a column -> value mapping."""
    return {k: _plain(row[k]) for k in row.keys()}  # noqa: SIM118 (a Row iterates values, not names)


def _sort_key(row: dict[str, Any]) -> str:
    return json.dumps(row, sort_keys=True)


def dump_dynamodb() -> list[Line]:
    """Every item of the table (a boto3 scan), sorted by partition and sort key."""
    from tests.api.support import scan_table

    items = sorted(scan_table(), key=lambda i: (i["pk"]["S"], i["sk"]["S"]))
    return [{"kind": "item", "item": _plain(dict(sorted(item.items())))} for item in items]


@contextmanager
def _no_logs() -> Iterator[None]:
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(logging.NOTSET)


@contextmanager
def api_on(store: str) -> Iterator[tuple[Recorder, Callable[[], list[Line]]]]:
    """The API on ``store`` (``sqlite`` or ``dynamodb``), seeded: a recorder and the store's dump."""
    import boto3
    from moto import mock_aws

    from api import context
    from scopa.adapters.dynamodb.players_matches import create_table

    clock = ManualClock(START)
    # The handlers' logs and metrics (printed to stdout) are no part of the record: kept quiet, so a
    # failing comparison is not buried under thousands of captured lines.
    quiet = contextlib.redirect_stdout(io.StringIO())
    with pytest.MonkeyPatch.context() as patch, deterministic(patch), quiet, _no_logs():
        if store == "sqlite":
            with api_conftest._store("sqlite"):  # the API tests' own store switch
                context.use_clock(clock)
                yield Recorder(clock), dump_sqlite
        else:
            from moto.dynamodb import models as dynamodb_models
            from moto.dynamodb.responses import DynamoResult

            from tests.pipeline import conftest as pipeline_conftest

            # The pipeline tests' faster moto (same results, less copying): see tests/pipeline/conftest.py.
            patch.setattr(dynamodb_models, "copy", pipeline_conftest._CopyAllButTables)
            patch.setattr(
                dynamodb_models.DynamoDBBackend,
                "transact_write_items",
                pipeline_conftest._transact_backing_up_items,
            )
            patch.setattr(DynamoResult, "execute_result", pipeline_conftest._json_result)
            with mock_aws(), api_conftest._store("dynamodb"):
                create_table(boto3.client("dynamodb"), os.environ["TABLE_NAME"])
                context.use_clock(clock)
                yield Recorder(clock), dump_dynamodb

"""API benchmark: the real Lambda handler in-process on moto, against references measured in the same run.

``python -m bench.api`` prints a table (``--json``: the rows; ``--quick``: a smoke run); ``run()`` returns the
rows for ``python -m bench``. What it measures:

1. **Throughput** of ``GET /matches/{id}`` (a seated player's view: token read, match read, view built) and
   ``POST /matches/{id}/moves`` (a move against the greedy bot: token read, match read, engine, the bot's
   answer, one conditional write), in requests per second. Each is compared with two references timed in the
   same repetitions, round-robin, so a noisy machine slows all of them alike:

   * ``moto round``: a bare consistent ``GetItem`` plus a conditional ``PutItem`` of the same match item on
     the same client, the storage floor of a move;
   * ``GET /health``: the handler's floor (Powertools resolver, logger, metrics) with no storage at all.

   ``ratio`` is the API's rate over the ``moto round`` rate (1.0 = as fast as the bare storage calls).
2. **DynamoDB per move**: calls by operation, billed item bytes read and written (mean and max over whole
   games, with and without an ``Idempotency-Key``), HTTP bytes, and the capacity units they imply.

moto runs in-process (``mock_aws``), so absolute rates say little about AWS; the ratios and the costs do.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import os
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bench.meter import DynamoMeter, read_units, write_units

ROOT = Path(__file__).resolve().parent.parent
TABLE = "scopa-bench"
ADMIN_TOKEN = "admin-bench-token"
TOKEN_READ_RCU = 0.5  # an eventually consistent read of an item under 4 KB


@contextlib.contextmanager
def _environment(**overrides: str) -> Iterator[None]:
    """Fake AWS credentials and the handler's settings while the benchmark runs; restored afterwards.

    The per-caller rate limit is off (``RATE_LIMIT_PER_SECOND=0``, as in the tests) unless ``overrides``
    set it: a benchmark sends as one player from one address as fast as the handler answers, which the
    limit (10 a second) would refuse after its first 60 requests.
    """
    wanted = {
        "AWS_DEFAULT_REGION": os.environ.get("AWS_DEFAULT_REGION", "eu-south-1"),
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "POWERTOOLS_TRACE_DISABLED": "1",
        "POWERTOOLS_METRICS_NAMESPACE": "ScopaBench",
        "TABLE_NAME": TABLE,
        "ADMIN_TOKEN": ADMIN_TOKEN,
        "STORAGE": "dynamodb",  # moto, whatever the shell (or an earlier test in this process) chose
        "RATE_LIMIT_PER_SECOND": "0",
        **overrides,
    }
    saved = {name: os.environ.get(name) for name in [*wanted, "ADMIN_TOKEN_HASH", "DYNAMODB_ENDPOINT"]}
    os.environ.update(wanted)
    os.environ.pop("ADMIN_TOKEN_HASH", None)
    os.environ.pop("DYNAMODB_ENDPOINT", None)  # always moto, never a configured emulator
    functions = str(ROOT / "functions")
    if functions not in sys.path:
        sys.path.insert(0, functions)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class _Sink(io.TextIOBase):
    def write(self, text: str) -> int:
        return len(text)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Keep the handler's log lines and metrics (one JSON line each per request) off the console.

    They are still formatted and written, as in Lambda, only to a sink.
    """
    from api.observability import logger

    handler: Any = logger.registered_handler
    sink = _Sink()
    previous = handler.setStream(sink)
    with warnings.catch_warnings(), contextlib.redirect_stdout(sink):
        warnings.simplefilter("ignore")
        try:
            yield
        finally:
            handler.setStream(previous)


class _Client:
    """Calls the handler with HTTP API v2 events, as API Gateway would."""

    def __init__(self) -> None:
        from api.handler import handler
        from tools.apigw import FakeLambdaContext, http_event

        self._handler = handler
        self._event = http_event
        self._context = FakeLambdaContext

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None, key: str | None = None
    ) -> tuple[int, Any]:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        if key:
            headers["idempotency-key"] = key
        out = self._handler(self._event(method, path, body=body, headers=headers), self._context())
        text = out.get("body") or ""
        return out["statusCode"], json.loads(text) if text else None

    def page(self, path: str) -> tuple[int, str]:
        """A page (HTML), as a visitor's browser reads it: no token."""
        out = self._handler(self._event("GET", path), self._context())
        return out["statusCode"], str(out.get("body") or "")

    def ok(
        self, method: str, path: str, body: Any = None, token: str | None = None, key: str | None = None
    ) -> Any:
        status, answer = self.call(method, path, body, token, key)
        if status >= 300:
            raise RuntimeError(f"{method} {path} answered {status}: {answer}")
        return answer


class _Game:
    """A player with a match against the greedy bot; a new match whenever one ends."""

    def __init__(self, client: _Client, seed: int) -> None:
        self.client = client
        self.rng = random.Random(seed)
        registered = client.ok("POST", "/players", {"name": "Bench"})
        self.player, self.token = registered["player"]["id"], registered["token"]
        self.games = 0
        self.match = self._new()

    def _new(self) -> dict[str, Any]:
        self.games += 1
        seed = f"{self.rng.getrandbits(256):064x}"
        answer: dict[str, Any] = self.client.ok(
            "POST", "/matches", {"players": [self.player, "bot-greedy"], "seed": seed}, self.token
        )
        return answer

    def next_move(self) -> tuple[str, dict[str, Any]]:
        """The path and body of a random legal move (starting a new match first if this one ended)."""
        if self.match["status"] != "active":
            self.match = self._new()
        move = self.rng.choice(self.match["view"]["legal_moves"])
        body = {"card": move["card"], "take": move["take"], "version": self.match["version"]}
        return f"/matches/{self.match['id']}/moves", body

    def play(self, path: str, body: dict[str, Any], key: str | None = None) -> None:
        self.match = self.client.ok("POST", path, body, self.token, key)


def _rate(fn: Callable[[], float], seconds: float) -> float:
    """Calls of ``fn`` per second of the time ``fn`` reports itself (untimed set-up stays out)."""
    gc.collect()
    spent, n = 0.0, 0
    while spent < seconds:
        spent += fn()
        n += 1
    return n / spent


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def _throughput(client: _Client, reps: int, seconds: float) -> list[dict[str, Any]]:
    from api import context
    from scopa.adapters.dynamodb import keys

    viewer = _Game(client, seed=1)
    mover = _Game(client, seed=2)
    view_path = f"/matches/{viewer.match['id']}"
    ddb = context.dynamodb_client()
    match_key = {keys.PK: {"S": keys.match_pk(viewer.match["id"])}, keys.SK: {"S": keys.MATCH_SK}}
    # A mid-game item, for the view and for the storage reference: the viewer's match after a few moves.
    for _ in range(6):
        viewer.play(*viewer.next_move())
    version = [int(viewer.match["version"])]

    def moto_round() -> float:
        start = time.perf_counter()
        item = ddb.get_item(TableName=TABLE, Key=match_key, ConsistentRead=True)["Item"]
        item["version"] = {"N": str(version[0] + 1)}
        ddb.put_item(
            TableName=TABLE,
            Item=item,
            ConditionExpression="version = :v",
            ExpressionAttributeValues={":v": {"N": str(version[0])}},
        )
        version[0] += 1
        return time.perf_counter() - start

    def health() -> float:
        return _timed(lambda: client.ok("GET", "/health"))

    def view() -> float:
        return _timed(lambda: client.ok("GET", view_path, token=viewer.token))

    def move() -> float:
        path, body = mover.next_move()  # untimed: a new match, when one ends
        return _timed(lambda: mover.play(path, body))

    lines = {"moto round": moto_round, "GET /health": health, "GET /matches/{id}": view, "POST moves": move}
    rates: dict[str, list[float]] = {name: [] for name in lines}
    for _ in range(reps):
        for name, fn in lines.items():  # round-robin: noise hits every line alike
            rates[name].append(_rate(fn, seconds))
    moto = statistics.median(rates["moto round"])
    health_rate = statistics.median(rates["GET /health"])
    rows = []
    descriptions = {
        "moto round": "bare GetItem + conditional PutItem of a mid-game match item (storage floor)",
        "GET /health": "handler floor: resolver, logger, metrics, no storage",
        "GET /matches/{id}": "a seated player's view: token read, match read, view with legal moves",
        "POST moves": "a move and the greedy bot's answer: 2 reads, engine, bot, 1 conditional write",
    }
    for name, values in rates.items():
        median = statistics.median(values)
        rows.append(
            {
                "benchmark": f"api: {name}",
                "what": descriptions[name],
                "unit": "req/s",
                "value": round(median, 1),
                "best": round(max(values), 1),
                "reference": "moto round",
                "reference_value": round(moto, 1),
                "ratio": round(median / moto, 3),
                "vs_health": round(median / health_rate, 3),
            }
        )
    rows[-1]["games"] = mover.games
    return rows


def _costs(client: _Client, max_moves: int | None = None) -> list[dict[str, Any]]:
    """Calls and bytes of each move of a whole game (or its first ``max_moves``), without and with keys."""
    from api import context

    meter = DynamoMeter(context.dynamodb_client())
    rows = []
    try:
        for keyed in (False, True):
            game = _Game(client, seed=3 + keyed)
            calls_per_move: list[int] = []
            ops: dict[str, int] = {}
            reads: list[int] = []
            writes: list[int] = []
            http_out: list[int] = []
            http_in: list[int] = []
            moves = 0
            while game.match["status"] == "active" and (max_moves is None or moves < max_moves):
                path, body = game.next_move()
                with meter.recording() as calls:
                    game.play(path, body, key=f"k{moves}" if keyed else None)
                moves += 1
                calls_per_move.append(len(calls))
                for c in calls:
                    ops[c.operation] = ops.get(c.operation, 0) + 1
                reads.append(sum(c.read_size for c in calls if c.table_key.startswith("MATCH#")))
                writes.append(sum(c.write_size for c in calls))
                http_out.append(sum(c.request_bytes for c in calls))
                http_in.append(sum(c.response_bytes for c in calls))
            label = "with Idempotency-Key" if keyed else "without Idempotency-Key"
            rows.append(
                {
                    "benchmark": f"dynamodb per move ({label})",
                    "unit": "per move",
                    "moves": moves,
                    "calls": round(statistics.mean(calls_per_move), 2),
                    "calls_by_operation": {op: round(n / moves, 2) for op, n in sorted(ops.items())},
                    "match_read_bytes_mean": round(statistics.mean(reads)),
                    "match_read_bytes_max": max(reads),
                    "write_bytes_mean": round(statistics.mean(writes)),
                    "write_bytes_max": max(writes),
                    "wcu_mean": round(statistics.mean(write_units(w) for w in writes), 2),
                    "wcu_max": write_units(max(writes)),
                    # the token read is eventually consistent (0.5 RCU), the match read strongly consistent
                    "rcu_mean": round(statistics.mean(TOKEN_READ_RCU + read_units(r) for r in reads), 2),
                    "http_request_bytes_mean": round(statistics.mean(http_out)),
                    "http_response_bytes_mean": round(statistics.mean(http_in)),
                }
            )
    finally:
        meter.detach()
    return rows


def run(quick: bool = False, reps: int = 5, seconds: float = 1.0) -> list[dict[str, Any]]:
    """Every row of the API benchmark (about 30 s; ``quick``: about 2 s, a smoke test, not figures)."""
    if quick:
        reps, seconds = 1, 0.1
    with _environment():
        import boto3
        from moto import mock_aws

        from api import context, idempotency
        from scopa.adapters.dynamodb.players_matches import create_table

        with mock_aws(), _quiet():
            context.reset()
            idempotency.reset()
            create_table(boto3.client("dynamodb"), TABLE)
            try:
                client = _Client()
                return _throughput(client, reps, seconds) + _costs(client, max_moves=12 if quick else None)
            finally:
                context.reset()
                idempotency.reset()


def print_rows(rows: list[dict[str, Any]]) -> None:
    print(
        f"{'API benchmark (in-process moto)':<34} {'req/s':>9} {'best':>9} {'/moto round':>12} {'/health':>9}"
    )
    for row in rows:
        if row.get("unit") == "req/s":
            print(
                f"{row['benchmark']:<34} {row['value']:>9.1f} {row['best']:>9.1f} "
                f"{row['ratio']:>12.3f} {row['vs_health']:>9.3f}"
            )
    for row in rows:
        if row.get("unit") == "per move":
            print(
                f"\n{row['benchmark']}: {row['moves']} moves, {row['calls']} calls/move "
                f"{row['calls_by_operation']}\n"
                f"  match read {row['match_read_bytes_mean']} B mean / {row['match_read_bytes_max']} B max, "
                f"write {row['write_bytes_mean']} B mean / {row['write_bytes_max']} B max\n"
                f"  ~{row['rcu_mean']} RCU + {row['wcu_mean']} WCU a move (max {row['wcu_max']} WCU), "
                f"HTTP {row['http_request_bytes_mean']} B out / {row['http_response_bytes_mean']} B in"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.api", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: a few seconds, not figures")
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each timing (default 5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per timing (default 1.0)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = run(quick=args.quick, reps=args.reps, seconds=args.seconds)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_rows(rows)
        print(f"\n({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

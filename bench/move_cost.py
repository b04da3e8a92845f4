"""What one move request costs the API function: CPU time and log bytes, measured on the real handler.

``python -m bench.move_cost`` (in ``make bench``; ``--json``: the figures; ``--games N``). A player plays
whole games of classic Scopa (no clock) against the greedy house bot; every ``POST /matches/{id}/moves``
goes through ``api.handler.handler`` in-process with the fake Lambda context, on moto's DynamoDB. For each
move request it measures:

* **compute ms**: the process's CPU time (``time.process_time``, every thread: the rate limit's count
  runs on a worker thread beside the match read) of the handler call, minus the CPU time moto spends
  inside its fake DynamoDB server (``BotocoreStubber.process_request``, timed by the CPU time of the thread
  that runs it, so a call on one thread never subtracts the other's work): what the function itself
  computes. botocore's own work (serialising the request, parsing the answer) stays in, as in Lambda;
* **log bytes**: everything the handler writes to stdout (the Powertools logger's JSON lines and the EMF
  metrics line), at ``POWERTOOLS_LOG_LEVEL=INFO`` as in prod;
* the DynamoDB calls per request (moto requests): the match read and write, and the caller's shared rate
  count (``api.ratelimit``; on here as in prod, with limits too high to refuse), which runs beside the
  read, so the cost model prices two round trips waited for, not three.

The first ``--warmup`` requests (imports, first builds, caches) are left out: a warm container's figures.
:mod:`infra.costs` turns these into billed milliseconds (``MEASURED_COMPUTE_MS``: the CPU time scaled to
the function's share of a vCPU, plus the round trips at a stated latency) and log bytes.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import os
import random
import statistics
import threading
import time
from collections.abc import Iterator
from typing import Any

from bench.api import ROOT, _Client, _environment

#: An access log line of the HTTP API's format (infra/components/api.py) with typical values: what API
#: Gateway writes per request routed through it (a move through the function URL writes none).
SAMPLE_ACCESS_VALUES = {
    "$context.requestId": "Jx3kTgJ8FiAEMfA=",
    "$context.identity.sourceIp": "203.0.113.45",
    "$context.requestTime": "26/Nov/2026:13:45:07 +0000",
    "$context.httpMethod": "POST",
    "$context.routeKey": "POST /matches/{match_id}/moves",
    "$context.status": "200",
    "$context.protocol": "HTTP/1.1",
    "$context.responseLength": "2873",
    "$context.responseLatency": "41",
    "$context.integrationLatency": "38",
    "$context.integrationErrorMessage": "-",
}


class _Counter(io.TextIOBase):
    """A stdout that keeps nothing and counts the UTF-8 bytes written to it."""

    def __init__(self) -> None:
        self.bytes = 0

    def write(self, text: str) -> int:
        self.bytes += len(text.encode())
        return len(text)


class _StorageClock:
    """CPU seconds spent inside moto's fake AWS (its request handler), so they can be subtracted."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0

    @contextlib.contextmanager
    def attached(self) -> Iterator[None]:
        from moto.core.botocore_stubber import BotocoreStubber

        original = BotocoreStubber.process_request
        clock = self

        lock = threading.Lock()

        def timed(stubber: BotocoreStubber, request: Any) -> Any:
            start = time.thread_time()
            try:
                return original(stubber, request)
            finally:
                with lock:
                    clock.seconds += time.thread_time() - start
                    clock.calls += 1

        BotocoreStubber.process_request = timed  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            BotocoreStubber.process_request = original  # type: ignore[method-assign]


def access_log_bytes() -> int:
    """Bytes of one access log line (with its newline) of the HTTP API's format, typical values. The format
    is read from the source, not imported: importing the CDK app starts a node process."""
    tree = ast.parse((ROOT / "infra" / "components" / "api.py").read_text("utf-8"))
    (line,) = [
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "ACCESS_LOG_FORMAT" for t in node.targets)
    ]
    for name in sorted(SAMPLE_ACCESS_VALUES, key=len, reverse=True):  # longest first: no prefix clashes
        line = line.replace(name, SAMPLE_ACCESS_VALUES[name])
    return len(line.encode()) + 1


def measure(games: int = 8, warmup: int = 20, seed: int = 5) -> dict[str, Any]:
    """Per move request: compute ms (CPU minus storage), log bytes and DynamoDB calls, over ``games``."""
    from moto import mock_aws

    rng = random.Random(seed)
    compute: list[float] = []
    total_cpu: list[float] = []
    storage: list[float] = []
    logs: list[int] = []
    calls: list[int] = []
    # INFO as in prod; the per-caller rate limit runs (as in prod) but high enough never to refuse
    wanted = {"POWERTOOLS_LOG_LEVEL": "INFO", "RATE_LIMIT_PER_SECOND": "10000", "RATE_LIMIT_BURST": "100000"}
    with _environment(**wanted), mock_aws():
        import boto3

        from api import context
        from api.observability import logger
        from scopa.adapters.dynamodb.players_matches import create_table

        context.reset()
        create_table(boto3.client("dynamodb"), os.environ["TABLE_NAME"])
        logger.setLevel("INFO")
        client = _Client()
        counter = _Counter()
        handler: Any = logger.registered_handler
        previous = handler.setStream(counter)
        clock = _StorageClock()
        requests = 0
        try:
            with contextlib.redirect_stdout(counter), clock.attached():
                player = client.ok("POST", "/players", {"name": "Bench"})
                me, token = player["player"]["id"], player["token"]
                for _ in range(games):
                    match = client.ok(
                        "POST",
                        "/matches",
                        {"players": [me, "bot-greedy"], "seed": f"{rng.getrandbits(256):064x}"},
                        token,
                    )
                    while match["status"] == "active":
                        move = rng.choice(match["view"]["legal_moves"])
                        body = {"card": move["card"], "take": move["take"], "version": match["version"]}
                        path = f"/matches/{match['id']}/moves"
                        counter.bytes, clock.seconds, clock.calls = 0, 0.0, 0
                        start = time.process_time()
                        match = client.ok("POST", path, body, token)
                        spent = time.process_time() - start
                        requests += 1
                        if requests <= warmup:
                            continue
                        total_cpu.append(spent * 1000)
                        storage.append(clock.seconds * 1000)
                        compute.append((spent - clock.seconds) * 1000)
                        logs.append(counter.bytes)
                        calls.append(clock.calls)
        finally:
            handler.setStream(previous)
            context.reset()
    ordered = sorted(compute)
    return {
        "games": games,
        "requests": len(compute),
        "warmup_left_out": warmup,
        "compute_ms_mean": round(statistics.mean(compute), 2),
        "compute_ms_median": round(statistics.median(compute), 2),
        "compute_ms_p90": round(ordered[int(0.9 * (len(ordered) - 1))], 2),
        "cpu_ms_mean_with_moto": round(statistics.mean(total_cpu), 2),
        "moto_ms_mean": round(statistics.mean(storage), 2),
        "dynamodb_calls_mean": round(statistics.mean(calls), 2),
        "log_bytes_mean": round(statistics.mean(logs)),
        "log_bytes_max": max(logs),
        "access_log_bytes": access_log_bytes(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games against the greedy bot")
    parser.add_argument("--warmup", type=int, default=20, help="first move requests left out")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.games, args.warmup)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for name, value in figures.items():
            print(f"{name:24} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

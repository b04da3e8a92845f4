"""Delivery latency of a move to the other player on ``make run``'s server: push against long-poll.

``python -m bench.live_latency`` (in ``make bench``) starts the local server (uvicorn: the API, the
WebSocket API on ``/live`` and the notifier, each through its own Lambda handler) on a free loopback port
over a fresh SQLite file, as ``make run`` does. Two players play each other; each one both follows the
match over a WebSocket and keeps a long-poll (``GET /matches/{id}?after_version=N&wait=S``) waiting, so
each move reaches the other player both ways in the same run. The latency of a move is the time from the
mover sending ``POST /moves`` to the other player holding the new version: its push ``update`` and its
long-poll's answer. ``--moves`` moves each way; p50 and p95 of each. The goal: push p95 <= 100 ms. A
mover thinks a random 0 to ``--think`` seconds first (0.5: the long-poll's re-read interval), so moves
do not all fall at the same point of the long-poll's cycle.

A second, short phase counts what one human move costs on DynamoDB (in-process moto, as ``STORAGE=
dynamodb make run``): the handler invocations (API and notifier) and the DynamoDB calls by operation, with
the two players and one spectator following the match and no long-poll running.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.api import _environment, _quiet

GOAL_P95_MS = 100.0
LONG_POLL_WAIT = 10.0


def call(url: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    request = urllib.request.Request(
        url + path, data=json.dumps(body).encode() if body is not None else None, method=method
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:  # loopback only
            return json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        raise RuntimeError(f"{method} {path} answered {exc.code}: {exc.read()[:200]!r}") from None


@contextlib.contextmanager
def served(storage: str) -> Iterator[Any]:
    """The local server on a free port over a fresh store (``sqlite``: a temporary file; ``dynamodb``:
    in-process moto)."""
    import os

    with _environment(), _quiet(), contextlib.ExitStack() as stack:
        from api import context, idempotency
        from scopa.application.clock import SystemClock
        from tools.local_server import LocalServer, ensure_table

        saved = {name: os.environ.get(name) for name in ("STORAGE", "SQLITE_PATH")}
        os.environ["STORAGE"] = storage
        if storage == "sqlite":
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="scopa-live-bench-"))
            os.environ["SQLITE_PATH"] = str(Path(folder) / "scopa.db")
        else:
            from moto import mock_aws

            stack.enter_context(mock_aws())
        try:
            context.reset()
            idempotency.reset()
            if storage == "dynamodb":
                ensure_table()
            server = LocalServer("127.0.0.1", 0)
            with server.running():
                yield server
        finally:
            context.use_clock(SystemClock())
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
            context.reset()
            idempotency.reset()


class Player:
    """One player: a token, a WebSocket following the match, and (optionally) a long-poll loop; records
    when each version of the match reached it by each path."""

    def __init__(self, server: Any, name: str) -> None:
        from websockets.sync.client import connect

        self.server = server
        body = call(server.url, "POST", "/players", {"name": name})
        self.id: str = body["player"]["id"]
        self.token: str = body["token"]
        self.pushed: dict[int, float] = {}
        self.polled: dict[int, float] = {}
        self.arrived = threading.Condition()
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(connect(server.live_url))
        self.ws.send(json.dumps({"action": "auth", "token": self.token}))
        assert json.loads(self.ws.recv(timeout=10))["type"] == "authed"
        self.stop = threading.Event()

    def follow(self, match_id: str, long_poll: bool) -> None:
        self.ws.send(json.dumps({"action": "subscribe", "topic": f"match:{match_id}"}))
        threading.Thread(target=self._listen, daemon=True).start()
        if long_poll:
            threading.Thread(target=self._poll, args=(match_id,), daemon=True).start()

    def _listen(self) -> None:
        with contextlib.suppress(Exception):
            for frame in self.ws:
                message = json.loads(frame)
                if message.get("type") == "update":
                    self._arrived(self.pushed, int(message["version"]))

    def _poll(self, match_id: str) -> None:
        version = call(self.server.url, "GET", f"/matches/{match_id}", None, self.token)["version"]
        while not self.stop.is_set():
            query = f"?after_version={version}&wait={LONG_POLL_WAIT}"
            try:
                answer = call(self.server.url, "GET", f"/matches/{match_id}{query}", None, self.token)
            except Exception:
                return
            if answer["version"] > version:
                version = answer["version"]
                self._arrived(self.polled, version)
            if answer["status"] != "active":
                return

    def _arrived(self, seen: dict[int, float], version: int) -> None:
        with self.arrived:
            seen.setdefault(version, time.perf_counter())
            self.arrived.notify_all()

    def wait_for(self, version: int, both: bool, timeout: float = 15.0) -> bool:
        def there() -> bool:
            return version in self.pushed and (not both or version in self.polled)

        with self.arrived:
            return self.arrived.wait_for(there, timeout)

    def close(self) -> None:
        self.stop.set()
        self._stack.close()


def new_match(server: Any, a: Player, b: Player) -> dict[str, Any]:
    created = call(server.url, "POST", "/matches", {"players": [a.id, b.id]}, a.token)
    accepted: dict[str, Any] = call(server.url, "POST", f"/matches/{created['id']}/accept", None, b.token)
    return accepted


def move(server: Any, player: Player, match_id: str) -> tuple[dict[str, Any], float]:
    """The mover's own view, then one legal move; the answer and when the move was sent."""
    own = call(server.url, "GET", f"/matches/{match_id}", None, player.token)
    legal = own["view"]["legal_moves"][0]
    body = {"card": legal["card"], "take": legal["take"], "version": own["version"]}
    sent = time.perf_counter()
    answer: dict[str, Any] = call(server.url, "POST", f"/matches/{match_id}/moves", body, player.token)
    return answer, sent


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def latency(moves: int, think: float = 0.5, seed: int = 1) -> dict[str, Any]:
    """Push and long-poll delivery latency (ms) of ``moves`` moves each way, in one run."""
    rng = random.Random(seed)
    push: list[float] = []
    poll: list[float] = []
    with served("sqlite") as server:
        ada, bea = Player(server, "Ada"), Player(server, "Bea")
        players = {ada.id: ada, bea.id: bea}
        made: Counter[str] = Counter()
        try:
            while min(made[ada.id], made[bea.id]) < moves:
                match = new_match(server, ada, bea)
                for player in (ada, bea):
                    player.follow(match["id"], long_poll=True)
                if not all(p.wait_for(match["version"], both=False) for p in (ada, bea)):
                    raise RuntimeError("the snapshot never came")
                server.gate.wait_for_sleepers(2, timeout=10)  # both long-polls wait
                while match["status"] == "active" and min(made[ada.id], made[bea.id]) < moves:
                    mover = players[match["turn_player_id"]]
                    other = bea if mover is ada else ada
                    time.sleep(rng.uniform(0, think))
                    match, sent = move(server, mover, match["id"])
                    made[mover.id] += 1
                    if not other.wait_for(match["version"], both=True):
                        raise RuntimeError(f"version {match['version']} never reached the other player")
                    push.append((other.pushed[match["version"]] - sent) * 1000)
                    poll.append((other.polled[match["version"]] - sent) * 1000)
                    server.gate.wait_for_sleepers(2, timeout=10)  # the long-polls wait again
                for player in (ada, bea):
                    player.stop.set()
                    player.ws.send(json.dumps({"action": "unsubscribe", "topic": f"match:{match['id']}"}))
                    player.stop = threading.Event()
        finally:
            ada.close()
            bea.close()
    return {
        "moves": len(push),
        "push_p50_ms": round(statistics.median(push), 1),
        "push_p95_ms": round(percentile(push, 95), 1),
        "long_poll_p50_ms": round(statistics.median(poll), 1),
        "long_poll_p95_ms": round(percentile(poll, 95), 1),
    }


def costs() -> dict[str, Any]:
    """Handler invocations and DynamoDB calls of one human move followed by two seats and a spectator."""
    from websockets.sync.client import connect

    from api import context
    from bench.meter import DynamoMeter

    with served("dynamodb") as server:
        ada, bea = Player(server, "Ada"), Player(server, "Bea")
        match = new_match(server, ada, bea)
        with connect(server.live_url) as spectator:
            spectator.send(json.dumps({"action": "subscribe", "topic": f"match:{match['id']}"}))
            for player in (ada, bea):
                player.follow(match["id"], long_poll=False)
                player.wait_for(match["version"], both=False)
            mover = ada if match["turn_player_id"] == ada.id else bea
            other = bea if mover is ada else ada
            own = call(server.url, "GET", f"/matches/{match['id']}", None, mover.token)
            legal = own["view"]["legal_moves"][0]
            body = {"card": legal["card"], "take": legal["take"], "version": own["version"]}
            assert server.feed.wait_idle(10)
            meter = DynamoMeter(context.dynamodb_client())
            before = Counter(server.invocations)
            with meter.recording() as calls:
                moved = call(server.url, "POST", f"/matches/{match['id']}/moves", body, mover.token)
                other.wait_for(moved["version"], both=False)
                assert server.feed.wait_idle(10)
            meter.detach()
            invoked = Counter(server.invocations)
            invoked.subtract(before)
        ada.close()
        bea.close()
    operations = Counter(c.operation for c in calls)
    return {
        "invocations": {k: v for k, v in sorted(invoked.items()) if v},
        "dynamodb_calls": sum(operations.values()),
        "by_operation": dict(sorted(operations.items())),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=40, help="moves each way (default 40)")
    parser.add_argument("--think", type=float, default=0.5, help="longest think before a move, s (0.5)")
    args = parser.parse_args(argv)
    figures = latency(args.moves, args.think)
    verdict = "met" if figures["push_p95_ms"] <= GOAL_P95_MS else "MISSED"
    print(
        f"live latency, {figures['moves']} moves on make run's server (SQLite): "
        f"push p50 {figures['push_p50_ms']} ms, p95 {figures['push_p95_ms']} ms; "
        f"long-poll p50 {figures['long_poll_p50_ms']} ms, p95 {figures['long_poll_p95_ms']} ms "
        f"(goal: push p95 <= {GOAL_P95_MS:.0f} ms: {verdict})"
    )
    spent = costs()
    print(
        f"one human move, two seats and a spectator following (DynamoDB, moto): invocations "
        f"{spent['invocations']}, DynamoDB calls {spent['dynamodb_calls']} {spent['by_operation']}"
    )
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))

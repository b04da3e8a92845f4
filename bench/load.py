"""Load benchmark: many bot clients play many concurrent matches against the local server over HTTP.

``python -m bench.load`` (in ``make bench``) starts the local server (the real Lambda handler behind
uvicorn, as ``make run`` serves it, but on in-process moto rather than SQLite, so its DynamoDB calls can be
counted) on a free port of 127.0.0.1 and lets bot clients loose on it. Each
client is a thread with its own keep-alive connection: it registers, then plays matches one after the
other, choosing a random legal move from its own view each turn, until the match ends:

* half the clients play against a house bot (``bot-greedy``), which answers inside the same request;
* the others play each other in pairs: one invites, the other accepts, and each waits for its turn with a
  long-poll (``GET /matches/{id}?after_version=N&wait=S``) before it moves.

It is bounded in count and time: ``--matches`` in all, shared out among the clients in advance, and after
``--seconds`` (at most 60) the side to move resigns and every client stops. It reports moves per second,
overall and while every client still plays (pairs wait for each other's moves through the long-poll, so
they finish last), the p50 and p99 latency of a move (the whole HTTP round trip, seen by the client),
errors (any answer that is not a success: they must be 0, otherwise the exit status is 1), and DynamoDB
calls per move, counted per request on the server's own client.

The reference, measured in the same run over the same HTTP path with the same number of client threads:
``GET /health``, the handler's floor (HTTP, event translation, resolver, logger; no storage). ``ratio``
is the move rate while every client plays over the health rate. The server runs one handler at a time
(the resolver's request state is process-wide and moto is not safe for concurrent conditional writes; see
``local_server.Gate``), and clients and server share one Python process, so the absolute rates say
little about AWS; the ratio, the latency spread, the error count and the calls per move do.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.client
import json
import random
import socket
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bench.api import TABLE, _environment, _quiet
from bench.meter import DynamoMeter

LONG_POLL_SECONDS = 5.0


# ---------------------------------------------------------------------------------------------- client


class HttpError(RuntimeError):
    """An answer that is not a success: the benchmark counts it as an error."""


class _Connection(http.client.HTTPConnection):
    """A keep-alive connection without Nagle: http.client sends a request's headers and body in two
    writes, and the body would otherwise wait for the server's delayed ACK (about 40 ms a request)."""

    def connect(self) -> None:
        super().connect()
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class Client:
    """One keep-alive HTTP connection to the server, acting as one player."""

    def __init__(self, host: str, port: int) -> None:
        self._conn = _Connection(host, port, timeout=60)
        self.token: str | None = None
        self.player_id = ""

    def call(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self._conn.request(method, path, body=data, headers=headers)
        answer = self._conn.getresponse()
        text = answer.read()
        if answer.status >= 300:
            raise HttpError(
                f"{method} {path.split('?', maxsplit=1)[0]} answered {answer.status}: {text[:200]!r}"
            )
        return json.loads(text) if text else None

    def register(self, name: str) -> None:
        answer = self.call("POST", "/players", {"name": name})
        self.token, self.player_id = answer["token"], answer["player"]["id"]

    def close(self) -> None:
        self._conn.close()


@dataclass
class Tally:
    """What all clients did, shared between their threads."""

    move_seconds: list[float] = field(default_factory=list)
    move_ends: list[float] = field(default_factory=list)  # perf_counter() when each move's answer came
    client_ends: list[float] = field(default_factory=list)  # when each client (or pair) stopped
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    resigned: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def moved(self, seconds: float) -> None:
        with self.lock:
            self.move_seconds.append(seconds)
            self.move_ends.append(time.perf_counter())

    def failed(self, error: Exception) -> None:
        with self.lock:
            self.errors.append(f"{type(error).__name__}: {error}")

    def ended(self, resigned: bool) -> None:
        with self.lock:
            if resigned:
                self.resigned += 1
            else:
                self.finished += 1


@dataclass
class Plan:
    """The bounds of one client (or pair): its matches left to start, and the common deadline."""

    matches_left: int
    deadline: float
    target: int

    def take_match(self) -> bool:
        if self.matches_left <= 0 or time.monotonic() >= self.deadline:
            return False
        self.matches_left -= 1
        return True

    @property
    def over(self) -> bool:
        return time.monotonic() >= self.deadline


def _move(client: Client, match: dict[str, Any], rng: random.Random, tally: Tally) -> dict[str, Any]:
    """A random legal move from the client's own view, timed."""
    choice = rng.choice(match["view"]["legal_moves"])
    body = {"card": choice["card"], "take": choice["take"], "version": match["version"]}
    started = time.perf_counter()
    answer: dict[str, Any] = client.call("POST", f"/matches/{match['id']}/moves", body)
    tally.moved(time.perf_counter() - started)
    return answer


def _play_until_end(
    client: Client, match: dict[str, Any], rng: random.Random, plan: Plan, tally: Tally, counts: bool = True
) -> None:
    """Play a match from the client's seat until it ends; past the deadline, the side to move resigns.
    ``counts``: this side tallies the end (one side of a pair does)."""
    while match["status"] == "active":
        if match["turn_player_id"] == client.player_id:
            if plan.over:
                match = client.call("POST", f"/matches/{match['id']}/resign")
                break
            match = _move(client, match, rng, tally)
        else:  # the other client's turn: wait for a newer version
            query = f"after_version={match['version']}&wait={LONG_POLL_SECONDS}"
            match = client.call("GET", f"/matches/{match['id']}?{query}")
    if counts and match["status"] == "finished":
        tally.ended(resigned=match["result"]["reason"] == "resigned")


def against_house_bot(client: Client, seed: int, plan: Plan, tally: Tally) -> None:
    rng = random.Random(seed)
    while plan.take_match():
        body = {"players": [client.player_id, "bot-greedy"], "target": plan.target}
        _play_until_end(client, client.call("POST", "/matches", body), rng, plan, tally)


def duel(host: Client, guest: Client, seed: int, plan: Plan, tally: Tally) -> None:
    """Two clients, two threads: the host invites, the guest accepts, both play until the end."""
    matches: list[str] = []
    ready = threading.Semaphore(0)
    done = threading.Semaphore(0)

    def guest_side() -> None:
        rng = random.Random(seed + 1)
        while True:
            ready.acquire()
            if not matches or matches[-1] == "":
                return
            try:
                match = guest.call("POST", f"/matches/{matches[-1]}/accept")
                _play_until_end(guest, match, rng, plan, tally, counts=False)
            except Exception as error:
                tally.failed(error)
            finally:
                done.release()

    thread = threading.Thread(target=guest_side, name="bench-guest", daemon=True)
    thread.start()
    rng = random.Random(seed)
    try:
        while plan.take_match():
            created = host.call("POST", "/matches", {"players": [host.player_id, guest.player_id]})
            matches.append(created["id"])
            ready.release()
            # The host sees the match once the guest has accepted it.
            match = host.call("GET", f"/matches/{created['id']}?after_version=1&wait={LONG_POLL_SECONDS}")
            _play_until_end(host, match, rng, plan, tally)
            done.acquire()
    finally:
        matches.append("")
        ready.release()
        thread.join(timeout=LONG_POLL_SECONDS * 4)


# ---------------------------------------------------------------------------------------------- server side


class CallCounter:
    """DynamoDB calls per request, by kind of request: counted per thread on the server's client (each
    request runs on its own server thread), so a long-poll asleep in one request never mixes its count
    with the requests served meanwhile."""

    def __init__(self, dynamodb: Any) -> None:
        self._local = threading.local()
        self._lock = threading.Lock()
        self.requests: Counter[str] = Counter()
        self.calls: Counter[str] = Counter()
        self._client = dynamodb
        dynamodb.meta.events.register("before-call.dynamodb.*", self._count, unique_id=f"load-{id(self)}")

    def _count(self, **_: Any) -> None:
        self._local.calls = getattr(self._local, "calls", 0) + 1

    def wrap(self, handler: Callable[[dict[str, Any], Any], dict[str, Any]]) -> Callable[..., dict[str, Any]]:
        def counted(event: dict[str, Any], context: Any) -> dict[str, Any]:
            before = getattr(self._local, "calls", 0)
            try:
                return handler(event, context)
            finally:
                kind = request_kind(event["requestContext"]["http"]["method"], event["rawPath"])
                with self._lock:
                    self.requests[kind] += 1
                    self.calls[kind] += self._local.calls - before if hasattr(self._local, "calls") else 0

        return counted

    def detach(self) -> None:
        self._client.meta.events.unregister("before-call.dynamodb.*", unique_id=f"load-{id(self)}")


def request_kind(method: str, path: str) -> str:
    """A request's kind for the report: ``move``, ``view``, ``create match``, and so on."""
    parts = path.strip("/").split("/")
    if parts[0] == "matches" and len(parts) == 3:
        return {"moves": "move", "accept": "accept", "resign": "resign"}.get(parts[2], parts[2])
    if parts[0] == "matches":
        return "view" if method == "GET" else "create match"
    return f"{method} /{parts[0]}"


@contextlib.contextmanager
def local_server(counter_box: list[CallCounter]) -> Iterator[Any]:
    """The local server on a free loopback port, on in-process moto, with its requests counted."""
    import boto3
    from moto import mock_aws

    from api import context, idempotency
    from api.handler import handler
    from scopa.adapters.dynamodb.players_matches import create_table
    from scopa.application.clock import SystemClock
    from tools.local_server import LocalServer

    with mock_aws(), _quiet():
        context.reset()
        idempotency.reset()
        create_table(boto3.client("dynamodb"), TABLE)
        counter = CallCounter(context.dynamodb_client())
        counter_box.append(counter)
        server = LocalServer("127.0.0.1", 0, handler=counter.wrap(handler))
        try:
            with server.running():
                yield server
        finally:
            counter.detach()
            context.use_clock(SystemClock())
            context.reset()
            idempotency.reset()


# ---------------------------------------------------------------------------------------------- phases


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _health_reference(host: str, port: int, clients: int, requests: int) -> dict[str, float]:
    """``GET /health`` from ``clients`` threads, ``requests`` each: rate and latency over the same path."""
    seconds: list[float] = []
    lock = threading.Lock()

    def hammer() -> None:
        client = Client(host, port)
        mine = []
        try:
            for _ in range(requests):
                started = time.perf_counter()
                client.call("GET", "/health")
                mine.append(time.perf_counter() - started)
        finally:
            client.close()
        with lock:
            seconds.extend(mine)

    started = time.perf_counter()
    threads = [threading.Thread(target=hammer, daemon=True) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    return {
        "rate": len(seconds) / wall,
        "p50_ms": percentile(seconds, 0.5) * 1000,
        "p99_ms": percentile(seconds, 0.99) * 1000,
    }


def run(
    clients: int = 16, matches: int = 32, seconds: float = 60.0, target: int = 11, seed: int = 1
) -> dict[str, Any]:
    """One load run; the figures as a dict. ``clients`` threads (half in pairs), ``matches`` in all."""
    with _environment():
        box: list[CallCounter] = []
        meter_calls: Counter[str] = Counter()
        with local_server(box) as server:
            from api import context

            host, port = "127.0.0.1", int(server.server_address[1])
            health = _health_reference(host, port, clients, requests=100)
            counter = box[0]
            counter.requests.clear()
            counter.calls.clear()

            players = [Client(host, port) for _ in range(clients)]
            for i, client in enumerate(players):
                client.register(f"Load bot {i}")
            tally = Tally()
            deadline = time.monotonic() + seconds
            paired = (clients // 2) & ~1  # an even number of clients play each other
            jobs: list[Callable[[], None]] = []
            n_jobs = paired // 2 + clients - paired
            # The matches are shared out in advance, so no client runs out while others have plenty left.
            plans = [
                Plan(matches // n_jobs + (j < matches % n_jobs), deadline, target) for j in range(n_jobs)
            ]
            for j, i in enumerate(range(0, paired, 2)):
                jobs.append(functools.partial(duel, players[i], players[i + 1], seed + i, plans[j], tally))
            for j, i in enumerate(range(paired, clients), start=paired // 2):
                jobs.append(functools.partial(against_house_bot, players[i], seed + i, plans[j], tally))

            def guarded(job: Callable[[], None]) -> None:
                try:
                    job()
                except Exception as error:
                    tally.failed(error)
                finally:
                    with tally.lock:
                        tally.client_ends.append(time.perf_counter())

            meter = DynamoMeter(context.dynamodb_client())
            try:
                with meter.recording() as calls:
                    started = time.perf_counter()
                    threads = [threading.Thread(target=guarded, args=(job,), daemon=True) for job in jobs]
                    for t in threads:
                        t.start()
                    for t in threads:
                        t.join(timeout=seconds + 4 * LONG_POLL_SECONDS + 30)
                    wall = time.perf_counter() - started
                    meter_calls.update(c.operation for c in calls)
            finally:
                meter.detach()
            for client in players:
                client.close()
            hung = sum(t.is_alive() for t in threads)
            if hung:
                tally.errors.append(f"{hung} client threads still running after the deadline")
            requests, per_kind = dict(counter.requests), dict(counter.calls)

    moves = len(tally.move_seconds)
    move_rate = moves / wall if wall else 0.0
    # While every client still plays: up to the moment the first one ran out of matches or time.
    full = min(tally.client_ends, default=started + wall) - started
    full_rate = sum(end - started <= full for end in tally.move_ends) / full if full > 0 else 0.0
    return {
        "clients": clients,
        "paired_clients": paired,
        "matches_finished": tally.finished,
        "matches_resigned_at_deadline": tally.resigned,
        "moves": moves,
        "seconds": round(wall, 2),
        "moves_per_second": round(move_rate, 1),
        "moves_per_second_all_playing": round(full_rate, 1),
        "seconds_all_playing": round(full, 2),
        "move_p50_ms": round(percentile(tally.move_seconds, 0.5) * 1000, 2),
        "move_p99_ms": round(percentile(tally.move_seconds, 0.99) * 1000, 2),
        "move_mean_ms": round(statistics.fmean(tally.move_seconds) * 1000, 2) if moves else 0.0,
        "errors": len(tally.errors),
        "error_samples": tally.errors[:5],
        "requests": requests,
        "dynamodb_calls_per_move": round(per_kind.get("move", 0) / max(1, requests.get("move", 0)), 2),
        "dynamodb_calls_per_request": {
            k: round(per_kind.get(k, 0) / n, 2) for k, n in sorted(requests.items())
        },
        "dynamodb_calls_all_per_move": round(sum(meter_calls.values()) / max(1, moves), 2),
        "dynamodb_calls_by_operation": dict(sorted(meter_calls.items())),
        "reference": "GET /health",
        "health_per_second": round(health["rate"], 1),
        "health_p50_ms": round(health["p50_ms"], 2),
        "health_p99_ms": round(health["p99_ms"], 2),
        "ratio": round(full_rate / health["rate"], 3) if health["rate"] else 0.0,
    }


def print_report(r: dict[str, Any]) -> None:
    print(
        f"Load over HTTP on 127.0.0.1: {r['clients']} clients ({r['paired_clients']} in pairs, the rest "
        f"against bot-greedy), {r['seconds']} s"
    )
    print(
        f"  matches      {r['matches_finished']} finished, {r['matches_resigned_at_deadline']} resigned at "
        "the deadline"
    )
    print(
        f"  moves        {r['moves']}: {r['moves_per_second']} per second overall, "
        f"{r['moves_per_second_all_playing']} while every client played (first {r['seconds_all_playing']} s)"
    )
    print(
        f"  move latency p50 {r['move_p50_ms']} ms, p99 {r['move_p99_ms']} ms (mean {r['move_mean_ms']} ms)"
    )
    print(
        f"  reference    GET /health: {r['health_per_second']} per second, p50 {r['health_p50_ms']} ms, "
        f"p99 {r['health_p99_ms']} ms; moves / health = {r['ratio']}"
    )
    print(
        f"  DynamoDB     {r['dynamodb_calls_per_move']} calls per move request; "
        f"{r['dynamodb_calls_all_per_move']} per move counting every request "
        f"{r['dynamodb_calls_by_operation']}"
    )
    print(f"  per request  {r['dynamodb_calls_per_request']}")
    print(f"  errors       {r['errors']}" + (f" e.g. {r['error_samples']}" if r["errors"] else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=16, help="client threads (default 16)")
    parser.add_argument("--matches", type=int, default=32, help="matches in all (default 32)")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long (default 60)")
    parser.add_argument("--target", type=int, default=11, help="points to win a match (default 11)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    report = run(args.clients, args.matches, min(args.seconds, 60.0), args.target)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""Scale model: ``python -m bench.scale`` (in ``make bench``; ``--players N``, default 100; ``--json``).

A small population plays through the real services, in-process, on moto DynamoDB through the real
adapters: the API's Lambda handler for every REST request (registration, seeks, accepts, moves, arena
entries), the live service for connections and subscriptions, the notifier's code for every change a
write publishes (one notifier run per publish, as the Lambda feed invokes it), the pipeline's Lambda
handler for the Arena's scheduled runs and the rating step for finished games. :class:`CapacityMeter`
bills every call per partition (table and index), so each action's write and read units land on a key.

Then, from the measured cost of each action, the activity model (:mod:`bench.scale_model`, stated in
docs/scale.md) gives each hot key's units per second at 1k, 10k and 100k concurrent players, against
DynamoDB's per-partition limits (1,000 WCU/s, 3,000 RCU/s), and each function's concurrency (invocations
per second x measured duration) against the account's default 1,000. Where keys are spread by hash
(matches, players, connections, idempotency records) the row is the hottest single key; where a key grows
with the population (the lobby's followers, an arena's entries), its read is scaled by the measured bytes
per follower or entry.

Absolute durations are in-process moto (the meter's own look-ups taken out): they say what the code
costs, not AWS's network; the unit counts are what DynamoDB would bill.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bench.api import ADMIN_TOKEN, TABLE, _Client, _environment, _quiet
from bench.capacity import CapacityMeter
from bench.pipeline import StillClock
from bench.scale_model import MODEL, NOTIFIER, Measured, Sample, print_report, report

# ---------------------------------------------------------------------------------------------- recording


class QueueFeed:
    """The change feed: each publish is one notifier invocation, run by the simulation after the write."""

    def __init__(self) -> None:
        self.batches: list[list[Any]] = []

    def publish(self, changes: Sequence[Any]) -> None:
        if changes:
            self.batches.append(list(changes))


class CountingPusher:
    """Where pushes go: counted, then forgotten (every connection is there)."""

    def __init__(self) -> None:
        self.sent = 0

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        self.sent += 1
        return True

    def close(self, connection_id: str) -> None:
        return None


class QueuedRenotifies:
    """The lobby's delayed re-notifies (the fan-out queue's ``DelaySeconds``), run by the simulation once
    its clock has passed their time."""

    def __init__(self) -> None:
        self.queued: list[Any] = []

    def later(self, renotify: Any, delay_ms: int) -> bool:
        self.queued.append(renotify)
        return True

    def due(self, now_ms: int) -> list[Any]:
        ready = [r for r in self.queued if r.due_ms <= now_ms]
        self.queued = [r for r in self.queued if r.due_ms > now_ms]
        return ready


@dataclass
class Recorder:
    meter: CapacityMeter
    feed: QueueFeed
    pusher: CountingPusher
    samples: list[Sample] = field(default_factory=list)
    renotifies: QueuedRenotifies = field(default_factory=QueuedRenotifies)

    @contextmanager
    def measure(self, action: str, function: str, count: int = 1) -> Iterator[None]:
        """Meter the block as one ``action``, then run the notifier for what it published."""
        sent = self.pusher.sent
        with self.meter.recording() as units:
            started = time.perf_counter()
            yield
            seconds = time.perf_counter() - started - self.meter.overhead
        self.samples.append(
            Sample(action, function, list(units), self.meter.calls, seconds, self.pusher.sent - sent, count)
        )
        self.notify(action)

    def notify(self, action: str) -> None:
        from live.context import live

        service = live()
        service.deferral = self.renotifies
        batches, self.feed.batches = self.feed.batches, []
        runs: list[tuple[str, Any]] = [(action, lambda b=b: service.notify(b)) for b in batches]
        runs += [
            ("lobby renotify", lambda r=r: service.renotify(r))
            for r in self.renotifies.due(int(service.clock.now() * 1000))
        ]
        for name, run in runs:
            sent = self.pusher.sent
            with self.meter.recording() as units:
                started = time.perf_counter()
                run()
                seconds = time.perf_counter() - started - self.meter.overhead
            self.samples.append(
                Sample(
                    name + NOTIFIER,
                    "notifier",
                    list(units),
                    self.meter.calls,
                    seconds,
                    self.pusher.sent - sent,
                )
            )


# ------------------------------------------------------------------------------------------- the simulation


@dataclass
class Player:
    id: str
    token: str
    connection: str


class Simulation:
    """A population on the real services: lobby games, a popular match, an Arena, ratings."""

    def __init__(self, players: int, recorder: Recorder, clock: StillClock) -> None:
        self.n = players
        self.rec = recorder
        self.clock = clock
        self.api = _Client()
        self.players: list[Player] = []
        self.lobby_followers = 0
        self.spectators = 0
        self.arena_entrants = 0
        self.arena_id = ""
        self.game_moves: list[int] = []

    # -------------------------------------------------------------- actions

    def call(
        self,
        action: str,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        key: str | None = None,
    ) -> Any:
        with self.rec.measure(action, "api"):
            return self.api.ok(method, path, body, token, key)

    def live(self, action: str, connection: str, message: dict[str, Any] | None) -> None:
        from live.context import live

        with self.rec.measure(action, "live"):
            if message is None:
                live().on_connect(connection)
            else:
                live().receive(connection, json.dumps(message))

    def register(self, k: int) -> Player:
        answer = self.call("register", "POST", "/players", {"name": f"Player {k}"})
        player = Player(answer["player"]["id"], answer["token"], f"conn-{k:06d}")
        self.live("connect", player.connection, None)
        self.live("auth", player.connection, {"action": "auth", "token": player.token})
        return player

    def subscribe(self, player: Player | str, topic: str) -> None:
        connection = player.connection if isinstance(player, Player) else player
        self.live(f"subscribe {_kind(topic)}", connection, {"action": "subscribe", "topic": topic})

    def unsubscribe(self, player: Player, topic: str) -> None:
        self.live(f"unsubscribe {_kind(topic)}", player.connection, {"action": "unsubscribe", "topic": topic})

    def move(self, match: dict[str, Any], tokens: dict[str, str]) -> dict[str, Any]:
        mover = match["turn_player_id"]
        view = self.api.ok("GET", f"/matches/{match['id']}", token=tokens[mover])  # the mover's own view
        legal = view["view"]["legal_moves"]
        choice = legal[view["version"] % len(legal)]  # any legal move: the same run every time
        body = {"card": choice["card"], "take": choice["take"], "version": view["version"]}
        self.clock.sleep(MODEL["move_seconds"])
        with self.rec.measure("move", "api"):
            answer: dict[str, Any] = self.api.ok("POST", f"/matches/{match['id']}/moves", body, tokens[mover])
        if answer["status"] != "active":
            runs = _notifier_runs_after(self.rec.samples)
            for sample in self.rec.samples[len(self.rec.samples) - 1 - runs :]:
                sample.action = sample.action.replace("move", "last move", 1)
        return answer

    # -------------------------------------------------------------- phases

    def populate(self) -> None:
        self.players = [self.register(k) for k in range(self.n)]
        self.lobby_followers = self.n // 2
        for player in self.players[: self.lobby_followers]:
            self.subscribe(player, "lobby")

    def lobby_games(self, games: int) -> list[str]:
        """``games`` seeks made and taken in the lobby, each played to its end by the two players."""
        ids = []
        for g in range(games):
            maker, taker = self.players[2 * g], self.players[2 * g + 1]
            seek = self.call(
                "create seek",
                "POST",
                "/lobby/seeks",
                {"preset": "classic", "target": 1, "time_control": {"seconds_per_move": 60}},
                maker.token,
                key=f"seek-{g}",
            )
            match = self.call("accept seek", "POST", f"/lobby/seeks/{seek['id']}/accept", token=taker.token)
            tokens = {maker.id: maker.token, taker.id: taker.token}
            for p in (maker, taker):
                self.unsubscribe(p, "lobby")
                self.subscribe(p, f"match:{match['id']}")
            if g == 0:
                self.spectators = max(2, self.n // 2)
                for s in range(self.spectators):
                    connection = f"spectator-{s:06d}"
                    self.live("connect", connection, None)
                    self.subscribe(connection, f"match:{match['id']}")
            moves = 0
            while match["status"] == "active":
                match = self.move(match, tokens)
                moves += 1
            self.game_moves.append(moves)
            for p in (maker, taker):
                self.unsubscribe(p, f"match:{match['id']}")
                self.subscribe(p, "lobby")
            ids.append(match["id"])
        self.clock.sleep(10)  # past the rating step's settling time
        with self.rec.measure("rate finished games", "rating", count=len(ids)):
            from api.context import services

            rated = services().ratings.rate_pending()
        assert len(rated) == len(ids), (rated, ids)
        return ids

    def arena(self, entrants: int, waves: int) -> None:
        """An Arena of ``entrants`` players: they enter and follow its page; each scheduled run pairs a
        wave of the players waiting, who play two moves each and resign (the pipeline's work per game is
        the same whatever its length; the moves' own cost is measured by the lobby games)."""
        organizer = self.call("register", "POST", "/players", {"name": "Organizer"})
        self.api.ok("PUT", f"/players/{organizer['player']['id']}/role", {"role": "organizer"}, ADMIN_TOKEN)
        settings = {"format": "arena", "arena_minutes": 60, "arena_grace_seconds": 60, "target": 1}
        t = self.call(
            "create arena",
            "POST",
            "/tournaments",
            {"name": "Arena", "settings": settings},
            organizer["token"],
        )
        self.arena_id = t["id"]
        people = self.players[-entrants:]
        self.arena_entrants = len(people)
        tokens = {p.id: p.token for p in people}
        for p in people:
            self.call("arena entry", "POST", f"/tournaments/{t['id']}/entries", {}, p.token)
            self.subscribe(p, f"tournament:{t['id']}")
        self.call("start arena", "POST", f"/tournaments/{t['id']}/start", token=organizer["token"])
        for _ in range(waves):
            arena = self.api.ok("GET", f"/tournaments/{t['id']}/arena")
            for table in arena["playing"]:
                match_id = table["games"][0]
                match = self.api.ok("GET", f"/matches/{match_id}", token=tokens[table["first"]["id"]])
                for _ in range(2):
                    if match["status"] == "active":
                        match = self.move(match, tokens)
                if match["status"] == "active":
                    self.call(
                        "resign", "POST", f"/matches/{match_id}/resign", token=tokens[match["turn_player_id"]]
                    )
            self.clock.sleep(MODEL["pipeline_seconds"])
            self.pipeline_run()
        self.page_views(t["id"], people[0].token)

    def page_views(self, tournament_id: str, token: str) -> None:
        """Two views of the arena's page by a signed-in follower: the page, then what its script reads
        (the tournament, the player's place). The first renders and computes, the second is served as
        the container kept it. The bench's arena is small, so it is kept as a big one's is
        (``KEPT_ABOVE`` lowered here)."""
        from scopa.application import recent

        kept_above, recent.KEPT_ABOVE = recent.KEPT_ABOVE, 0
        try:
            for action in ("arena page (rendered)", "arena page (kept)"):
                with self.rec.measure(action, "api"):
                    status, _ = self.api.page(f"/web/tournaments/{tournament_id}")
                    self.api.ok("GET", f"/tournaments/{tournament_id}")
                    self.api.ok("GET", f"/tournaments/{tournament_id}/me", token=token)
                assert status == 200, (action, status)
        finally:
            recent.KEPT_ABOVE = kept_above

    def pipeline_run(self) -> None:
        from pipeline.handler import handler
        from tools.apigw import FakeLambdaContext

        with self.rec.measure("pipeline run", "pipeline"):
            handler({"source": "aws.scheduler"}, FakeLambdaContext())


def _kind(topic: str) -> str:
    return topic.partition(":")[0]


def _notifier_runs_after(samples: list[Sample]) -> int:
    """How many notifier samples follow the last non-notifier one."""
    n = 0
    for s in reversed(samples):
        if s.function != "notifier":
            return n
        n += 1
    return n


# ---------------------------------------------------------------------------------------------- measurement


def measure(players: int = 100, lobby_games: int | None = None, arena_waves: int = 2) -> Measured:
    """Run the simulation on moto; the samples and the sizes the model scales."""
    games = lobby_games if lobby_games is not None else max(2, players // 16)
    with _environment():
        import boto3
        from moto import mock_aws

        from api import context, idempotency
        from scopa.adapters.dynamodb.players_matches import create_table

        with mock_aws(), _quiet():
            clock = StillClock()
            feed, pusher = QueueFeed(), CountingPusher()
            context.reset()
            idempotency.reset()
            context.use_clock(clock)
            context.use_live(feed, pusher)
            peek = boto3.client("dynamodb")
            create_table(peek, TABLE)
            meter = CapacityMeter(context.dynamodb_client(), peek, TABLE)
            try:
                sim = Simulation(players, Recorder(meter, feed, pusher), clock)
                sim.populate()
                sim.lobby_games(games)
                sim.arena(max(4, players // 4), arena_waves)
                sizes = _sizes(peek, sim)
            finally:
                meter.detach()
                context.use_live(None, None)
                from scopa.application.clock import SystemClock

                context.use_clock(SystemClock())
                context.reset()
                idempotency.reset()
    population = {
        "players": players,
        "lobby_games": games,
        "lobby_followers": sim.lobby_followers,
        "spectators": sim.spectators,
        "arena_entrants": sim.arena_entrants,
        "game_moves_mean": round(statistics.mean(sim.game_moves)),
    }
    return Measured(sim.rec.samples, sizes, population)


def _partition(peek: Any, pk: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    start: dict[str, Any] | None = None
    while True:
        extra = {"ExclusiveStartKey": start} if start else {}
        page = peek.query(
            TableName=TABLE,
            KeyConditionExpression="pk = :p",
            ExpressionAttributeValues={":p": {"S": pk}},
            **extra,
        )
        items += page.get("Items", [])
        start = page.get("LastEvaluatedKey")
        if not start:
            return items


def _sizes(peek: Any, sim: Simulation) -> dict[str, float]:
    """Bytes per item of what grows with the players: a topic's subscriber, an arena entry, a wave table."""
    from bench.meter import item_size

    lobby = _partition(peek, "TOPIC#lobby")
    arena = _partition(peek, f"TOURNAMENT#{sim.arena_id}")
    entries = [i for i in arena if i["sk"]["S"].startswith("ENTRY#")]
    rounds = [i for i in arena if i["sk"]["S"].startswith("ROUND#")]
    tables = sum(len(json.loads(r["tables"]["S"])) for r in rounds) or 1  # as the adapter stores them
    tournament = [i for i in arena if i["sk"]["S"] == "TOURNAMENT"]
    return {
        "subscriber_bytes": statistics.mean(item_size(i) for i in lobby) if lobby else 0.0,
        "entry_bytes": statistics.mean(item_size(i) for i in entries),
        "table_bytes": sum(item_size(r) for r in rounds) / tables,
        "tournament_bytes": float(item_size(tournament[0])),
        "round_items": float(len(rounds)),
        "tables": float(tables),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=100, help="simulated players (default 100)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    m = measure(args.players)
    if args.json:
        print(json.dumps(report(m), indent=2))
    else:
        print_report(m)
        print(f"\n({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

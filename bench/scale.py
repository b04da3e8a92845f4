"""Scale model: ``python -m bench.scale`` (in ``make bench``; ``--players N``, default 100; ``--json``).

A small population plays through the real services, in-process, on moto DynamoDB through the real
adapters: the API's Lambda handler for every REST request (registration, seeks, accepts, moves, arena
entries), the live service for connections and subscriptions, the notifier's code for every change a
write publishes (one notifier run per publish, as the Lambda feed invokes it), the pipeline's Lambda
handler for the Arena's scheduled runs and the rating step for finished games. :class:`CapacityMeter`
bills every call per partition (table and index), so each action's write and read units land on a key.

Then, from the measured cost of each action, the activity model (:data:`MODEL`, stated in docs/scale.md)
gives each hot key's units per second at 1k, 10k and 100k concurrent players, against DynamoDB's
per-partition limits (1,000 WCU/s, 3,000 RCU/s), and each function's concurrency (invocations per second x
measured duration) against the account's default 1,000. Where keys are spread by hash (matches,
players, connections, idempotency records) the row is the hottest single key; where a key grows with the
population (the lobby's followers, an arena's entries), its read is scaled by the measured bytes per
follower or entry.

Absolute durations are in-process moto (the meter's own look-ups taken out): they say what the code
costs, not AWS's network; the unit counts are what DynamoDB would bill.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bench.api import ADMIN_TOKEN, TABLE, _Client, _environment, _quiet
from bench.capacity import CapacityMeter, Unit

# ---------------------------------------------------------------------------------------------- the model

#: The activity model: what one concurrent player does (docs/scale.md states it and its sources).
MODEL: dict[str, float] = {
    "move_seconds": 8.0,  # a match sees one move every 8 s (each player thinks 8 s on their turn)
    "game_moves": 72.0,  # a game of classic Scopa to 11: about two deals of 36 moves
    "lobby_share": 0.9,  # games started from a lobby seek (the rest: the Arena's waves)
    "lobby_followers": 0.1,  # players on the lobby page (following the lobby topic) at any moment
    "spectators": 0.1,  # a popular match's spectators, as a share of the players (at most 10,000)
    "spectator_arrival_seconds": 60.0,  # they all arrive within a minute of its start
    "arena_share": 0.1,  # one big Arena: 10% of the players (a 10,000-player Arena at 100k)
    "pipeline_seconds": 60.0,  # the pipeline's schedule: one run a minute
    "post_ms": 20.0,  # one PostToConnection (issue 26's stand-in latency)
}
SCALES = (1_000, 10_000, 100_000)
WCU_LIMIT = 1_000.0  # per partition and second (table or index)
RCU_LIMIT = 3_000.0
CONCURRENCY_LIMIT = 1_000.0  # the account's default Lambda concurrency
ITEM_LIMIT = 400 * 1024  # DynamoDB's item size limit
MAX_SPECTATORS = 10_000

#: Every key family the simulation may touch: (index, prefix) -> family name. Keys of one family differ
#: only by an id (or a shard number); a write outside these is a finding the smoke test fails on.
FAMILIES: tuple[tuple[str, str, str], ...] = (
    ("table", "TOPIC#lobby", "TOPIC#lobby"),
    ("table", "TOPIC#match:", "TOPIC#match:<id>"),
    ("table", "TOPIC#tournament:", "TOPIC#tournament:<id>"),
    ("table", "TOPIC#inbox:", "TOPIC#inbox:<player>"),
    ("table", "MATCH#", "MATCH#<id>"),
    ("table", "PLAYER#", "PLAYER#<id>"),
    ("table", "NAME#", "NAME#<name>"),
    ("table", "SEEK#", "SEEK#<id>"),
    ("table", "CONN#", "CONN#<id>"),
    ("table", "IDEM#", "IDEM#<digest>"),
    ("table", "TOURNAMENTS", "TOURNAMENTS"),
    ("table", "TOURNAMENT#", "TOURNAMENT#<id>"),
    ("table", "RATED#", "RATED#<pool>"),
    ("gsi1", "LIVE", "gsi1 LIVE"),
    ("gsi1", "UNRATED", "gsi1 UNRATED"),
    ("gsi1", "TOURNAMENTS#", "gsi1 TOURNAMENTS#<status>"),
    ("gsi2", "SEEKS", "gsi2 SEEKS"),
    ("gsi2", "RANK#", "gsi2 RANK#<pool>#<shard>"),
    ("gsi3", "GRANK#", "gsi3 GRANK#<pool>#<shard>"),
)
UNKNOWN = "unknown"


def family(unit: Unit) -> str:
    """The key family of a unit's partition (``unknown`` when none matches)."""
    for index, prefix, name in FAMILIES:
        if unit.index == index and unit.key.startswith(prefix):
            return name
    return UNKNOWN


# ---------------------------------------------------------------------------------------------- recording


@dataclass
class Sample:
    """One measured action: its units, calls, time (the meter's look-ups taken out) and pushes."""

    action: str
    function: str  # api, live, notifier, pipeline, rating
    units: list[Unit]
    calls: int
    seconds: float
    pushes: int = 0
    count: int = 1  # actions it stands for (a rating step rates several games)


class ManualClock:
    """The services' clock: moves only when the simulation says (a pipeline run a minute later...)."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


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


@dataclass
class Recorder:
    meter: CapacityMeter
    feed: QueueFeed
    pusher: CountingPusher
    samples: list[Sample] = field(default_factory=list)

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

        batches, self.feed.batches = self.feed.batches, []
        for batch in batches:
            sent = self.pusher.sent
            with self.meter.recording() as units:
                started = time.perf_counter()
                live().notify(batch)
                seconds = time.perf_counter() - started - self.meter.overhead
            self.samples.append(
                Sample(
                    f"{action} > notifier",
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

    def __init__(self, players: int, recorder: Recorder, clock: ManualClock) -> None:
        self.n = players
        self.rec = recorder
        self.clock = clock
        self.api = _Client()
        self.players: list[Player] = []
        self.lobby_followers = 0
        self.spectators = 0
        self.arena_entrants = 0
        self.arena_id = ""
        self.games_played = 0
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
        choice = view["view"]["legal_moves"][
            (len(match.get("id", "")) + view["version"]) % len(view["view"]["legal_moves"])
        ]
        body = {"card": choice["card"], "take": choice["take"], "version": view["version"]}
        self.clock.sleep(MODEL["move_seconds"])
        with self.rec.measure("move", "api"):
            answer: dict[str, Any] = self.api.ok("POST", f"/matches/{match['id']}/moves", body, tokens[mover])
        if answer["status"] != "active":
            self.rec.samples[-1 - _notifier_runs_after(self.rec.samples)].action = "last move"
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


@dataclass
class Measured:
    """Per-action costs, per family, as the simulation measured them."""

    samples: list[Sample]
    sizes: dict[str, float]  # bytes per subscriber item, per arena entry, per wave table...
    population: dict[str, int]

    def actions(self, name: str) -> list[Sample]:
        return [s for s in self.samples if s.action == name]

    def per_action(self, name: str, fam: str, hottest: bool = True) -> tuple[float, float]:
        """Mean (WCU, RCU) an action spends on one key of ``fam`` (its most used key in each action,
        ``hottest``) or on the whole family; (0, 0) when the action never touches it."""
        found = self.actions(name)
        if not found:
            return 0.0, 0.0
        w = r = 0.0
        for s in found:
            by_key: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
            for u in s.units:
                if family(u) == fam:
                    by_key[u.partition][0] += u.wcu
                    by_key[u.partition][1] += u.rcu
            if by_key:
                if hottest:
                    top = max(by_key.values(), key=lambda x: (x[0], x[1]))
                    w, r = w + top[0], r + top[1]
                else:
                    w += sum(x[0] for x in by_key.values())
                    r += sum(x[1] for x in by_key.values())
        count = sum(s.count for s in found)
        return w / count, r / count

    def duration(self, name: str) -> float:
        found = self.actions(name)
        return statistics.mean(s.seconds / s.count for s in found) if found else 0.0

    def pushes(self, name: str) -> float:
        found = self.actions(name)
        return statistics.mean(s.pushes for s in found) if found else 0.0


def measure(players: int = 100, lobby_games: int | None = None, arena_waves: int = 2) -> Measured:
    """Run the simulation on moto; the samples and the sizes the model scales."""
    games = lobby_games if lobby_games is not None else max(2, players // 16)
    with _environment():
        import boto3
        from moto import mock_aws

        from api import context, idempotency
        from scopa.adapters.dynamodb.players_matches import create_table

        with mock_aws(), _quiet():
            clock = ManualClock()
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
    tables = sum(len(json.loads(_round_doc(r)).get("tables", [])) for r in rounds) or 1
    tournament = [i for i in arena if i["sk"]["S"] == "TOURNAMENT"]
    return {
        "subscriber_bytes": statistics.mean(item_size(i) for i in lobby) if lobby else 0.0,
        "entry_bytes": statistics.mean(item_size(i) for i in entries),
        "table_bytes": sum(item_size(r) for r in rounds) / tables,
        "tournament_bytes": float(item_size(tournament[0])),
        "round_items": float(len(rounds)),
        "tables": float(tables),
    }


def _round_doc(item: dict[str, Any]) -> str:
    """A round item's tables, as the adapter stores them (a JSON text)."""
    return json.dumps({"tables": json.loads(item["tables"]["S"])})


# ---------------------------------------------------------------------------------------------- the model


@dataclass
class Row:
    """One hot key (or one function) at one scale."""

    key: str
    what: str
    wcu: float
    rcu: float
    note: str = ""

    @property
    def verdict(self) -> str:
        return "PASS" if self.wcu <= WCU_LIMIT and self.rcu <= RCU_LIMIT else "OVER"


def _reads(size: float, strong: bool = True) -> float:
    units = max(1, math.ceil(size / 4096))
    return float(units) if strong else units / 2


class Model:
    """The activity model over the measured costs: each hot key's units per second at ``players``."""

    def __init__(self, m: Measured, model: dict[str, float] | None = None) -> None:
        self.m = m
        self.k = dict(MODEL, **(model or {}))

    # -------------------------------------------------------------- measured inputs

    def w(self, action: str, fam: str, hottest: bool = True) -> float:
        return self.m.per_action(action, fam, hottest)[0]

    def r(self, action: str, fam: str, hottest: bool = True) -> float:
        return self.m.per_action(action, fam, hottest)[1]

    def topic_reads(self, action: str, fam: str, followers_then: int) -> float:
        """How many reads of the topic's subscriber partition one notifier run of ``action`` makes: its
        measured RCU on that partition over what one read of it cost then."""
        once = _reads(followers_then * self.m.sizes["subscriber_bytes"])
        return self.r(f"{action} > notifier", fam) / once

    def topic_read(self, followers: float) -> float:
        """RCU of one (strongly consistent) read of a topic's subscribers: the measured bytes each."""
        return _reads(followers * self.m.sizes["subscriber_bytes"])

    # -------------------------------------------------------------- rates

    def rates(self, players: int) -> dict[str, float]:
        k = self.k
        games = players / 2
        game_seconds = k["game_moves"] * k["move_seconds"]
        starts = games / game_seconds
        return {
            "moves": games / k["move_seconds"],
            "starts": starts,
            "lobby_starts": starts * k["lobby_share"],
            "lobby_followers": players * k["lobby_followers"],
            "spectators": min(MAX_SPECTATORS, players * k["spectators"]),
            "arena": players * k["arena_share"],
            "game_seconds": game_seconds,
        }

    def rows(self, players: int) -> list[Row]:
        k, x, pop, _sizes = self.k, self.rates(players), self.m.population, self.m.sizes
        one_match = 1 / k["move_seconds"]  # moves a second on one match
        rows: list[Row] = []
        # The lobby topic: every lobby game takes its two players off the lobby page and back.
        churn = x["lobby_starts"] * 2
        lobby_w = churn * (
            self.w("subscribe lobby", "TOPIC#lobby") + self.w("unsubscribe lobby", "TOPIC#lobby")
        )
        lobby_reads = sum(
            self.topic_reads(a, "TOPIC#lobby", pop["lobby_followers"]) for a in ("create seek", "accept seek")
        )
        lobby_r = x["lobby_starts"] * lobby_reads * self.topic_read(x["lobby_followers"])
        rows.append(
            Row(
                "TOPIC#lobby",
                f"{x['lobby_followers']:,.0f} followers; {x['lobby_starts']:.1f} seeks made and taken/s",
                lobby_w,
                lobby_r,
                "read whole at every lobby change",
            )
        )
        seeks_w = x["lobby_starts"] * (
            self.w("create seek", "gsi2 SEEKS") + self.w("accept seek", "gsi2 SEEKS")
        )
        seeks_r = x["lobby_starts"] * (
            self.r("create seek > notifier", "gsi2 SEEKS") + self.r("accept seek > notifier", "gsi2 SEEKS")
        ) + churn * self.r("subscribe lobby", "gsi2 SEEKS")
        rows.append(Row("gsi2 SEEKS", "open seeks: put, taken, the lobby's page read", seeks_w, seeks_r))
        # A popular match: its item, its followers.
        s = x["spectators"]
        arrivals = s / k["spectator_arrival_seconds"]
        match_w = one_match * self.w("move", "MATCH#<id>")
        match_r = one_match * (self.r("move", "MATCH#<id>") + self.r("move > notifier", "MATCH#<id>"))
        match_r += arrivals * self.r("subscribe match", "MATCH#<id>")
        rows.append(
            Row("MATCH#<id>", f"a popular match: a move every {k['move_seconds']:.0f} s", match_w, match_r)
        )
        topic_w = arrivals * self.w("subscribe match", "TOPIC#match:<id>")
        topic_reads = self.topic_reads("move", "TOPIC#match:<id>", pop["spectators"] + 2)
        topic_r = one_match * topic_reads * self.topic_read(s + 2)
        rows.append(
            Row(
                "TOPIC#match:<id>",
                f"its {s:,.0f} spectators arriving in {k['spectator_arrival_seconds']:.0f} s",
                topic_w,
                topic_r,
                "read whole at every move",
            )
        )
        # The pipeline's due-work indexes: deadlines, games to rate.
        live_w = x["moves"] * self.w("move", "gsi1 LIVE") + x["lobby_starts"] * self.w(
            "accept seek", "gsi1 LIVE"
        )
        live_r = self.r("pipeline run", "gsi1 LIVE") / k["pipeline_seconds"]
        rows.append(
            Row("gsi1 LIVE", f"every timed match's deadline: {x['moves']:,.0f} moves/s", live_w, live_r)
        )
        unrated_w = x["starts"] * (
            self.w("last move", "gsi1 UNRATED") + self.w("rate finished games", "gsi1 UNRATED")
        )
        unrated_r = self.r("rate finished games", "gsi1 UNRATED") / k["pipeline_seconds"]
        rows.append(Row("gsi1 UNRATED", f"games to rate: {x['starts']:.1f} ends/s", unrated_w, unrated_r))
        rows.append(
            Row(
                "gsi1 TOURNAMENTS#running",
                "running tournaments, read by each pipeline run",
                0.0,
                self.r("pipeline run", "gsi1 TOURNAMENTS#<status>") / k["pipeline_seconds"],
            )
        )
        # Ratings: the log of a pool, the leaderboard's shards.
        rated = x["starts"]
        rows.append(
            Row(
                "RATED#<pool>",
                "one pool: every rated game logged",
                rated * self.w("rate finished games", "RATED#<pool>"),
                0.0,
            )
        )
        for fam, label in (("gsi2 RANK#<pool>#<shard>", "Elo"), ("gsi3 GRANK#<pool>#<shard>", "Glicko-2")):
            per_game = self.w("rate finished games", fam, hottest=False)
            rows.append(
                Row(
                    fam.replace("<shard>", "<hottest>"),
                    f"{label} leaderboard, {SHARDS} shards",
                    rated * per_game / SHARDS,
                    0.0,
                )
            )
        # The Arena: its partition and its page's followers.
        rows.extend(self.arena_rows(x))
        # Keys spread by hash: the hottest single one.
        per_player_games = 1 / x["game_seconds"]
        player_w = per_player_games * (
            self.w("create seek", "PLAYER#<id>")
            + self.w("accept seek", "PLAYER#<id>")
            + self.w("rate finished games", "PLAYER#<id>") * 2
        )
        rows.append(
            Row(
                "PLAYER#<id>",
                "one player: a seek, a game, its rating",
                player_w,
                per_player_games * self.r("create seek", "PLAYER#<id>"),
            )
        )
        conn_w = (
            per_player_games
            * 2
            * (self.w("subscribe lobby", "CONN#<id>") + self.w("unsubscribe lobby", "CONN#<id>"))
        )
        rows.append(
            Row(
                "CONN#<id>",
                "one connection: lobby and match topics per game",
                conn_w,
                per_player_games * 2 * self.r("subscribe lobby", "CONN#<id>"),
            )
        )
        idem = self.w("create seek", "IDEM#<digest>")
        rows.append(Row("IDEM#<digest>", f"one keyed request: {idem:.0f} WCU on its own key, once", 0.0, 0.0))
        return rows

    def arena_rows(self, x: dict[str, float]) -> list[Row]:
        """The Arena's tournament partition and topic at ``x["arena"]`` entrants, from the runs measured.

        Measured: the pipeline's units on the partition per run, the partition's bytes (entries, wave
        tables), the reads of the arena page's followers per run. In the simulation every game ends
        within a minute, so each run closes one wave and pairs the next among all entrants; at scale a
        wave is the players whose game ended in the last minute, and about ``game_seconds / 60`` waves
        are open at once, each rewritten as its results come in."""
        k, pop, sizes = self.k, self.m.population, self.m.sizes
        a, entrants = x["arena"], pop["arena_entrants"]
        runs = max(1, len(self.m.actions("pipeline run")))
        open_waves = max(1.0, x["game_seconds"] / k["pipeline_seconds"])
        wave_tables = a / 2 * min(1.0, k["pipeline_seconds"] / x["game_seconds"])
        wave_kb = math.ceil(wave_tables * sizes["table_bytes"] / 1024)
        first_wave = a / 2 * sizes["table_bytes"]
        # Writes: a run writes each wave it touches about f times its size (the wave's put in a
        # transaction, its results, its closing, the tournament item): f measured on the simulated waves.
        sim_wave_kb = math.ceil(entrants / 2 * sizes["table_bytes"] / 1024)
        f = self.w("pipeline run", "TOURNAMENT#<id>") / max(1, sim_wave_kb)
        per_run_w = f * wave_kb + (open_waves - 1) * wave_kb
        # Reads: a run reads the whole partition q times (measured), the partition holding every entry
        # and, half-way through a one-hour arena, half of its waves' tables.
        sim_bytes = (
            entrants * sizes["entry_bytes"]
            + sizes["tables"] * sizes["table_bytes"]
            + sizes["tournament_bytes"]
        )
        q = self.r("pipeline run", "TOURNAMENT#<id>") / _reads(sim_bytes)
        tables_so_far = a / 2 * (1800 / x["game_seconds"])
        bytes_then = (
            a * sizes["entry_bytes"] + tables_so_far * sizes["table_bytes"] + sizes["tournament_bytes"]
        )
        per_run_r = q * _reads(bytes_then)
        per_run_r += (
            self.r("pipeline run > notifier", "TOURNAMENT#<id>", hottest=False)
            * len(self.m.actions("pipeline run > notifier"))
            / runs
        )
        # The arena page's followers: read whole at each tournament change a run publishes.
        topic_total = sum(
            u.rcu
            for s in self.m.actions("pipeline run > notifier")
            for u in s.units
            if family(u) == "TOPIC#tournament:<id>"
        )
        topic_reads = topic_total / runs / _reads(entrants * sizes["subscriber_bytes"])
        topic_r = topic_reads * self.topic_read(a) / k["pipeline_seconds"]
        flags = []
        if first_wave > ITEM_LIMIT:
            flags.append(f"first wave {first_wave / 1024:,.0f} KB > 400 KB item limit")
        if per_run_w > WCU_LIMIT or per_run_r > RCU_LIMIT:
            flags.append("a run's burst exceeds one second of the limit")
        rows = [
            Row(
                "TOURNAMENT#<arena>",
                f"{a:,.0f} entrants; a run: {per_run_w:,.0f} WCU, {per_run_r:,.0f} RCU; waves of "
                f"{wave_tables:,.0f} tables ({wave_kb:,} KB), the first {first_wave / 1024:,.0f} KB",
                per_run_w / k["pipeline_seconds"],
                per_run_r / k["pipeline_seconds"],
                "; ".join(flags),
            ),
            Row("TOPIC#tournament:<arena>", f"its page followed by {a:,.0f}", 0.0, topic_r),
        ]
        if first_wave > ITEM_LIMIT:
            rows[0].wcu = max(rows[0].wcu, math.inf)
        return rows

    # -------------------------------------------------------------- Lambda

    def concurrency(self, players: int) -> list[tuple[str, float, float, float]]:
        """(function, invocations/s, seconds each, concurrency) at ``players``."""
        k, x, pop = self.k, self.rates(players), self.m.population
        post = k["post_ms"] / 1000
        api = x["moves"] * self.m.duration("move") + x["lobby_starts"] * (
            self.m.duration("create seek") + self.m.duration("accept seek")
        )
        api_rate = x["moves"] + 2 * x["lobby_starts"]
        per_follower = self.m.pushes("create seek > notifier") / max(1, pop["lobby_followers"])
        lobby_each = self.m.duration("create seek > notifier") + x["lobby_followers"] * per_follower * post
        move_each = self.m.duration("move > notifier") + self.m.pushes("move > notifier") * post
        notifier_rate = x["moves"] + 2 * x["lobby_starts"]
        notifier = x["moves"] * move_each + 2 * x["lobby_starts"] * lobby_each
        live_rate = 4 * x["lobby_starts"]
        live = live_rate * self.m.duration("subscribe lobby")
        wave_players = x["arena"] * min(1.0, k["pipeline_seconds"] / x["game_seconds"])
        run = self.m.duration("pipeline run") * wave_players / pop["arena_entrants"]
        return [
            ("api", api_rate, api / api_rate, api),
            ("notifier", notifier_rate, notifier / notifier_rate, notifier),
            ("live (subscribe)", live_rate, self.m.duration("subscribe lobby"), live),
            ("pipeline", 1 / k["pipeline_seconds"], run, run / k["pipeline_seconds"]),
        ]


SHARDS = 4  # the leaderboard's shards per pool (RANKING_SHARDS, default 4)


# ---------------------------------------------------------------------------------------------- output


def per_move(m: Measured) -> dict[str, float]:
    """What one move costs: the figures docs/data-model.md states (1 RCU, 1 WCU, 2 WCU on the index)."""
    return {
        "match_wcu": m.per_action("move", "MATCH#<id>")[0],
        "match_rcu": m.per_action("move", "MATCH#<id>")[1],
        "live_index_wcu": m.per_action("move", "gsi1 LIVE")[0],
    }


def report(m: Measured) -> dict[str, Any]:
    model = Model(m)
    return {
        "population": m.population,
        "sizes": m.sizes,
        "per_move": per_move(m),
        "model": MODEL,
        "scales": {
            str(p): {
                "keys": [r.__dict__ | {"verdict": r.verdict} for r in model.rows(p)],
                "lambda": [
                    {
                        "function": f,
                        "per_second": rate,
                        "seconds": sec,
                        "concurrency": c,
                        "verdict": "PASS" if c <= CONCURRENCY_LIMIT else "OVER",
                    }
                    for f, rate, sec, c in model.concurrency(p)
                ],
            }
            for p in SCALES
        },
    }


def print_report(m: Measured) -> None:
    model = Model(m)
    pop = m.population
    print(
        f"scale model: {pop['players']} players on moto ({pop['lobby_games']} lobby games of "
        f"{pop['game_moves_mean']} moves, {pop['lobby_followers']} lobby followers, "
        f"{pop['spectators']} spectators, "
        f"an arena of {pop['arena_entrants']})"
    )
    mv = per_move(m)
    print(
        f"a move: {mv['match_wcu']:.2f} WCU + {mv['match_rcu']:.2f} RCU on its match, "
        f"{mv['live_index_wcu']:.2f} WCU on gsi1 LIVE; measured bytes: "
        + ", ".join(f"{k} {v:,.0f}" for k, v in m.sizes.items())
    )
    print("per action (mean units on each key family; ms in-process):")
    for action in sorted({s.action for s in m.samples}):
        fam: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        found = m.actions(action)
        count = sum(s.count for s in found)
        for s in found:
            for u in s.units:
                fam[family(u)][0] += u.wcu / count
                fam[family(u)][1] += u.rcu / count
        units = ", ".join(f"{f} {v[0]:.2f}W/{v[1]:.2f}R" for f, v in sorted(fam.items()))
        print(f"  {action:<32} x{count:<4} {m.duration(action) * 1000:7.1f} ms  {units}")
    for p in SCALES:
        print(f"\n{p:,} concurrent players")
        print(f"  {'key':<28} {'WCU/s':>10} {'RCU/s':>10}  verdict  what")
        for r in model.rows(p):
            note = f" [{r.note}]" if r.note else ""
            wcu = "item" if math.isinf(r.wcu) else f"{r.wcu:,.2f}"
            print(f"  {r.key:<28} {wcu:>10} {r.rcu:>10,.2f}  {r.verdict:<7}  {r.what}{note}")
        print(f"  {'Lambda function':<30} {'calls/s':>10} {'s each':>10}  {'concurrency':>11}")
        for f, rate, sec, c in model.concurrency(p):
            verdict = "PASS" if c <= CONCURRENCY_LIMIT else "OVER"
            print(f"  {f:<30} {rate:>10,.1f} {sec:>10.3f}  {c:>11,.1f}  {verdict}")


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

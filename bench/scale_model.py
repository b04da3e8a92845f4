"""The scale model of ``python -m bench.scale``: key families, measured costs, per-key rates.

:mod:`bench.scale` runs the population and hands its samples here (:class:`Measured`). :class:`Model`
applies the activity model (:data:`MODEL`, stated in docs/scale.md) to the measured cost of each action:
each hot key's write and read units per second at 1k, 10k and 100k concurrent players against DynamoDB's
per-partition limits, and each function's concurrency against the account's default. Where keys are
spread by hash the row is the hottest single key; where a partition grows with the players (the lobby's
followers, an arena's entries and waves) its read is scaled by the measured bytes per item.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from bench.capacity import Unit
from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.tournament_items import ROUND_PART_BYTES
from scopa.application.ports.coalesce import COALESCE_MS
from scopa.application.ports.fanout import SLICE_SUBSCRIBERS
from scopa.application.recent import MAX_AGE as PAGE_MAX_AGE
from scopa.application.services.live import POST_THREADS
from scopa.application.services.pipeline.rounds import MATCHES_PER_STEP
from scopa.domain.tournaments.settings import ARENA_MAX_ENTRANTS
from scopa.web.pages import RELOAD_SPREAD

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
    # boto3's CPU per PostToConnection (1.04 ms of a vCPU, docs/live.md) on a 512 MB notifier's 0.29 vCPU
    "post_cpu_ms": 1.04 * 1769 / 512,
}
SCALES = (1_000, 10_000, 100_000)
WCU_LIMIT = 1_000.0  # per partition and second (table or index)
RCU_LIMIT = 3_000.0
CONCURRENCY_LIMIT = 1_000.0  # the account's default Lambda concurrency
MAX_SPECTATORS = 10_000

#: Every key family the simulation may touch: (index, prefix) -> family name. Keys of one family differ
#: only by an id (or a shard number); a write outside these is a finding the smoke test fails on.
FAMILIES: tuple[tuple[str, str, str], ...] = (
    ("table", "TOPIC#lobby", "TOPIC#lobby"),
    ("table", "LEASE#lobby", "LEASE#lobby"),
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
    ("gsi1", "LIVE#", "gsi1 LIVE#<shard>"),
    ("gsi1", "LIVE", "gsi1 LIVE (pre-shard)"),
    ("gsi1", "UNRATED", "gsi1 UNRATED"),
    ("gsi1", "TOURNAMENTS#", "gsi1 TOURNAMENTS#<status>"),
    ("gsi2", "SEEKS", "gsi2 SEEKS"),
    ("gsi2", "RANK#", "gsi2 RANK#<pool>#<shard>"),
    ("gsi3", "GRANK#", "gsi3 GRANK#<pool>#<shard>"),
)
UNKNOWN = "unknown"
NOTIFIER = " > notifier"  # the notifier runs that followed an action: "<action> > notifier"


def family(unit: Unit) -> str:
    """The key family of a unit's partition (``unknown`` when none matches)."""
    for index, prefix, name in FAMILIES:
        if unit.index == index and unit.key.startswith(prefix):
            return name
    return UNKNOWN


# ---------------------------------------------------------------------------------------------- measured


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
        count = self.count(name)
        return w / count, r / count

    def count(self, name: str) -> int:
        """How many actions ``name`` stands for; for ``<action> > notifier``, the actions whose changes
        the notifier runs carried (an action may publish more than once: per action, not per run)."""
        parent = name.removesuffix(NOTIFIER)
        if parent != name and self.actions(parent):
            return sum(s.count for s in self.actions(parent))
        return max(1, sum(s.count for s in self.actions(name)))

    def queries(self, name: str, fam: str) -> float:
        """Queries an action makes of one partition of ``fam`` (its most queried), per action: how often
        it reads a partition that grows with the players (a topic's followers, an arena's entries)."""
        total = 0
        for s in self.actions(name):
            by_key: dict[str, int] = defaultdict(int)
            for u in s.units:
                if u.operation == "Query" and family(u) == fam:
                    by_key[u.partition] += 1
            total += max(by_key.values(), default=0)
        return total / self.count(name)

    def query_rcu(self, name: str, fam: str) -> float:
        """RCU an action spends on queries of ``fam`` (all keys), per action."""
        found = self.actions(name)
        spent = sum(u.rcu for s in found for u in s.units if u.operation == "Query" and family(u) == fam)
        return spent / self.count(name)

    def duration(self, name: str) -> float:
        """Seconds per action (a notifier's: all its runs for one action)."""
        return sum(s.seconds for s in self.actions(name)) / self.count(name)

    def pushes(self, name: str) -> float:
        return sum(s.pushes for s in self.actions(name)) / self.count(name)

    def runs(self, name: str) -> float:
        """Notifier runs per action ``name``."""
        return len(self.actions(name + NOTIFIER)) / self.count(name)


# ---------------------------------------------------------------------------------------------- the model


@dataclass
class Row:
    """One hot key (or one function) at one scale."""

    key: str
    what: str
    wcu: float
    rcu: float
    note: str = ""
    breaks: bool = False  # fails whatever the rate (an item over 400 KB, a cap): OVER

    @property
    def verdict(self) -> str:
        within = self.wcu <= WCU_LIMIT and self.rcu <= RCU_LIMIT and not self.breaks
        return "PASS" if within else "OVER"


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

    def topic_reads(self, action: str, fam: str) -> float:
        """How many reads of the topic's subscriber partition the notifier makes per ``action``."""
        return self.m.queries(action + NOTIFIER, fam)

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
        k, x = self.k, self.rates(players)
        one_match = 1 / k["move_seconds"]  # moves a second on one match
        rows: list[Row] = []
        # The lobby topic: every lobby game takes its two players off the lobby page and back.
        churn = x["lobby_starts"] * 2
        lobby_w = churn * (
            self.w("subscribe lobby", "TOPIC#lobby") + self.w("unsubscribe lobby", "TOPIC#lobby")
        )
        # Coalesced: its followers are read once per fan-out (a seek made: the simulation's lobby changes
        # are far apart, so each made seek is a fan-out of its own, measured), at most one a second.
        fanouts = self.lobby_fanouts(players)
        lobby_r = (
            fanouts * self.topic_reads("create seek", "TOPIC#lobby") * self.topic_read(x["lobby_followers"])
        )
        rows.append(
            Row(
                "TOPIC#lobby",
                f"{x['lobby_followers']:,.0f} followers; {x['lobby_starts']:.1f} seeks made and taken/s",
                lobby_w,
                lobby_r,
                f"read whole at each fan-out: {fanouts:.2f}/s, coalesced to one per {COALESCE_MS} ms",
            )
        )
        # Its lease: every lobby change reads it (a taken seek: one read, a mark, measured); a claim and a
        # mark per fan-out at most (a made seek's claim and the re-notify's, measured).
        lease_w = fanouts * (
            self.w("create seek > notifier", "LEASE#lobby") + self.w("accept seek > notifier", "LEASE#lobby")
        )
        lease_r = 2 * x["lobby_starts"] * self.r("accept seek > notifier", "LEASE#lobby") + fanouts * self.r(
            "lobby renotify > notifier", "LEASE#lobby"
        )
        rows.append(
            Row("LEASE#lobby", "the lobby's push lease: read at every lobby change", lease_w, lease_r)
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
        topic_reads = self.topic_reads("move", "TOPIC#match:<id>")
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
        # The pipeline's due-work indexes: deadlines (sharded by match id: the hottest shard), games to rate.
        games = players / 2
        share = hottest_share(int(games))
        live_w = share * (
            x["moves"] * self.w("move", "gsi1 LIVE#<shard>")
            + x["lobby_starts"] * self.w("accept seek", "gsi1 LIVE#<shard>")
        )
        live_r = self.r("pipeline run", "gsi1 LIVE#<shard>") / k["pipeline_seconds"]
        rows.append(
            Row(
                "gsi1 LIVE#<hottest>",
                f"every timed match's deadline: {x['moves']:,.0f} moves/s over {keys.LIVE_SHARDS} shards, "
                f"the hottest holding {share:.1%} of {games:,.0f} games",
                live_w,
                live_r,
            )
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
        open_waves = max(1.0, x["game_seconds"] / k["pipeline_seconds"])
        wave_tables = a / 2 * min(1.0, k["pipeline_seconds"] / x["game_seconds"])
        wave_kb = math.ceil(wave_tables * sizes["table_bytes"] / 1024)
        first_wave = a / 2 * sizes["table_bytes"]
        # Writes: a run writes each wave it touches about f times its size (the wave's put in a
        # transaction, its results, its closing, the tournament item): f measured on the simulated waves.
        sim_wave_kb = math.ceil(entrants / 2 * sizes["table_bytes"] / 1024)
        f = self.w("pipeline run", "TOURNAMENT#<id>") / max(1, sim_wave_kb)
        per_run_w = f * wave_kb + (open_waves - 1) * wave_kb
        # Reads: a run queries the partition q times (measured), each query reading every entry and,
        # half-way through a one-hour arena, half of its waves' tables; its other reads (items by key,
        # the notifier's reads of the tournament item) stay as measured.
        m = self.m
        q = m.queries("pipeline run", "TOURNAMENT#<id>")
        others = m.per_action("pipeline run", "TOURNAMENT#<id>")[1] - m.query_rcu(
            "pipeline run", "TOURNAMENT#<id>"
        )
        tables_so_far = a / 2 * (1800 / x["game_seconds"])
        bytes_then = (
            a * sizes["entry_bytes"] + tables_so_far * sizes["table_bytes"] + sizes["tournament_bytes"]
        )
        per_run_r = q * _reads(bytes_then) + others
        per_run_r += self.r("pipeline run" + NOTIFIER, "TOURNAMENT#<id>", hottest=False)
        # The arena page's followers: read whole at each tournament change a run publishes.
        topic_r = m.queries("pipeline run" + NOTIFIER, "TOPIC#tournament:<id>") * self.topic_read(a)
        topic_r /= k["pipeline_seconds"]
        # The first wave pairs every entrant: stored in items of at most ROUND_PART_BYTES (a transaction,
        # twice the units, once there are several), and rewritten by each step that starts its matches.
        first_items = math.ceil(first_wave / ROUND_PART_BYTES)
        first_w = math.ceil(first_wave / 1024) * (2 if first_items > 1 else 1)
        first_run_w = first_w * (1 + math.ceil(a / 2 / MATCHES_PER_STEP))
        flags = []
        if a > ARENA_MAX_ENTRANTS:
            flags.append(f"over the arena cap of {ARENA_MAX_ENTRANTS:,} entrants")
        if first_items > 1:
            flags.append(
                f"the first wave in {first_items} items, its first run {first_run_w:,} WCU "
                f"({first_run_w / k['pipeline_seconds']:,.0f} a second)"
            )
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
            self.page_views_row(a, bytes_then),
        ]
        rows[0].breaks = a > ARENA_MAX_ENTRANTS  # refused, whatever the rate
        return rows

    def page_views_row(self, a: float, partition_bytes: float) -> Row:
        """The arena page's views: each wave moves the tournament on, and each of its ``a`` followers'
        pages reloads at a random moment of the next RELOAD_SPREAD seconds. A view (the page, the
        tournament, the player's place) reads the tournament's item three times (measured: "arena page
        (kept)"); a container renders the page and computes the places once per version and
        PAGE_MAX_AGE from one read of the whole partition (``partition_bytes``), and serves them
        meanwhile.
        Containers: the views a second times a kept view's measured duration (moto's: it overstates)."""
        m = self.m
        views = a / RELOAD_SPREAD
        kept_r = m.per_action("arena page (kept)", "TOURNAMENT#<id>")[1]
        containers = max(1, math.ceil(views * m.duration("arena page (kept)")))
        renders = containers * math.ceil(RELOAD_SPREAD / PAGE_MAX_AGE)
        render_r = _reads(partition_bytes) + kept_r  # the page and the places from one read
        rcu = views * kept_r + renders * render_r / RELOAD_SPREAD
        return Row(
            "TOURNAMENT#<arena> page views",
            f"{a:,.0f} followers reload over {RELOAD_SPREAD} s at each wave: {views:,.0f} views a second "
            f"on {containers} containers, each rendering from the partition ({partition_bytes / 1024:,.0f} "
            f"KB) once per {PAGE_MAX_AGE:.0f} s",
            0.0,
            rcu,
        )

    def lobby_fanouts(self, players: int) -> float:
        """Fan-outs of the lobby a second: one per change, at most one per coalescing interval."""
        return min(2 * self.rates(players)["lobby_starts"], 1000 / COALESCE_MS)

    def fan_out_runs(self, followers: float, base: float) -> tuple[float, float]:
        """(notifier runs, Lambda seconds) of one fan-out to ``followers``: a run per slice, each ``base``
        (its read and rendering, measured) plus its posts, 20 at a time, or their CPU when that is longer."""
        runs = max(1, math.ceil(followers / SLICE_SUBSCRIBERS))
        each = min(followers, SLICE_SUBSCRIBERS)
        post = max(each * self.k["post_ms"] / POST_THREADS, each * self.k["post_cpu_ms"]) / 1000
        return runs, runs * (base + post)

    # -------------------------------------------------------------- Lambda

    def concurrency(self, players: int) -> list[tuple[str, float, float, float]]:
        """(function, invocations/s, seconds each, concurrency) at ``players``."""
        k, x, pop = self.k, self.rates(players), self.m.population
        post = k["post_ms"] / 1000
        api = x["moves"] * self.m.duration("move") + x["lobby_starts"] * (
            self.m.duration("create seek") + self.m.duration("accept seek")
        )
        api_rate = x["moves"] + 2 * x["lobby_starts"]
        # The notifier: a move's runs render and post to its two seats, in-line; the popular match's
        # spectators and the lobby's followers are posted in slices of 100, a run each, 20 posts at a time
        # (the merged fan-out); a lobby change costs its lease check (a taken seek's run, measured), and
        # at most one fan-out a second reads and posts the lobby (a made seek's run as each slice's base).
        m = self.m
        spectators = x["spectators"]
        fanouts = self.lobby_fanouts(players)
        match_runs, match_s = self.fan_out_runs(spectators, m.duration("move" + NOTIFIER))
        lobby_runs, lobby_s = self.fan_out_runs(x["lobby_followers"], m.duration("create seek" + NOTIFIER))
        changes = 2 * x["lobby_starts"]
        notifier_rate = (
            x["moves"] * m.runs("move")
            + match_runs / k["move_seconds"]
            + changes * m.runs("accept seek")
            + fanouts * lobby_runs
        )
        notifier = (
            x["moves"] * (m.duration("move" + NOTIFIER) + 2 * post)
            + match_s / k["move_seconds"]
            + changes * m.duration("accept seek" + NOTIFIER)
            + fanouts * lobby_s
        )
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


def hottest_share(matches: int, seed: int = 26) -> float:
    """The share of ``matches`` concurrent matches on the busiest deadline-index shard: ids drawn as the
    service makes them (``m_`` and 16 hex digits) and hashed by the real ``keys.live_shard``."""
    rng = random.Random(seed)
    ids = (f"m_{rng.getrandbits(64):016x}" for _ in range(max(1, matches)))
    counts = Counter(keys.live_shard(match_id) for match_id in ids)
    return max(counts.values()) / max(1, matches)


# ---------------------------------------------------------------------------------------------- output


def per_move(m: Measured) -> dict[str, float]:
    """What one move costs: the figures docs/data-model.md states (1 RCU, 1 WCU, 2 WCU on the index)."""
    return {
        "match_wcu": m.per_action("move", "MATCH#<id>")[0],
        "match_rcu": m.per_action("move", "MATCH#<id>")[1],
        "live_index_wcu": m.per_action("move", "gsi1 LIVE#<shard>")[0],
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
        f"{mv['live_index_wcu']:.2f} WCU on its gsi1 LIVE#<shard>; measured bytes: "
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
            wcu = f"{r.wcu:,.2f}"
            print(f"  {r.key:<28} {wcu:>10} {r.rcu:>10,.2f}  {r.verdict:<7}  {r.what}{note}")
        print(f"  {'Lambda function':<30} {'calls/s':>10} {'s each':>10}  {'concurrency':>11}")
        for f, rate, sec, c in model.concurrency(p):
            verdict = "PASS" if c <= CONCURRENCY_LIMIT else "OVER"
            print(f"  {f:<30} {rate:>10,.1f} {sec:>10.3f}  {c:>11,.1f}  {verdict}")

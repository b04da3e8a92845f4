"""Fan-out at scale: one change to a topic with 100, 1,000 and 10,000 followers, and 100 topics of 100
followers at once, through the notifier's own code, against today's sequential loop in the same run.

``python -m bench.fanout`` (in ``make bench``). The store is SQLite (a temporary file), the followers
seeded straight into its tables (2 seats of a live match and spectators, a third of them logged in); the
renderers are the live functions' own (``live.topics.renderers``): one read of the match and one
rendering per audience per run. The pusher is a stand-in whose every post sleeps ``--post-ms`` (20 ms,
about a warm ``PostToConnection`` from Lambda in its region) and notes when the follower has the update.

* **new**: ``LiveService.notify`` as deployed: followers read in pages of 1,000 and cut into slices of
  100; the first slice posted by this run's 20 threads, each further one handed on. The stand-in dispatch
  runs every slice in a thread of its own after ``--invoke-ms`` (250 ms: SQS ``SendMessageBatch``, the
  Lambda poller's long-poll receive and a warm invoke. AWS publishes no figure for an event source
  mapping's delay; 250 ms is this bench's assumption; a cold start would add about a second), then
  renders and posts it as a notifier run does (``post_slice``, with its own 20 threads);
* **today**: the same service with one page and one posting thread: the loop this replaces. At 10,000
  followers it is extrapolated from the 1,000 run (posts are sequential: time grows linearly), not run.

Each figure: the time from the change to the last follower holding it, and p50/p95 over the followers
(pooled over ``--runs`` runs), with p50/p95 of the time-to-last over the runs. 100 topics of 100
followers: 100 notifier runs at once (one per write, as the feed invokes them), each in its own thread.
Goal: p95 under 1 s at 10,000 followers and for 100 x 100.

* **lobby burst** (``--lobby-changes``, 100): the lobby followed by 10,000, coalesced as deployed
  (docs/live.md, "The lobby is coalesced"): a seek is made every ``1 s / changes`` for a second, each
  change notified by a notifier run of its own; a delayed re-notify runs after its delay rounded up to a
  whole second (SQS's ``DelaySeconds``) plus ``--invoke-ms``. Figures: the fan-outs the burst cost (one
  follower's updates), and the time from the last change to the last follower holding the final lobby.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import ANONYMOUS, Caller
from scopa.application.clock import SystemClock, iso
from scopa.application.ports.changes import LOBBY_TOPIC, Change, RecordingFeed, match_topic
from scopa.application.ports.coalesce import Coalescing, Renotify
from scopa.application.ports.connections import SUBSCRIBER_PAGE
from scopa.application.ports.fanout import SLICE_SUBSCRIBERS, InProcessFanout, Slice
from scopa.application.services.live import POST_THREADS, LiveService, NotifyReport
from scopa.application.services.lobby import NewSeek
from scopa.application.services.matches import NewMatch
from scopa.application.wiring import ServiceSet

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "functions") not in sys.path:  # the live functions' renderers
    sys.path.insert(0, str(ROOT / "functions"))

GOAL_P95_S = 1.0
SIZES = (100, 1000, 10_000)
SEED = "3a" * 16


class SleepingPusher:
    """Every post takes ``latency`` seconds (sleeping: other threads run); notes when each follower has
    its update. Thread-safe, as every pusher must be."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.delivered: dict[str, float] = {}
        self._lock = threading.Lock()

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        time.sleep(self.latency)
        at = time.perf_counter()
        with self._lock:
            self.delivered[connection_id] = at
        return True

    def close(self, connection_id: str) -> None:
        return None


class LobbyPusher(SleepingPusher):
    """Also keeps each follower's last lobby data and counts one follower's updates (the fan-outs)."""

    def __init__(self, latency: float, marker: str) -> None:
        super().__init__(latency)
        self.marker = marker
        self.data: dict[str, Any] = {}
        self.fanouts = 0

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        time.sleep(self.latency)
        at = time.perf_counter()
        with self._lock:
            self.delivered[connection_id] = at
            self.data[connection_id] = message["data"]
            self.fanouts += connection_id == self.marker
        return True


class QueueDelay:
    """The fan-out queue's ``DelaySeconds``: a re-notify runs after its delay rounded up to a second,
    plus the queue's and the invoke's time, in a thread of its own."""

    def __init__(self, run: Callable[[Renotify], Any], invoke_s: float) -> None:
        self._run, self._invoke_s = run, invoke_s
        self.timers: list[threading.Timer] = []

    def later(self, renotify: Renotify, delay_ms: int) -> bool:
        timer = threading.Timer(math.ceil(delay_ms / 1000) + self._invoke_s, self._run, (renotify,))
        self.timers.append(timer)
        timer.start()
        return True


class Bench:
    def __init__(self, folder: Path, post_s: float, invoke_s: float) -> None:
        self.clock = SystemClock()
        self.svc = ServiceSet(sqlite_stores(folder / "fanout.db"), self.clock, RecordingFeed())
        self.db: Any = getattr(self.svc.stores.connections, "db")  # noqa: B009
        self.post_s, self.invoke_s = post_s, invoke_s
        ada, bea = (self._player(name) for name in ("Ada", "Bea"))
        self.seats = (ada, bea)
        self._seq = 0

    def _player(self, name: str) -> Caller:
        return Caller(self.svc.players.register(name).player.id, "player")

    def topic(self, followers: int) -> str:
        """A live match of Ada and Bea followed by both seats and ``followers - 2`` spectators."""
        ada, bea = self.seats
        match = self.svc.matches.create(
            ada, NewMatch(players=[str(ada.player_id), str(bea.player_id)], seed=SEED)
        )
        match = self.svc.matches.respond(bea, match.id, accept=True)
        topic = match_topic(match.id)
        self._seq += 1
        rows = [(f"s{self._seq}_{i:05d}", None if i % 3 else f"p_fan{i}") for i in range(followers - 2)]
        rows += [(f"s{self._seq}_seat{n}", str(seat.player_id)) for n, seat in enumerate(self.seats)]
        self._follow(topic, rows)
        return topic

    def lobby(self, followers: int) -> list[str]:
        """``followers`` connections following the lobby (a third logged in)."""
        rows = [(f"l_{i:05d}", None if i % 3 else f"p_fan{i}") for i in range(followers)]
        self._follow(LOBBY_TOPIC, rows)
        return [c for c, _ in rows]

    def _follow(self, topic: str, rows: list[tuple[str, str | None]]) -> None:
        """Store each ``(connection id, player id)`` as a live connection following ``topic``."""
        expires = int(self.clock.now()) + 7200
        with self.db.transaction() as tx:
            tx.executemany(
                "INSERT INTO connections (id, player_id, connected_at, expires_at) VALUES (?, ?, ?, ?)",
                [(c, p, iso(self.clock.now()), expires) for c, p in rows],
            )
            tx.executemany(
                "INSERT INTO subscriptions (topic, connection_id, player_id) VALUES (?, ?, ?)",
                [(topic, c, p) for c, p in rows],
            )

    def service(self, pusher: SleepingPusher, today: bool) -> LiveService:
        if today:
            return self._live(pusher, page_size=10**9, post_threads=1, slice_size=10**9)
        live = self._live(pusher, SUBSCRIBER_PAGE, POST_THREADS, SLICE_SUBSCRIBERS)

        def invoked(piece: Slice) -> NotifyReport:
            time.sleep(self.invoke_s)  # the queue and the invoke, before the other run starts
            return live.post_slice(piece)

        live.fanout = InProcessFanout(invoked, workers=128)
        return live

    def _live(
        self, pusher: SleepingPusher, page_size: int, post_threads: int, slice_size: int
    ) -> LiveService:
        from live.topics import renderers

        def no_tokens(token: str) -> Caller:
            raise AssertionError("nobody authenticates in this bench")

        return LiveService(
            self.svc.stores.connections,
            pusher,
            renderers(self.svc),
            self.clock,
            no_tokens,
            page_size=page_size,
            post_threads=post_threads,
            slice_size=slice_size,
        )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def one_change(bench: Bench, topics: list[str], today: bool) -> tuple[list[float], float]:
    """One change to each topic, each notified by its own notifier run at once; every follower's delay
    and the time until the last one had it, in seconds."""
    pusher = SleepingPusher(bench.post_s)
    runs: list[Callable[[], NotifyReport]] = []
    for topic in topics:
        live = bench.service(pusher, today)
        runs.append(lambda live=live, topic=topic: live.notify([Change(topic, None)]))  # type: ignore[misc]
    threads = [threading.Thread(target=run) for run in runs]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    delays = [at - start for at in pusher.delivered.values()]
    return delays, max(delays)


def measure(bench: Bench, followers: int, topics: int, runs: int, today: bool) -> dict[str, Any]:
    delays: list[float] = []
    lasts: list[float] = []
    names = [bench.topic(followers) for _ in range(topics)]
    for _ in range(runs):
        got, last = one_change(bench, names, today)
        assert len(got) == followers * topics, (len(got), followers * topics)
        delays += got
        lasts.append(last)
    return {
        "followers": followers,
        "topics": topics,
        "path": "today" if today else "new",
        "runs": runs,
        "last_s": round(statistics.median(lasts), 3),
        "last_p95_s": round(percentile(lasts, 0.95), 3),
        "p50_s": round(percentile(delays, 0.5), 3),
        "p95_s": round(percentile(delays, 0.95), 3),
    }


def lobby_burst(bench: Bench, followers: int, changes: int) -> dict[str, Any]:
    """``changes`` seeks made within a second, each notified by its own run, the lobby coalesced."""
    connections = bench.lobby(followers)
    pusher = LobbyPusher(bench.post_s, connections[0])
    live = bench.service(pusher, today=False)
    live.coalescing = Coalescing(bench.svc.stores.topic_leases)
    delay = QueueDelay(live.renotify, bench.invoke_s)
    live.deferral = delay
    makers = [bench._player(f"Maker{i}") for i in range(changes)]
    runs: list[threading.Thread] = []
    start = time.perf_counter()
    for i, maker in enumerate(makers):
        time.sleep(max(0.0, start + i / changes - time.perf_counter()))
        bench.svc.lobby.create_seek(maker, NewSeek())
        run = threading.Thread(target=live.notify, args=([Change(LOBBY_TOPIC)],))
        run.start()
        runs.append(run)
    last_change = time.perf_counter()
    for run in runs:
        run.join()
    for timer in list(delay.timers):
        timer.join()
    for timer in list(delay.timers):  # each run settles its slices before it returns
        timer.join()
    from live.topics import renderers

    final = renderers(bench.svc)["lobby"]("", ANONYMOUS)[1]
    assert all(pusher.data.get(c) == final for c in connections), "a follower missed the final lobby"
    return {
        "followers": followers,
        "changes": changes,
        "fanouts": pusher.fanouts,
        "renotifies": len(delay.timers),
        "last_s": round(max(pusher.delivered.values()) - last_change, 3),
    }


def extrapolated(row: dict[str, Any], factor: int) -> dict[str, Any]:
    """Today's loop at ``factor`` times the followers: every figure scales with the number of posts."""
    scaled = {k: round(v * factor, 1) for k, v in row.items() if k.endswith("_s")}
    return {
        **row,
        **scaled,
        "followers": row["followers"] * factor,
        "runs": 0,
        "path": "today (extrapolated)",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs of each case (default 3)")
    parser.add_argument("--post-ms", type=float, default=20.0, help="one post, ms (default 20)")
    parser.add_argument("--invoke-ms", type=float, default=250.0, help="a slice's queue and invoke, ms (250)")
    parser.add_argument("--lobby-changes", type=int, default=100, help="lobby changes in one second (100)")
    parser.add_argument("--lobby-only", action="store_true", help="only the lobby burst")
    args = parser.parse_args(argv)
    if args.lobby_only:
        threading.stack_size(512 * 1024)
        with tempfile.TemporaryDirectory() as folder:
            bench = Bench(Path(folder), args.post_ms / 1000, args.invoke_ms / 1000)
            print_lobby(lobby_burst(bench, 10_000, args.lobby_changes))
        return 0
    threading.stack_size(512 * 1024)  # thousands of posting threads in the 100-topic case
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        bench = Bench(Path(folder), args.post_ms / 1000, args.invoke_ms / 1000)
        for followers in SIZES:
            rows.append(measure(bench, followers, 1, args.runs, today=False))
            if followers <= 1000:
                rows.append(measure(bench, followers, 1, 1 if followers == 1000 else args.runs, today=True))
        rows.append(
            extrapolated(next(r for r in rows if r["followers"] == 1000 and r["path"] == "today"), 10)
        )
        rows.append(measure(bench, 100, 100, args.runs, today=False))
        rows.append(measure(bench, 100, 100, 1, today=True))
        lobby = lobby_burst(bench, 10_000, args.lobby_changes)
    print(
        f"fan-out of one change, {args.post_ms:g} ms a post, {args.invoke_ms:g} ms a slice's invoke, "
        f"pages of {SUBSCRIBER_PAGE} read, slices of {SLICE_SUBSCRIBERS}, "
        f"{POST_THREADS} posting threads a run:"
    )
    head = ("followers", "topics", "path", "runs", "last", "last p95", "p50", "p95")
    print("{:>9} {:>6} {:<21} {:>4} {:>7} {:>8} {:>7} {:>7}".format(*head))
    for r in rows:
        print(
            f"{r['followers']:>9} {r['topics']:>6} {r['path']:<21} {r['runs']:>4} {r['last_s']:>6}s "
            f"{r['last_p95_s']:>7}s {r['p50_s']:>6}s {r['p95_s']:>6}s"
        )
    big = next(r for r in rows if r["followers"] == 10_000 and r["path"] == "new")
    many = next(r for r in rows if r["topics"] == 100 and r["path"] == "new")
    met = big["p95_s"] < GOAL_P95_S and many["p95_s"] < GOAL_P95_S
    print(f"goal: p95 < {GOAL_P95_S:g} s at 10,000 followers and for 100 x 100: {'met' if met else 'MISSED'}")
    print_lobby(lobby)
    return 0


def print_lobby(row: dict[str, Any]) -> None:
    print(
        f"lobby burst: {row['changes']} changes in 1 s to {row['followers']:,} followers (coalesced): "
        f"{row['fanouts']} fan-outs, {row['renotifies']} delayed re-notify; the final lobby at every "
        f"follower {row['last_s']} s after the last change"
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

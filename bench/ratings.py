"""Rating recompute benchmark: ``python -m bench.ratings``.

It generates a synthetic history of one-against-one matches (1,000,000 among 20,000 players by default)
under a fixed seed: every player has a hidden strength (normal, mean 1500, sd 250) and an activity
weight (log-normal, so a few play a lot and many rarely); two different players are drawn in proportion
to activity (from a table holding every player about 8 x weight / mean weight times),
side 0 wins with the Elo probability of the hidden strengths (1% of matches are draws), and the matches
finish one after another (uniform gaps) over about two years, so the Glicko-2 RD of players who pause
grows between their games.
The matches come in finish order, as a time-ordered store query returns them.

Then, in CPU seconds of this process (and wall seconds beside):

* ``recompute``: :func:`scopa.domain.ratings.ledger.recompute` of the whole history, Elo and Glicko-2 (the
  fast path); and ``recompute(glicko=False)``, Elo alone;
* the reference, measured in the same run: the straightforward implementation, folding the pure
  :func:`~scopa.domain.ratings.ledger.apply_match` over the first ``--reference`` matches (100,000) one by
  one,
  a new frozen ``PlayerRating`` per update, extrapolated linearly to the whole history; the speed-up is
  reference time / recompute time. The fast path's ratings on that subset are checked to be the same
  bits as the reference's (``BenchmarkMismatch`` otherwise).

The target is the full recompute (both systems) under 5 s. ``--quick`` runs 100,000 matches with a
10,000-match reference: a smoke test, not figures.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, apply_match, recompute, sort_matches
from scopa.domain.ratings.pools import DEFAULT_POOLS

SEED = 20_260_101
START = 1_767_225_600.0  # 2026-01-01T00:00:00Z
SPAN_DAYS = 730.0
DRAWS = 0.01
TARGET_SECONDS = 5.0
POOL = DEFAULT_POOLS[0]  # "scopa", one against one

T = TypeVar("T")


class BenchmarkMismatch(AssertionError):
    """The fast path and the reference disagree."""


def generate(matches: int, players: int, seed: int = SEED) -> tuple[list[RatedMatch], list[float]]:
    """The synthetic history and the players' hidden strengths (index i is player ``p{i:05d}``)."""
    rng = random.Random(seed)
    strength = [rng.gauss(1500.0, 250.0) for _ in range(players)]
    activity = [rng.lognormvariate(0.0, 1.0) for _ in range(players)]
    mean_activity = sum(activity) / players
    table = [i for i, w in enumerate(activity) for _ in range(max(1, round(8.0 * w / mean_activity)))]
    solo = [(f"p{i:05d}",) for i in range(players)]  # one side: one player
    gap = 2.0 * SPAN_DAYS * 86_400.0 / matches  # gaps uniform in [0, gap): about SPAN_DAYS in all
    rand = rng.random
    pool = POOL.id
    t = START
    out: list[RatedMatch] = []
    size = len(table)
    for n in range(matches):
        a = table[int(rand() * size)]
        b = table[int(rand() * size)]
        while b == a:  # the same player twice: draw the opponent again
            b = table[int(rand() * size)]
        u = rand()
        if u < DRAWS:
            score = 0.5
        else:
            expected = 1.0 / (1.0 + 10.0 ** ((strength[b] - strength[a]) / 400.0))
            score = 1.0 if (u - DRAWS) / (1.0 - DRAWS) < expected else 0.0
        t += gap * rand()
        out.append(RatedMatch(f"m{n:07d}", round(t, 3), pool, (solo[a], solo[b]), score))
    return out, strength


def reference(matches: list[RatedMatch]) -> dict[str, PlayerRating]:
    """The straightforward way: sort, then fold the pure ``apply_match`` one match at a time."""
    ratings: dict[str, PlayerRating] = {}
    for m in sort_matches(matches):
        for change in apply_match(ratings, m, POOL):
            ratings[change.player] = change.after
    return ratings


def timed(fn: Callable[[], T]) -> tuple[T, float, float]:
    """fn's result, its CPU seconds and its wall seconds."""
    wall = time.perf_counter()
    cpu = time.process_time()
    result = fn()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def correlation(ratings: dict[str, PlayerRating], strength: list[float], min_games: int) -> tuple[float, ...]:
    """Pearson correlation of hidden strength with Elo and with Glicko-2, players with min_games+."""
    keys = [p for p, r in ratings.items() if r.games >= min_games]
    hidden = [strength[int(p[1:])] for p in keys]
    return (
        statistics.correlation(hidden, [ratings[p].elo for p in keys]),
        statistics.correlation(hidden, [ratings[p].glicko_rating for p in keys]),
        float(len(keys)),
    )


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:>12,.0f}/s" if seconds > 0 else f"{'inf':>12}/s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.ratings", description="Rating recompute benchmark."
    )
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--reference", type=int, default=100_000, help="matches run through the reference")
    parser.add_argument("--reps", type=int, default=1, help="runs of each recompute timing, best kept")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--quick", action="store_true", help="100,000 matches: a smoke test, not figures")
    args = parser.parse_args(argv)
    if args.quick:
        args.matches, args.reference = 100_000, 10_000
    n_ref = min(args.reference, args.matches)
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} cpus; times in CPU seconds of this process (wall in brackets)"
    )

    gc.disable()  # a million long-lived objects: collections during generation would only rescan them
    (history, strength), gen_cpu, _ = timed(lambda: generate(args.matches, args.players, args.seed))
    gc.enable()  # the timings below run with the collector on, as a service would
    print(f"generated {len(history):,} matches among {args.players:,} players in {gen_cpu:.1f} s\n")
    gc.collect()

    best: dict[str, tuple[float, float]] = {}
    results: dict[str, dict[str, PlayerRating]] = {}
    for _ in range(max(1, args.reps)):
        for name, glicko in (("both", True), ("elo", False)):
            out, cpu, wall = timed(partial(recompute, history, DEFAULT_POOLS, glicko=glicko))
            results[name] = out[POOL.id]
            if name not in best or cpu < best[name][0]:
                best[name] = (cpu, wall)
    subset = history[:n_ref]
    ref, ref_cpu, ref_wall = timed(lambda: reference(subset))
    fast_subset, sub_cpu, sub_wall = timed(lambda: recompute(subset, DEFAULT_POOLS)[POOL.id])
    if fast_subset != ref:
        raise BenchmarkMismatch("recompute and the apply_match reference disagree on the subset")
    if any(results["elo"][p].elo != r.elo for p, r in results["both"].items()):
        raise BenchmarkMismatch("the Elo-only recompute differs from the full one")

    scale = len(history) / n_ref
    ref_full = ref_cpu * scale
    updates = 2 * len(history)
    print(f"{'run':<44} {'matches':>10} {'CPU s':>8} {'(wall)':>8} {'player updates':>16} {'speed-up':>8}")
    both_cpu, both_wall = best["both"]
    elo_cpu, elo_wall = best["elo"]
    rows = [
        ("recompute, Elo + Glicko-2 (fast path)", len(history), both_cpu, both_wall, ref_full / both_cpu),
        ("recompute(glicko=False), Elo alone", len(history), elo_cpu, elo_wall, math.nan),
        ("reference: apply_match fold, subset", n_ref, ref_cpu, ref_wall, 1.0),
        ("recompute on the same subset", n_ref, sub_cpu, sub_wall, ref_cpu / sub_cpu),
        (f"reference extrapolated x{scale:g}", len(history), ref_full, ref_wall * scale, 1.0),
    ]
    for label, count, cpu, wall, speedup in rows:
        up = "" if math.isnan(speedup) else f"{speedup:>7.1f}x"
        print(f"{label:<44} {count:>10,} {cpu:>8.2f} {f'({wall:.2f})':>8} {rate(2 * count, cpu):>16} {up:>8}")
    print(
        f"\nfull recompute (both systems): {both_cpu:.2f} s, {updates / both_cpu:,.0f} player updates/s "
        f"({len(history) / both_cpu:,.0f} matches/s); target {TARGET_SECONDS:g} s: "
        f"{'met' if both_cpu < TARGET_SECONDS else 'NOT met'}"
    )
    print(
        f"Elo alone: {elo_cpu:.2f} s; target {TARGET_SECONDS:g} s: "
        f"{'met' if elo_cpu < TARGET_SECONDS else 'NOT met'}"
    )
    print("subset check: recompute == apply_match fold, bit for bit")

    final = results["both"]
    r_elo, r_glicko, n = correlation(final, strength, 30)
    provisional_elo = sum(r.elo_provisional(POOL.elo) for r in final.values())
    provisional_glicko = sum(r.glicko_provisional(POOL.glicko) for r in final.values())
    print(
        f"\nquality: correlation of rating with hidden strength over {n:,.0f} players with 30+ games: "
        f"Elo {r_elo:.3f}, Glicko-2 {r_glicko:.3f}; provisional: Elo {provisional_elo:,}, "
        f"Glicko-2 {provisional_glicko:,} of {len(final):,} players"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

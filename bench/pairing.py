"""Swiss pairing benchmark: ``python -m bench.pairing``.

For fields of 16, 128, 256, 1,024 and 10,000 entrants it plays 4, 6, 8, 9 and 12 Swiss rounds with
:func:`~scopa.domain.tournaments.swiss.pair_swiss`, every result drawn from the Elo expectation of the
two ratings
(4% draws; a bye scores a win) under a fixed seed, then times the pairing of the next round: the best of
``--reps`` runs, in CPU seconds of this process. Beside the time it prints the pairing's quality: tables,
rematches, floaters (entrants paired outside their score group) and the sum of score differences.

The reference, measured in the same run on the same field, is the exact solver on the whole field
(:func:`~scopa.domain.tournaments.swiss.pair_swiss_exact`: networkx ``max_weight_matching`` on the dense graph
of every pair, with the same tiered weights), up to 256 entrants only: it is cubic and takes about 3 s
at 256. The last column is the speed-up. A second table plays two long tournaments (40 entrants after 30
rounds, 128 after 40) where histories are dense enough for the greedy pass to need its repairs.
``--quick`` runs the 16 and 128 fields only, with the reference at 16 (a smoke test, not figures).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from scopa.domain.tournaments.model import PairingQuality, RoundPairing, SwissEntrant
from scopa.domain.tournaments.swiss import pair_swiss, pair_swiss_exact

FIELDS = ((16, 4), (128, 6), (256, 8), (1024, 9), (10_000, 12))  # entrants, rounds played before timing
LONG_FIELDS = ((40, 30), (128, 40))  # many more rounds than usual: the repair paths and the fallback work
REFERENCE_UP_TO = 256
DRAWS = 0.04
SEED = 20_240_601
QUALITY = f"{'rem':>3} {'float':>5} {'diff':>6}"

Pairer = Callable[[list[SwissEntrant]], tuple[RoundPairing, PairingQuality]]


@dataclass
class Record:
    """One entrant's history as the simulation keeps it."""

    rating: float
    score: float = 0.0
    opponents: set[str] = field(default_factory=set)
    byes: int = 0
    first_balance: int = 0
    last_first: bool | None = None


def simulate(entrants: int, rounds: int, seed: int = SEED) -> list[SwissEntrant]:
    """The field before round ``rounds + 1`` of a Swiss paired by :func:`pair_swiss`."""
    rng = random.Random(seed + entrants)
    records = {f"e{i:05d}": Record(rating=round(rng.gauss(1500, 250))) for i in range(entrants)}
    for _ in range(rounds):
        pairing, _quality = pair_swiss(swiss_field(records))
        for t in pairing.tables:
            a, b = records[t.first], records[t.second]
            expected = 1 / (1 + 10 ** ((b.rating - a.rating) / 400))
            u = rng.random()
            result = 0.5 if u < DRAWS else 1.0 if u < DRAWS + (1 - DRAWS) * expected else 0.0
            a.score += result
            b.score += 1 - result
            a.opponents.add(t.second)
            b.opponents.add(t.first)
            a.first_balance += 1
            b.first_balance -= 1
            a.last_first, b.last_first = True, False
        for x in pairing.byes:
            records[x].score += 1
            records[x].byes += 1
    return swiss_field(records)


def swiss_field(records: dict[str, Record]) -> list[SwissEntrant]:
    return [
        SwissEntrant(x, r.score, r.rating, frozenset(r.opponents), r.byes, r.first_balance, r.last_first)
        for x, r in records.items()
    ]


def timed(pairer: Pairer, entrants: list[SwissEntrant], reps: int) -> tuple[float, PairingQuality, int]:
    """Best CPU time of ``reps`` runs, the quality (the same every run: it is deterministic), tables."""
    best = float("inf")
    quality = PairingQuality()
    tables = 0
    for _ in range(reps):
        start = time.process_time()
        pairing, quality = pairer(entrants)
        best = min(best, time.process_time() - start)
        tables = len(pairing.tables)
    return best, quality, tables


def fmt_time(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def fmt_quality(q: PairingQuality) -> str:
    return f"{q.rematches:>3} {q.floaters:>5} {q.score_difference:>6g}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pairing", description="Swiss pairing benchmark.")
    parser.add_argument("--reps", type=int, default=5, help="runs of each timing, best kept (default 5)")
    parser.add_argument("--quick", action="store_true", help="small fields only: a smoke test, not figures")
    args = parser.parse_args(argv)
    reps = max(1, args.reps)
    fields = FIELDS[:2] if args.quick else FIELDS + LONG_FIELDS
    reference_up_to = 16 if args.quick else REFERENCE_UP_TO
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} cpus; best of {reps} runs in CPU seconds (the exact reference at 128+: fewer)"
    )
    print("quality columns: rematches, floaters, sum of score differences\n")
    print(
        f"{'entrants':>8} {'rounds':>6} {'tables':>6} {'pair_swiss':>11}   {QUALITY}"
        f"   {'exact':>10}   {QUALITY} {'speed-up':>9}"
    )
    started = time.perf_counter()
    for k, (entrants, rounds) in enumerate(fields):
        if k == len(FIELDS):
            print("long tournaments (many more rounds than a Swiss needs):")
        played = simulate(entrants, rounds)
        fast, quality, tables = timed(pair_swiss, played, reps)
        line = f"{entrants:>8,} {rounds:>6} {tables:>6,} {fmt_time(fast):>11}   {fmt_quality(quality)}"
        if entrants <= reference_up_to:
            runs = reps if entrants <= 16 else 2 if entrants <= 128 else 1
            exact, reference, _ = timed(pair_swiss_exact, played, runs)
            line += f"   {fmt_time(exact):>10}   {fmt_quality(reference)} {exact / fast:>8,.0f}x"
        print(line, flush=True)
    print(f"\ntotal time {time.perf_counter() - started:.0f} s (simulated rounds included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

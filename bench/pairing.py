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
from dataclasses import dataclass, field, replace

from scopa.domain.tournaments.model import PairingQuality, RoundPairing, SwissEntrant
from scopa.domain.tournaments.swiss import pair_swiss, pair_swiss_exact

FIELDS = ((16, 4), (128, 6), (256, 8), (1024, 9), (10_000, 12))  # entrants, rounds played before timing
LONG_FIELDS = ((40, 30), (128, 40))  # many more rounds than usual: the repair paths and the fallback work
REFERENCE_UP_TO = 256
# Club-size fields (entrants, rounds played): the next round is a late one, with rematches to avoid.
CLUB_FIELDS = (
    (8, 4), (9, 5), (10, 5), (11, 6), (12, 5), (13, 6), (14, 6), (15, 7), (16, 6), (17, 7),
    (20, 7), (23, 7), (24, 8), (28, 8), (31, 8), (32, 9), (40, 9), (47, 9), (56, 10), (64, 10),
)  # fmt: skip
CLUB_DRAWS = 0.15  # more draws than in the large fields: half points make more score groups
LARGE_FIELD = (100_001, 9)
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


def simulate(entrants: int, rounds: int, seed: int = SEED, draws: float = DRAWS) -> list[SwissEntrant]:
    """The field before round ``rounds + 1`` of a Swiss paired by :func:`pair_swiss`."""
    rng = random.Random(seed + entrants + 1000 * rounds)
    records = {f"e{i:05d}": Record(rating=round(rng.gauss(1500, 250))) for i in range(entrants)}
    for _ in range(rounds):
        pairing, _quality = pair_swiss(swiss_field(records))
        for t in pairing.tables:
            a, b = records[t.first], records[t.second]
            expected = 1 / (1 + 10 ** ((b.rating - a.rating) / 400))
            u = rng.random()
            result = 0.5 if u < draws else 1.0 if u < draws + (1 - draws) * expected else 0.0
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


# --------------------------------------------------------------------------- the independent reference
#
# Written from docs/pairing.md's list of criteria, not from the product's code: the bench's own cost of a
# table, then either a search over every pairing (dynamic programming over the set of entrants still to
# seat, tuples compared as tuples) or, for larger fields, networkx on weights built with a fixed base per
# criterion. Only the criteria that decide the pairing are compared (who leads at a table is decided after).

CRITERIA = (
    "rematches", "repeated byes", "bye score", "floaters", "score diff", "bye rank", "float rank", "dutch"
)  # fmt: skip
Costs = tuple[float, ...]
DP_UP_TO = 16  # entrants to pair: the exhaustive search is used up to here, networkx above


class Reference:
    """Costs of every possible table of one field (the bye as a table with ``None``).

    Dutch order counts positions in the score group without the bye's receiver (``bye``), as a pairing
    of the group would; the bye's own rank counts in the whole group.
    """

    def __init__(self, entrants: list[SwissEntrant], bye: str | None = None) -> None:
        self.entrants = entrants
        self.order = sorted(entrants, key=lambda e: (-e.score, -e.rating, e.id))
        self.lowest = min(e.score for e in entrants)
        self.fewest_byes = min(e.byes for e in entrants)
        self.whole = self._places(self.order)
        self.place = self._places([e for e in self.order if e.id != bye])
        self.by_id = {e.id: e for e in entrants}

    @staticmethod
    def _places(order: list[SwissEntrant]) -> dict[str, tuple[int, int]]:
        groups: dict[float, list[str]] = {}
        for e in order:
            groups.setdefault(e.score, []).append(e.id)
        return {x: (k, len(g)) for g in groups.values() for k, x in enumerate(g)}

    def table(self, a: str, b: str | None) -> Costs:
        ea = self.by_id[a]
        if b is None:  # the bye
            k, size = self.whole[a]
            repeated = 1 if ea.byes > self.fewest_byes else 0
            return (0, repeated, ea.score - self.lowest, 0, 0.0, size - 1 - k, 0, 0)
        eb = self.by_id[b]
        rematch = 1 if b in ea.opponents or a in eb.opponents else 0
        (ka, size), (kb, _) = self.place[a], self.place[b]
        if ea.score == eb.score:
            return (rematch, 0, 0.0, 0, 0.0, 0, 0, abs(abs(ka - kb) - size // 2))
        (down, _), (up, _) = (
            (self.place[a], self.place[b]) if ea.score > eb.score else (self.place[b], self.place[a])
        )
        above = self.place[a if ea.score > eb.score else b][1] - 1 - down  # of its group, ranked below it
        return (rematch, 0, 0.0, 2, abs(ea.score - eb.score), 0, above + up, 0)

    def costs(self, tables: list[tuple[str, str | None]]) -> Costs:
        total: Costs = (0,) * len(CRITERIA)
        for a, b in tables:
            total = tuple(x + y for x, y in zip(total, self.table(a, b), strict=True))
        return total

    def best(self) -> Costs:
        """The least costs of any pairing of the field (criteria compared in order): for an odd field,
        the best over every possible bye of its cost plus the best pairing of the others."""
        if len(self.order) % 2 == 0:
            return self._pairs_best([e.id for e in self.order])
        least: Costs | None = None
        for e in self.order:
            rest = Reference(self.entrants, bye=e.id)
            here = _add(self.table(e.id, None), rest._pairs_best([x.id for x in rest.order if x.id != e.id]))
            if least is None or here < least:
                least = here
        assert least is not None
        return least

    def _pairs_best(self, seats: list[str]) -> Costs:
        if not seats:
            return (0,) * len(CRITERIA)
        return self._search(seats) if len(seats) <= DP_UP_TO else self._matching(seats)

    def _search(self, seats: list[str]) -> Costs:
        n = len(seats)
        full = (1 << n) - 1
        memo: dict[int, Costs] = {full: (0,) * len(CRITERIA)}

        def least(mask: int) -> Costs:
            if mask in memo:
                return memo[mask]
            i = (~mask & (mask + 1)).bit_length() - 1  # the first seat still free
            best: Costs | None = None
            for j in range(i + 1, n):
                if not mask >> j & 1:
                    here = _add(self.table(seats[i], seats[j]), least(mask | 1 << i | 1 << j))
                    if best is None or here < best:
                        best = here
            assert best is not None
            memo[mask] = best
            return best

        return least(0)

    def _matching(self, seats: list[str]) -> Costs:
        import networkx as nx

        base = 1 << 24  # more than any criterion can add up to over one round of 64 entrants
        scale = [base ** (len(CRITERIA) - 1 - k) for k in range(len(CRITERIA))]
        top = base ** len(CRITERIA)
        graph: nx.Graph[int] = nx.Graph()
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                c = self.table(seats[i], seats[j])
                units = [round(x * 2) if k in (2, 4) else int(x) for k, x in enumerate(c)]  # half points
                graph.add_edge(i, j, weight=top - sum(u * f for u, f in zip(units, scale, strict=True)))
        chosen = nx.max_weight_matching(graph, maxcardinality=True)
        tables: list[tuple[str, str | None]] = [(seats[i], seats[j]) for i, j in chosen]
        return self.costs(tables)


def _add(x: Costs, y: Costs) -> Costs:
    return tuple(a + b for a, b in zip(x, y, strict=True))


def product_costs(entrants: list[SwissEntrant], pairing: RoundPairing) -> Costs:
    """The reference's costs of the product's pairing."""
    reference = Reference(entrants, bye=pairing.byes[0] if pairing.byes else None)
    tables: list[tuple[str, str | None]] = [(t.first, t.second) for t in pairing.tables]
    return reference.costs(tables + [(x, None) for x in pairing.byes])


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


def club_fields(quick: bool) -> bool:
    """Late rounds of club-size fields: the product against the independent reference, every criterion."""
    fields = CLUB_FIELDS[:4] if quick else CLUB_FIELDS
    print(f"club-size fields: pair_swiss against the independent reference ({', '.join(CRITERIA)})")
    print(f"{'entrants':>8} {'round':>5} {'pair_swiss':>11} {'reference':>10}  costs (both)")
    equal = 0
    for entrants, rounds in fields:
        played = simulate(entrants, rounds, draws=CLUB_DRAWS)
        fast, _, _ = timed(pair_swiss, played, 1)
        pairing, _quality = pair_swiss(played)
        start = time.process_time()
        best = Reference(played).best()
        slow = time.process_time() - start
        got = product_costs(played, pairing)
        same = got == best
        equal += same
        shown = " ".join(f"{x:g}" for x in got)
        verdict = "equal" if same else f"DIFFERENT: reference {' '.join(f'{x:g}' for x in best)}"
        print(f"{entrants:>8} {rounds + 1:>5} {fmt_time(fast):>11} {fmt_time(slow):>10}  {shown}  {verdict}")
    print(f"equal on every criterion: {equal} of {len(fields)}\n")
    return equal == len(fields)


def large_field(quick: bool, reps: int) -> bool:
    """100,001 entrants after 9 rounds: pair_swiss against sorting the same field (any pairing's floor)."""
    entrants, rounds = (10_001, 9) if quick else LARGE_FIELD
    started = time.perf_counter()
    played = simulate(entrants, rounds)
    simulated = time.perf_counter() - started
    fast, quality, tables = timed(pair_swiss, played, reps)
    floor = float("inf")
    for _ in range(reps):
        start = time.process_time()
        sorted(played, key=lambda e: (-e.score, -e.rating, e.id))
        floor = min(floor, time.process_time() - start)
    first, _, _ = timed(pair_swiss, [replace(e, score=0.0, opponents=frozenset()) for e in played], reps)
    print(f"large field: {entrants:,} entrants after {rounds} rounds (simulated in {simulated:.0f} s)")
    print(f"  pair_swiss round {rounds + 1}: {fmt_time(fast)}, {tables:,} tables, {fmt_quality(quality)}")
    print(f"  reference, same run: sorting the field {fmt_time(floor)} ({fast / floor:.0f}x);")
    print(f"  round 1 of the same entrants {fmt_time(first)} ({fast / first:.1f}x)")
    ok = quality.rematches == 0 and fast < 1.0
    print(f"  under 1 s with no rematch: {'yes' if ok else 'NO'}\n")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pairing", description="Swiss pairing benchmark.")
    parser.add_argument("--reps", type=int, default=5, help="runs of each timing, best kept (default 5)")
    parser.add_argument("--quick", action="store_true", help="small fields only: a smoke test, not figures")
    args = parser.parse_args(argv)
    reps = max(1, args.reps)
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} cpus; best of {reps} runs in CPU seconds (the exact reference at 128+: fewer)\n"
    )
    started = time.perf_counter()
    clubs_ok = club_fields(args.quick)
    large_ok = large_field(args.quick, min(reps, 3))
    fields = FIELDS[:2] if args.quick else FIELDS + LONG_FIELDS
    reference_up_to = 16 if args.quick else REFERENCE_UP_TO
    print("quality columns: rematches, floaters, sum of score differences")
    print(
        f"{'entrants':>8} {'rounds':>6} {'tables':>6} {'pair_swiss':>11}   {QUALITY}"
        f"   {'exact':>10}   {QUALITY} {'speed-up':>9}"
    )
    for k, (entrants, rounds) in enumerate(fields):
        if k == len(FIELDS):
            print("long tournaments (many more rounds than a Swiss needs):")
        played = simulate(entrants, rounds)
        fast, quality, tables = timed(pair_swiss, played, reps)
        line = f"{entrants:>8,} {rounds:>6} {tables:>6,} {fmt_time(fast):>11}   {fmt_quality(quality)}"
        if entrants <= reference_up_to:
            runs = reps if entrants <= 16 else 2 if entrants <= 128 else 1
            exact, reference, _ = timed(pair_swiss_exact, played, runs)
            line += f"   {fmt_time(exact):>10}   {fmt_quality(reference)} {exact / fast:>8,.1f}x"
        print(line, flush=True)
    print(f"\ntotal time {time.perf_counter() - started:.0f} s (simulated rounds included)")
    return 0 if clubs_ok and large_ok else 1


if __name__ == "__main__":
    sys.exit(main())

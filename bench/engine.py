"""Engine benchmarks against the plain reference in :mod:`bench.reference`, measured in the same run.

``python -m bench`` (``make bench``) runs three benchmarks and prints a table:

1. **Random deals**: full random two-player games of classic Scopa, engine and reference on the same
   shuffled decks (both implement the seeded shuffle) with the same choice rule: at each turn the legal
   moves are put in a canonical order (played card, then the set taken, as card numbers) and one is
   picked by a shared random stream. All therefore play exactly the same games, and the points of every
   deal are compared: any difference stops the benchmark with an error. Reported as deals per second,
   on two lines: the engine's fastest path for whole random games (the playout of
   :mod:`scopa.domain.games.scopa.fast`, what bots and simulations run) and the checked public API
   (``new_match`` / ``legal_moves`` / ``apply_move``, a new immutable state per move), each against the
   reference timed in the same repetition.
2. **Legal moves on crowded tables**: legal-move generation for a hand of three on random tables of 8, 10
   and 12 cards, engine and reference on the same positions (the move sets are compared too). Reported as
   positions per second. Every repetition uses fresh positions, so no cache is flattered by repeats; the
   engine's plan cache starts empty and its first-repetition rate is shown as the cold figure.
3. **State size**: the largest JSON state (``json.dumps(state.to_json())``, UTF-8 bytes, and the same
   with compact separators) seen after any move of many random games of the four-player presets and of
   two-player cirulla.

Each timing is repeated (``--reps``, default 5), engine and reference back to back in each repetition
(alternating which goes first) and timed in CPU seconds of this process, so that other work on the machine
disturbs the figures less. The table shows the median rate (and the best), and the ratio: the median over
the repetitions of engine rate / reference rate, which is what is compared with the 10x target.
``--quick`` runs a tenth of the workload (a smoke test, not figures); ``--strict`` exits 1 when a ratio
is below the target or a state reaches 16 KB.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bench import reference as ref
from scopa.domain.games.scopa import captures
from scopa.domain.games.scopa.engine import apply_move, legal_moves, new_match
from scopa.domain.games.scopa.fast import clear_memos, random_game
from scopa.domain.games.scopa.rules import RuleSet, make_rules
from scopa.domain.games.scopa.state import Move, ScopaState

TARGET_RATIO = 10.0
STATE_LIMIT = 16 * 1024
STATE_AIM = 4 * 1024


class BenchmarkMismatch(AssertionError):
    """The engine and the reference disagree: the benchmark's figures would be meaningless."""


# --------------------------------------------------------------------------- canonical move order


def ref_card_id(c: ref.Card) -> int:
    """The engine's number of a reference card: ``suit * 10 + rank - 1``."""
    return c[1] * 10 + c[0] - 1


class _CanonicalKey(dict[ref.Move, tuple[int, int]]):
    """Reference move -> ``(card number, mask of the cards taken)``: the order an engine ``Move`` sorts in.

    A dict with ``__missing__`` so that sorting the reference's moves costs one dict look-up per move
    (the engine's ``Move`` tuples already sort in this order with no key at all).
    """

    def __missing__(self, move: ref.Move) -> tuple[int, int]:
        card, taken = move
        key = (ref_card_id(card), sum(1 << ref_card_id(t) for t in taken))
        self[move] = key
        return key


CANONICAL_KEY = _CanonicalKey()


def game_seed(i: int) -> str:
    return hashlib.sha256(f"bench-game-{i}".encode()).hexdigest()


# --------------------------------------------------------------------------- 1. random deals


def engine_game(rules: RuleSet, master_seed: str, choice_seed: int) -> list[tuple[int, ...]]:
    """A full random game on the engine; the points of each deal."""
    rnd = random.Random(choice_seed).random
    state = new_match(rules, master_seed, 0)
    while state.result is None:
        moves = legal_moves(state)
        moves.sort()
        state = apply_move(state, moves[int(rnd() * len(moves))], validate=False)
    return [tuple(t) for t in state.deal_totals]


def fast_game(rules: RuleSet, master_seed: str, choice_seed: int) -> list[tuple[int, ...]]:
    """The same game on the engine's fast path (:meth:`~scopa.domain.games.scopa.fast.FastGame.playout`:
    the canonical move order and the same choice rule, built in)."""
    return random_game(rules, master_seed, random.Random(choice_seed).random).deal_totals


def reference_game(master_seed: str, choice_seed: int) -> list[tuple[int, ...]]:
    """The same game on the reference: deals until a player has 11 or more and leads alone."""
    rnd = random.Random(choice_seed).random
    key = CANONICAL_KEY.__getitem__
    scores = [0] * ref.PLAYERS
    totals: list[tuple[int, ...]] = []
    deal, dealer = 0, 0
    while True:
        state = ref.start_deal(ref.deal_seed(master_seed, deal), dealer)
        while not state.finished:
            moves = ref.legal_moves(state)
            moves.sort(key=key)
            state = ref.play(state, moves[int(rnd() * len(moves))])
        points = tuple(sum(p.values()) for p in ref.score_deal(state))
        totals.append(points)
        scores = [s + p for s, p in zip(scores, points, strict=True)]
        if ref.game_over(scores):
            return totals
        deal, dealer = deal + 1, (dealer + 1) % ref.PLAYERS


@dataclass
class Rates:
    """One benchmark line: engine and reference rates per repetition (units per CPU second)."""

    label: str
    unit: str
    engine: list[float] = field(default_factory=list)
    reference: list[float] = field(default_factory=list)
    #: whether the line is held to the target (the public API's deals are shown for comparison only)
    targeted: bool = True

    def add(self, engine_rate: float, reference_rate: float) -> None:
        self.engine.append(engine_rate)
        self.reference.append(reference_rate)

    @property
    def ratio(self) -> float:
        """Median over the repetitions of engine rate / reference rate, each pair measured back to back."""
        return statistics.median(e / r for e, r in zip(self.engine, self.reference, strict=True))

    @property
    def best_ratio(self) -> float:
        return max(self.engine) / max(self.reference)


def _timed(fn: Callable[[], int]) -> float:
    """Units per second of CPU time of ``fn`` (which returns how many units it did)."""
    gc.collect()
    start = time.process_time()
    n = fn()
    return n / (time.process_time() - start)


def _pair(rep: int, engine_fn: Callable[[], int], reference_fn: Callable[[], int]) -> tuple[float, float]:
    """Time both sides back to back, alternating which goes first, so a slow spell hits both alike."""
    if rep % 2:
        reference_rate = _timed(reference_fn)
        return _timed(engine_fn), reference_rate
    engine_rate = _timed(engine_fn)
    return engine_rate, _timed(reference_fn)


Games = list[list[tuple[int, ...]]]


def bench_deals(reps: int, fast_games: int, engine_games: int, reference_games: int) -> list[Rates]:
    """Random full games: the fast path plays ``fast_games``, the public API the first ``engine_games``,
    the reference the first ``reference_games``; the three run back to back in each repetition (the order
    rotating), and both engine lines are compared with that repetition's reference rate.

    The fast path's memos start empty (as the plan cache of the crowded tables does): its first
    repetition fills them, and its rate there is printed as the cold figure.
    """
    rules = make_rules("classic")
    clear_memos()
    fast = Rates("random 2-player deals", "deals/s")
    public = Rates("  same, public API", "deals/s", targeted=False)
    checked = 0
    for rep in range(reps):
        seeds = [(game_seed(rep * 10_000 + i), rep * 10_000 + i) for i in range(fast_games)]
        out: dict[str, Games] = {"fast": [], "public": [], "reference": []}

        def run(
            play: Callable[[str, int], list[tuple[int, ...]]], seeds: list[tuple[str, int]], games: Games
        ) -> Callable[[], int]:
            def go() -> int:
                games.extend(play(master, choice) for master, choice in seeds)
                return sum(len(deals) for deals in games)

            return go

        runs = [
            run(lambda m, c: fast_game(rules, m, c), seeds, out["fast"]),
            run(lambda m, c: engine_game(rules, m, c), seeds[:engine_games], out["public"]),
            run(reference_game, seeds[:reference_games], out["reference"]),
        ]
        order = [(rep + i) % 3 for i in range(3)]  # rotate which goes first
        rate = [0.0, 0.0, 0.0]
        for i in order:
            rate[i] = _timed(runs[i])
        fast.add(rate[0], rate[2])
        public.add(rate[1], rate[2])
        for seed, reference_deals, fast_deals, public_deals in zip(
            seeds, out["reference"], out["fast"], out["public"], strict=False
        ):
            if not fast_deals == public_deals == reference_deals:
                raise BenchmarkMismatch(
                    f"game {seed}: fast path deal points {fast_deals}, public API {public_deals}, "
                    f"reference {reference_deals}"
                )
            checked += len(reference_deals)
        for seed, fast_deals, public_deals in zip(seeds, out["fast"], out["public"], strict=False):
            if fast_deals != public_deals:
                raise BenchmarkMismatch(f"game {seed}: fast path {fast_deals}, public API {public_deals}")
    print(f"  differential check: {checked} deals played by all three, the same points in every deal")
    print(f"  fast path, first repetition (empty memos): {fast.engine[0]:,.0f} deals/s")
    return [fast, public]


# --------------------------------------------------------------------------- 2. crowded tables


def crowded_positions(n_table: int, count: int, seed: int) -> tuple[list[ScopaState], list[ref.RefState]]:
    """Random positions with ``n_table`` cards on the table and three in the hand of the player to move."""
    rng = random.Random(seed)
    base = new_match(make_rules("classic"), game_seed(-1), 0)
    engine_states, reference_states = [], []
    for _ in range(count):
        deck = list(range(40))
        rng.shuffle(deck)
        table, hand = deck[:n_table], deck[n_table : n_table + 3]
        engine_states.append(
            base._replace(table=sum(1 << c for c in table), hands=(sum(1 << c for c in hand), 0), turn=0)
        )
        as_ref = [(c % 10 + 1, c // 10) for c in (*table, *hand)]
        reference_states.append(
            ref.RefState(
                hands=[as_ref[n_table:], []],
                table=as_ref[:n_table],
                stock=[],
                piles=[[], []],
                scope=[0, 0],
                dealer=1,
                turn=0,
                last_capturer=None,
            )
        )
    return engine_states, reference_states


def _clear_capture_caches() -> None:
    """Empty the engine's capture caches (also those of older engine versions, to measure them alike)."""
    plans = getattr(captures, "_PLANS", None)  # the plans by rank signature
    if isinstance(plans, dict):
        plans.clear()
    usable = getattr(captures, "_usable", None)  # the lru_cache of the engine before the optimisations
    if usable is not None and hasattr(usable, "cache_clear"):
        usable.cache_clear()


def bench_crowded(reps: int, n_table: int, engine_count: int, reference_count: int) -> tuple[Rates, float]:
    """Legal moves on fresh random positions each repetition; also the engine's rate with a cold cache.

    The engine keeps the capture plans of the table signatures it has seen (as a warm process does across
    requests). The cache is emptied before the first repetition, whose engine rate is returned as the
    cold-start figure; the median over the repetitions is the warm-process figure.
    """
    rates = Rates(f"legal moves, {n_table} on table", "positions/s")
    _clear_capture_caches()
    for rep in range(reps):
        engine_states, reference_states = crowded_positions(n_table, engine_count, 1000 * n_table + rep)
        reference_states = reference_states[:reference_count]
        mine: list[list[Move]] = []
        theirs: list[list[ref.Move]] = []

        def run_engine(states: list[ScopaState] = engine_states, out: list[list[Move]] = mine) -> int:
            out.extend(legal_moves(s) for s in states)
            return len(states)

        def run_reference(
            states: list[ref.RefState] = reference_states, out: list[list[ref.Move]] = theirs
        ) -> int:
            out.extend(ref.legal_moves(s) for s in states)
            return len(states)

        if rep == 0:  # cold: the engine first, on an empty plan cache
            rates.add(_timed(run_engine), _timed(run_reference))
        else:
            rates.add(*_pair(rep, run_engine, run_reference))
        for engine_moves, reference_moves in zip(mine, theirs, strict=False):
            if sorted(engine_moves) != sorted(CANONICAL_KEY[m] for m in reference_moves):
                raise BenchmarkMismatch(
                    f"legal moves differ: engine {engine_moves}, reference {reference_moves}"
                )
    return rates, rates.engine[0]


# --------------------------------------------------------------------------- 3. state size

SIZE_PRESETS: list[tuple[str, str, dict[str, object]]] = [
    ("scopone", "scopone", {}),
    ("scopone_scientifico", "scopone_scientifico", {}),
    ("classic, 4 players", "classic", {"players": 4}),
    ("cirulla, 4 players", "cirulla", {"players": 4}),
    ("cirulla, 2 players", "cirulla", {}),
]


def largest_state(rules: RuleSet, games: int) -> tuple[int, int, int]:
    """(largest JSON state in bytes, the same in compact JSON, moves looked at) over random games."""
    largest = compact = seen = 0
    for g in range(games):
        rnd = random.Random(g).random
        state = new_match(rules, game_seed(50_000 + g), g % rules.players)
        while True:
            data = state.to_json()
            largest = max(largest, len(json.dumps(data).encode()))
            compact = max(compact, len(json.dumps(data, separators=(",", ":")).encode()))
            seen += 1
            if state.result is not None:
                break
            moves = legal_moves(state)
            state = apply_move(state, moves[int(rnd() * len(moves))], validate=False)
    return largest, compact, seen


# --------------------------------------------------------------------------- report


def _fmt_rate(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({max(values):,.0f})"


def print_rates(lines: list[Rates]) -> bool:
    """The timing table; whether every line reaches the target."""
    print()
    print(
        f"{'benchmark':<26} {'unit':<12} {'engine median (best)':>22} {'reference median (best)':>24} "
        f"{'ratio':>6} {'best':>6}  10x target"
    )
    ok = True
    for r in lines:
        verdict = "PASS" if r.ratio >= TARGET_RATIO else "BELOW"
        if not r.targeted:
            verdict = "(shown only)"
        ok &= verdict != "BELOW"
        print(
            f"{r.label:<26} {r.unit:<12} {_fmt_rate(r.engine):>22} {_fmt_rate(r.reference):>24} "
            f"{r.ratio:>5.1f}x {r.best_ratio:>5.1f}x  {verdict}"
        )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description="Engine benchmarks (see bench/).")
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each timing (default 5)")
    parser.add_argument("--quick", action="store_true", help="a small workload: a smoke test, not figures")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a ratio is below the target")
    args = parser.parse_args(argv)
    scale = 0.1 if args.quick else 1.0
    reps = 2 if args.quick else max(1, args.reps)

    def n(x: int) -> int:
        return max(2, int(x * scale))

    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} cpus, {reps} repetitions, rates per CPU second of this process"
    )
    started = time.perf_counter()
    print("random deals ...")
    lines = bench_deals(reps, fast_games=n(1000), engine_games=n(200), reference_games=n(50))
    cold = {}
    for n_table, reference_count in ((8, 1000), (10, 400), (12, 150)):
        print(f"legal moves on tables of {n_table} ...")
        rates, cold[n_table] = bench_crowded(reps, n_table, n(10_000), n(reference_count))
        lines.append(rates)
    ok = print_rates(lines)
    print(
        "cold plan cache (first repetition), engine: "
        + ", ".join(f"{k} on table {v:,.0f} positions/s" for k, v in cold.items())
    )

    print()
    print(
        f"{'largest JSON state':<26} {'games':>6} {'states':>8} {'bytes':>7} {'compact':>8}  "
        "under 16 KB / 4 KB"
    )
    for label, preset, options in SIZE_PRESETS:
        games = n(150)
        largest, compact, seen = largest_state(make_rules(preset, options), games)
        ok &= largest < STATE_LIMIT
        verdict = f"{'yes' if largest < STATE_LIMIT else 'NO'} / {'yes' if largest < STATE_AIM else 'no'}"
        print(f"{label:<26} {games:>6} {seen:>8} {largest:>7,} {compact:>8,}  {verdict}")
    print(f"\ntotal time {time.perf_counter() - started:.0f} s")
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())

"""Briscola benchmarks: ``python -m bench.briscola`` (part of ``make bench``).

1. **Arena**: the strong bot against the greedy bot over ``--games`` games (default 1,000) of two-player
   Briscola, in pairs that share a seed with the seats swapped, so both bots hold each deal once. Reports
   the strong bot's mean card-point margin per game with a 95% interval over the pairs, and its time per
   decision (p50, p99, max; wall-clock, in this process, so a busy machine shows in it).
2. **Random games per second**: whole two-player games played by shared random choices (drawn before the
   clocks start) on the same shuffled decks, by the engine's fast path (:mod:`.fast`), by the public API
   (``legal_moves`` and ``apply_move``, one immutable state a move) and by the plain reference below; the
   points of every game are compared (a difference stops the benchmark). CPU time, median of ``--reps``
   repetitions; the goal is the fast path at 3x the reference (issue 27).
3. **State size**: the largest state (``json.dumps(state.to_json())``, UTF-8 bytes, default and compact
   separators) after any move of random games of every preset.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from scopa.domain.games.briscola.bots import make_bot
from scopa.domain.games.briscola.engine import apply_move, legal_moves, new_match
from scopa.domain.games.briscola.fast import random_game
from scopa.domain.games.briscola.rules import PRESETS, make_rules
from scopa.domain.games.briscola.shuffle import deal_seed
from scopa.domain.games.briscola.state import Move
from scopa.domain.games.briscola.views import seat_view
from scopa.domain.games.common.shuffle import shuffled_deck

Z95 = 1.959964
GOAL_MARGIN = 10.0
GOAL_P99_MS = 50.0
GOAL_RANDOM_RATIO = 3.0


class BenchmarkMismatch(AssertionError):
    """Engine and reference disagree: the figures would be meaningless."""


def seed_of(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


# --------------------------------------------------------------------------- 1. arena


def arena_pair(index: int) -> tuple[float, int, list[float], list[float]]:
    """One pair of matches on one seed, strong in seat 0 then in seat 1.

    Returns strong's card-point margin summed over the games played (a 60-60 draw deals another game, and
    every game counts), the number of games, and strong's decision times (wall clock, and CPU time of
    this thread, which other work on the machine does not inflate).
    """
    rules = make_rules("classic")
    margin = 0.0
    games = 0
    times: list[float] = []
    cpu: list[float] = []
    for strong_seat in (0, 1):
        state = new_match(rules, seed_of(f"arena-{index}"), 0)
        bots = [make_bot("greedy"), make_bot("greedy")]
        bots[strong_seat] = make_bot("strong", seed=index)
        while not state.finished:
            view = seat_view(state, state.turn)
            started, cpu_started = time.perf_counter(), time.thread_time()
            move = bots[state.turn].choose(view)
            if state.turn == strong_seat:
                times.append(time.perf_counter() - started)
                cpu.append(time.thread_time() - cpu_started)
            state = apply_move(state, Move.from_json(move), state.turn)
        for game in state.history:
            margin += game.points[strong_seat] - game.points[1 - strong_seat]
            games += 1
    return margin, games, times, cpu


def run_arena(games: int, workers: int) -> dict[str, Any]:
    pairs = games // 2
    started = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(arena_pair, range(pairs), chunksize=8))  # timings are per process
    else:
        results = [arena_pair(i) for i in range(pairs)]
    wall = time.perf_counter() - started
    margins = [m / g for m, g, _, _ in results]
    times = sorted(t * 1000 for _, _, ts, _ in results for t in ts)
    cpu = sorted(t * 1000 for _, _, _, ts in results for t in ts)
    mean = sum(m for m, _, _, _ in results) / sum(g for _, g, _, _ in results)
    half = Z95 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else math.inf
    return {
        "games": sum(g for _, g, _, _ in results),
        "margin_per_game": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "decisions": len(times),
        "p50_ms": round(times[len(times) // 2], 2),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2),
        "max_ms": round(times[-1], 2),
        "cpu_p50_ms": round(cpu[len(cpu) // 2], 2),
        "cpu_p99_ms": round(cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))], 2),
        "cpu_max_ms": round(cpu[-1], 2),
        "workers": workers,
        "wall_s": round(wall, 1),
    }


# --------------------------------------------------------------------------- 2. the plain reference

REF_ORDER = "24567JQK3A"  # weakest to strongest
REF_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
RANKS = "A234567JQK"
SUITS = "dcsb"


def ref_game(seed: str, choices: Sequence[int]) -> tuple[int, int]:
    """Two-player Briscola written plainly over (rank, suit) strings: returns the points of seats 0, 1.

    The deck is Scopa's seeded shuffle of the game's seed (the shared, specified algorithm). Dealer 0:
    three cards each from seat 1, the seventh card turned up and put under the stock. Move ``k`` plays
    card ``choices[k] % len(hand)`` of the hand sorted by suit then rank.
    """
    deck = [RANKS[c % 10] + SUITS[c // 10] for c in shuffled_deck(deal_seed(seed, 0))]
    hands: list[list[str]] = [[], []]
    for i in range(6):
        hands[(1 + i) % 2].append(deck[i])
    turned = deck[6]
    stock = [*deck[7:], turned]
    trump = turned[1]
    points = [0, 0]
    leader = 1
    k = 0
    while hands[0] or hands[1]:
        played = []
        for step in range(2):
            seat = (leader + step) % 2
            options = sorted(hands[seat], key=lambda card: (SUITS.index(card[1]), RANKS.index(card[0])))
            card = options[choices[k] % len(options)]
            k += 1
            hands[seat].remove(card)
            played.append(card)
        first, second = played
        if second[1] == first[1]:
            second_wins = REF_ORDER.index(second[0]) > REF_ORDER.index(first[0])
        else:
            second_wins = second[1] == trump
        winner = (leader + 1) % 2 if second_wins else leader
        points[winner] += sum(REF_POINTS.get(c[0], 0) for c in played)
        if stock:
            hands[winner].append(stock.pop(0))
            hands[1 - winner].append(stock.pop(0))
        leader = winner
    return points[0], points[1]


CLASSIC = make_rules("classic")


def fast_game(seed: str, choices: Sequence[int]) -> tuple[int, ...]:
    """A whole game on the engine's fast path (:func:`scopa.domain.games.briscola.fast.random_game`)."""
    return tuple(random_game(CLASSIC, seed, choices))


def public_game(seed: str, choices: Sequence[int]) -> tuple[int, ...]:
    """A whole game through the public API: ``legal_moves`` and ``apply_move`` (unchecked, as a search
    would call it), one immutable state per move."""
    state = new_match(CLASSIC, seed, 0)
    k = 0
    while not state.history:
        moves = legal_moves(state)  # in card order: suit then rank, as the reference sorts
        state = apply_move(state, moves[choices[k] % len(moves)], state.turn, validate=False)
        k += 1
    return state.history[0].points


def _timed(
    play: Callable[[str, Sequence[int]], tuple[int, ...]], seeds: list[str], choices: list[list[int]]
) -> tuple[float, list[tuple[int, ...]]]:
    started = time.process_time()
    got = [play(s, c) for s, c in zip(seeds, choices, strict=True)]
    return len(seeds) / (time.process_time() - started), got


def run_random_games(n: int, reps: int) -> dict[str, Any]:
    """Games per second of the fast path, the public API and the reference on the same decks and choices.

    The choices (40 random words a game) are drawn before the clocks start: the random generator is
    neither engine's work, and at about 0.2 us a draw it would be a third of the fast path's time.
    """
    seeds = [seed_of(f"random-{i}") for i in range(n)]
    choices = [[random.Random(i).getrandbits(30) for _ in range(40)] for i in range(n)]
    players: dict[str, Callable[[str, Sequence[int]], tuple[int, ...]]] = {
        "fast": fast_game,
        "public": public_game,
        "reference": ref_game,
    }
    rates: dict[str, list[float]] = {name: [] for name in players}
    for play in players.values():  # warm up: the first games of a run pay for cold caches
        _timed(play, seeds[:50], choices[:50])
    for rep in range(reps):
        names = list(players) if rep % 2 == 0 else list(reversed(players))
        results = {}
        for name in names:
            rate, results[name] = _timed(players[name], seeds, choices)
            rates[name].append(rate)
        for name in ("fast", "public"):
            if results[name] != results["reference"]:
                bad = next(
                    i
                    for i, (a, b) in enumerate(zip(results[name], results["reference"], strict=True))
                    if a != b
                )
                raise BenchmarkMismatch(
                    f"game {bad}: {name} {results[name][bad]}, reference {results['reference'][bad]}"
                )
    ratio = [f / r for f, r in zip(rates["fast"], rates["reference"], strict=True)]
    public_ratio = [p / r for p, r in zip(rates["public"], rates["reference"], strict=True)]
    return {
        "games": n,
        "engine_per_s": round(statistics.median(rates["fast"])),
        "public_per_s": round(statistics.median(rates["public"])),
        "reference_per_s": round(statistics.median(rates["reference"])),
        "ratio": round(statistics.median(ratio), 2),
        "public_ratio": round(statistics.median(public_ratio), 2),
    }


# --------------------------------------------------------------------------- 3. state size


def run_state_size(per_preset: int) -> dict[str, Any]:
    largest: dict[str, Any] = {"bytes": 0}
    by_preset = {}
    for preset in PRESETS:
        rules = make_rules(preset)
        rng = random.Random(preset)
        top = (0, 0)
        for i in range(per_preset):
            state = new_match(rules, seed_of(f"size-{preset}-{i}"), 0)
            while not state.finished:
                state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
                data = state.to_json()
                size = len(json.dumps(data).encode())
                if size > top[0]:
                    top = (size, len(json.dumps(data, separators=(",", ":")).encode()))
        by_preset[preset] = top[0]
        if top[0] > largest["bytes"]:
            largest = {"bytes": top[0], "compact_bytes": top[1], "preset": preset}
    return {"largest": largest, "by_preset": by_preset}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="arena games (pairs of two)")
    parser.add_argument("--workers", type=int, default=1, help="arena processes (timings are per process)")
    parser.add_argument("--random-games", type=int, default=2000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a tenth of the work: a smoke test, not figures")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    scale = 10 if args.quick else 1
    report = {
        "random_games": run_random_games(args.random_games // scale, max(1, args.reps // scale)),
        "state_size": run_state_size(max(2, 40 // scale)),
        "arena": run_arena(max(2, args.games // scale), args.workers),
    }
    r, s, a = report["random_games"], report["state_size"], report["arena"]
    print("Briscola benchmarks")
    print(
        f"  random games: fast path {r['engine_per_s']}/s, plain reference {r['reference_per_s']}/s, "
        f"ratio {r['ratio']} (goal {GOAL_RANDOM_RATIO:g}; {r['games']} games, same decks and choices, "
        "points compared)"
    )
    print(f"  random games, public API: {r['public_per_s']}/s, ratio {r['public_ratio']}")
    largest = s["largest"]
    print(
        f"  largest state: {largest['bytes']} bytes ({largest['compact_bytes']} compact), {largest['preset']}"
    )
    print(
        f"  arena strong vs greedy, {a['games']} games, seats swapped: "
        f"{a['margin_per_game']:+} card points a game "
        f"(95% CI {a['ci95'][0]:+} .. {a['ci95'][1]:+}; goal +{GOAL_MARGIN:g})"
    )
    print(
        f"  strong bot per decision, wall clock: p50 {a['p50_ms']} ms, p99 {a['p99_ms']} ms, "
        f"max {a['max_ms']} ms "
        f"over {a['decisions']} decisions ({a['workers']} process(es); goal p99 <= {GOAL_P99_MS:g} ms)"
    )
    print(
        f"  strong bot per decision, CPU time: p50 {a['cpu_p50_ms']} ms, p99 {a['cpu_p99_ms']} ms, "
        f"max {a['cpu_max_ms']} ms"
    )
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

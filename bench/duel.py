"""The duel: the champion bot against the strong bot, two players, on duplicate deals.

Every seed is played twice with the seats swapped, so both bots hold each hand once and most of the card
luck cancels. Scopa: one deal a game, scored in deal points (the champion's side minus the strong bot's).
Briscola: one game of the classic rules, in card points (a 60-60 draw deals again, and every game counts).
The 95% interval is over seed pairs (the independent unit). The champion's time per decision is measured
in wall clock and in CPU time of its thread (which other work on the machine does not inflate), over the
decisions it had to make (one legal move is no decision).

    python -m bench.duel [--games N] [--game scopa|briscola|both] [--workers W] [--json]
                         [--scopa-bot champion|oracle|strong[:option=value,...]]

``--scopa-bot oracle`` is the bench's peeking player (:mod:`bench.scopa_oracle`): the strong bot's search
shown the real deal, the ceiling of what guessing better could give that search.

Goals (issue 27): Scopa at least +0.5 points a deal, Briscola at least +8 card points a game, p99 at most
100 ms a decision, over 2,000 games each. ``make bench`` runs a smaller default (:data:`DEFAULT_GAMES`).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.scopa_oracle import PeekingStrongBot
from scopa.domain.games.briscola import bots as briscola_bots
from scopa.domain.games.briscola import engine as briscola_engine
from scopa.domain.games.briscola.rules import make_rules as briscola_rules
from scopa.domain.games.briscola.state import Move as BriscolaMove
from scopa.domain.games.briscola.views import seat_view as briscola_view
from scopa.domain.games.scopa import bots as scopa_bots
from scopa.domain.games.scopa import engine as scopa_engine
from scopa.domain.games.scopa.rules import rules_from_options
from scopa.domain.games.scopa.state import Move as ScopaMove
from scopa.domain.games.scopa.views import seat_view as scopa_view

Z95 = 1.959964
DEFAULT_GAMES = 200
CHAMPION = "champion"
OPPONENT = "strong"
GOALS = {"scopa": 0.5, "briscola": 8.0}
GOAL_P99_MS = 100.0

#: One pair's result: the champion's margin summed over its games, the games, and its decision times.
PairResult = tuple[float, int, list[float], list[float]]


def seed_of(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def _timed(bot: Any, view: dict[str, Any], times: list[float], cpu: list[float]) -> dict[str, Any]:
    started, cpu_started = time.perf_counter(), time.thread_time()
    move: dict[str, Any] = bot.choose(view)
    if len(view["legal_moves"]) > 1:
        times.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - cpu_started)
    return move


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """A player spec ``name[:key=value,...]`` as its name and options (numbers and true/false parsed)."""
    name, _, rest = spec.partition(":")
    return name, {k: _option(v) for k, _, v in (item.partition("=") for item in rest.split(",") if item)}


def _option(text: str) -> Any:
    for kind in (int, float):
        with contextlib.suppress(ValueError):
            return kind(text)
    return {"true": True, "false": False}.get(text.lower(), text)


def scopa_player(spec: str, seed: int) -> Any:
    """The Scopa player a spec names: a house bot or ``oracle`` (the bench's peeking player), with
    options after a colon for tuning runs, e.g. ``champion:budget=8000,completions=2``."""
    name, options = parse_spec(spec)
    factory = PeekingStrongBot if name == "oracle" else {**scopa_bots.BOTS, **scopa_bots.TRIAL_BOTS}[name]
    return factory(seed=seed, **options)


def scopa_pair(index: int, champion: str = CHAMPION) -> PairResult:
    """One Scopa seed, the champion in seat 0 then in seat 1: one deal each, in deal points."""
    rules = rules_from_options({})
    margin = 0.0
    times: list[float] = []
    cpu: list[float] = []
    for seat in (0, 1):
        state = scopa_engine.new_match(rules, seed_of(f"duel-scopa-{index}"), 0)
        bots: list[Any] = [
            scopa_bots.make_bot(OPPONENT, seed=index),
            scopa_bots.make_bot(OPPONENT, seed=index),
        ]
        bots[seat] = scopa_player(champion, index)
        while not state.deal_totals and state.result is None:
            view = scopa_view(state, state.turn)
            if state.turn == seat:
                if isinstance(bots[seat], PeekingStrongBot):
                    bots[seat].peek(state)  # the bench's peeking player only: shown the real deal
                move = _timed(bots[seat], view, times, cpu)
            else:
                move = bots[state.turn].choose(view)
            state = scopa_engine.apply_move(state, ScopaMove.from_json(move), state.turn)
        totals = state.deal_totals[0]
        margin += totals[seat] - totals[1 - seat]
    return margin, 2, times, cpu


def briscola_pair(index: int) -> PairResult:
    """One Briscola seed, the champion in seat 0 then in seat 1, in card points a game."""
    rules = briscola_rules("classic")
    margin = 0.0
    games = 0
    times: list[float] = []
    cpu: list[float] = []
    for seat in (0, 1):
        state = briscola_engine.new_match(rules, seed_of(f"duel-briscola-{index}"), 0)
        bots = [briscola_bots.make_bot(OPPONENT, seed=index), briscola_bots.make_bot(OPPONENT, seed=index)]
        bots[seat] = briscola_bots.make_bot(CHAMPION, seed=index)
        while not state.finished:
            view = briscola_view(state, state.turn)
            if state.turn == seat:
                move = _timed(bots[seat], view, times, cpu)
            else:
                move = bots[state.turn].choose(view)
            state = briscola_engine.apply_move(state, BriscolaMove.from_json(move), state.turn)
        for game in state.history:
            margin += game.points[seat] - game.points[1 - seat]
            games += 1
    return margin, games, times, cpu


def _quantile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(len(values) * q))]


def run_duel(
    game: str, games: int, workers: int, first: int = 0, raw: bool = False, scopa_bot: str = CHAMPION
) -> dict[str, Any]:
    """``games`` games (rounded up to whole pairs, seeds from pair ``first`` on) of ``game``: the
    champion's margin and thinking time (Scopa: ``scopa_bot`` plays the champion's seat)."""
    task: Any = functools.partial(scopa_pair, champion=scopa_bot) if game == "scopa" else briscola_pair
    pairs = max(1, (games + 1) // 2)
    started = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(task, range(first, first + pairs), chunksize=4))
    else:
        results = [task(i) for i in range(first, first + pairs)]
    wall = time.perf_counter() - started
    per_pair = [m / g for m, g, _, _ in results]
    mean = sum(m for m, _, _, _ in results) / sum(g for _, g, _, _ in results)
    half = Z95 * statistics.stdev(per_pair) / math.sqrt(len(per_pair)) if len(per_pair) > 1 else math.inf
    times = sorted(t * 1000 for _, _, ts, _ in results for t in ts)
    cpu = sorted(t * 1000 for _, _, _, ts in results for t in ts)
    found: dict[str, Any] = {
        "game": game,
        "player": scopa_bot if game == "scopa" else CHAMPION,
        "unit": "deal points a deal" if game == "scopa" else "card points a game",
        "pairs": pairs,
        "first_pair": first,
        "games": sum(g for _, g, _, _ in results),
        "margin": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "goal": GOALS[game],
        "decisions": len(times),
        "p50_ms": round(_quantile(times, 0.5), 2),
        "p99_ms": round(_quantile(times, 0.99), 2),
        "max_ms": round(times[-1], 2),
        "cpu_p50_ms": round(_quantile(cpu, 0.5), 2),
        "cpu_p99_ms": round(_quantile(cpu, 0.99), 2),
        "cpu_max_ms": round(cpu[-1], 2),
        "workers": workers,
        "wall_s": round(wall, 1),
    }
    if raw:  # enough to merge runs split by --first: every pair's margin and games, every decision's time
        found["raw"] = {
            "pair_margins": [m for m, _, _, _ in results],
            "pair_games": [g for _, g, _, _ in results],
            "ms": times,
            "cpu_ms": cpu,
        }
    return found


def describe(found: dict[str, Any]) -> str:
    lo, hi = found["ci95"]
    met = "met" if lo > 0 and found["margin"] >= found["goal"] else "NOT met"
    return (
        f"duel {found['game']}: {found['player']} vs {OPPONENT}, {found['games']} games "
        f"({found['pairs']} seat-swapped pairs): {found['margin']:+.3f} {found['unit']} "
        f"(95% {lo:+.3f} .. {hi:+.3f}; goal {found['goal']:+.1f}: {met})\n"
        f"  {found['player']} per decision ({found['decisions']}): wall p50 {found['p50_ms']} ms, p99 "
        f"{found['p99_ms']} ms, max {found['max_ms']} ms; CPU p50 {found['cpu_p50_ms']} ms, p99 "
        f"{found['cpu_p99_ms']} ms, max {found['cpu_max_ms']} ms (goal p99 <= {GOAL_P99_MS:.0f} ms); "
        f"{found['wall_s']} s with {found['workers']} worker(s)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games per game type (whole pairs)")
    parser.add_argument("--game", choices=("scopa", "briscola", "both"), default="both")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="first seed pair (to split a run in parts)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--raw", action="store_true", help="with --json: every pair's result and decision time"
    )
    parser.add_argument(
        "--scopa-bot",
        default=CHAMPION,
        help="Scopa player against strong: a house bot or oracle (peeking, bench only), options after ':'",
    )
    args = parser.parse_args(argv)
    found = [
        run_duel(g, args.games, args.workers, args.first, args.raw, args.scopa_bot)
        for g in ("briscola", "scopa")
        if args.game in (g, "both")
    ]
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        for f in found:
            print(describe(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())

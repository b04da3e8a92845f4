"""The arena: many games between two bots, on duplicate deals, with a confidence interval.

Games come in pairs that share a master seed: the same decks are dealt twice with the bots' seats
swapped, so in each deal both bots once hold the cards the other held. Most of the card luck cancels
within a pair, which makes the pair the natural independent unit for the statistics: the 95%
confidence interval of the points-per-deal difference is computed over game pairs (a ratio estimate,
points over deals, with its delta-method standard error).

Both games: Scopa (points per deal) and Briscola (card points per game of the match; a classic match
deals a new game after a 60-60 draw, and every game counts), each through its own engine, views and
bots (:func:`game_parts`); the bots are looked up by name when the arena runs.

Every game is a pure function of ``(seed, pair index)``: the master seed and every bot's random seed
derive from them, and bots use counted budgets, not clocks, so a run is reproducible whatever the
number of worker processes.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from scopa.domain.games.common.errors import RuleSetError
from scopa.domain.games.scopa import bots as scopa_bots
from scopa.domain.games.scopa import engine as scopa_engine
from scopa.domain.games.scopa import views as scopa_views
from scopa.domain.games.scopa.state import Move

Z95 = 1.959964
MAX_MOVES = 20_000  # a game that has not ended by then is a bug, not a long game


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One arena game seen from the two bots (``a`` and ``b``), whatever seats they had."""

    pair: int
    a_side: int
    a_won: bool
    deals: int
    points_a: int
    points_b: int
    moves_a: int
    moves_b: int
    ms_a: float  # total thinking time of bot a, milliseconds
    ms_b: float
    max_ms_a: float
    max_ms_b: float


def _derived_int(*parts: object) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def pair_master_seed(seed: int, pair: int) -> str:
    """The master seed both games of a pair are dealt from."""
    return hashlib.sha256(f"scopa-arena:{seed}:{pair}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class GameParts:
    """What the arena needs of a game: its bots (by name, read when the arena runs), engine and views,
    and the points per side of each finished deal (Scopa) or game (Briscola)."""

    name: str
    unit: str  # what the points are counted per: "deal" or "game"
    bots: Mapping[str, Any]
    make_bot: Callable[..., Any]
    new_match: Callable[..., Any]
    seat_view: Callable[[Any, int], dict[str, Any]]
    apply_move: Callable[[Any, Any, int], Any]
    parse_move: Callable[[Any], Any]
    totals: Callable[[Any], list[tuple[int, ...]]]


GAMES = ("scopa", "briscola")


def game_parts(game: str) -> GameParts:
    """The arena's view of ``game`` (:class:`RuleSetError` for a game it does not know)."""
    if game == "scopa":
        return GameParts(
            "scopa",
            "deal",
            {**scopa_bots.BOTS, **scopa_bots.TRIAL_BOTS},
            scopa_bots.make_bot,
            scopa_engine.new_match,
            scopa_views.seat_view,
            scopa_engine.apply_move,
            Move.from_json,
            lambda state: [tuple(t) for t in state.deal_totals],
        )
    if game == "briscola":
        from scopa.domain.games.briscola import bots as briscola_bots
        from scopa.domain.games.briscola import engine as briscola_engine
        from scopa.domain.games.briscola import views as briscola_views
        from scopa.domain.games.briscola.state import Move as BriscolaMove

        return GameParts(
            "briscola",
            "game",
            {**briscola_bots.BOTS, **briscola_bots.TRIAL_BOTS},
            briscola_bots.make_bot,
            briscola_engine.new_match,
            briscola_views.seat_view,
            briscola_engine.apply_move,
            BriscolaMove.from_json,
            lambda state: [g.points for g in state.history],
        )
    raise RuleSetError(f"unknown game '{game}'; games: {', '.join(GAMES)}")


def play_game(
    bot_a: str, bot_b: str, rules: Any, seed: int, pair: int, a_side: int, game: str = "scopa"
) -> GameOutcome:
    """Play one game: bot ``a`` holds every seat of side ``a_side``, bot ``b`` the other seats."""
    parts = game_parts(game)
    names = [bot_a if seat % 2 == a_side else bot_b for seat in range(rules.players)]
    bots = [
        parts.make_bot(name, seed=_derived_int(seed, pair, a_side, seat)) for seat, name in enumerate(names)
    ]
    state = parts.new_match(rules, pair_master_seed(seed, pair), first_dealer=0)
    ms = [0.0, 0.0]  # by side
    max_ms = [0.0, 0.0]
    moves = [0, 0]
    for _ in range(MAX_MOVES):
        if state.finished:
            break
        seat = state.turn
        view = parts.seat_view(state, seat)
        start = time.perf_counter()
        choice = bots[seat].choose(view)
        elapsed = (time.perf_counter() - start) * 1000.0
        side = seat % 2
        ms[side] += elapsed
        max_ms[side] = max(max_ms[side], elapsed)
        moves[side] += 1
        state = parts.apply_move(state, parts.parse_move(choice), seat)
    if state.result is None:  # pragma: no cover - guarded by MAX_MOVES
        raise RuntimeError(f"arena game {pair}/{a_side} did not end")
    b_side = 1 - a_side
    totals = parts.totals(state)
    return GameOutcome(
        pair=pair,
        a_side=a_side,
        a_won=state.result.winner == a_side,
        deals=len(totals),
        points_a=sum(t[a_side] for t in totals),
        points_b=sum(t[b_side] for t in totals),
        moves_a=moves[a_side],
        moves_b=moves[b_side],
        ms_a=ms[a_side],
        ms_b=ms[b_side],
        max_ms_a=max_ms[a_side],
        max_ms_b=max_ms[b_side],
    )


def play_pair(
    bot_a: str, bot_b: str, rules: Any, seed: int, pair: int, game: str = "scopa"
) -> tuple[GameOutcome, GameOutcome]:
    """Both games of a pair: the same deals, with bot ``a`` first on side 0, then on side 1."""
    return (
        play_game(bot_a, bot_b, rules, seed, pair, 0, game),
        play_game(bot_a, bot_b, rules, seed, pair, 1, game),
    )


def _play_pair_task(task: tuple[str, str, Any, int, int, str]) -> tuple[GameOutcome, GameOutcome]:
    return play_pair(*task)


def ratio_interval(numerators: list[float], denominators: list[float]) -> tuple[float, float, float]:
    """Ratio of sums with a 95% interval, each (numerator, denominator) an independent cluster.

    The delta-method standard error of ``sum(x) / sum(n)``; clusters of different sizes (games of
    different lengths) are weighted by their size, as the headline ratio is.
    """
    m = len(numerators)
    total_n = sum(denominators)
    if not m or not total_n:
        return 0.0, 0.0, 0.0
    ratio = sum(numerators) / total_n
    if m < 2:
        return ratio, -math.inf, math.inf
    residuals = sum((x - ratio * n) ** 2 for x, n in zip(numerators, denominators, strict=True))
    se = math.sqrt(m / (m - 1) * residuals) / total_n
    return ratio, ratio - Z95 * se, ratio + Z95 * se


@dataclass
class ArenaReport:
    """The figures of an arena run; ``to_text`` for people, ``to_json`` for scripts."""

    bot_a: str
    bot_b: str
    rules: dict[str, Any]
    seed: int
    outcomes: list[GameOutcome]
    seconds: float
    workers: int
    game: str = "scopa"

    @property
    def _labels(self) -> tuple[str, str, str]:
        """What a game of the arena, a scored unit and a point are called in this game."""
        if self.game == "briscola":
            return "matches", "games", "card points/game"
        return "games", "deals", "points/deal"

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def pairs(self) -> int:
        return len({o.pair for o in self.outcomes})

    @property
    def deals(self) -> int:
        return sum(o.deals for o in self.outcomes)

    @property
    def wins_a(self) -> int:
        return sum(o.a_won for o in self.outcomes)

    @property
    def wins_b(self) -> int:
        return self.games - self.wins_a

    def _by_pair(self) -> Iterator[list[GameOutcome]]:
        groups: dict[int, list[GameOutcome]] = {}
        for o in self.outcomes:
            groups.setdefault(o.pair, []).append(o)
        return iter(groups.values())

    def win_rate_a(self) -> tuple[float, float, float]:
        """Bot a's share of the games won, with a 95% interval over pairs."""
        groups = list(self._by_pair())
        return ratio_interval([sum(o.a_won for o in g) for g in groups], [len(g) for g in groups])

    def points_per_deal(self) -> tuple[float, float]:
        deals = self.deals or 1
        return sum(o.points_a for o in self.outcomes) / deals, sum(o.points_b for o in self.outcomes) / deals

    def difference_per_deal(self) -> tuple[float, float, float]:
        """Bot a's points per deal minus bot b's, with a 95% interval over game pairs."""
        groups = list(self._by_pair())
        return ratio_interval(
            [sum(o.points_a - o.points_b for o in g) for g in groups],
            [sum(o.deals for o in g) for g in groups],
        )

    def ms_per_move(self) -> dict[str, tuple[float, float]]:
        """Mean and largest thinking time per move of each bot, in milliseconds."""
        moves_a = sum(o.moves_a for o in self.outcomes) or 1
        moves_b = sum(o.moves_b for o in self.outcomes) or 1
        return {
            "a": (
                sum(o.ms_a for o in self.outcomes) / moves_a,
                max((o.max_ms_a for o in self.outcomes), default=0),
            ),
            "b": (
                sum(o.ms_b for o in self.outcomes) / moves_b,
                max((o.max_ms_b for o in self.outcomes), default=0),
            ),
        }

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        ppd_a, ppd_b = self.points_per_deal()
        diff, lo, hi = self.difference_per_deal()
        rate, rate_lo, rate_hi = self.win_rate_a()
        timing = self.ms_per_move()
        return {
            "game": self.game,
            "unit": "game" if self.game == "briscola" else "deal",
            "bot_a": self.bot_a,
            "bot_b": self.bot_b,
            "rules": self.rules,
            "seed": self.seed,
            "games": self.games,
            "pairs": self.pairs,
            "deals": self.deals,
            "wins": {"a": self.wins_a, "b": self.wins_b},
            "win_rate_a": rate,
            "win_rate_a_ci95": [rate_lo, rate_hi],
            "points_per_deal": {"a": ppd_a, "b": ppd_b},
            "difference_per_deal": diff,
            "difference_ci95": [lo, hi],
            "ci_unit": "game pair (duplicate deals, seats swapped)",
            "ms_per_move": {k: {"mean": v[0], "max": v[1]} for k, v in timing.items()},
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "workers": self.workers,
        }

    def to_text(self) -> str:
        ppd_a, ppd_b = self.points_per_deal()
        diff, lo, hi = self.difference_per_deal()
        rate, rate_lo, rate_hi = self.win_rate_a()
        timing = self.ms_per_move()
        a, b = self.bot_a, self.bot_b
        width = max(len(a), len(b))
        matches, units, per = self._labels
        lines = [
            f"arena: {a} vs {b}, {self.games} {matches} ({self.pairs} pairs of duplicate deals, "
            f"seats swapped), {self.deals} {units}, seed {self.seed}",
            f"rules: {self.rules or 'classic'}" + (f" ({self.game})" if self.game != "scopa" else ""),
            f"  {a:<{width}}  wins {self.wins_a:>6}  {ppd_a:6.3f} {per}  "
            f"{timing['a'][0]:7.2f} ms/move (max {timing['a'][1]:.1f})",
            f"  {b:<{width}}  wins {self.wins_b:>6}  {ppd_b:6.3f} {per}  "
            f"{timing['b'][0]:7.2f} ms/move (max {timing['b'][1]:.1f})",
            f"  win rate of {a}: {rate:.1%} (95% CI {rate_lo:.1%} .. {rate_hi:.1%})",
            f"  {a} - {b}: {diff:+.3f} {per} (95% CI {lo:+.3f} .. {hi:+.3f}, over game pairs)",
            f"  {self.seconds:.1f} s, {self.games_per_second:.2f} {matches}/s, {self.workers} worker(s)",
        ]
        return "\n".join(lines)


def _default_workers(pairs: int) -> int:
    return max(1, min(2, os.cpu_count() or 1, pairs // 10))


def run_arena(
    bot_a: str,
    bot_b: str,
    *,
    games: int,
    rules: Any,
    seed: int,
    progress: bool,
    workers: int | None = None,
    game: str = "scopa",
) -> ArenaReport:
    """Play ``games`` games (rounded up to whole pairs) between two bots and report the figures.

    ``workers`` processes play pairs in parallel (default: up to two, one for short runs); results do
    not depend on it.
    """
    known = game_parts(game).bots
    for name in (bot_a, bot_b):
        if name not in known:
            raise RuleSetError(f"unknown bot '{name}'; bots: {', '.join(known)}")
    if rules.sides != 2:
        raise RuleSetError(
            f"the arena pits two sides against each other; {rules.players} players make {rules.sides} sides"
        )
    if games < 1:
        raise RuleSetError("the arena needs at least one game")
    pairs = (games + 1) // 2
    n_workers = workers if workers is not None else _default_workers(pairs)
    tasks = [(bot_a, bot_b, rules, seed, p, game) for p in range(pairs)]
    outcomes: list[GameOutcome] = []
    start = time.perf_counter()
    bar = tqdm(
        total=pairs * 2, unit="game", file=sys.stderr, disable=not progress, desc=f"{bot_a} vs {bot_b}"
    )
    try:
        if n_workers <= 1:
            for task in tasks:
                outcomes.extend(_play_pair_task(task))
                bar.update(2)
        else:
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            context = multiprocessing.get_context(method)
            with ProcessPoolExecutor(n_workers, mp_context=context) as pool:
                for pair_outcomes in pool.map(_play_pair_task, tasks, chunksize=1):
                    outcomes.extend(pair_outcomes)
                    bar.update(2)
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    return ArenaReport(bot_a, bot_b, rules.to_options(), seed, outcomes, seconds, n_workers, game)

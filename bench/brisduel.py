"""Briscola duels for measuring and tuning: any player against the strong bot on duplicate deals.

The seeds are :mod:`bench.duel`'s (pair ``i`` plays seed ``duel-briscola-i`` twice, seats swapped), so
runs of different players on the same pairs are paired comparisons. A player is a spec
``name[:key=value,...]``: a house bot (``champion``, ``strong``, ...) with constructor options
(``champion:budget=30000,beta=0.2``), or ``oracle``: the bench-only **peeking** player
(:class:`PeekingBot`), the strong bot's own search whose only guess of the hidden cards is the truth,
handed to it by this harness from the match state before each decision. Its margin is what perfect
information is worth to that search: a ceiling for any fair bot built on it. It never leaves bench/.
Its options measure where that worth lies: ``peek_min``/``peek_max`` (peek only with that many cards to
draw), ``hands_only`` (the stock's order guessed), ``shown=N`` (only N of the other hand's cards known).

    python -m bench.brisduel PLAYER [--pairs N] [--first F] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any

from bench.duel import Z95, parse_spec, seed_of
from scopa.domain.games.briscola import bots as briscola_bots
from scopa.domain.games.briscola import engine as briscola_engine
from scopa.domain.games.briscola.bots.knowledge import Knowledge
from scopa.domain.games.briscola.bots.strong import Guess, StrongBot
from scopa.domain.games.briscola.rules import make_rules as briscola_rules
from scopa.domain.games.briscola.state import BriscolaState
from scopa.domain.games.briscola.state import Move as BriscolaMove
from scopa.domain.games.briscola.views import seat_view as briscola_view
from scopa.domain.games.common.bot import Bot
from scopa.domain.games.common.cards import iter_cards

OPPONENT = "strong"


class PeekingBot(StrongBot):
    """The strong bot's search on the true position (bench only: it reads the match state).

    :meth:`see` must be called with the state before each ``choose``. Every guess of the search is the
    truth (the other hands and the stock in drawing order), and the two-player exact endgame solves the
    true position only. Playouts are deterministic, so one guess would do; the search still runs its
    minimum of guesses, all equal.
    """

    name = "oracle"

    def __init__(
        self,
        seed: int | None = None,
        *,
        peek_min: int = 0,
        peek_max: int = 99,
        hands_only: bool = False,
        shown: int = 3,
        **options: Any,
    ) -> None:
        super().__init__(seed, **options)
        self.truth: tuple[list[list[int]], list[int]] | None = None
        #: It peeks only while the stock holds from ``peek_min`` to ``peek_max`` cards (and plays as the
        #: strong bot otherwise): where in the game the information is worth most.
        self.peek = range(peek_min, peek_max + 1)
        #: Peek at the other hands only; the stock's order is guessed (what inference could learn at best).
        self.hands_only = hands_only
        #: Two players: how many of the other hand's hidden cards it is shown (picked at random for each
        #: decision); the rest of that hand is guessed with the stock (what partial inference is worth).
        self.shown = shown
        self.shown_cards: list[int] = []

    def see(self, state: BriscolaState) -> None:
        hands = [sorted(iter_cards(h)) for h in state.hands]
        self.truth = hands, list(state.deck[state.drawn :])
        if self.shown < 3 and len(hands) == 2:
            other = 1 - state.turn
            hidden = [c for c in hands[other] if not (c == state.trump and state.trump_holder == other)]
            self.shown_cards = self.rng.sample(hidden, min(self.shown, len(hidden)))

    def _true(self) -> tuple[list[list[int]], list[int]]:
        if self.truth is None:
            raise RuntimeError("the peeking bot is shown the state (see) before each decision")
        hands, stock = self.truth
        return [list(h) for h in hands], list(stock)

    def guess(self, k: Knowledge) -> Guess:
        if k.stock not in self.peek:
            return super().guess(k)
        hands, stock = self._true()
        if self.hands_only and len(stock) > 1:
            hidden = stock[:-1]
            self.rng.shuffle(hidden)
            stock = [*hidden, stock[-1]]
        if self.shown < 3 and k.players == 2:
            other = 1 - k.seat
            keep = set(self.shown_cards) | {c for s, c in k.known if s == other}
            pool = [c for c in hands[other] if c not in keep] + stock[:-1]
            self.rng.shuffle(pool)
            need = len(hands[other]) - len(keep)
            hands[other] = [*keep, *pool[:need]]
            stock = [*pool[need:], *stock[-1:]]
        return hands, stock, k.side

    def endgame_guesses(self, k: Knowledge) -> list[tuple[list[list[int]], list[int]]]:
        if k.stock not in self.peek or self.hands_only or self.shown < 3:
            return super().endgame_guesses(k)
        return [self._true()]


def make_player(spec: str, seed: int) -> Bot:
    """A player from ``name[:key=value,...]`` (see the module's docstring)."""
    name, options = parse_spec(spec)
    if name == "oracle":
        return PeekingBot(seed, **options)
    return {**briscola_bots.BOTS, **briscola_bots.TRIAL_BOTS}[name](seed=seed, **options)


def briscola_pair(spec: str, index: int) -> tuple[float, int, list[float]]:
    """One seed, the player in seat 0 then in seat 1: its margin in card points summed over the games,
    the games, and the CPU seconds of each of its decisions with a choice."""
    rules = briscola_rules("classic")
    margin = 0.0
    games = 0
    cpu: list[float] = []
    for seat in (0, 1):
        state = briscola_engine.new_match(rules, seed_of(f"duel-briscola-{index}"), 0)
        bots = [briscola_bots.make_bot(OPPONENT, seed=index), briscola_bots.make_bot(OPPONENT, seed=index)]
        player = make_player(spec, index)
        bots[seat] = player
        while not state.finished:
            view = briscola_view(state, state.turn)
            if state.turn == seat:
                if isinstance(player, PeekingBot):
                    player.see(state)
                started = time.thread_time()
                move = player.choose(view)
                if len(view["legal_moves"]) > 1:
                    cpu.append(time.thread_time() - started)
            else:
                move = bots[state.turn].choose(view)
            state = briscola_engine.apply_move(state, BriscolaMove.from_json(move), state.turn)
        for game in state.history:
            margin += game.points[seat] - game.points[1 - seat]
            games += 1
    return margin, games, cpu


def run(spec: str, pairs: int, first: int = 0) -> dict[str, Any]:
    started = time.perf_counter()
    results = [briscola_pair(spec, i) for i in range(first, first + pairs)]
    per_pair = [m / g for m, g, _ in results]
    mean = sum(m for m, _, _ in results) / sum(g for _, g, _ in results)
    half = Z95 * statistics.stdev(per_pair) / math.sqrt(len(per_pair)) if len(per_pair) > 1 else math.inf
    cpu = sorted(t * 1000 for _, _, ts in results for t in ts)
    return {
        "player": spec,
        "pairs": pairs,
        "first_pair": first,
        "games": sum(g for _, g, _ in results),
        "margin": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "decisions": len(cpu),
        "cpu_p50_ms": round(cpu[len(cpu) // 2], 2) if cpu else 0.0,
        "cpu_p99_ms": round(cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))], 2) if cpu else 0.0,
        "cpu_max_ms": round(cpu[-1], 2) if cpu else 0.0,
        "wall_s": round(time.perf_counter() - started, 1),
        "pair_margins": [m for m, _, _ in results],
        "pair_games": [g for _, g, _ in results],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("player", help="oracle, or a bot name with options: champion:budget=30000")
    parser.add_argument("--pairs", type=int, default=150)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="every pair's result too")
    args = parser.parse_args(argv)
    found = run(args.player, args.pairs, args.first)
    if args.json:
        print(json.dumps(found))
    else:
        lo, hi = found["ci95"]
        print(
            f"{found['player']} vs {OPPONENT}: {found['games']} games ({found['pairs']} pairs from "
            f"{found['first_pair']}): {found['margin']:+.2f} card points a game "
            f"(95% {lo:+.2f} .. {hi:+.2f}); "
            f"CPU p50 {found['cpu_p50_ms']} ms, p99 {found['cpu_p99_ms']} ms, max {found['cpu_max_ms']} ms; "
            f"{found['wall_s']} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

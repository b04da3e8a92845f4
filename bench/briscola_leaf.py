"""Fit the champion's leaf value: what each card in hand is worth when its search stops early.

Positions are drawn from two-player classic games played by the greedy policy with some random moves
(for variety), at the start of a trick with ``--stock`` cards (a list) left to draw. Each is solved
exactly to the end (:class:`scopa.domain.games.briscola.bots.solver.Solver`: every card known), and a
least-squares fit (a little ridge) explains that exact value, the leader's card points from there on
minus the follower's, by the cards each side holds: one weight per rank for trumps and one for the other
suits (the leader's cards count for it, the follower's against), plus a constant for leading.

    python -m bench.briscola_leaf [--positions N] [--stock 8 10 12] [--seed S]

It prints the weights as the constants of ``bots/leaf.py`` (committed; rerun to refit) and the fit's
error against the exact values, beside the error of valuing every hand at zero.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence

from scopa.domain.games.briscola import fast
from scopa.domain.games.briscola.bots.policy import greedy_pick
from scopa.domain.games.briscola.bots.solver import Solver, mask_of
from scopa.domain.games.briscola.cards import STRENGTH, SUIT, TRICK_ORDER
from scopa.domain.games.briscola.rules import make_rules

FEATURES = 21  # 10 ranks (by strength, weakest first) as trumps, 10 in other suits, leading
RIDGE = 1.0


def leaf_row(lead: list[int], follow: list[int], trump: int) -> list[float]:
    row = [0.0] * FEATURES
    for c in lead:
        row[(SUIT[c] != trump) * 10 + STRENGTH[c]] += 1
    for c in follow:
        row[(SUIT[c] != trump) * 10 + STRENGTH[c]] -= 1
    row[20] = 1.0
    return row


def sample(rng: random.Random, stock_left: int) -> tuple[list[float], int]:
    """One position's features and its exact value."""
    rules = make_rules("classic")
    game = fast.deal(rules, f"{rng.getrandbits(256):064x}")
    trump = game.deck[-1] % 40 // 10
    while len(game.deck) - game.drawn > stock_left or game.trick_cards:
        hand = game.hands[game.turn]
        if rng.random() < 0.3:
            card = rng.choice(hand)
        else:
            card = greedy_pick(hand, game.trick_cards, game.turn, game.leader, trump, (0, 1), 2)
        game.play(card)
    lead, follow = game.hands[game.leader], game.hands[1 - game.leader]
    solver = Solver(game.deck[game.drawn :], trump)
    value = solver.trick_start(mask_of(lead), mask_of(follow), 0, -1000, 1000)
    return leaf_row(lead, follow, trump), value


def fit(rows: list[list[float]], targets: Sequence[float]) -> list[float]:
    """Ridge least squares by the normal equations (Gauss-Jordan: 21 unknowns)."""
    n = FEATURES
    a = [[RIDGE * (i == j) for j in range(n)] for i in range(n)]
    b = [0.0] * n
    for row, y in zip(rows, targets, strict=True):
        for i in range(n):
            if row[i]:
                b[i] += row[i] * y
                for j in range(n):
                    a[i][j] += row[i] * row[j]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=600, help="per stock size")
    parser.add_argument("--stock", type=int, nargs="+", default=[8, 10, 12])
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    rows: list[list[float]] = []
    targets: list[int] = []
    for stock in args.stock:
        for _ in range(args.positions):
            row, value = sample(rng, stock)
            rows.append(row)
            targets.append(value)
    weights = fit(rows, targets)
    error = statistics.fmean(
        abs(y - sum(w * x for w, x in zip(weights, row, strict=True)))
        for row, y in zip(rows, targets, strict=True)
    )
    zero = statistics.fmean(abs(y) for y in targets)
    ranks = list(reversed(TRICK_ORDER))  # weakest first, as the strengths count
    print(f"# {len(rows)} positions, stock {args.stock}, seed {args.seed}: mean abs error {error:.2f}")
    print(f"# (valuing every hand at zero: {zero:.2f})")
    print("TRUMP = (" + ", ".join(f"{w:.2f}" for w in weights[:10]) + ")  # " + " ".join(ranks))
    print("PLAIN = (" + ", ".join(f"{w:.2f}" for w in weights[10:20]) + ")")
    print(f"LEAD = {weights[20]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

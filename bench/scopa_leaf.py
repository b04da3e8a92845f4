"""Fit the leaf correction of the Scopa champion (:mod:`scopa.domain.games.scopa.bots.leaf`).

Plays many random classic deals (two players) to the end with the greedy policy of the bots' simulator.
At the end of every hand but the last, it records the features of the table left and the random-share
estimate the search would use there (:meth:`Simulator.complete`, many shares); the target is the leader's
final deal margin minus that estimate. One least-squares fit per number of hands left to deal; the
weights are written to ``leaf_weights.py``. Prints how much of the error each fit removes on deals it
did not see.

    python -m bench.scopa_leaf [--deals N] [--seed S] [--write]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

from scopa.domain.games.scopa.bots.heuristics import RulesOracle, oracle_for
from scopa.domain.games.scopa.bots.leaf import FEATURES, features
from scopa.domain.games.scopa.bots.simulator import DealPosition, Simulator
from scopa.domain.games.scopa.bots.strong import deal_margin
from scopa.domain.games.scopa.engine import new_match
from scopa.domain.games.scopa.rules import make_rules

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "shared/scopa/domain/games/scopa/bots/leaf_weights.py"
COMPLETIONS = 12
RIDGE = 1.0

#: One hand's end: hands left to deal, the features, and the target (final margin minus the estimate).
Sample = tuple[int, tuple[float, ...], float]


def deal_samples(oracle: RulesOracle, index: int, seed: str, rng: random.Random) -> list[Sample]:
    """Play one deal to its end greedily; a sample at every hand's end before the last hand."""
    rules = oracle.rules
    state = new_match(rules, hashlib.sha256(f"{seed}-{index}".encode()).hexdigest(), index % 2)
    sim = Simulator(rules, oracle, state.dealer)
    pos = DealPosition(
        hands=list(state.hands),
        table=state.table,
        piles=list(state.piles),
        stock=tuple(state.deck[state.dealt :]),
        turn=state.turn,
        last_capturer=state.last_capturer,
        last_player=-1,
        scope=[0] * rules.sides,
        bonus=[0] * rules.sides,
    )
    round_cards = rules.players * rules.hand_size
    stock_at = 0
    pending: list[tuple[int, tuple[float, ...], float, int]] = []
    while True:
        totals = sim.rollout(pos, stock_at, 0, rng.getrandbits(40), COMPLETIONS)
        if stock_at >= len(pos.stock):
            break
        leader = pos.turn % rules.sides
        stock = 0
        for c in pos.stock[stock_at:]:
            stock |= 1 << c
        f = features(oracle, pos.table, stock, rules.hand_size)
        pending.append(((len(pos.stock) - stock_at) // round_cards, f, deal_margin(totals, leader), leader))
        stock_at = sim.deal(pos, stock_at)
    return [(rounds, f, deal_margin(totals, leader) - estimate) for rounds, f, estimate, leader in pending]


def solve(rows: list[tuple[tuple[float, ...], float]], ridge: float = RIDGE) -> list[float]:
    """Least squares with a small ridge (not on the constant), by Gauss-Jordan on the normal equations."""
    n = len(FEATURES)
    a = [[0.0] * (n + 1) for _ in range(n)]
    for f, y in rows:
        for i in range(n):
            fi = f[i]
            if fi:
                row = a[i]
                for j in range(n):
                    row[j] += fi * f[j]
                row[n] += fi * y
    for i in range(1, n):
        a[i][i] += ridge
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            continue
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [v - factor * w for v, w in zip(a[r], a[col], strict=True)]
    return [a[i][n] for i in range(n)]


def mse(rows: list[tuple[tuple[float, ...], float]], w: list[float] | None) -> float:
    total = 0.0
    for f, y in rows:
        pred = sum(a * b for a, b in zip(w, f, strict=True)) if w else 0.0
        total += (y - pred) ** 2
    return total / max(1, len(rows))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", default="leaf")
    parser.add_argument("--write", action="store_true", help="write the weights module")
    args = parser.parse_args(argv)
    rules = make_rules("classic")
    oracle = oracle_for(rules)
    rng = random.Random(args.seed)
    by_rounds: dict[int, list[tuple[int, tuple[tuple[float, ...], float]]]] = {}
    for i in range(args.deals):
        for rounds, f, y in deal_samples(oracle, i, args.seed, rng):
            by_rounds.setdefault(rounds, []).append((i, (f, y)))
    weights = []
    for rounds in sorted(by_rounds):
        rows = by_rounds[rounds]
        train = [r for i, r in rows if i % 5]
        test = [r for i, r in rows if not i % 5]
        w = solve(train)
        # Only differences between positions matter to a search: compare with the constant alone.
        base = solve([((1.0,) + (0.0,) * (len(FEATURES) - 1), y) for _, y in train])
        print(
            f"{rounds} hands left: {len(rows)} samples; held-out mean squared error "
            f"{mse(test, base):.4f} with the mean alone, {mse(test, w):.4f} with the model",
            file=sys.stderr,
        )
        weights.append(tuple(round(v, 4) for v in solve([r for _, r in rows])))
    for name, column in zip(FEATURES, zip(*weights, strict=True), strict=True):
        print(f"  {name:>20}: " + " ".join(f"{v:+.3f}" for v in column), file=sys.stderr)
    if args.write:
        lines = ",\n".join(f"    ({', '.join(repr(v) for v in w)})" for w in weights)
        WEIGHTS_FILE.write_text(
            '"""Weights of :mod:`.leaf`, written by ``python -m bench.scopa_leaf`` (do not edit by hand).\n\n'
            f"Fitted on {args.deals} greedy classic deals (seed {args.seed!r}); one row per number of hands\n"
            'left to deal (1 first), one weight per feature of :data:`.leaf.FEATURES`.\n"""\n\n'
            f"HAND_CARDS = {rules.hand_size}\n"
            f"WEIGHTS: tuple[tuple[float, ...], ...] = (\n{lines},\n)\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

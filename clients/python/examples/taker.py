"""A complete bot for `scopa bot` (docs/bots.md): it reads one decision per line on stdin and answers
with the index of the move it plays. Scopa: the sweep, else the capture worth most (the settebello,
sevens, coins, more cards), else it lays its lowest card. Briscola (and bids): the first legal move."""

import json
import sys

RANKS = "A234567JQK"


def worth(move: dict) -> float:
    cards = [move["card"], *move.get("take", [])] if move.get("take") else []
    value = 10 * move.get("sweeps", False) + 5 * ("7d" in cards) + len(cards)
    value += sum(0.5 * (c[0] == "7") + 0.3 * (c[1] == "d") for c in cards)
    return value - 0.01 * RANKS.index(move["card"][0]) if not cards else value


for line in sys.stdin:
    moves = json.loads(line)["view"]["legal_moves"]
    scopa = all("take" in m for m in moves)
    best = max(range(len(moves)), key=lambda i: worth(moves[i])) if scopa else 0
    print(best, flush=True)

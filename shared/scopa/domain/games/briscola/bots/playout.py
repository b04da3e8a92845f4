"""Fast play of a fully known Briscola position (a guess at the hidden cards): playouts, exact endgames.

A position is plain lists: every hand, the stock in drawing order, the trick so far, who led it. Points
are counted from this position on, per side.
"""

from __future__ import annotations

from collections.abc import Sequence

from scopa.domain.games.briscola.bots.policy import greedy_pick
from scopa.domain.games.briscola.cards import POINTS, STRENGTH, SUIT

#: What a card still held is worth when a playout stops early, [not trump, trump] per card.
HELD_TRUMP_BONUS = 3.0
HELD_POINTS_SHARE = 0.0
HELD_VALUE: tuple[tuple[float, ...], tuple[float, ...]] = (
    tuple(HELD_POINTS_SHARE * POINTS[c] for c in range(80)),
    tuple(HELD_TRUMP_BONUS + 0.5 * STRENGTH[c] + HELD_POINTS_SHARE * POINTS[c] for c in range(80)),
)


def _winner(trick: Sequence[int], trump: int) -> int:
    w = 0
    wc = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        if SUIT[c] == SUIT[wc]:
            if STRENGTH[c] > STRENGTH[wc]:
                w, wc = i, c
        elif SUIT[c] == trump:
            w, wc = i, c
    return w


def playout(
    hands: list[list[int]],
    stock: list[int],
    trick: list[int],
    leader: int,
    trump: int,
    side: Sequence[int],
    n_sides: int,
    horizon: int = 0,
    held: tuple[tuple[float, ...], tuple[float, ...]] = HELD_VALUE,
) -> tuple[list[float], int]:
    """Play the position to the end by the greedy policy (the lists are consumed; the trick may be full).

    Returns the card points each side wins from now on and the number of cards played (the work done).
    Stopped by the horizon, each card still held adds ``held[is trump][card]`` to its side.
    """
    n = len(hands)
    points = [0.0] * n_sides
    played = 0
    pos = 0
    tricks = 0
    turn = (leader + len(trick)) % n
    while True:
        if len(trick) < n:
            hand = hands[turn]
            if not hand:
                break
            c = greedy_pick(hand, trick, turn, leader, trump, side, n)
            hand.remove(c)
            trick.append(c)
            played += 1
            turn = (turn + 1) % n
            continue
        winner = (leader + _winner(trick, trump)) % n
        points[side[winner]] += sum(POINTS[x] for x in trick)
        trick.clear()
        if pos < len(stock):
            for i in range(n):
                hands[(winner + i) % n].append(stock[pos])
                pos += 1
        leader = turn = winner
        tricks += 1
        if tricks == horizon and hands[turn]:
            for seat, hand in enumerate(hands):
                points[side[seat]] += sum(held[trump == SUIT[c]][c] for c in hand)
            break
    return points, played


def solve_values(
    hands: list[list[int]],
    stock: list[int],
    trick: list[int],
    leader: int,
    trump: int,
    side: Sequence[int],
    me: int,
) -> tuple[list[int], list[int], int]:
    """Two players, every card known (the stock's order too): the exact margin of each card ``me`` may play.

    Minimax with alpha-beta over the rest of the game, draws included. Returns the candidate cards, the
    margin for ``me``'s side after each (points from now on: own minus the other side's), and the nodes
    searched.
    """
    nodes = 0

    def search(trick: list[int], leader: int, pos: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        turn = (leader + len(trick)) % 2
        hand = hands[turn]
        if not hand:
            return 0.0
        maximise = side[turn] == side[me]
        best = -1e9 if maximise else 1e9
        for c in list(hand):
            value = play(c, turn, trick, leader, pos, alpha, beta)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def play(c: int, turn: int, trick: list[int], leader: int, pos: int, alpha: float, beta: float) -> float:
        hand = hands[turn]
        i = hand.index(c)
        hand.pop(i)
        if not trick:
            value = search([c], turn, pos, alpha, beta)
        else:
            first = trick[0]
            winner = (leader + _winner((first, c), trump)) % 2
            gain = POINTS[first] + POINTS[c]
            signed = gain if side[winner] == side[me] else -gain
            if pos < len(stock):
                hands[winner].append(stock[pos])
                hands[1 - winner].append(stock[pos + 1])
                value = signed + search([], winner, pos + 2, alpha - signed, beta - signed)
                hands[1 - winner].pop()
                hands[winner].pop()
            else:
                value = signed + search([], winner, pos, alpha - signed, beta - signed)
        hand.insert(i, c)
        return value

    turn = (leader + len(trick)) % 2
    candidates = sorted(hands[turn])
    values = [int(play(c, turn, trick, leader, 0, -1e9, 1e9)) for c in candidates]
    return candidates, values, nodes

"""A plain reference implementation of classic two-player Scopa, written the obvious way.

It exists only to be measured against (and checked against) the engine in
:mod:`scopa.domain.games.scopa.engine`. It keeps
the same contract for the default rules of RULES.md — the seeded shuffle ``scopa-shuffle/1``, the deal,
the void table of three or more kings, single-card precedence, every capture option listed, no laying
down a card that can capture, the scopa (never on the last card), the leftovers to the last capturer, and
the deal's points: scope, cards, coins, settebello, primiera — but none of the engine's representation
choices:

* a card is a ``(rank, suit)`` tuple (rank 1..10, suit 0..3 = coins, cups, swords, clubs);
* hands, the table, the stock and the capture piles are lists of cards;
* capture options come from :func:`itertools.combinations` over the table;
* a move is ``(card, taken)`` with ``taken`` a tuple of table cards (empty: the card is laid down);
* :func:`play` is pure: it copies the lists and returns a new :class:`RefState`.

It is not deliberately slow (it stops looking at sets of more cards than the played card's rank, since
every card is worth at least 1) and not tricked out either (no bit masks, no caches, no precomputation
beyond a constant table of primiera values).
"""

from __future__ import annotations

import hashlib
import struct
from itertools import combinations
from typing import NamedTuple

Card = tuple[int, int]  # (rank 1..10, suit 0..3)
Move = tuple[Card, tuple[Card, ...]]

PLAYERS = 2
HAND_SIZE = 3
TABLE_CARDS = 4
COINS = 0
SETTEBELLO: Card = (7, COINS)
KING = 10
TARGET = 11
#: Primiera value by rank: 7 = 21, 6 = 18, ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, faces = 10.
PRIMIERA_VALUE = {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 10, 9: 10, 10: 10}


# --------------------------------------------------------------------------- the shuffle


def deal_seed(master_seed: str, deal_index: int) -> str:
    """``SHA-256(master || "deal" || deal index as 4 big-endian bytes)``, as hex."""
    return hashlib.sha256(bytes.fromhex(master_seed) + b"deal" + deal_index.to_bytes(4, "big")).hexdigest()


def shuffled_deck(seed: str, attempt: int = 0) -> list[Card]:
    """Fisher-Yates over the cards in numbering order, fed by SHA-256 blocks (algorithm scopa-shuffle/1)."""
    prefix = bytes.fromhex(seed) + attempt.to_bytes(4, "big")
    words: list[int] = []
    block = 0
    deck = [(rank, suit) for suit in range(4) for rank in range(1, 11)]
    for i in range(39, 0, -1):
        n = i + 1
        limit = 2**32 - 2**32 % n
        while True:
            if not words:
                digest = hashlib.sha256(prefix + block.to_bytes(4, "big")).digest()
                words = list(struct.unpack(">8I", digest))[::-1]  # pop() from the end: first word first
                block += 1
            x = words.pop()
            if x < limit:
                break
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# --------------------------------------------------------------------------- the state


class RefState(NamedTuple):
    """One deal in progress. ``finished`` is set once the last card is played and the table is cleared.

    An immutable value like the engine's state (a ``NamedTuple``: the plain, cheap way to write one).
    """

    hands: list[list[Card]]
    table: list[Card]
    stock: list[Card]
    piles: list[list[Card]]
    scope: list[int]
    dealer: int
    turn: int
    last_capturer: int | None
    finished: bool = False


def _deal_hands(stock: list[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Three cards to each player, one at a time, starting at the dealer's right."""
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    pos = 0
    for _ in range(HAND_SIZE):
        for i in range(1, PLAYERS + 1):
            hands[(dealer + i) % PLAYERS].append(stock[pos])
            pos += 1
    return hands, stock[pos:]


def start_deal(seed: str, dealer: int) -> RefState:
    """Shuffle, deal the hands and four table cards; deal again (next attempt) on 3+ kings on the table."""
    attempt = 0
    while True:
        deck = shuffled_deck(seed, attempt)
        hands, stock = _deal_hands(deck, dealer)
        table, stock = stock[:TABLE_CARDS], stock[TABLE_CARDS:]
        if sum(1 for c in table if c[0] == KING) < 3:
            break
        attempt += 1
    return RefState(
        hands=hands,
        table=table,
        stock=stock,
        piles=[[] for _ in range(PLAYERS)],
        scope=[0] * PLAYERS,
        dealer=dealer,
        turn=(dealer + 1) % PLAYERS,
        last_capturer=None,
    )


# --------------------------------------------------------------------------- moves


def capture_options(card: Card, table: list[Card]) -> list[tuple[Card, ...]]:
    """Every set of table cards ``card`` may take: an equal-rank card if any, otherwise every sum."""
    rank = card[0]
    singles: list[tuple[Card, ...]] = [(t,) for t in table if t[0] == rank]
    if singles:
        return singles
    options: list[tuple[Card, ...]] = []
    for size in range(2, min(len(table), rank) + 1):
        for combo in combinations(table, size):
            if sum(c[0] for c in combo) == rank:
                options.append(combo)
    return options


def legal_moves(state: RefState) -> list[Move]:
    """Every legal move of the player to play; a card that can capture may not be laid down."""
    if state.finished:
        return []
    moves: list[Move] = []
    for card in state.hands[state.turn]:
        options = capture_options(card, state.table)
        if options:
            for taken in options:
                moves.append((card, taken))
        else:
            moves.append((card, ()))
    return moves


def play(state: RefState, move: Move) -> RefState:
    """The state after ``move`` (trusted to be legal): a new state, the old one is left untouched."""
    card, taken = move
    turn = state.turn
    hands = [list(h) for h in state.hands]
    table = list(state.table)
    stock = list(state.stock)
    piles = [list(p) for p in state.piles]
    scope = list(state.scope)
    last_capturer = state.last_capturer
    hands[turn].remove(card)
    last_card = not stock and not any(hands)
    if taken:
        for t in taken:
            table.remove(t)
        piles[turn].extend(taken)
        piles[turn].append(card)
        last_capturer = turn
        if not table and not last_card:
            scope[turn] += 1
    else:
        table.append(card)
    finished = False
    if not any(hands):
        if stock:
            hands, stock = _deal_hands(stock, state.dealer)
        else:
            taker = turn if last_capturer is None else last_capturer
            piles[taker].extend(table)
            table = []
            finished = True
    return RefState(
        hands, table, stock, piles, scope, state.dealer, (turn + 1) % PLAYERS, last_capturer, finished
    )


# --------------------------------------------------------------------------- scoring


def primiera(pile: list[Card]) -> int:
    """The best card of each suit by the primiera scale, added up (a missing suit adds nothing)."""
    best = [0, 0, 0, 0]
    for rank, suit in pile:
        best[suit] = max(best[suit], PRIMIERA_VALUE[rank])
    return sum(best)


def _unique_best(values: list[int]) -> int | None:
    top = max(values)
    winners = [i for i, v in enumerate(values) if v == top]
    return winners[0] if len(winners) == 1 else None


def score_deal(state: RefState) -> list[dict[str, int]]:
    """The points of a finished deal per player, by category (categories worth nothing are left out)."""
    points: list[dict[str, int]] = [{} for _ in range(PLAYERS)]
    for p in range(PLAYERS):
        if state.scope[p]:
            points[p]["scope"] = state.scope[p]
    for category, values in (
        ("cards", [len(pile) for pile in state.piles]),
        ("coins", [sum(1 for c in pile if c[1] == COINS) for pile in state.piles]),
        ("primiera", [primiera(pile) for pile in state.piles]),
    ):
        winner = _unique_best(values)
        if winner is not None:
            points[winner][category] = 1
    for p, pile in enumerate(state.piles):
        if SETTEBELLO in pile:
            points[p]["settebello"] = 1
    return points


def game_over(scores: list[int]) -> bool:
    """A player has reached the target and leads alone."""
    top = max(scores)
    return top >= TARGET and scores.count(top) == 1

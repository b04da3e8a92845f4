"""Chiamata's auction and call for the greedy and strong bots: bid on the suit the hand is strongest in."""

from __future__ import annotations

from typing import Any

from scopa.domain.games.briscola.cards import POINTS, STRENGTH, SUIT, TRICK_ORDER
from scopa.domain.games.briscola.cards import parse_card as card_of
from scopa.domain.games.briscola.state import parse_bid

#: A hand worth less than this (see :func:`suit_strength`) passes rather than bid.
BID_THRESHOLD = 30


def suit_strength(hand: list[int], suit: int) -> int:
    """How good ``suit`` would be as trump: its cards' points and strength, and their number."""
    cards = [c for c in hand if SUIT[c] == suit]
    return sum(POINTS[c] + STRENGTH[c] for c in cards) + 4 * len(cards)


def _best_suit(hand: list[int]) -> int:
    return max(range(4), key=lambda s: (suit_strength(hand, s), -s))


def _card_to_call(hand: list[int], suit: int) -> int:
    """The rank (index into TRICK_ORDER) of the strongest card of ``suit`` the hand lacks."""
    held = {TRICK_ORDER[9 - STRENGTH[c]] for c in hand if SUIT[c] == suit}
    return next((i for i, rank in enumerate(TRICK_ORDER) if rank not in held), 9)


def auction_move(view: dict[str, Any]) -> dict[str, Any]:
    """A bid, a pass, or the call, from the seat view's legal moves."""
    legal: list[dict[str, Any]] = view["legal_moves"]
    hand = [card_of(c) for c in view["hand"]]
    if "call" in legal[0]:
        # The suit where the hand is strongest, preferring a card held by someone else.
        suit = _best_suit(hand)
        for move in legal:
            if SUIT[card_of(move["call"])] == suit:
                return move
        return legal[0]
    suit = _best_suit(hand)
    wanted = _card_to_call(hand, suit)
    levels = {parse_bid(m["bid"]): m for m in legal}
    if suit_strength(hand, suit) >= BID_THRESHOLD and wanted in levels:
        return levels[wanted]
    if -1 in levels:
        return levels[-1]
    return legal[0]  # everyone else passed: the cheapest bid

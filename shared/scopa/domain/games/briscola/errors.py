"""Briscola's rules, each a stable code an illegal move names (part of the public API)."""

from __future__ import annotations

from enum import StrEnum

from scopa.domain.games.common.errors import (
    CardNotationError,
    GameError,
    IllegalMove,
    RecordError,
    RuleSetError,
)


class BriscolaRule(StrEnum):
    """Briscola's rules. The first three are :class:`~scopa.domain.games.common.errors.TurnRule`'s codes, so
    the
    services' checks of those hold for every game."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"

    AUCTION_IN_PROGRESS = "auction_in_progress"
    NOT_BIDDING_NOW = "not_bidding_now"
    BID_TOO_LOW = "bid_too_low"
    LAST_BIDDER_MUST_BID = "last_bidder_must_bid"
    CALL_THE_CARD_FIRST = "call_the_card_first"
    NOT_CALLING_NOW = "not_calling_now"
    CALLED_CARD_MUST_MATCH_BID = "called_card_must_match_bid"
    SIGNALS_NOT_ALLOWED = "signals_not_allowed"
    UNKNOWN_SIGNAL = "unknown_signal"


__all__ = ["BriscolaRule", "CardNotationError", "GameError", "IllegalMove", "RecordError", "RuleSetError"]

"""Scopa's rules, each a stable code an illegal move names (part of the public API)."""

from __future__ import annotations

from enum import StrEnum

from scopa.domain.games.common.errors import (
    CardNotationError,
    GameError,
    IllegalMove,
    RecordError,
    RuleSetError,
)


class Rule(StrEnum):
    """The rule an illegal move breaks."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CARD_NOT_ON_TABLE = "card_not_on_table"
    MUST_TAKE_SINGLE_CARD = "must_take_single_card"
    MUST_CAPTURE = "must_capture"
    CAPTURE_DOES_NOT_ADD_UP = "capture_does_not_add_up"
    TOO_MANY_CARDS = "fewest_cards_rule"
    ACE_TAKES_ALL = "ace_takes_all"
    ACE_TAKES_ONLY_THE_ACE = "burnt_ace_takes_only_the_ace"


__all__ = ["CardNotationError", "GameError", "IllegalMove", "RecordError", "Rule", "RuleSetError"]

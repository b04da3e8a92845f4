"""Domain errors of the engine. Every illegal move names the rule it breaks by a stable code.

The service maps these to HTTP answers in one place; the codes below are part of the public API, so
clients can react to ``rule`` without parsing the message. Messages never name a hidden card: they only
mention cards the mover holds or that lie face up.
"""

from __future__ import annotations

from enum import StrEnum


class ScopaError(Exception):
    """Base class of every error the engine raises on bad input."""


class CardNotationError(ScopaError, ValueError):
    """Text that is not a card in the documented notation."""


class RuleSetError(ScopaError, ValueError):
    """An unknown, out-of-range or contradictory set of rule options."""


class RecordError(ScopaError, ValueError):
    """A game record or serialised state that cannot be read or does not verify."""


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


class BriscolaRule(StrEnum):
    """Briscola's own rules (scopa.domain.briscola). It shares ``game_over``, ``not_your_turn`` and
    ``card_not_in_hand`` with :class:`Rule`, so the services' checks of those hold for both games."""

    AUCTION_IN_PROGRESS = "auction_in_progress"
    NOT_BIDDING_NOW = "not_bidding_now"
    BID_TOO_LOW = "bid_too_low"
    LAST_BIDDER_MUST_BID = "last_bidder_must_bid"
    CALL_THE_CARD_FIRST = "call_the_card_first"
    NOT_CALLING_NOW = "not_calling_now"
    CALLED_CARD_MUST_MATCH_BID = "called_card_must_match_bid"
    SIGNALS_NOT_ALLOWED = "signals_not_allowed"
    UNKNOWN_SIGNAL = "unknown_signal"


class IllegalMove(ScopaError):
    """A move the rules do not allow; ``rule`` says which rule, ``move_number`` where (if known)."""

    def __init__(self, rule: Rule | BriscolaRule, message: str, move_number: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.move_number = move_number

    def __str__(self) -> str:
        prefix = f"move {self.move_number}: " if self.move_number is not None else ""
        return f"{prefix}{self.message} [{self.rule.value}]"

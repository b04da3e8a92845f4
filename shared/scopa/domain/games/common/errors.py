"""The errors every game raises on bad input. Every illegal move names the rule it breaks by a stable code
(each game lists its rules in its own ``errors`` module).

The service maps these to HTTP answers in one place; the codes below are part of the public API, so
clients can react to ``rule`` without parsing the message. Messages never name a hidden card: they only
mention cards the mover holds or that lie face up.
"""

from __future__ import annotations

from enum import StrEnum


class GameError(Exception):
    """Base class of every error a game raises on bad input (the API maps it in one place)."""


class CardNotationError(GameError, ValueError):
    """Text that is not a card in the documented notation."""


class RuleSetError(GameError, ValueError):
    """An unknown, out-of-range or contradictory set of rule options."""


class RecordError(GameError, ValueError):
    """A game record or serialised state that cannot be read or does not verify."""


class TurnRule(StrEnum):
    """The rules every turn-based card game here shares; each game's own ``Rule`` enum repeats them with the
    same codes (a ``StrEnum`` cannot be extended), so the services can check these for any game."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"


class IllegalMove(GameError):
    """A move the rules do not allow; ``rule`` says which rule, ``move_number`` where (if known)."""

    def __init__(self, rule: StrEnum, message: str, move_number: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.move_number = move_number

    def __str__(self) -> str:
        prefix = f"move {self.move_number}: " if self.move_number is not None else ""
        return f"{prefix}{self.message} [{self.rule.value}]"

"""How a match ended, the same shape in every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How a match ended. ``winner`` is a side index; ``reason`` says why, in the game's words (Scopa:
    target | count_order | cappotto | napola_all_coins; Briscola: best_of | points; both: resigned |
    timeout); ``scores`` are the game's match scores per side (Briscola chiamata: per seat)."""

    winner: int
    reason: str
    scores: tuple[int, ...]
    loser_seat: int | None = None  # the seat that resigned or ran out of time

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": self.winner, "reason": self.reason, "scores": list(self.scores)}
        if self.loser_seat is not None:
            out["loser_seat"] = self.loser_seat
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> MatchResult:
        return MatchResult(data["winner"], data["reason"], tuple(data["scores"]), data.get("loser_seat"))

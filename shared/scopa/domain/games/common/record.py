"""The frame of a finished match's record, the same in every dealt game: format, game, rules, seats,
shuffle, master seed, the deals (under the game's own key), the result and how an early end came."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from scopa.domain.games.common.errors import RecordError
from scopa.domain.games.common.result import MatchResult

S = TypeVar("S")


def match_record(
    *,
    record_format: str,
    game: str,
    rules: dict[str, Any],
    seats: list[str],
    first_dealer: int,
    shuffle: str,
    master_seed: str,
    deals_key: str,
    deals: list[dict[str, Any]],
    result: MatchResult | None,
    end: dict[str, Any] | None,
) -> dict[str, Any]:
    """The record; ``end`` (the seat that resigned or ran out of time, and why) only when given."""
    if result is None:
        raise RecordError("a record is complete only when the game has ended")
    record: dict[str, Any] = {
        "format": record_format,
        "game": game,
        "rules": rules,
        "seats": seats,
        "first_dealer": first_dealer,
        "shuffle": shuffle,
        "master_seed": master_seed,
        deals_key: deals,
        "result": result.to_json(),
    }
    if end:
        record["end"] = end
    return record


@dataclass
class ReplayReport(Generic[S]):
    """What a record's replay found: the points of each deal, the result, the moves and the final state.
    ``points_key`` names the points in the JSON (Scopa ``deal_points``, Briscola ``game_points``)."""

    deal_points: list[list[int]]
    result: dict[str, Any]
    moves: int
    final: S
    points_key: str = "deal_points"

    def to_json(self) -> dict[str, Any]:
        return {"ok": True, "moves": self.moves, self.points_key: self.deal_points, "result": self.result}

"""The frame of a finished match's record, the same in every dealt game: format, game, rules, seats,
shuffle, master seed, the deals (under the game's own key), the result and how an early end came."""

from __future__ import annotations

from typing import Any

from scopa.domain.games.common.errors import RecordError
from scopa.domain.games.common.result import MatchResult


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

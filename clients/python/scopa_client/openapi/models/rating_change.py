from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RatingChange")


@_attrs_define
class RatingChange:
    """One rated match in a player's history: the ratings after it and the Elo change.

    Attributes:
        at (str):
        elo (float):
        elo_delta (float):
        glicko (float):
        glicko_rd (float):
        match_id (str):
        opponents (list[str]):
        score (float):
    """

    at: str
    elo: float
    elo_delta: float
    glicko: float
    glicko_rd: float
    match_id: str
    opponents: list[str]
    score: float

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        elo = self.elo

        elo_delta = self.elo_delta

        glicko = self.glicko

        glicko_rd = self.glicko_rd

        match_id = self.match_id

        opponents = self.opponents

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "elo": elo,
                "elo_delta": elo_delta,
                "glicko": glicko,
                "glicko_rd": glicko_rd,
                "match_id": match_id,
                "opponents": opponents,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = d.pop("at")

        elo = d.pop("elo")

        elo_delta = d.pop("elo_delta")

        glicko = d.pop("glicko")

        glicko_rd = d.pop("glicko_rd")

        match_id = d.pop("match_id")

        opponents = cast(list[str], d.pop("opponents"))

        score = d.pop("score")

        rating_change = cls(
            at=at,
            elo=elo,
            elo_delta=elo_delta,
            glicko=glicko,
            glicko_rd=glicko_rd,
            match_id=match_id,
            opponents=opponents,
            score=score,
        )

        return rating_change

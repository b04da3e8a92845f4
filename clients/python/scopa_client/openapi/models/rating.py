from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rating_kind import RatingKind, check_rating_kind

T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """A player's rating in a pool, rounded to a tenth; ``rank`` is null outside a leaderboard.

    Attributes:
        draws (int):
        elo (float):
        elo_provisional (bool):
        games (int):
        glicko (float):
        glicko_provisional (bool):
        glicko_rd (float):
        kind (RatingKind):
        losses (int):
        name (str):
        player_id (str):
        rank (int | None):
        wins (int):
    """

    draws: int
    elo: float
    elo_provisional: bool
    games: int
    glicko: float
    glicko_provisional: bool
    glicko_rd: float
    kind: RatingKind
    losses: int
    name: str
    player_id: str
    rank: int | None
    wins: int

    def to_dict(self) -> dict[str, Any]:
        draws = self.draws

        elo = self.elo

        elo_provisional = self.elo_provisional

        games = self.games

        glicko = self.glicko

        glicko_provisional = self.glicko_provisional

        glicko_rd = self.glicko_rd

        kind: str = self.kind

        losses = self.losses

        name = self.name

        player_id = self.player_id

        rank: int | None
        rank = self.rank

        wins = self.wins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "draws": draws,
                "elo": elo,
                "elo_provisional": elo_provisional,
                "games": games,
                "glicko": glicko,
                "glicko_provisional": glicko_provisional,
                "glicko_rd": glicko_rd,
                "kind": kind,
                "losses": losses,
                "name": name,
                "player_id": player_id,
                "rank": rank,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        draws = d.pop("draws")

        elo = d.pop("elo")

        elo_provisional = d.pop("elo_provisional")

        games = d.pop("games")

        glicko = d.pop("glicko")

        glicko_provisional = d.pop("glicko_provisional")

        glicko_rd = d.pop("glicko_rd")

        kind = check_rating_kind(d.pop("kind"))

        losses = d.pop("losses")

        name = d.pop("name")

        player_id = d.pop("player_id")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        wins = d.pop("wins")

        rating = cls(
            draws=draws,
            elo=elo,
            elo_provisional=elo_provisional,
            games=games,
            glicko=glicko,
            glicko_provisional=glicko_provisional,
            glicko_rd=glicko_rd,
            kind=kind,
            losses=losses,
            name=name,
            player_id=player_id,
            rank=rank,
            wins=wins,
        )

        return rating

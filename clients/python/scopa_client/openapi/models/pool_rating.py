from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pool_rating_kind import PoolRatingKind, check_pool_rating_kind

if TYPE_CHECKING:
    from ..models.opponent import Opponent
    from ..models.rating_change import RatingChange


T = TypeVar("T", bound="PoolRating")


@_attrs_define
class PoolRating:
    """A player's rating in one pool with its history (oldest first) and the records by opponent.

    Attributes:
        draws (int):
        elo (float):
        elo_provisional (bool):
        games (int):
        glicko (float):
        glicko_provisional (bool):
        glicko_rd (float):
        history (list[RatingChange]):
        kind (PoolRatingKind):
        losses (int):
        name (str):
        opponents (list[Opponent]):
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
    history: list[RatingChange]
    kind: PoolRatingKind
    losses: int
    name: str
    opponents: list[Opponent]
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

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        kind: str = self.kind

        losses = self.losses

        name = self.name

        opponents = []
        for opponents_item_data in self.opponents:
            opponents_item = opponents_item_data.to_dict()
            opponents.append(opponents_item)

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
                "history": history,
                "kind": kind,
                "losses": losses,
                "name": name,
                "opponents": opponents,
                "player_id": player_id,
                "rank": rank,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.opponent import Opponent  # noqa: PLC0415
        from ..models.rating_change import RatingChange  # noqa: PLC0415

        d = dict(src_dict)
        draws = d.pop("draws")

        elo = d.pop("elo")

        elo_provisional = d.pop("elo_provisional")

        games = d.pop("games")

        glicko = d.pop("glicko")

        glicko_provisional = d.pop("glicko_provisional")

        glicko_rd = d.pop("glicko_rd")

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = RatingChange.from_dict(history_item_data)

            history.append(history_item)

        kind = check_pool_rating_kind(d.pop("kind"))

        losses = d.pop("losses")

        name = d.pop("name")

        opponents = []
        _opponents = d.pop("opponents")
        for opponents_item_data in _opponents:
            opponents_item = Opponent.from_dict(opponents_item_data)

            opponents.append(opponents_item)

        player_id = d.pop("player_id")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        wins = d.pop("wins")

        pool_rating = cls(
            draws=draws,
            elo=elo,
            elo_provisional=elo_provisional,
            games=games,
            glicko=glicko,
            glicko_provisional=glicko_provisional,
            glicko_rd=glicko_rd,
            history=history,
            kind=kind,
            losses=losses,
            name=name,
            opponents=opponents,
            player_id=player_id,
            rank=rank,
            wins=wins,
        )

        return pool_rating

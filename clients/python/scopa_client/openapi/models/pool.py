from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pool_players_per_side import PoolPlayersPerSide, check_pool_players_per_side

T = TypeVar("T", bound="Pool")


@_attrs_define
class Pool:
    """
    Attributes:
        game (str):
        id (str):
        name (str):
        players_per_side (PoolPlayersPerSide):
        presets (list[str]):
    """

    game: str
    id: str
    name: str
    players_per_side: PoolPlayersPerSide
    presets: list[str]

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        id = self.id

        name = self.name

        players_per_side: int = self.players_per_side

        presets = self.presets

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "id": id,
                "name": name,
                "players_per_side": players_per_side,
                "presets": presets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        id = d.pop("id")

        name = d.pop("name")

        players_per_side = check_pool_players_per_side(d.pop("players_per_side"))

        presets = cast(list[str], d.pop("presets"))

        pool = cls(
            game=game,
            id=id,
            name=name,
            players_per_side=players_per_side,
            presets=presets,
        )

        return pool

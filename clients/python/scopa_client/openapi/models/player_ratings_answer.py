from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.pool_rating import PoolRating


T = TypeVar("T", bound="PlayerRatingsAnswer")


@_attrs_define
class PlayerRatingsAnswer:
    """
    Attributes:
        name (str):
        player_id (str):
        pools (list[PoolRating]):
    """

    name: str
    player_id: str
    pools: list[PoolRating]

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        player_id = self.player_id

        pools = []
        for pools_item_data in self.pools:
            pools_item = pools_item_data.to_dict()
            pools.append(pools_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "player_id": player_id,
                "pools": pools,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pool_rating import PoolRating  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        player_id = d.pop("player_id")

        pools = []
        _pools = d.pop("pools")
        for pools_item_data in _pools:
            pools_item = PoolRating.from_dict(pools_item_data)

            pools.append(pools_item)

        player_ratings_answer = cls(
            name=name,
            player_id=player_id,
            pools=pools,
        )

        return player_ratings_answer

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.pool import Pool


T = TypeVar("T", bound="Pools")


@_attrs_define
class Pools:
    """
    Attributes:
        pools (list[Pool]):
    """

    pools: list[Pool]

    def to_dict(self) -> dict[str, Any]:
        pools = []
        for pools_item_data in self.pools:
            pools_item = pools_item_data.to_dict()
            pools.append(pools_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pools": pools,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pool import Pool  # noqa: PLC0415

        d = dict(src_dict)
        pools = []
        _pools = d.pop("pools")
        for pools_item_data in _pools:
            pools_item = Pool.from_dict(pools_item_data)

            pools.append(pools_item)

        pools = cls(
            pools=pools,
        )

        return pools

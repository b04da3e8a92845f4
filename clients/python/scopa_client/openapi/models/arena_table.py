from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.named import Named


T = TypeVar("T", bound="ArenaTable")


@_attrs_define
class ArenaTable:
    """A game under way: its wave, its table in the wave, who plays and the match id.

    Attributes:
        first (Named): An id with its display name.
        games (list[str]):
        second (Named): An id with its display name.
        table (int):
        wave (int):
    """

    first: Named
    games: list[str]
    second: Named
    table: int
    wave: int

    def to_dict(self) -> dict[str, Any]:
        first = self.first.to_dict()

        games = self.games

        second = self.second.to_dict()

        table = self.table

        wave = self.wave

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "first": first,
                "games": games,
                "second": second,
                "table": table,
                "wave": wave,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.named import Named  # noqa: PLC0415

        d = dict(src_dict)
        first = Named.from_dict(d.pop("first"))

        games = cast(list[str], d.pop("games"))

        second = Named.from_dict(d.pop("second"))

        table = d.pop("table")

        wave = d.pop("wave")

        arena_table = cls(
            first=first,
            games=games,
            second=second,
            table=table,
            wave=wave,
        )

        return arena_table

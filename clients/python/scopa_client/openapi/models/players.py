from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player_profile import PlayerProfile


T = TypeVar("T", bound="Players")


@_attrs_define
class Players:
    """The players of one name (names are not unique), by id.

    Attributes:
        players (list[PlayerProfile]):
    """

    players: list[PlayerProfile]

    def to_dict(self) -> dict[str, Any]:
        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_profile import PlayerProfile  # noqa: PLC0415

        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerProfile.from_dict(players_item_data)

            players.append(players_item)

        players = cls(
            players=players,
        )

        return players

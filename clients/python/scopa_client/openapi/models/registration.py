from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player_profile import PlayerProfile


T = TypeVar("T", bound="Registration")


@_attrs_define
class Registration:
    """
    Attributes:
        player (PlayerProfile): What anyone may see of a player (never the token hash).
        token (None | str):
    """

    player: PlayerProfile
    token: None | str

    def to_dict(self) -> dict[str, Any]:
        player = self.player.to_dict()

        token: None | str
        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_profile import PlayerProfile  # noqa: PLC0415

        d = dict(src_dict)
        player = PlayerProfile.from_dict(d.pop("player"))

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        registration = cls(
            player=player,
            token=token,
        )

        return registration

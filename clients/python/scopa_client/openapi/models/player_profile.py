from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.player_profile_kind import PlayerProfileKind, check_player_profile_kind
from ..models.player_profile_role import PlayerProfileRole, check_player_profile_role

T = TypeVar("T", bound="PlayerProfile")


@_attrs_define
class PlayerProfile:
    """What anyone may see of a player (never the token hash).

    Attributes:
        bot (None | str): a house bot's program (random, greedy, strong); null otherwise
        created_at (str):
        guest (bool): a guest: a player without an account, made and managed by an organizer (docs/guests.md); false
            once claimed
        id (str):
        kind (PlayerProfileKind): person; bot: a bot account (an outside program, created by the admin); house_bot:
            played inside the service
        name (str):
        role (PlayerProfileRole):
    """

    bot: None | str
    created_at: str
    guest: bool
    id: str
    kind: PlayerProfileKind
    name: str
    role: PlayerProfileRole

    def to_dict(self) -> dict[str, Any]:
        bot: None | str
        bot = self.bot

        created_at = self.created_at

        guest = self.guest

        id = self.id

        kind: str = self.kind

        name = self.name

        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot": bot,
                "created_at": created_at,
                "guest": guest,
                "id": id,
                "kind": kind,
                "name": name,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))

        created_at = d.pop("created_at")

        guest = d.pop("guest")

        id = d.pop("id")

        kind = check_player_profile_kind(d.pop("kind"))

        name = d.pop("name")

        role = check_player_profile_role(d.pop("role"))

        player_profile = cls(
            bot=bot,
            created_at=created_at,
            guest=guest,
            id=id,
            kind=kind,
            name=name,
            role=role,
        )

        return player_profile

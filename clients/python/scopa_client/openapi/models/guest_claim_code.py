from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player_profile import PlayerProfile


T = TypeVar("T", bound="GuestClaimCode")


@_attrs_define
class GuestClaimCode:
    """A one-time claim code, shown once (stored only hashed): hand it to the guest with the guest's id.

    Attributes:
        claim_path (str): where the guest redeems it: POST with {code}
        code (str): e.g. K7QM-3XPA; case, spaces and dashes are ignored when typed
        expires_at (str):
        player (PlayerProfile): What anyone may see of a player (never the token hash).
    """

    claim_path: str
    code: str
    expires_at: str
    player: PlayerProfile

    def to_dict(self) -> dict[str, Any]:
        claim_path = self.claim_path

        code = self.code

        expires_at = self.expires_at

        player = self.player.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "claim_path": claim_path,
                "code": code,
                "expires_at": expires_at,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_profile import PlayerProfile  # noqa: PLC0415

        d = dict(src_dict)
        claim_path = d.pop("claim_path")

        code = d.pop("code")

        expires_at = d.pop("expires_at")

        player = PlayerProfile.from_dict(d.pop("player"))

        guest_claim_code = cls(
            claim_path=claim_path,
            code=code,
            expires_at=expires_at,
            player=player,
        )

        return guest_claim_code

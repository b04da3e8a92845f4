from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.challenge import Challenge
    from ..models.invitation import Invitation
    from ..models.seek_answer import SeekAnswer


T = TypeVar("T", bound="InboxAnswer")


@_attrs_define
class InboxAnswer:
    """
    Attributes:
        challenges (list[Challenge]): the caller's own pending matches, awaiting others
        invitations (list[Invitation]): invitations to the caller, not yet accepted
        seeks (list[SeekAnswer]): the caller's open seeks
    """

    challenges: list[Challenge]
    invitations: list[Invitation]
    seeks: list[SeekAnswer]

    def to_dict(self) -> dict[str, Any]:
        challenges = []
        for challenges_item_data in self.challenges:
            challenges_item = challenges_item_data.to_dict()
            challenges.append(challenges_item)

        invitations = []
        for invitations_item_data in self.invitations:
            invitations_item = invitations_item_data.to_dict()
            invitations.append(invitations_item)

        seeks = []
        for seeks_item_data in self.seeks:
            seeks_item = seeks_item_data.to_dict()
            seeks.append(seeks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "challenges": challenges,
                "invitations": invitations,
                "seeks": seeks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge import Challenge  # noqa: PLC0415
        from ..models.invitation import Invitation  # noqa: PLC0415
        from ..models.seek_answer import SeekAnswer  # noqa: PLC0415

        d = dict(src_dict)
        challenges = []
        _challenges = d.pop("challenges")
        for challenges_item_data in _challenges:
            challenges_item = Challenge.from_dict(challenges_item_data)

            challenges.append(challenges_item)

        invitations = []
        _invitations = d.pop("invitations")
        for invitations_item_data in _invitations:
            invitations_item = Invitation.from_dict(invitations_item_data)

            invitations.append(invitations_item)

        seeks = []
        _seeks = d.pop("seeks")
        for seeks_item_data in _seeks:
            seeks_item = SeekAnswer.from_dict(seeks_item_data)

            seeks.append(seeks_item)

        inbox_answer = cls(
            challenges=challenges,
            invitations=invitations,
            seeks=seeks,
        )

        return inbox_answer

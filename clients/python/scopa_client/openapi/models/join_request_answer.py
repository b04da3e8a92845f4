from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.join_request_answer_status import JoinRequestAnswerStatus, check_join_request_answer_status

T = TypeVar("T", bound="JoinRequestAnswer")


@_attrs_define
class JoinRequestAnswer:
    """A player's request to join a club: pending, or refused (by whom, when).

    Attributes:
        decided_at (None | str):
        decided_by (None | str):
        name (str):
        player_id (str):
        requested_at (str):
        status (JoinRequestAnswerStatus):
    """

    decided_at: None | str
    decided_by: None | str
    name: str
    player_id: str
    requested_at: str
    status: JoinRequestAnswerStatus

    def to_dict(self) -> dict[str, Any]:
        decided_at: None | str
        decided_at = self.decided_at

        decided_by: None | str
        decided_by = self.decided_by

        name = self.name

        player_id = self.player_id

        requested_at = self.requested_at

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "decided_at": decided_at,
                "decided_by": decided_by,
                "name": name,
                "player_id": player_id,
                "requested_at": requested_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_decided_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))

        def _parse_decided_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_by = _parse_decided_by(d.pop("decided_by"))

        name = d.pop("name")

        player_id = d.pop("player_id")

        requested_at = d.pop("requested_at")

        status = check_join_request_answer_status(d.pop("status"))

        join_request_answer = cls(
            decided_at=decided_at,
            decided_by=decided_by,
            name=name,
            player_id=player_id,
            requested_at=requested_at,
            status=status,
        )

        return join_request_answer

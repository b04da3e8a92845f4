from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.import_line_status import ImportLineStatus, check_import_line_status

if TYPE_CHECKING:
    from ..models.player_profile import PlayerProfile


T = TypeVar("T", bound="ImportLine")


@_attrs_define
class ImportLine:
    """What became of one line (``line`` as the organizer's editor numbers it).

    Attributes:
        candidates (list[PlayerProfile]): the namesakes of a namesake line; [] otherwise
        code (None | str):
        line (int):
        name (str):
        player_id (None | str): the player entered (or matched); null otherwise
        reason (None | str):
        status (ImportLineStatus): entered: matched and entered; guest_created: unknown, made a guest and entered;
            namesake: several players of that name, not entered (see candidates); unknown: nobody of that name, not entered;
            duplicate: the same player as an earlier line; invalid: unreadable (reason); already_entered: in the tournament
            already; refused: the entry was refused (code, reason)
    """

    candidates: list[PlayerProfile]
    code: None | str
    line: int
    name: str
    player_id: None | str
    reason: None | str
    status: ImportLineStatus

    def to_dict(self) -> dict[str, Any]:
        candidates = []
        for candidates_item_data in self.candidates:
            candidates_item = candidates_item_data.to_dict()
            candidates.append(candidates_item)

        code: None | str
        code = self.code

        line = self.line

        name = self.name

        player_id: None | str
        player_id = self.player_id

        reason: None | str
        reason = self.reason

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "candidates": candidates,
                "code": code,
                "line": line,
                "name": name,
                "player_id": player_id,
                "reason": reason,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_profile import PlayerProfile  # noqa: PLC0415

        d = dict(src_dict)
        candidates = []
        _candidates = d.pop("candidates")
        for candidates_item_data in _candidates:
            candidates_item = PlayerProfile.from_dict(candidates_item_data)

            candidates.append(candidates_item)

        def _parse_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        code = _parse_code(d.pop("code"))

        line = d.pop("line")

        name = d.pop("name")

        def _parse_player_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player_id = _parse_player_id(d.pop("player_id"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        status = check_import_line_status(d.pop("status"))

        import_line = cls(
            candidates=candidates,
            code=code,
            line=line,
            name=name,
            player_id=player_id,
            reason=reason,
            status=status,
        )

        return import_line

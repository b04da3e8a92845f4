from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seek_answer_status import SeekAnswerStatus, check_seek_answer_status

if TYPE_CHECKING:
    from ..models.move_clock import MoveClock
    from ..models.who import Who


T = TypeVar("T", bound="SeekAnswer")


@_attrs_define
class SeekAnswer:
    """An offer to play: its creator, the terms, until when it is open, and the match taking it started.

    Attributes:
        by (Who):
        created_at (str):
        expires_at (str):
        game (str):
        id (str):
        match_id (None | str):
        preset (str):
        rated (bool):
        status (SeekAnswerStatus):
        target (int | None):
        time_control (MoveClock): The clock as it was given: ``days_per_move`` for a correspondence clock of whole days,
            and always
            ``seconds_per_move`` (the same clock in seconds).
    """

    by: Who
    created_at: str
    expires_at: str
    game: str
    id: str
    match_id: None | str
    preset: str
    rated: bool
    status: SeekAnswerStatus
    target: int | None
    time_control: MoveClock

    def to_dict(self) -> dict[str, Any]:
        by = self.by.to_dict()

        created_at = self.created_at

        expires_at = self.expires_at

        game = self.game

        id = self.id

        match_id: None | str
        match_id = self.match_id

        preset = self.preset

        rated = self.rated

        status: str = self.status

        target: int | None
        target = self.target

        time_control = self.time_control.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "by": by,
                "created_at": created_at,
                "expires_at": expires_at,
                "game": game,
                "id": id,
                "match_id": match_id,
                "preset": preset,
                "rated": rated,
                "status": status,
                "target": target,
                "time_control": time_control,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move_clock import MoveClock  # noqa: PLC0415
        from ..models.who import Who  # noqa: PLC0415

        d = dict(src_dict)
        by = Who.from_dict(d.pop("by"))

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        game = d.pop("game")

        id = d.pop("id")

        def _parse_match_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        match_id = _parse_match_id(d.pop("match_id"))

        preset = d.pop("preset")

        rated = d.pop("rated")

        status = check_seek_answer_status(d.pop("status"))

        def _parse_target(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        target = _parse_target(d.pop("target"))

        time_control = MoveClock.from_dict(d.pop("time_control"))

        seek_answer = cls(
            by=by,
            created_at=created_at,
            expires_at=expires_at,
            game=game,
            id=id,
            match_id=match_id,
            preset=preset,
            rated=rated,
            status=status,
            target=target,
            time_control=time_control,
        )

        return seek_answer

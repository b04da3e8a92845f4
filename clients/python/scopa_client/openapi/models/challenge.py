from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.move_clock import MoveClock
    from ..models.who import Who


T = TypeVar("T", bound="Challenge")


@_attrs_define
class Challenge:
    """The caller's own pending match; withdraw it with POST /matches/{id}/withdraw.

    Attributes:
        awaiting (list[str]): names of the players who have not accepted yet
        created_at (str):
        expires_at (str):
        from_ (Who):
        game (str):
        id (str): the match id: answer with POST /matches/{id}/accept or /decline
        preset (str):
        rated (bool):
        target (int | None):
        time_control (MoveClock): The clock as it was given: ``days_per_move`` for a correspondence clock of whole days,
            and always
            ``seconds_per_move`` (the same clock in seconds).
    """

    awaiting: list[str]
    created_at: str
    expires_at: str
    from_: Who
    game: str
    id: str
    preset: str
    rated: bool
    target: int | None
    time_control: MoveClock

    def to_dict(self) -> dict[str, Any]:
        awaiting = self.awaiting

        created_at = self.created_at

        expires_at = self.expires_at

        from_ = self.from_.to_dict()

        game = self.game

        id = self.id

        preset = self.preset

        rated = self.rated

        target: int | None
        target = self.target

        time_control = self.time_control.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "awaiting": awaiting,
                "created_at": created_at,
                "expires_at": expires_at,
                "from": from_,
                "game": game,
                "id": id,
                "preset": preset,
                "rated": rated,
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
        awaiting = cast(list[str], d.pop("awaiting"))

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        from_ = Who.from_dict(d.pop("from"))

        game = d.pop("game")

        id = d.pop("id")

        preset = d.pop("preset")

        rated = d.pop("rated")

        def _parse_target(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        target = _parse_target(d.pop("target"))

        time_control = MoveClock.from_dict(d.pop("time_control"))

        challenge = cls(
            awaiting=awaiting,
            created_at=created_at,
            expires_at=expires_at,
            from_=from_,
            game=game,
            id=id,
            preset=preset,
            rated=rated,
            target=target,
            time_control=time_control,
        )

        return challenge

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.arena_line import ArenaLine
    from ..models.arena_table import ArenaTable


T = TypeVar("T", bound="ArenaAnswer")


@_attrs_define
class ArenaAnswer:
    """
    Attributes:
        ends_at (None | str):
        grace_ends_at (None | str):
        leaderboard (list[ArenaLine]):
        playing (list[ArenaTable]):
        streaks (bool):
        tournament_id (str):
    """

    ends_at: None | str
    grace_ends_at: None | str
    leaderboard: list[ArenaLine]
    playing: list[ArenaTable]
    streaks: bool
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        ends_at: None | str
        ends_at = self.ends_at

        grace_ends_at: None | str
        grace_ends_at = self.grace_ends_at

        leaderboard = []
        for leaderboard_item_data in self.leaderboard:
            leaderboard_item = leaderboard_item_data.to_dict()
            leaderboard.append(leaderboard_item)

        playing = []
        for playing_item_data in self.playing:
            playing_item = playing_item_data.to_dict()
            playing.append(playing_item)

        streaks = self.streaks

        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ends_at": ends_at,
                "grace_ends_at": grace_ends_at,
                "leaderboard": leaderboard,
                "playing": playing,
                "streaks": streaks,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arena_line import ArenaLine  # noqa: PLC0415
        from ..models.arena_table import ArenaTable  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_ends_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ends_at = _parse_ends_at(d.pop("ends_at"))

        def _parse_grace_ends_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        grace_ends_at = _parse_grace_ends_at(d.pop("grace_ends_at"))

        leaderboard = []
        _leaderboard = d.pop("leaderboard")
        for leaderboard_item_data in _leaderboard:
            leaderboard_item = ArenaLine.from_dict(leaderboard_item_data)

            leaderboard.append(leaderboard_item)

        playing = []
        _playing = d.pop("playing")
        for playing_item_data in _playing:
            playing_item = ArenaTable.from_dict(playing_item_data)

            playing.append(playing_item)

        streaks = d.pop("streaks")

        tournament_id = d.pop("tournament_id")

        arena_answer = cls(
            ends_at=ends_at,
            grace_ends_at=grace_ends_at,
            leaderboard=leaderboard,
            playing=playing,
            streaks=streaks,
            tournament_id=tournament_id,
        )

        return arena_answer

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReportScore")


@_attrs_define
class ReportScore:
    """A player's report of their table's games.

    Attributes:
        games (list[list[int]]): one [first, second] pair per game of the match, in table order: Scopa's points,
            Briscola's card points; checked by the game's rules (target, ties, 120 card points, best of N)
    """

    games: list[list[int]]

    def to_dict(self) -> dict[str, Any]:
        games = []
        for games_item_data in self.games:
            games_item = []
            for games_item_item_data in games_item_data:
                games_item_item: int
                games_item_item = games_item_item_data
                games_item.append(games_item_item)

            games.append(games_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = []
            _games_item = games_item_data
            for games_item_item_data in _games_item:

                def _parse_games_item_item(data: object) -> int:
                    return cast(int, data)

                games_item_item = _parse_games_item_item(games_item_item_data)

                games_item.append(games_item_item)

            games.append(games_item)

        report_score = cls(
            games=games,
        )

        return report_score

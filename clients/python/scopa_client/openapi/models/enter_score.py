from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.enter_score_forfeit_type_0 import EnterScoreForfeitType0, check_enter_score_forfeit_type_0
from ..types import UNSET, Unset

T = TypeVar("T", bound="EnterScore")


@_attrs_define
class EnterScore:
    """An organizer's entry of a table's result: the games, or a forfeit; always with a reason.

    Attributes:
        reason (str): kept in the audit trail
        forfeit (EnterScoreForfeitType0 | None | Unset): who forfeits (loses without play); both: nobody scores
        games (list[list[int]] | None | Unset): one [first, second] pair per game of the match, in table order: Scopa's
            points, Briscola's card points; checked by the game's rules (target, ties, 120 card points, best of N)
    """

    reason: str
    forfeit: EnterScoreForfeitType0 | None | Unset = UNSET
    games: list[list[int]] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        forfeit: None | str | Unset
        if isinstance(self.forfeit, Unset):
            forfeit = UNSET
        elif isinstance(self.forfeit, str):
            forfeit = self.forfeit
        else:
            forfeit = self.forfeit

        games: list[list[int]] | None | Unset
        if isinstance(self.games, Unset):
            games = UNSET
        elif isinstance(self.games, list):
            games = []
            for games_type_0_item_data in self.games:
                games_type_0_item = []
                for games_type_0_item_item_data in games_type_0_item_data:
                    games_type_0_item_item: int
                    games_type_0_item_item = games_type_0_item_item_data
                    games_type_0_item.append(games_type_0_item_item)

                games.append(games_type_0_item)

        else:
            games = self.games

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
            }
        )
        if forfeit is not UNSET:
            field_dict["forfeit"] = forfeit
        if games is not UNSET:
            field_dict["games"] = games

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        def _parse_forfeit(data: object) -> EnterScoreForfeitType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                forfeit_type_0 = check_enter_score_forfeit_type_0(data)

                return forfeit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EnterScoreForfeitType0 | None | Unset, data)

        forfeit = _parse_forfeit(d.pop("forfeit", UNSET))

        def _parse_games(data: object) -> list[list[int]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                games_type_0 = []
                _games_type_0 = data
                for games_type_0_item_data in _games_type_0:
                    games_type_0_item = []
                    _games_type_0_item = games_type_0_item_data
                    for games_type_0_item_item_data in _games_type_0_item:

                        def _parse_games_type_0_item_item(data: object) -> int:
                            return cast(int, data)

                        games_type_0_item_item = _parse_games_type_0_item_item(games_type_0_item_item_data)

                        games_type_0_item.append(games_type_0_item_item)

                    games_type_0.append(games_type_0_item)

                return games_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None | Unset, data)

        games = _parse_games(d.pop("games", UNSET))

        enter_score = cls(
            reason=reason,
            forfeit=forfeit,
            games=games,
        )

        return enter_score

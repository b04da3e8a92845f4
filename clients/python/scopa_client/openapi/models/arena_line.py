from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArenaLine")


@_attrs_define
class ArenaLine:
    """One line of an arena's leaderboard.

    Attributes:
        draws (int):
        entrant (str):
        games (int):
        losses (int):
        name (str):
        on_streak (bool):
        paused (bool):
        performance (float):
        rank (int):
        score (int):
        status (str):
        streak (int):
        wins (int):
    """

    draws: int
    entrant: str
    games: int
    losses: int
    name: str
    on_streak: bool
    paused: bool
    performance: float
    rank: int
    score: int
    status: str
    streak: int
    wins: int

    def to_dict(self) -> dict[str, Any]:
        draws = self.draws

        entrant = self.entrant

        games = self.games

        losses = self.losses

        name = self.name

        on_streak = self.on_streak

        paused = self.paused

        performance = self.performance

        rank = self.rank

        score = self.score

        status = self.status

        streak = self.streak

        wins = self.wins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "draws": draws,
                "entrant": entrant,
                "games": games,
                "losses": losses,
                "name": name,
                "on_streak": on_streak,
                "paused": paused,
                "performance": performance,
                "rank": rank,
                "score": score,
                "status": status,
                "streak": streak,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        draws = d.pop("draws")

        entrant = d.pop("entrant")

        games = d.pop("games")

        losses = d.pop("losses")

        name = d.pop("name")

        on_streak = d.pop("on_streak")

        paused = d.pop("paused")

        performance = d.pop("performance")

        rank = d.pop("rank")

        score = d.pop("score")

        status = d.pop("status")

        streak = d.pop("streak")

        wins = d.pop("wins")

        arena_line = cls(
            draws=draws,
            entrant=entrant,
            games=games,
            losses=losses,
            name=name,
            on_streak=on_streak,
            paused=paused,
            performance=performance,
            rank=rank,
            score=score,
            status=status,
            streak=streak,
            wins=wins,
        )

        return arena_line

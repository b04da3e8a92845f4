"""Club seasons: the entity and the port that stores it.

A season is one record: its club, name, dates, scoring rules (:class:`~scopa.domain.seasons.rules.
SeasonRules` as JSON) and the ids of the club tournaments attached to it, in the order they were
attached. Its standings are computed when read, from those tournaments' final standings, so a rule edited
or an event finished shows at once and nothing derived is stored. Every write is conditional on the
version read, so of two organizers attaching at once neither loses the other's change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class Season:
    id: str
    club_id: str
    name: str
    starts_on: str  # YYYY-MM-DD, inclusive
    ends_on: str  # YYYY-MM-DD, inclusive
    rules: dict[str, Any]  # SeasonRules as JSON
    lot_seed: str  # public: the season's last tie-break is drawn from it
    created_by: str
    created_at: str
    updated_at: str
    tournaments: list[str] = field(default_factory=list)  # attached, oldest first
    version: int = 1  # one more at each write


class SeasonRepository(Protocol):
    def create_season(self, season: Season) -> None:
        """A new season (:class:`WriteConflict` when a season of that id exists in the club)."""
        ...

    def get_season(self, club_id: str, season_id: str) -> Season | None: ...

    def list_seasons(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Season], str | None]:
        """A club's seasons by id, ``limit`` a page."""
        ...

    def save_season(self, season: Season, expected_version: int) -> None:
        """Write the whole season if its stored version is still ``expected_version`` (the caller bumped
        ``season.version``); :class:`WriteConflict` otherwise, or when it does not exist."""
        ...

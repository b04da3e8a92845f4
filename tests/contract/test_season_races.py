"""Two organizers at once, on both stores: an attach or detach that loses the season's version to
another organizer's write reads again and keeps both changes; an edit on a stale version is refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest

from scopa.application.auth import ADMIN_ID, Caller
from scopa.application.errors import Conflict
from scopa.application.ports.clubs import Club
from scopa.application.ports.seasons import Season, SeasonRepository
from scopa.application.wiring import ServiceSet, Stores
from scopa.domain.seasons.rules import SeasonRules
from scopa.domain.tournaments.records import AuditEntry, TournamentRecord
from tests.common import ManualClock

ADMIN = Caller(ADMIN_ID, "admin")
NOW = "2027-01-15T08:00:00.000Z"


@dataclass
class Racing:
    """The season port, with another organizer's write slipped in before the next save."""

    inner: SeasonRepository
    before_save: Callable[[], object] | None = None

    def create_season(self, season: Season) -> None:
        self.inner.create_season(season)

    def get_season(self, club_id: str, season_id: str) -> Season | None:
        return self.inner.get_season(club_id, season_id)

    def list_seasons(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Season], str | None]:
        return self.inner.list_seasons(club_id, limit, cursor)

    def save_season(self, season: Season, expected_version: int) -> None:
        race, self.before_save = self.before_save, None
        if race is not None:
            race()
        self.inner.save_season(season, expected_version)


def world(stores: Stores, clock: ManualClock) -> tuple[ServiceSet, ServiceSet, Racing, str]:
    """Two organizers' services over one store (the first one's season port races), a club with three
    tournaments in registration, and a season of it."""
    stores.clubs.create_club(Club("c_1", "Circolo", "", False, ADMIN_ID, NOW), None)
    for n in (1, 2, 3):
        record = TournamentRecord(
            f"t_{n}", f"Torneo {n}", "c_1", ADMIN_ID, NOW, NOW, {}, status="registration"
        )
        stores.tournaments.create_tournament(record, AuditEntry(NOW, ADMIN_ID, "created", {}))
    racing = Racing(stores.seasons)
    first = ServiceSet(replace(stores, seasons=racing), clock)
    second = ServiceSet(stores, clock)
    season = second.seasons.create(ADMIN, "c_1", "Inverno", "2027-01-01", "2027-03-31", SeasonRules())
    return first, second, racing, season.id


def test_two_attaches_at_once_keep_both(stores: Stores, clock: ManualClock) -> None:
    first, second, racing, sid = world(stores, clock)
    racing.before_save = lambda: second.seasons.attach(ADMIN, "c_1", sid, "t_2")
    first.seasons.attach(ADMIN, "c_1", sid, "t_1")
    found = second.seasons.get("c_1", sid)
    assert sorted(found.tournaments) == ["t_1", "t_2"]
    assert found.version == 3


def test_a_detach_racing_an_attach_keeps_both(stores: Stores, clock: ManualClock) -> None:
    first, second, racing, sid = world(stores, clock)
    second.seasons.attach(ADMIN, "c_1", sid, "t_1")
    racing.before_save = lambda: second.seasons.attach(ADMIN, "c_1", sid, "t_3")
    first.seasons.detach(ADMIN, "c_1", sid, "t_1")
    assert second.seasons.get("c_1", sid).tournaments == ["t_3"]


def test_an_edit_on_a_stale_version_is_refused_and_writes_nothing(stores: Stores, clock: ManualClock) -> None:
    first, second, racing, sid = world(stores, clock)
    racing.before_save = lambda: second.seasons.attach(ADMIN, "c_1", sid, "t_1")
    with pytest.raises(Conflict) as refused:
        first.seasons.update(ADMIN, "c_1", sid, name="Estate", version=1)
    assert refused.value.code == "season_changed"
    assert refused.value.details == {"version": 2}
    found = second.seasons.get("c_1", sid)
    assert (found.name, found.tournaments) == ("Inverno", ["t_1"])

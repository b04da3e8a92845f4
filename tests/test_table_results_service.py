"""The in-person results service on its own (SQLite in memory, no HTTP): each request's one write, the
audit entry written with an organizer's change, the events each change raises, and the pipeline run
when a round's last table is decided."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import Caller
from scopa.application.errors import Conflict, Forbidden
from scopa.application.ports.changes import Change, tournament_topic
from scopa.application.ports.webhooks import TournamentEvent
from scopa.application.services.tournaments import TableResults
from scopa.application.wiring import ServiceSet
from scopa.domain.games.common.table_score import ImpossibleScore, ScoreRule
from scopa.domain.tournaments.settings import TournamentSettings
from tests.common import ManualClock


class Captured:
    def __init__(self) -> None:
        self.events: list[TournamentEvent] = []

    def publish(self, events: Sequence[TournamentEvent]) -> None:
        self.events.extend(events)


class Followed:
    """The live-update feed: what the projector and the pages are told."""

    def __init__(self) -> None:
        self.changes: list[Change] = []

    def publish(self, changes: Sequence[Change]) -> None:
        self.changes.extend(changes)


class Night:
    """A club's in-person Swiss of two players, started: the service, the callers, the events."""

    def __init__(self, rounds: int = 1, **settings: Any) -> None:
        self.services = ServiceSet(sqlite_stores(":memory:"), ManualClock())
        svc = self.services
        admin = Caller("admin", "admin")
        ada = svc.players.register("Ada").player.id
        bea = svc.players.register("Bea").player.id
        olga = svc.players.register("Olga").player.id
        svc.players.set_role(admin, olga, "organizer")
        self.olga = Caller(olga, "organizer")
        club = svc.clubs.create(self.olga, "Circolo", "", False)
        rules = TournamentSettings.model_validate({"rounds": rounds, "play_mode": "in_person", **settings})
        self.tid = svc.tournament_admin.create(self.olga, "Serata", rules, club_id=club.id).id
        for pid in (ada, bea):
            svc.tournament_entries.enter(Caller(pid, "player"), self.tid)
        svc.tournament_admin.start(self.olga, self.tid)
        table = svc.tournaments.round(self.tid, 1)[1].tables[0]
        self.first, self.second = Caller(table.first, "player"), Caller(table.second, "player")
        self.captured = Captured()
        self.followed = Followed()
        self.results = TableResults(
            svc.stores.tournaments,
            svc.clock,
            svc.clubs,
            svc.pipeline,
            changes=self.followed,
            events=self.captured,
        )

    def round(self, number: int = 1) -> Any:
        return self.services.tournaments.round(self.tid, number)[1]

    def kinds(self) -> list[str]:
        return [e.type for e in self.captured.events]


def test_a_report_and_its_confirmation_decide_the_table_and_close_the_round() -> None:
    night = Night(rounds=2)
    paired = night.round().version
    view = night.results.report(night.first, night.tid, 1, 1, [[11, 6]])
    assert view.round.version == paired + 1  # one write
    assert night.results.report(night.first, night.tid, 1, 1, [[11, 6]]).round.version == paired + 1
    night.results.confirm(night.second, night.tid, 1, 1)
    assert night.kinds() == ["result.reported", "result.confirmed", "result.recorded"]
    assert night.round(1).status == "closed"
    assert night.round(2).status == "open"  # next_round at_once: paired by the same request
    assert night.round(2).tables[0].mode == "in_person"


def test_an_organizers_entry_is_written_with_its_audit_entry() -> None:
    night = Night()
    night.results.report(night.first, night.tid, 1, 1, [[11, 6]])
    night.results.report(night.second, night.tid, 1, 1, [[6, 11]])
    assert night.round().tables[0].result is None
    night.results.enter(night.olga, night.tid, 1, 1, [[11, 8]], None, "the sheet")
    audit, _ = night.services.stores.tournaments.list_audit(night.tid, 50, None)
    entered = [a for a in audit if a.action == "result_entered"]
    assert len(entered) == 1
    assert entered[0].details["reason"] == "the sheet"
    assert entered[0].details["before"]["result"] is None
    assert night.kinds() == ["result.reported", "result.disputed", "result.confirmed", "result.recorded"]
    again = night.results.enter(night.olga, night.tid, 1, 1, [[11, 8]], None, "the sheet")
    assert again.round.version == night.round().version  # the same entry again: nothing written


def test_refusals_write_nothing() -> None:
    night = Night()
    paired = night.round().version
    with pytest.raises(ImpossibleScore) as caught:
        night.results.report(night.first, night.tid, 1, 1, [[11, 11]])
    assert caught.value.rule == ScoreRule.TIED_GAME
    with pytest.raises(Forbidden):
        night.results.report(night.olga, night.tid, 1, 1, [[11, 3]])
    with pytest.raises(Conflict) as conflict:
        night.results.confirm(night.first, night.tid, 1, 1)
    assert conflict.value.code == "nothing_reported"
    assert night.round().version == paired
    assert night.kinds() == []


def test_by_organizer_leaves_the_next_round_to_the_organizers_advance() -> None:
    night = Night(rounds=2, next_round="by_organizer")
    night.results.report(night.first, night.tid, 1, 1, [[11, 6]])
    night.results.report(night.second, night.tid, 1, 1, [[11, 6]])
    assert night.round(1).status == "closed"
    assert night.services.tournaments.get(night.tid).current_round == 1
    night.services.pipeline.advance(night.tid)  # the schedule's run
    assert night.services.tournaments.get(night.tid).current_round == 1
    night.services.tournament_admin.advance(night.olga, night.tid)
    assert night.services.tournaments.get(night.tid).current_round == 2


def test_a_confirmed_table_is_rated_once_in_the_pool_of_its_rules() -> None:
    night = Night()
    night.results.report(night.first, night.tid, 1, 1, [[11, 6]])
    night.results.report(night.second, night.tid, 1, 1, [[11, 6]])
    assert night.services.tournaments.get(night.tid).status == "finished"
    logged = list(night.services.stores.ratings.rated_matches("scopa"))
    assert [m.id for m in logged] == [f"ip_{night.tid.removeprefix('t_')}-r1-t1"]
    assert logged[0].score == 1.0
    bundle = night.services.tournaments.bundle(night.tid)
    again = night.services.ratings.rate_tables(bundle.tournament, bundle.entries, bundle.rounds)
    assert again == []  # rated once: the log entry refuses a second rating
    assert len(list(night.services.stores.ratings.rated_matches("scopa"))) == 1


def test_every_change_of_a_table_is_pushed_to_the_tournaments_followers() -> None:
    night = Night()
    night.results.report(night.first, night.tid, 1, 1, [[11, 6]])
    night.results.report(night.first, night.tid, 1, 1, [[11, 6]])  # no change: nothing pushed
    assert [c.topic for c in night.followed.changes] == [tournament_topic(night.tid)]
    night.results.report(night.second, night.tid, 1, 1, [[6, 11]])
    night.results.enter(night.olga, night.tid, 1, 1, [[11, 6]], None, "settled")
    assert len(night.followed.changes) == 3

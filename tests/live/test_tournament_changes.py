"""Tournament writes tell the change feed: creation, entries, start, rounds, the end. Each published
change names a version the tournament really reached; a refused write publishes nothing."""

from __future__ import annotations

import pytest

from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import ADMIN_ID, Caller
from scopa.application.errors import Conflict
from scopa.application.ports.changes import RecordingFeed, tournament_topic
from scopa.application.wiring import ServiceSet
from scopa.domain.tournaments.settings import TournamentSettings
from tests.common import ManualClock

ADMIN = Caller(ADMIN_ID, "admin")


def test_every_tournament_write_publishes_its_topic() -> None:
    feed = RecordingFeed()
    svc = ServiceSet(sqlite_stores(":memory:"), ManualClock(), feed)
    t = svc.tournament_admin.create(ADMIN, "Torneo", TournamentSettings(format="swiss", rounds=1, target=1))
    topic = tournament_topic(t.id)
    assert [c.topic for c in feed.changes] == [topic]
    feed.changes.clear()

    svc.tournament_entries.enter(ADMIN, t.id, players=["bot-greedy-1"])
    svc.tournament_entries.enter(ADMIN, t.id, players=["bot-greedy-2"])
    assert [c.topic for c in feed.changes] == [topic, topic]
    feed.changes.clear()
    with pytest.raises(Conflict):
        svc.tournament_entries.enter(ADMIN, t.id, players=["bot-greedy-2"])
    assert feed.changes == []

    svc.tournament_admin.start(ADMIN, t.id)  # started, round 1 paired, the bots play it, the end
    final = svc.tournaments.get(t.id)
    assert final.status == "finished"
    assert {c.topic for c in feed.changes if c.topic.startswith("tournament:")} == {topic}
    versions = [c.version for c in feed.changes if c.topic == topic and c.version is not None]
    assert versions == sorted(versions)
    assert versions[-1] == final.version  # the last write (finished) was told too
    assert len([c for c in feed.changes if c.topic == topic]) >= 3  # started, round 1, finished

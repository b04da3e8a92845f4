"""The lobby tells the change feed: every seek change publishes the lobby (and its creator's inbox);
withdrawing or expiring an invitation publishes the seats' inboxes. A refused request publishes nothing."""

from __future__ import annotations

import pytest

from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import Caller
from scopa.application.errors import Conflict
from scopa.application.ports.changes import LOBBY_TOPIC, Change, RecordingFeed, inbox_topic, match_topic
from scopa.application.services.lobby import NewChallenge, NewSeek
from scopa.application.wiring import ServiceSet
from tests.common import ManualClock

World = tuple[ServiceSet, RecordingFeed, ManualClock, Caller, Caller]


@pytest.fixture
def world() -> World:
    feed = RecordingFeed()
    clock = ManualClock()
    svc = ServiceSet(sqlite_stores(":memory:"), clock, feed)
    ada = svc.players.register("Ada").player
    bea = svc.players.register("Bea").player
    return svc, feed, clock, Caller(ada.id, "player"), Caller(bea.id, "player")


def test_every_seek_change_tells_the_lobby_and_its_creators_inbox(world: World) -> None:
    svc, feed, clock, ada, bea = world
    lobby_and_ada = [Change(LOBBY_TOPIC), Change(inbox_topic(str(ada.player_id)))]
    first = svc.lobby.create_seek(ada, NewSeek())
    assert feed.changes == lobby_and_ada
    feed.changes.clear()
    svc.lobby.withdraw_seek(ada, first.id)
    assert feed.changes == lobby_and_ada
    feed.changes.clear()
    with pytest.raises(Conflict):
        svc.lobby.withdraw_seek(ada, first.id)
    assert feed.changes == []

    second = svc.lobby.create_seek(ada, NewSeek())
    feed.changes.clear()
    match = svc.lobby.accept_seek(bea, second.id)
    assert feed.changes[:2] == lobby_and_ada  # taken
    assert feed.changes[2] == Change(match_topic(match.id), match.version)
    assert set(feed.changes[3:]) == {Change(inbox_topic(str(p.player_id))) for p in (ada, bea)}

    third = svc.lobby.create_seek(ada, NewSeek(expires_in=60))
    clock.advance(60)
    feed.changes.clear()
    with pytest.raises(Conflict):
        svc.lobby.accept_seek(bea, third.id)
    assert feed.changes == lobby_and_ada  # its expiry noticed, once
    feed.changes.clear()
    with pytest.raises(Conflict):
        svc.lobby.accept_seek(bea, third.id)
    assert feed.changes == []


def test_withdrawn_and_expired_invitations_tell_both_inboxes(world: World) -> None:
    svc, feed, clock, ada, bea = world
    inboxes = {Change(inbox_topic(str(p.player_id))) for p in (ada, bea)}
    withdrawn = svc.lobby.challenge(ada, NewChallenge(opponent=str(bea.player_id)))
    lapsing = svc.lobby.challenge(ada, NewChallenge(opponent=str(bea.player_id), expires_in=300))
    feed.changes.clear()
    after = svc.matches.withdraw(ada, withdrawn.id)
    assert feed.changes[0] == Change(match_topic(withdrawn.id), after.version)
    assert set(feed.changes[1:]) == inboxes
    feed.changes.clear()
    clock.advance(300)
    seen = svc.matches.get(bea, lapsing.id)
    assert seen.status == "expired"
    assert feed.changes[0] == Change(match_topic(lapsing.id), seen.version)
    assert set(feed.changes[1:]) == inboxes
    feed.changes.clear()
    svc.matches.get(bea, lapsing.id)
    assert feed.changes == []

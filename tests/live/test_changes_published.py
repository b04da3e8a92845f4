"""Every match write tells the change feed: the match's topic with its new version, and the invited
players' inboxes when an invitation changes. Nothing is published for a write that did not happen."""

from __future__ import annotations

import pytest

from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import Caller
from scopa.application.errors import Conflict
from scopa.application.ports.changes import Change, RecordingFeed, inbox_topic, match_topic
from scopa.application.services.matches import NewMatch
from scopa.application.wiring import ServiceSet
from tests.common import ManualClock

SEED = "ab" * 16


World = tuple[ServiceSet, RecordingFeed, Caller, Caller]


@pytest.fixture
def world() -> World:
    feed = RecordingFeed()
    svc = ServiceSet(sqlite_stores(":memory:"), ManualClock(), feed)
    ada = svc.players.register("Ada").player
    bea = svc.players.register("Bea").player
    return svc, feed, Caller(ada.id, "player"), Caller(bea.id, "player")


def test_an_invitation_reaches_both_inboxes_and_its_answer_too(world: World) -> None:
    svc, feed, ada, bea = world
    match = svc.matches.create(ada, NewMatch(players=[str(ada.player_id), str(bea.player_id)], seed=SEED))
    inboxes = {Change(inbox_topic(str(ada.player_id))), Change(inbox_topic(str(bea.player_id)))}
    assert feed.changes[0] == Change(match_topic(match.id), 1)
    assert set(feed.changes[1:]) == inboxes
    feed.changes.clear()
    accepted = svc.matches.respond(bea, match.id, accept=True)
    assert feed.changes[0] == Change(match_topic(match.id), accepted.version)
    assert set(feed.changes[1:]) == inboxes


def test_a_move_tells_the_match_only_and_a_refused_one_tells_nobody(world: World) -> None:
    svc, feed, ada, _ = world
    match = svc.matches.create(ada, NewMatch(players=[str(ada.player_id), "bot-greedy"], seed=SEED))
    if match.turn != match.your_seat:  # pragma: no cover - the bot moved first and it is ada's turn now
        pytest.fail("a bot moves at creation until it is the human's turn")
    feed.changes.clear()
    legal = match.view["legal_moves"][0]
    moved = svc.matches.move(ada, match.id, {"card": legal["card"], "take": legal["take"]}, match.version)
    assert feed.changes == [Change(match_topic(match.id), moved.version)]
    feed.changes.clear()
    with pytest.raises(Conflict):
        svc.matches.move(ada, match.id, {"card": legal["card"], "take": legal["take"]}, match.version)
    assert feed.changes == []


def test_the_live_read_of_an_overdue_match_writes_nothing(world: World) -> None:
    """The notifier renders with ``load``; its role may not write, so an overdue match is left for the
    next REST read (or the pipeline's sweep) to end on time, which publishes that change itself."""
    svc, feed, ada, bea = world
    match = svc.matches.create(ada, NewMatch(players=[str(ada.player_id), str(bea.player_id)], seed=SEED))
    svc.matches.respond(bea, match.id, accept=True)
    clock = svc.clock
    assert isinstance(clock, ManualClock)
    clock.advance(10 * 86_400)
    feed.changes.clear()
    loaded = svc.matches.load(match.id)
    assert (loaded.status, feed.changes) == ("active", [])
    ended = svc.matches.get(ada, match.id)
    assert ended.status == "finished"
    assert feed.changes == [Change(match_topic(match.id), ended.version)]

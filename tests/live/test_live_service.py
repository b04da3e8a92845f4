"""LiveService with a recording pusher over SQLite: the protocol's answers, each viewer's own view, one
read and one rendering per audience, gone connections forgotten, and a player's connections closed when
their token changes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from live.topics import renderers
from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import ADMIN_ID, Caller, authenticate, hash_token
from scopa.application.errors import Forbidden, Unauthorized
from scopa.application.ports.changes import (
    Change,
    RecordingFeed,
    match_topic,
    player_topic,
    tournament_topic,
)
from scopa.application.ports.connections import Subscriber
from scopa.application.ports.push import RecordingPusher
from scopa.application.services.live import LiveService, Rendering
from scopa.application.services.matches import NewMatch
from scopa.application.wiring import ServiceSet
from tests.common import ManualClock, hidden_cards

SEED = "1e" * 16


class CountingMatches:
    """The match store, counting reads of one match."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.reads = 0

    def get_match(self, match_id: str) -> Any:
        self.reads += 1
        return self.inner.get_match(match_id)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class World:
    def __init__(self) -> None:
        self.feed = RecordingFeed()
        self.clock = ManualClock()
        self.svc = ServiceSet(sqlite_stores(":memory:"), self.clock, self.feed)
        self.pusher = RecordingPusher()
        self.tokens: dict[str, str] = {}
        self.kinds = dict(renderers(self.svc))
        self.kinds["inbox"] = self.inbox
        self.live = LiveService(
            self.svc.stores.connections,
            self.pusher,
            self.kinds,
            self.clock,
            lambda token: authenticate(self.svc.stores.players, f"Bearer {token}", None),
        )

    @staticmethod
    def inbox(subject: str, caller: Caller) -> Rendering:
        """A stand-in for the lobby helper's renderer: only the player may see it."""
        if caller.player_id is None:
            raise Unauthorized("log in to follow an inbox")
        if caller.player_id != subject:
            raise Forbidden("only its player may follow an inbox", code="forbidden")
        return 0, {"invitations": []}

    def player(self, name: str) -> Caller:
        registered = self.svc.players.register(name)
        assert registered.token is not None
        self.tokens[registered.player.id] = registered.token
        return Caller(registered.player.id, "player")

    def connect(self, connection_id: str, caller: Caller | None = None) -> None:
        self.live.on_connect(connection_id)
        if caller is not None:
            answers = self.say(connection_id, {"action": "auth", "token": self.tokens[str(caller.player_id)]})
            assert answers == [{"type": "authed", "player_id": caller.player_id}]

    def say(self, connection_id: str, message: Any) -> list[dict[str, Any]]:
        self.live.receive(connection_id, message if isinstance(message, str) else json.dumps(message))
        return self.pusher.take(connection_id)


@pytest.fixture
def world() -> World:
    return World()


def test_a_subscription_answers_subscribed_then_the_current_state(world: World) -> None:
    ada, bea = world.player("Ada"), world.player("Bea")
    match = world.svc.matches.create(
        ada, NewMatch(players=[str(ada.player_id), str(bea.player_id)], seed=SEED)
    )
    world.connect("c_ada", ada)
    topic = match_topic(match.id)
    answers = world.say("c_ada", {"action": "subscribe", "topic": topic})
    assert [a["type"] for a in answers] == ["subscribed", "update"]
    assert answers[0] == {"type": "subscribed", "topic": topic}
    assert answers[1]["version"] == match.version
    assert answers[1]["data"]["your_seat"] == match.your_seat
    assert world.svc.stores.connections.subscribers(topic) == [Subscriber("c_ada", ada.player_id)]
    assert world.say("c_ada", {"action": "unsubscribe", "topic": topic}) == [
        {"type": "unsubscribed", "topic": topic}
    ]
    assert world.svc.stores.connections.subscribers(topic) == []


def test_refused_subscriptions_answer_an_error_and_subscribe_nothing(world: World) -> None:
    ada, bea = world.player("Ada"), world.player("Bea")
    world.connect("c_anon")
    world.connect("c_bea", bea)
    cases = [
        ("c_anon", "match:m_nope", "match_not_found"),
        ("c_anon", "tournament:t_nope", "tournament_not_found"),
        ("c_anon", f"inbox:{ada.player_id}", "unauthorized"),
        ("c_bea", f"inbox:{ada.player_id}", "forbidden"),
        ("c_bea", "chat:room", "unknown_topic"),
        ("c_bea", "match:", "unknown_topic"),
        ("c_bea", "lobby:x", "unknown_topic"),
    ]
    for connection_id, topic, code in cases:
        answers = world.say(connection_id, {"action": "subscribe", "topic": topic})
        assert len(answers) == 1, answers
        assert answers[0]["type"] == "error"
        assert (answers[0]["code"], answers[0]["action"], answers[0]["topic"]) == (code, "subscribe", topic)
        assert world.svc.stores.connections.subscribers(topic) == []
    own = world.say("c_bea", {"action": "subscribe", "topic": f"inbox:{bea.player_id}"})
    assert [a["type"] for a in own] == ["subscribed", "update"]


def test_malformed_messages_and_bad_tokens_are_answered_with_errors(world: World) -> None:
    world.connect("c1")
    for text, code in [
        ("{not json", "bad_message"),
        ("[1, 2]", "bad_message"),
        ('{"topic": "lobby"}', "bad_message"),
        ('{"action": "dance"}', "unknown_action"),
        ('{"action": "subscribe"}', "bad_message"),
        ('{"action": "subscribe", "topic": 7}', "bad_message"),
        ('{"action": "auth", "token": "scp_not-a-token"}', "unauthorized"),
        ('{"action": "auth", "token": "nonsense"}', "unauthorized"),
        ("x" * 100_000, "bad_message"),
        ("[" * 10_000, "bad_message"),
    ]:
        answers = world.say("c1", text)
        assert [a["type"] for a in answers] == ["error"], (text[:40], answers)
        assert answers[0]["code"] == code, text[:40]
        assert "scp_not-a-token" not in json.dumps(answers)
    assert world.say("c1", {"action": "ping"}) == [{"type": "pong"}]
    assert world.svc.stores.connections.get("c1") is not None


def test_a_connection_speaks_for_one_player_only(world: World) -> None:
    ada, bea = world.player("Ada"), world.player("Bea")
    world.connect("c1", ada)
    again = world.say("c1", {"action": "auth", "token": world.tokens[str(ada.player_id)]})
    assert again == [{"type": "authed", "player_id": ada.player_id}]
    other = world.say("c1", {"action": "auth", "token": world.tokens[str(bea.player_id)]})
    assert other[0]["code"] == "already_authenticated"
    connection = world.svc.stores.connections.get("c1")
    assert connection is not None
    assert connection.player_id == ada.player_id


def test_a_change_reaches_each_viewer_as_their_own_view_with_one_read_and_one_rendering_per_seat(
    world: World,
) -> None:
    ada, bea, cid = world.player("Ada"), world.player("Bea"), world.player("Cid")
    match = world.svc.matches.create(
        ada, NewMatch(players=[str(ada.player_id), str(bea.player_id)], seed=SEED)
    )
    match = world.svc.matches.respond(bea, match.id, accept=True)
    topic = match_topic(match.id)
    world.connect("c_ada", ada)
    world.connect("c_bea", bea)
    world.connect("c_cid", cid)  # a player who does not sit: a spectator
    for i in range(3):
        world.connect(f"c_anon{i}")
    for connection_id in ("c_ada", "c_bea", "c_cid", "c_anon0", "c_anon1", "c_anon2"):
        assert len(world.say(connection_id, {"action": "subscribe", "topic": topic})) == 2
    counting = CountingMatches(world.svc.stores.matches)
    world.svc.matches.repo = counting
    mover = ada if match.turn_player_id == ada.player_id else bea
    own = world.svc.matches.get(mover, match.id)
    legal = own.view["legal_moves"][0]
    moved = world.svc.matches.move(
        mover, match.id, {"card": legal["card"], "take": legal["take"]}, own.version
    )
    counting.reads = 0

    report = world.live.notify(world.feed.changes)

    assert counting.reads == 1  # one read of the match for six followers
    assert report.renders == 3  # seat 0, seat 1, and one for every spectator
    assert (report.sent, report.gone) == (6, [])
    stored = world.svc.stores.matches.get_match(match.id)
    assert stored is not None
    for connection_id, caller in [("c_ada", ada), ("c_bea", bea), ("c_cid", cid), ("c_anon0", None)]:
        (message,) = world.pusher.take(connection_id)
        assert (message["type"], message["topic"], message["version"]) == ("update", topic, moved.version)
        seat = stored.seats.index(caller.player_id) if caller and caller.player_id in stored.seats else None
        assert message["data"]["your_seat"] == seat
        shown = json.dumps(message["data"])
        assert SEED not in shown  # no seed before the end
        for card in hidden_cards(stored.state, seat):
            assert f'"{card}"' not in shown, (connection_id, card)
        if seat is None:
            assert not message["data"]["view"].get("hand")


def test_gone_connections_are_forgotten(world: World) -> None:
    tournament_id = "t_nope"
    world.connect("c_live")
    world.connect("c_gone")
    world.svc.stores.connections.subscribe("c_live", tournament_topic(tournament_id))
    world.svc.stores.connections.subscribe("c_gone", tournament_topic(tournament_id))
    world.svc.stores.connections.subscribe("c_gone", "lobby")
    world.pusher.gone.add("c_gone")
    # A topic whose subject cannot be read sends nothing and forgets nobody.
    assert world.live.notify([Change(tournament_topic(tournament_id))]).sent == 0
    assert world.svc.stores.connections.get("c_gone") is not None
    # Any message to a gone connection forgets it.
    world.live.receive("c_gone", '{"action": "ping"}')
    assert world.svc.stores.connections.get("c_gone") is None
    assert world.svc.stores.connections.subscribers("lobby") == []


def test_notify_forgets_connections_whose_send_fails(world: World) -> None:
    ada, bea = world.player("Ada"), world.player("Bea")
    match = world.svc.matches.create(
        ada, NewMatch(players=[str(ada.player_id), str(bea.player_id)], seed=SEED)
    )
    topic = match_topic(match.id)
    for connection_id in ("c1", "c2", "c3"):
        world.connect(connection_id)
        world.say(connection_id, {"action": "subscribe", "topic": topic})
    world.pusher.gone.add("c2")
    report = world.live.notify([Change(topic, 1), Change(topic, 2), Change(topic, None)])  # merged: one
    assert (report.topics, report.sent, report.gone, report.renders) == (1, 2, ["c2"], 1)
    assert [s.connection_id for s in world.svc.stores.connections.subscribers(topic)] == ["c1", "c3"]
    assert world.svc.stores.connections.get("c2") is None


def test_nothing_is_read_for_a_topic_nobody_follows(world: World) -> None:
    ada = world.player("Ada")
    match = world.svc.matches.create(ada, NewMatch(players=[str(ada.player_id), "bot-greedy"], seed=SEED))
    counting = CountingMatches(world.svc.stores.matches)
    world.svc.matches.repo = counting
    report = world.live.notify([Change(match_topic(match.id), match.version)])
    assert (report.topics, report.renders, counting.reads) == (1, 0, 0)


def test_a_subscription_limit_per_connection(world: World) -> None:
    world.connect("c1")
    from scopa.application.ports.connections import MAX_TOPICS_PER_CONNECTION

    for i in range(MAX_TOPICS_PER_CONNECTION):
        world.svc.stores.connections.subscribe("c1", f"match:m_{i}")
    answers = world.say("c1", {"action": "subscribe", "topic": "match:m_more"})
    assert answers[0]["code"] == "too_many_topics"


# ------------------------------------------------------------------ a token changes


def retire(world: World, player: Caller, how: str) -> str | None:
    """Rotate, revoke or reissue (the admin) the player's token; the new token, if any."""
    player_id = str(player.player_id)
    own = Caller(player_id, "player", hash_token(world.tokens[player_id]))
    if how == "rotate":
        return world.svc.players.rotate_token(own)
    if how == "revoke":
        world.svc.players.revoke_token(own)
        return None
    return world.svc.players.issue_token(Caller(ADMIN_ID, "admin"), player_id)


@pytest.mark.parametrize("how", ["rotate", "revoke", "reissue"])
def test_a_changed_token_closes_and_forgets_every_connection_of_its_player(world: World, how: str) -> None:
    ada, bea = world.player("Ada"), world.player("Bea")
    match = world.svc.matches.create(
        ada, NewMatch(players=[str(ada.player_id), str(bea.player_id)], seed=SEED)
    )
    match = world.svc.matches.respond(bea, match.id, accept=True)
    topic = match_topic(match.id)
    world.connect("c_ada1", ada)
    world.connect("c_ada2", ada)
    world.connect("c_bea", bea)
    world.connect("c_anon")
    for connection_id in ("c_ada1", "c_ada2", "c_bea", "c_anon"):
        assert len(world.say(connection_id, {"action": "subscribe", "topic": topic})) == 2
    world.feed.changes.clear()

    new = retire(world, ada, how)
    stored = world.svc.stores.players.get_player(str(ada.player_id))
    assert stored is not None
    assert world.feed.changes == [Change(player_topic(str(ada.player_id)), int(world.clock.now() * 1000))]
    report = world.live.notify(world.feed.changes)

    assert report.closed == 2
    assert world.pusher.closed == ["c_ada1", "c_ada2"]
    connections = world.svc.stores.connections
    assert connections.get("c_ada1") is None
    assert connections.get("c_ada2") is None
    assert connections.of_player(str(ada.player_id)) == []
    assert sorted(s.connection_id for s in connections.subscribers(topic)) == ["c_anon", "c_bea"]

    # Ada's next move reaches Bea and the spectator, none of Ada's closed connections.
    world.feed.changes.clear()
    mover = ada if match.turn_player_id == ada.player_id else bea
    own = world.svc.matches.get(mover, match.id)
    legal = own.view["legal_moves"][0]
    world.svc.matches.move(mover, match.id, {"card": legal["card"], "take": legal["take"]}, own.version)
    report = world.live.notify(world.feed.changes)
    assert report.sent == 2
    assert world.pusher.take("c_ada1") == []
    assert world.pusher.take("c_ada2") == []
    assert [m["type"] for m in world.pusher.take("c_bea")] == ["update"]
    assert [m["type"] for m in world.pusher.take("c_anon")] == ["update"]

    # The old token opens nothing any more; the new one does.
    world.live.on_connect("c_old")
    refused = world.say("c_old", {"action": "auth", "token": world.tokens[str(ada.player_id)]})
    assert [(a["type"], a["code"]) for a in refused] == [("error", "unauthorized")]
    if new is not None:
        world.live.on_connect("c_new")
        assert world.say("c_new", {"action": "auth", "token": new}) == [
            {"type": "authed", "player_id": ada.player_id}
        ]
        assert connections.of_player(str(ada.player_id)) == ["c_new"]


def test_a_connection_opened_after_the_token_changed_is_not_closed_by_a_late_notifier(world: World) -> None:
    """The notifier runs asynchronously (seconds on a cold start, a minute on its retry): the player's tab
    has reconnected with the new token by then. Only the connections opened before the change close."""
    ada = world.player("Ada")
    world.connect("c_old", ada)
    world.clock.advance(5)
    new = retire(world, ada, "rotate")
    assert new is not None
    world.clock.advance(0.5)  # the page reconnects after half a second, with the new token
    world.live.on_connect("c_new")
    assert world.say("c_new", {"action": "auth", "token": new})[0]["type"] == "authed"
    assert world.svc.stores.connections.subscribe("c_new", f"inbox:{ada.player_id}")
    world.clock.advance(60)  # the notifier's retry, a minute later, closes what it closed before
    for _ in range(2):
        report = world.live.notify(world.feed.changes)
    assert world.pusher.closed == ["c_old"]
    assert report.closed == 0
    assert world.svc.stores.connections.of_player(str(ada.player_id)) == ["c_new"]


def test_a_token_retired_while_its_connection_authenticates_closes_that_connection(world: World) -> None:
    """The race: the token passes the check, the player rotates it and the notifier sweeps the player's
    connections, and only then is this one stored as the player's. ``auth`` checks again after the write."""
    ada = world.player("Ada")
    token = world.tokens[str(ada.player_id)]
    connections = world.svc.stores.connections
    store_player = connections.set_player

    def rotated_meanwhile(connection_id: str, player_id: str) -> None:
        retire(world, ada, "rotate")
        world.live.notify(world.feed.changes)  # finds nothing yet: the connection is not Ada's
        store_player(connection_id, player_id)

    world.connect("c_ada")
    connections.set_player = rotated_meanwhile  # type: ignore[method-assign]
    answers = world.say("c_ada", {"action": "auth", "token": token})
    assert [(a["type"], a["code"]) for a in answers] == [("error", "unauthorized")]
    assert world.pusher.closed == ["c_ada"]
    assert connections.get("c_ada") is None
    assert connections.of_player(str(ada.player_id)) == []


def test_a_player_change_reads_nothing_but_the_players_connections(world: World) -> None:
    world.connect("c_anon")
    assert world.svc.stores.connections.subscribe("c_anon", "lobby")
    report = world.live.notify([Change(player_topic("p_nobody"), 3)])
    assert (report.topics, report.closed, report.renders, report.sent) == (0, 0, 0, 0)
    assert world.pusher.closed == []
    assert world.svc.stores.connections.get("c_anon") is not None

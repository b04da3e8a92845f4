"""Fan-out at every path (in-line, pooled, sliced) on both stores: each follower gets exactly its own view
once (a seat its hand, every other follower the spectator's), never another seat's; a slice run again is
harmless; gone connections are forgotten from slices too; the notifier's handler takes the slice event
and skips malformed records; a slice fits one SQS message."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from live.topics import renderers
from scopa.adapters.dynamodb.players_matches import create_table
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import Caller, authenticate
from scopa.application.errors import Forbidden, Unauthorized
from scopa.application.ports.changes import RecordingFeed, match_topic
from scopa.application.ports.connections import Subscriber
from scopa.application.ports.fanout import InProcessFanout, Slice
from scopa.application.ports.push import RecordingPusher
from scopa.application.services.live import LiveService, NotifyReport, Rendering
from scopa.application.services.matches import NewMatch
from scopa.application.wiring import ServiceSet, Stores
from tests.common import ManualClock, hidden_cards, use_fake_aws

use_fake_aws()

SEED = "2f" * 16
#: (page size, slice size, posting threads, followers per seat and spectators): each fan-out path.
PATHS = {
    "inline": (1000, 100, 20, 1, 1),  # 2 seats + 1 spectator + 1 anonymous: 4 posts, no thread
    "pooled": (1000, 100, 4, 3, 4),  # 6 seat connections + 8 spectators in one slice, 4 threads
    # The same 14 read in pages of 5 cut in slices of 3: 3 posted here, 5 slices (2, 3, 2, 3, 1) handed on.
    "sliced": (5, 3, 4, 3, 4),
}


class Recording:
    """A fan-out dispatch that keeps the slices and runs them here, as a queue's consumer would."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []

    def dispatch(self, pieces: Any) -> None:
        self.slices += pieces

    def settle(self) -> list[Any]:
        return []


class World:
    def __init__(self, stores: Stores, page_size: int, threads: int, slice_size: int = 3) -> None:
        self.clock = ManualClock()
        self.feed = RecordingFeed()
        self.svc = ServiceSet(stores, self.clock, self.feed)
        self.pusher = RecordingPusher()
        self.tokens: dict[str, str] = {}
        kinds = dict(renderers(self.svc))
        kinds["inbox"] = self.inbox
        self.live = LiveService(
            stores.connections,
            self.pusher,
            kinds,
            self.clock,
            lambda token: authenticate(self.svc.stores.players, f"Bearer {token}", None),
            page_size=page_size,
            post_threads=threads,
            slice_size=slice_size,
        )

    @staticmethod
    def inbox(subject: str, caller: Caller) -> Rendering:
        if caller.player_id is None:
            raise Unauthorized("log in to follow an inbox")
        if caller.player_id != subject:
            raise Forbidden("only its player may follow an inbox", code="forbidden")
        return 0, {"invitations": [], "for": subject}

    def player(self, name: str) -> Caller:
        registered = self.svc.players.register(name)
        assert registered.token is not None
        self.tokens[registered.player.id] = registered.token
        return Caller(registered.player.id, "player")

    def follow(self, connection_id: str, topic: str, caller: Caller | None) -> None:
        self.live.on_connect(connection_id)
        if caller is not None:
            token = self.tokens[str(caller.player_id)]
            self.live.receive(connection_id, json.dumps({"action": "auth", "token": token}))
        self.live.receive(connection_id, json.dumps({"action": "subscribe", "topic": topic}))
        self.pusher.take(connection_id)


@pytest.fixture(params=["sqlite", "dynamodb"])
def stores(request: Any) -> Iterator[Stores]:
    if request.param == "sqlite":
        yield sqlite_stores(":memory:")
        return
    with mock_aws():
        client = boto3.client("dynamodb", region_name="eu-south-1")
        create_table(client, "scopa-fanout-test")
        yield dynamodb_stores(client, "scopa-fanout-test", ranking_shards=2)


def a_match_with_followers(world: World, per_seat: int, spectators: int) -> tuple[str, dict[str, int | None]]:
    """An active match of Ada and Bea, followed by ``per_seat`` tabs of each seat, ``spectators``
    connections of Cid (who does not sit) and as many anonymous ones; each connection's expected seat."""
    ada, bea, cid = world.player("Ada"), world.player("Bea"), world.player("Cid")
    match = world.svc.matches.create(
        ada, NewMatch(players=[str(ada.player_id), str(bea.player_id)], seed=SEED)
    )
    match = world.svc.matches.respond(bea, match.id, accept=True)
    topic = match_topic(match.id)
    stored = world.svc.stores.matches.get_match(match.id)
    assert stored is not None
    expected: dict[str, int | None] = {}
    for i in range(per_seat):
        for caller in (ada, bea):
            connection_id = f"c_{caller.player_id}_{i}"
            world.follow(connection_id, topic, caller)
            expected[connection_id] = stored.seats.index(str(caller.player_id))
    for i in range(spectators):
        world.follow(f"c_cid_{i}", topic, cid)
        expected[f"c_cid_{i}"] = None
        world.follow(f"c_anon_{i}", topic, None)
        expected[f"c_anon_{i}"] = None
    return topic, expected


def moved(world: World, topic: str) -> int:
    match_id = topic.partition(":")[2]
    stored = world.svc.stores.matches.get_match(match_id)
    assert stored is not None
    mover = Caller(
        stored.seats[stored.state["turn"]] if "turn" in stored.state else stored.seats[0], "player"
    )
    own = world.svc.matches.get(mover, match_id)
    legal = own.view["legal_moves"][0]
    return world.svc.matches.move(
        mover, match_id, {"card": legal["card"], "take": legal["take"]}, own.version
    ).version


def assert_each_sees_its_own_view(
    world: World, topic: str, expected: dict[str, int | None], version: int
) -> None:
    stored = world.svc.stores.matches.get_match(topic.partition(":")[2])
    assert stored is not None
    for connection_id, seat in expected.items():
        (message,) = world.pusher.take(connection_id)
        assert (message["type"], message["topic"], message["version"]) == ("update", topic, version)
        assert message["data"]["your_seat"] == seat, connection_id
        shown = json.dumps(message["data"])
        assert SEED not in shown
        for card in hidden_cards(stored.state, seat):
            assert f'"{card}"' not in shown, (connection_id, card)


@pytest.mark.parametrize("path", sorted(PATHS))
def test_each_follower_gets_its_own_view_once_at_every_fanout_path(stores: Stores, path: str) -> None:
    page_size, slice_size, threads, per_seat, spectators = PATHS[path]
    world = World(stores, page_size, threads, slice_size)
    topic, expected = a_match_with_followers(world, per_seat, spectators)
    version = moved(world, topic)
    report = world.live.notify(world.feed.changes)
    assert (report.sent, report.gone, report.refused) == (len(expected), [], 0)
    assert report.slices == {"inline": 0, "pooled": 0, "sliced": 5}[path]
    # One rendering per audience (each seat, every spectator) per run: this one and each slice's.
    assert report.renders == 3 if path != "sliced" else report.renders <= 3 * (1 + report.slices)
    assert_each_sees_its_own_view(world, topic, expected, version)


def test_a_slice_renders_per_audience_itself_and_a_rerun_is_harmless(stores: Stores) -> None:
    world = World(stores, 3, 4)
    dispatch = Recording()
    world.live.fanout = dispatch
    topic, expected = a_match_with_followers(world, 3, 4)
    version = moved(world, topic)
    first = world.live.notify(world.feed.changes)
    assert (first.sent, first.slices) == (3, 4)
    assert [len(piece.subscribers) for piece in dispatch.slices] == [3, 3, 3, 2]
    assert all(piece.topic == topic and piece.version == version for piece in dispatch.slices)
    followers = [s.connection_id for piece in dispatch.slices for s in piece.subscribers]
    assert len(followers) == len(set(followers)) == len(expected) - 3
    for piece in dispatch.slices:  # as the queue's consumer would, through the message's JSON
        queued = Slice.of_json(json.loads(json.dumps(piece.as_json())))
        assert queued == piece
        world.live.run_slice(queued)
    assert_each_sees_its_own_view(world, topic, expected, version)
    for piece in dispatch.slices:  # a retry: the same view again, which the client ignores
        assert world.live.run_slice(piece).sent == len(piece.subscribers)
    retried = {c: world.pusher.take(c) for c in followers}
    assert all([m["version"] for m in messages] == [version] for messages in retried.values())


def test_a_slice_forgets_its_gone_connections_and_a_forged_seat_gets_nothing_it_may_not_see(
    stores: Stores,
) -> None:
    world = World(stores, 3, 4)
    topic, expected = a_match_with_followers(world, 1, 2)
    gone = "c_cid_1"
    world.pusher.gone.add(gone)
    version = moved(world, topic)
    report = world.live.notify(world.feed.changes)
    assert report.gone == [gone]
    assert world.svc.stores.connections.get(gone) is None
    expected.pop(gone)
    assert_each_sees_its_own_view(world, topic, expected, version)
    # A slice naming a player who follows someone else's inbox (never stored so: refused, not shown).
    ada = next(iter(world.tokens))
    piece = Slice(
        f"inbox:{ada}", None, (Subscriber("c_x", "p_other"), Subscriber("c_y", None), Subscriber("c_z", ada))
    )
    report = world.live.run_slice(piece)
    assert (report.sent, report.refused) == (1, 2)
    assert world.pusher.take("c_x") == world.pusher.take("c_y") == []
    assert world.pusher.take("c_z")[0]["data"]["for"] == ada


def test_the_in_process_fanout_runs_slices_in_threads_and_hands_their_reports_back() -> None:
    seen: list[str] = []

    def run(piece: Slice) -> NotifyReport:
        seen.append(piece.topic)
        if piece.topic == "lobby":
            raise RuntimeError("a store failure")
        return NotifyReport(sent=len(piece.subscribers), gone=[piece.subscribers[0].connection_id])

    fanout = InProcessFanout(run, workers=2)
    pair = (Subscriber("c_1", None), Subscriber("c_2", "p_1"))
    fanout.dispatch([Slice(topic, 1, pair) for topic in ("match:m_1", "lobby", "match:m_2")])
    reports = fanout.settle()
    assert sorted(seen) == ["lobby", "match:m_1", "match:m_2"]
    assert [r.sent for r in reports] == [2, 2]
    assert fanout.settle() == []


@pytest.mark.parametrize(
    "body",
    [
        None,
        [],
        {"slice": "x"},
        {"slice": {"topic": "", "version": 1, "subscribers": [["c", None]]}},
        {"slice": {"topic": "lobby", "version": True, "subscribers": [["c", None]]}},
        {"slice": {"topic": "lobby", "version": 1, "subscribers": []}},
        {"slice": {"topic": "lobby", "version": 1, "subscribers": [["c"]]}},
        {"slice": {"topic": "lobby", "version": 1, "subscribers": [["c", 7]]}},
        {"slice": {"topic": "lobby", "version": 1, "subscribers": [["", None]]}},
        {"slice": {"topic": "lobby", "version": 1, "subscribers": [["c", None]] * 1001}},
    ],
)
def test_a_malformed_slice_is_none(body: Any) -> None:
    assert Slice.of_json(body) is None


def test_a_full_page_fits_one_sqs_message() -> None:
    piece = Slice(
        "tournament:" + "t" * 189,
        2**53,
        tuple(Subscriber(f"L0SM9cOFvH{i:06d}", f"p_{'x' * 40}") for i in range(1000)),
    )
    assert len(json.dumps(piece.as_json(), separators=(",", ":")).encode()) < 256 * 1024


@pytest.fixture
def local_notifier(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Iterator[RecordingPusher]:
    """The notifier's own handler on SQLite, pushing to a recording pusher."""
    from api import context

    monkeypatch.setenv("STORAGE", "sqlite")
    monkeypatch.setenv("SQLITE_PATH", str(tmp_path / "scopa.db"))
    for name in ("NOTIFIER_FUNCTION", "WEBSOCKET_ENDPOINT", "FANOUT_QUEUE_URL"):
        monkeypatch.delenv(name, raising=False)
    context.reset()
    pusher = RecordingPusher()
    context.use_live(None, pusher)
    yield pusher
    context.use_live(None, None)
    monkeypatch.undo()
    context.reset()


def test_the_notifier_handler_runs_slices_from_the_queue_and_skips_malformed_records(
    local_notifier: RecordingPusher, monkeypatch: pytest.MonkeyPatch
) -> None:
    from live.context import live
    from notifier.handler import handler
    from tools.apigw import FakeLambdaContext

    service = live()
    for connection_id in ("c_1", "c_2"):
        service.on_connect(connection_id)
        service.receive(connection_id, '{"action": "subscribe", "topic": "lobby"}')
        local_notifier.take(connection_id)
    piece = Slice("lobby", 5, (Subscriber("c_1", None), Subscriber("c_2", None)))
    records = [
        {"messageId": "m1", "body": json.dumps(piece.as_json())},
        {"messageId": "m2", "body": "not json"},
        {"messageId": "m3", "body": json.dumps({"slice": {"topic": "lobby"}})},
        {"messageId": "m4"},
        "nonsense",
    ]
    assert handler({"Records": records}, FakeLambdaContext()) == {"batchItemFailures": []}
    for connection_id in ("c_1", "c_2"):
        (message,) = local_notifier.take(connection_id)
        assert (message["type"], message["topic"]) == ("update", "lobby")
    assert handler({"Records": "x"}, FakeLambdaContext()) == {"batchItemFailures": []}

    def failing(_: Slice) -> NotifyReport:
        raise RuntimeError("the store failed")

    monkeypatch.setattr(service, "run_slice", failing)
    answer = handler({"Records": records[:1]}, FakeLambdaContext())
    assert answer == {"batchItemFailures": [{"itemIdentifier": "m1"}]}  # SQS brings it back


def test_the_sqs_fanout_queues_each_slice_as_one_message_in_batches_and_never_raises() -> None:
    from scopa.adapters.aws_sqs.fanout import SqsFanout

    with mock_aws():
        sqs = boto3.client("sqs", region_name="eu-south-1")
        url = sqs.create_queue(QueueName="scopa-fanout")["QueueUrl"]
        pieces = [
            Slice("match:m_1", 9, (Subscriber(f"c_{i}", "p_ada"), Subscriber("c_x", None))) for i in range(12)
        ]
        fanout = SqsFanout(sqs, url)
        fanout.dispatch(pieces)
        assert fanout.settle() == []
        got = []
        for _ in range(4):
            got += sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])
        assert sorted((Slice.of_json(json.loads(m["Body"])) for m in got), key=str) == sorted(pieces, key=str)
        SqsFanout(sqs, url + "-missing").dispatch(pieces)  # logged, not raised


def test_a_big_topic_goes_through_the_queue_and_back_into_the_notifier(
    local_notifier: RecordingPusher, monkeypatch: pytest.MonkeyPatch
) -> None:
    """250 followers of the lobby: the notifier's handler posts 100 and queues two slices (moto's SQS,
    ``FANOUT_QUEUE_URL``); the queue's records, handed back to the same handler as Lambda's poller would,
    reach the other 150; every follower has exactly one update."""
    from api import context
    from live.context import live
    from notifier.handler import handler
    from tools.apigw import FakeLambdaContext

    with mock_aws():
        sqs = boto3.client("sqs", region_name="eu-south-1")
        url = sqs.create_queue(QueueName="scopa-fanout")["QueueUrl"]
        monkeypatch.setenv("FANOUT_QUEUE_URL", url)
        monkeypatch.setenv("AWS_REGION", "eu-south-1")
        context.reset()
        context.use_live(None, local_notifier)
        service = live()
        followers = [f"c_{i:03d}" for i in range(250)]
        for connection_id in followers:
            service.on_connect(connection_id)
            service.receive(connection_id, '{"action": "subscribe", "topic": "lobby"}')
            local_notifier.take(connection_id)
        report = handler({"changes": [{"topic": "lobby", "version": None}]}, FakeLambdaContext())
        assert (report["sent"], report["slices"]) == (100, 2)
        records = []
        for _ in range(3):
            got = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])
            records += [{"messageId": m["MessageId"], "body": m["Body"]} for m in got]
        assert len(records) == 2
        for record in records:  # one slice per invocation, as the mapping's batch size is 1
            assert handler({"Records": [record]}, FakeLambdaContext()) == {"batchItemFailures": []}
        for connection_id in followers:
            (message,) = local_notifier.take(connection_id)
            assert (message["type"], message["topic"]) == ("update", "lobby")

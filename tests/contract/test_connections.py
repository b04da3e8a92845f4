"""Live connections, on both adapters: a topic's subscribers come with their players in one read, a
player's connections in one read, a connection's removal takes its subscriptions along, and a gone
connection cannot subscribe."""

from __future__ import annotations

from typing import Any

import boto3
from moto import mock_aws

from bench.meter import item_size
from scopa.adapters.dynamodb.codec import batch_write, from_item, to_item
from scopa.adapters.dynamodb.players_matches import create_table
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.application.ports.connections import Connection, Subscriber, subscriber_pages
from scopa.application.services.live import MAX_TOPIC_CHARS
from scopa.application.wiring import Stores

NOW = 1_800_000_000
AT = "2027-01-15T08:00:00.000Z"


def a_connection(connection_id: str = "c1", player_id: str | None = None) -> Connection:
    return Connection(connection_id, player_id, AT, NOW + 7200)


def test_a_connection_is_added_read_and_removed(stores: Stores) -> None:
    repo = stores.connections
    assert repo.get("c1") is None
    repo.add(a_connection())
    assert repo.get("c1") == a_connection()
    repo.set_player("c1", "p_ada")
    assert repo.get("c1") == a_connection(player_id="p_ada")
    repo.remove("c1")
    assert repo.get("c1") is None
    repo.remove("c1")  # gone already: nothing happens
    repo.set_player("c1", "p_ada")  # nor here
    assert repo.get("c1") is None


def test_subscribers_come_with_their_player(stores: Stores) -> None:
    repo = stores.connections
    repo.add(a_connection("c1", "p_ada"))
    repo.add(a_connection("c2"))
    repo.add(a_connection("c3", "p_bea"))
    for connection_id in ("c1", "c2", "c3"):
        assert repo.subscribe(connection_id, "match:m_1")
    assert repo.subscribe("c1", "match:m_1")  # again: no change
    assert repo.subscribe("c3", "inbox:p_bea")
    assert sorted(repo.subscribers("match:m_1"), key=lambda s: s.connection_id) == [
        Subscriber("c1", "p_ada"),
        Subscriber("c2", None),
        Subscriber("c3", "p_bea"),
    ]
    assert repo.subscribers("inbox:p_bea") == [Subscriber("c3", "p_bea")]
    assert repo.subscribers("match:m_2") == []
    assert repo.topics("c3") == ["inbox:p_bea", "match:m_1"]


def test_a_connection_that_authenticates_later_speaks_for_its_player_in_its_subscriptions(
    stores: Stores,
) -> None:
    repo = stores.connections
    repo.add(a_connection("c1"))
    assert repo.subscribe("c1", "match:m_1")
    assert repo.subscribe("c1", "tournament:t_1")
    repo.set_player("c1", "p_ada")
    assert repo.subscribers("match:m_1") == [Subscriber("c1", "p_ada")]
    assert repo.subscribers("tournament:t_1") == [Subscriber("c1", "p_ada")]
    assert repo.subscribe("c1", "lobby")
    assert repo.subscribers("lobby") == [Subscriber("c1", "p_ada")]


def test_unsubscribe_and_remove_drop_subscriptions(stores: Stores) -> None:
    repo = stores.connections
    repo.add(a_connection("c1", "p_ada"))
    repo.add(a_connection("c2", "p_bea"))
    for topic in ("match:m_1", "lobby"):
        assert repo.subscribe("c1", topic)
        assert repo.subscribe("c2", topic)
    repo.unsubscribe("c1", "lobby")
    repo.unsubscribe("c1", "lobby")  # not followed any more: nothing happens
    assert repo.subscribers("lobby") == [Subscriber("c2", "p_bea")]
    assert repo.topics("c1") == ["match:m_1"]
    repo.remove("c2")
    assert repo.subscribers("lobby") == []
    assert repo.subscribers("match:m_1") == [Subscriber("c1", "p_ada")]
    assert repo.topics("c2") == []


def test_a_gone_connection_cannot_subscribe(stores: Stores) -> None:
    repo = stores.connections
    assert not repo.subscribe("c9", "match:m_1")
    repo.add(a_connection("c1"))
    repo.remove("c1")
    assert not repo.subscribe("c1", "match:m_1")
    assert repo.subscribers("match:m_1") == []


def test_a_connection_added_again_starts_afresh(stores: Stores) -> None:
    repo = stores.connections
    repo.add(a_connection("c1", "p_ada"))
    repo.add(a_connection("c1"))
    assert repo.get("c1") == a_connection("c1")


def test_many_subscribers_are_all_listed(stores: Stores) -> None:
    repo = stores.connections
    for i in range(60):
        repo.add(a_connection(f"c{i:02d}", f"p_{i}" if i % 2 else None))
        assert repo.subscribe(f"c{i:02d}", "tournament:t_1")
    found = repo.subscribers("tournament:t_1")
    assert len(found) == 60
    assert {s.connection_id for s in found} == {f"c{i:02d}" for i in range(60)}
    assert all((s.player_id is None) == (int(s.connection_id[1:]) % 2 == 0) for s in found)


def test_a_players_connections_are_listed_until_they_are_removed(stores: Stores) -> None:
    """What the notifier closes when a player's token changes: every connection that speaks for them,
    whether it authenticated after connecting or was stored with its player, and no one else's."""
    repo = stores.connections
    assert repo.of_player("p_ada") == []
    repo.add(a_connection("c1"))
    repo.add(a_connection("c2", "p_ada"))
    repo.add(a_connection("c3", "p_bea"))
    repo.add(a_connection("c4"))  # anonymous: nobody's
    repo.set_player("c1", "p_ada")
    assert repo.subscribe("c1", "match:m_1")
    assert repo.of_player("p_ada") == ["c1", "c2"]
    assert repo.of_player("p_bea") == ["c3"]
    assert repo.of_player("p_cy") == []
    repo.remove("c1")
    assert repo.of_player("p_ada") == ["c2"]
    repo.set_player("c1", "p_ada")  # gone: not listed again
    assert repo.of_player("p_ada") == ["c2"]
    repo.remove("c2")
    repo.remove("c3")
    assert repo.of_player("p_ada") == []
    assert repo.of_player("p_bea") == []


def test_a_players_connections_opened_before_a_time_are_those_listed_before_it(stores: Stores) -> None:
    """What a token change closes: the connections opened before it, not one the player opened since."""
    repo = stores.connections
    repo.add(Connection("c_old", "p_ada", "2027-01-15T08:00:00.000Z", NOW + 7200))
    repo.add(Connection("c_new", None, "2027-01-15T08:00:02.500Z", NOW + 7200))
    repo.set_player("c_new", "p_ada")
    assert repo.of_player("p_ada", opened_before="2027-01-15T08:00:01.000Z") == ["c_old"]
    assert repo.of_player("p_ada", opened_before="2027-01-15T08:00:02.500Z") == ["c_old"]
    assert repo.of_player("p_ada", opened_before="2027-01-15T08:00:02.501Z") == ["c_new", "c_old"]
    assert repo.of_player("p_ada") == ["c_new", "c_old"]


def test_a_connection_is_listed_under_its_current_player_only(stores: Stores) -> None:
    repo = stores.connections
    repo.add(a_connection("c1", "p_ada"))
    repo.set_player("c1", "p_ada")  # again: listed once
    assert repo.of_player("p_ada") == ["c1"]
    repo.set_player("c1", "p_bea")
    assert repo.of_player("p_ada") == []
    assert repo.of_player("p_bea") == ["c1"]


def test_many_connections_of_one_player_are_all_listed(stores: Stores) -> None:
    repo = stores.connections
    for i in range(30):
        repo.add(a_connection(f"c{i:02d}"))
        repo.set_player(f"c{i:02d}", "p_ada")
    assert repo.of_player("p_ada") == [f"c{i:02d}" for i in range(30)]


def test_on_dynamodb_every_item_of_an_authenticated_connection_expires_with_it() -> None:
    """The TTL forgets what a lost ``$disconnect`` left behind: the entry under the player included."""
    with mock_aws():
        client = boto3.client("dynamodb", region_name="eu-south-1")
        create_table(client, "scopa-ttl-test")
        repo = dynamodb_stores(client, "scopa-ttl-test").connections
        repo.add(a_connection("c1"))
        assert repo.subscribe("c1", "match:m_1")
        repo.set_player("c1", "p_ada")
        items = [from_item(i) for i in client.scan(TableName="scopa-ttl-test")["Items"]]
        assert {(i["pk"], i["sk"]) for i in items} == {
            ("CONN#c1", "CONN"),
            ("CONN#c1", "SUB#match:m_1"),
            ("TOPIC#match:m_1", "CONN#c1"),
            ("PLAYER#p_ada", "CONN#c1"),
        }
        assert all(i["expires_at"] == NOW + 7200 for i in items)
        repo.remove("c1")
        assert client.scan(TableName="scopa-ttl-test")["Items"] == []


def test_on_dynamodb_a_listing_left_without_its_connection_is_closed_and_removed() -> None:
    """A ``$disconnect`` between ``auth``'s two writes leaves the player's listing without its connection
    (and listings written before they kept an opening time have none): a token change still finds it,
    as opened before, and removing it with its player deletes it."""
    with mock_aws():
        client = boto3.client("dynamodb", region_name="eu-south-1")
        create_table(client, "scopa-leftover-test")
        repo = dynamodb_stores(client, "scopa-leftover-test").connections
        client.put_item(
            TableName="scopa-leftover-test",
            Item={"pk": {"S": "PLAYER#p_ada"}, "sk": {"S": "CONN#c_gone"}, "expires_at": {"N": str(NOW)}},
        )
        assert repo.of_player("p_ada", opened_before=AT) == ["c_gone"]
        repo.remove("c_gone", "p_ada")
        assert repo.of_player("p_ada") == []
        assert client.scan(TableName="scopa-leftover-test")["Items"] == []


# ---------------------------------------------------------------------------------------------- pages


def seed_followers(stores: Stores, topic: str, count: int, expires_at: int = NOW + 7200) -> list[str]:
    """``count`` connections following ``topic``, written under the port (fast: thousands of them), every
    third one anonymous; their ids, in order."""
    ids = [f"c{i:05d}" for i in range(count)]
    players = [None if i % 3 == 0 else f"p_{i}" for i in range(count)]
    repo: Any = stores.connections
    if hasattr(repo, "db"):
        with repo.db.transaction() as tx:
            tx.executemany(
                "INSERT INTO connections (id, player_id, connected_at, expires_at) VALUES (?, ?, ?, ?)",
                [(c, p, AT, expires_at) for c, p in zip(ids, players, strict=True)],
            )
            tx.executemany(
                "INSERT INTO subscriptions (topic, connection_id, player_id) VALUES (?, ?, ?)",
                [(topic, c, p) for c, p in zip(ids, players, strict=True)],
            )
    else:
        puts = []
        for c, p in zip(ids, players, strict=True):
            puts.append({"PutRequest": {"Item": repo._subscriber_item(topic, c, p, expires_at)}})
            connection = {"pk": f"CONN#{c}", "sk": "CONN", "type": "connection", "connected_at": AT}
            puts.append({"PutRequest": {"Item": to_item({**connection, "expires_at": expires_at})}})
        batch_write(repo.client, repo.table, puts)
    return ids


def test_a_big_topic_is_read_a_page_at_a_time_each_follower_once_in_order(stores: Stores) -> None:
    ids = seed_followers(stores, "lobby", 2500)
    pages = list(subscriber_pages(stores.connections, "lobby", NOW, page_size=1000))
    assert [len(p) for p in pages] == [1000, 1000, 500]
    assert [s.connection_id for page in pages for s in page] == ids
    assert pages[0][0] == Subscriber("c00000", None)
    assert pages[0][1] == Subscriber("c00001", "p_1")
    first = stores.connections.subscriber_page("lobby", limit=1000, after=None, now=NOW)
    assert first.next == "c00999"
    last = stores.connections.subscriber_page("lobby", limit=1000, after="c01999", now=NOW)
    assert [s.connection_id for s in last.subscribers] == ids[2000:]
    assert last.next is None
    assert list(subscriber_pages(stores.connections, "match:m_none", NOW)) == []


def test_an_expired_connection_is_never_in_a_page_though_nothing_swept_it(stores: Stores) -> None:
    repo = stores.connections
    repo.add(Connection("c1", "p_ada", AT, NOW + 10))
    repo.add(Connection("c2", None, AT, NOW - 1))  # $disconnect lost, TTL not run yet
    repo.add(Connection("c3", "p_bea", AT, NOW + 3600))
    for connection_id in ("c1", "c2", "c3"):
        assert repo.subscribe(connection_id, "tournament:t_1")
    pages = list(subscriber_pages(repo, "tournament:t_1", NOW, page_size=1))
    assert pages == [[Subscriber("c1", "p_ada")], [Subscriber("c3", "p_bea")]]
    assert list(subscriber_pages(repo, "tournament:t_1", NOW + 10)) == [[Subscriber("c3", "p_bea")]]
    assert list(subscriber_pages(repo, "tournament:t_1", NOW + 3600)) == []


def test_connection_mirror_and_subscriber_items_stay_under_1_kb(adapter: str, stores: Stores) -> None:
    """The largest a connection's items get: API Gateway's 16-character id, a long player id, and the
    longest topic a client may follow."""
    repo: Any = stores.connections
    connection_id, topic = "L0SM9cOFvHcCIhw=", "tournament:" + "t" * (MAX_TOPIC_CHARS - len("tournament:"))
    repo.add(Connection(connection_id, "p_" + "x" * 40, AT, NOW + 7200))
    assert repo.subscribe(connection_id, topic)
    if adapter == "sqlite":
        assert [s.connection_id for s in repo.subscribers(topic)] == [connection_id]
        return
    items = repo.client.scan(TableName=repo.table)["Items"]
    assert {from_item(i)["type"] for i in items} == {
        "connection",
        "player_connection",
        "subscription",
        "subscriber",
    }
    assert max(item_size(i) for i in items) < 1024

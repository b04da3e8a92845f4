"""What is DynamoDB's own in the repository on moto: the items' shapes and keys.

What a store must do whatever the adapter (round trips, conditions, paging, a move race) is in
``tests/contract``, run on DynamoDB and on SQLite alike.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import unpack
from scopa.adapters.dynamodb.players_matches import DynamoRepository, legacy_match_item
from scopa.application.auth import hash_token
from tests.contract.support import a_match, a_player
from tests.storage.conftest import TABLE


def raw_item(client: Any, pk: str, sk: str) -> dict[str, Any] | None:
    item: dict[str, Any] | None = client.get_item(
        TableName=TABLE, Key={keys.PK: {"S": pk}, keys.SK: {"S": sk}}
    ).get("Item")
    return item


def test_an_opaque_token_of_before_has_a_token_item_keyed_by_its_hash(
    repo: DynamoRepository, client: Any
) -> None:
    repo.create_player(a_player())
    items = client.scan(TableName=TABLE)["Items"]
    assert "scp_secret-ada" not in repr(items)
    assert {i[keys.PK]["S"] for i in items} == {
        "PLAYER#p_ada",
        f"TOKEN#{hash_token('scp_secret-ada')}",
        keys.player_name_pk("ada"),
    }


def test_a_versioned_player_is_one_profile_item_with_its_version(repo: DynamoRepository, client: Any) -> None:
    repo.create_player(dataclasses.replace(a_player(token="scs_signed"), token_version=1))
    items = {i[keys.PK]["S"]: i for i in client.scan(TableName=TABLE)["Items"]}
    assert set(items) == {"PLAYER#p_ada", keys.player_name_pk("ada")}  # and its name-index item
    assert items["PLAYER#p_ada"]["token_version"] == {"N": "1"}
    assert items["PLAYER#p_ada"]["token_hash"] == {"S": hash_token("scs_signed")}
    assert items[keys.player_name_pk("ada")][keys.SK] == {"S": keys.player_name_sk("p_ada")}


def test_a_match_has_one_list_item_per_distinct_player(repo: DynamoRepository, client: Any) -> None:
    match = a_match()
    repo.create_match(match)
    assert raw_item(client, "PLAYER#p_ada", keys.player_match_sk(match.created_at, "m_1")) is not None
    assert raw_item(client, "PLAYER#bot-greedy", keys.player_match_sk(match.created_at, "m_1")) is not None


def test_a_match_item_keeps_keys_indexes_and_version_as_attributes_and_packs_the_rest(
    repo: DynamoRepository, client: Any
) -> None:
    match = dataclasses.replace(a_match("m_seeded"), seeded=True)
    repo.create_match(match)
    item = raw_item(client, keys.match_pk("m_seeded"), keys.MATCH_SK)
    assert item is not None
    assert set(item) == {keys.PK, keys.SK, "type", "status", "version", "doc", keys.GSI1_PK, keys.GSI1_SK}
    assert (item["status"], item["version"]) == ({"S": "active"}, {"N": "1"})
    document = unpack(item["doc"]["B"])
    assert document["seeded"] is True
    assert "seeded" not in unpack(raw_doc(repo, client, a_match("m_plain")))  # written only when true
    assert repo.get_match("m_seeded") == match


def raw_doc(repo: DynamoRepository, client: Any, match: Any) -> bytes:
    repo.create_match(match)
    item = raw_item(client, keys.match_pk(match.id), keys.MATCH_SK)
    assert item is not None
    data: bytes = item["doc"]["B"]
    return data


def test_a_match_item_written_before_packing_still_loads_and_is_packed_when_saved(
    repo: DynamoRepository, client: Any
) -> None:
    match = dataclasses.replace(
        a_match("m_old"), seeded=True, idempotency={"key": "k" * 64, "body": "b" * 64, "at": "x"}
    )
    client.put_item(TableName=TABLE, Item=legacy_match_item(match))
    loaded = repo.get_match("m_old")
    assert loaded == match
    assert loaded is not None
    loaded.version = 2
    repo.save_match(loaded, expected_version=1)
    item = raw_item(client, keys.match_pk("m_old"), keys.MATCH_SK)
    assert item is not None
    assert "doc" in item
    assert "state" not in item
    assert repo.get_match("m_old") == loaded


def test_the_deadline_index_holds_only_live_matches(repo: DynamoRepository, client: Any) -> None:
    repo.create_match(a_match("m_soon", deadline=1_000))
    repo.create_match(a_match("m_late", deadline=5_000))
    repo.create_match(a_match("m_pending", deadline=None, status="pending"))
    finished = repo.get_match("m_soon")
    assert finished is not None
    finished.status, finished.version = "finished", 2
    repo.save_match(finished, expected_version=1)
    indexed = client.scan(TableName=TABLE, IndexName=keys.GSI1)["Items"]
    assert [i[keys.GSI1_SK]["S"] for i in indexed] == [keys.live_sk(5_000, "m_late")]


def test_the_deadline_index_spreads_matches_over_its_shards_by_a_stable_hash(
    repo: DynamoRepository, client: Any
) -> None:
    ids = [f"m_{i}" for i in range(64)]
    for match_id in ids:
        repo.create_match(a_match(match_id, deadline=1_000))
    indexed = client.scan(TableName=TABLE, IndexName=keys.GSI1)["Items"]
    by_id = {i[keys.GSI1_SK]["S"].split("#", 1)[1]: i[keys.GSI1_PK]["S"] for i in indexed}
    assert by_id == {match_id: keys.live_pk(match_id) for match_id in ids}
    assert set(by_id.values()) <= set(keys.LIVE_PARTITIONS[:-1])
    assert len(set(by_id.values())) > keys.LIVE_SHARDS // 2  # spread, not piled on one shard
    # The shard is a function of the id alone, the same in every process and release (pinned here:
    # changing the hash would strand every indexed match on a shard the sweep no longer reads).
    assert (keys.LIVE_SHARDS, keys.live_pk("m_1"), keys.live_pk("m_fast")) == (8, "LIVE#0", "LIVE#4")


def test_a_match_indexed_before_the_shards_is_still_swept_and_moves_to_its_shard_when_saved(
    repo: DynamoRepository, client: Any
) -> None:
    # Given matches indexed under the pre-shard key LIVE (both item formats of before), and one of now
    packed = a_match("m_packed", deadline=2_000)
    repo.create_match(packed)
    client.update_item(
        TableName=TABLE,
        Key={keys.PK: {"S": keys.match_pk("m_packed")}, keys.SK: {"S": keys.MATCH_SK}},
        UpdateExpression="SET gsi1pk = :live",
        ExpressionAttributeValues={":live": {"S": keys.LEGACY_LIVE}},
    )
    client.put_item(TableName=TABLE, Item=legacy_match_item(a_match("m_unpacked", deadline=1_000)))
    repo.create_match(a_match("m_sharded", deadline=1_500))
    old = {
        i[keys.GSI1_SK]["S"]: i[keys.GSI1_PK]["S"]
        for i in client.scan(TableName=TABLE, IndexName=keys.GSI1)["Items"]
    }
    assert sorted(old.values()) == sorted([keys.LEGACY_LIVE, keys.LEGACY_LIVE, keys.live_pk("m_sharded")])

    # Then the sweep finds them all, merged by deadline, and honours its limit across old and new keys
    assert repo.overdue_matches(now=3_000, limit=10) == ["m_unpacked", "m_sharded", "m_packed"]
    assert repo.overdue_matches(now=3_000, limit=2) == ["m_unpacked", "m_sharded"]
    assert repo.overdue_matches(now=1_200, limit=10) == ["m_unpacked"]

    # And a save (a move) moves the entry to its shard, where the sweep still finds it
    match = repo.get_match("m_packed")
    assert match is not None
    match.version, match.deadline = 2, 2_500
    repo.save_match(match, expected_version=1)
    item = raw_item(client, keys.match_pk("m_packed"), keys.MATCH_SK)
    assert item is not None
    assert (item[keys.GSI1_PK]["S"], item[keys.GSI1_SK]["S"]) == (
        keys.live_pk("m_packed"),
        keys.live_sk(2_500, "m_packed"),
    )
    assert repo.overdue_matches(now=3_000, limit=10) == ["m_unpacked", "m_sharded", "m_packed"]


def test_a_scopa_state_leaves_out_what_its_seed_gives_and_gets_it_back(
    repo: DynamoRepository, client: Any
) -> None:
    match = a_match("m_dealt")
    assert match.state["deck"]
    assert match.state["commitments"]
    repo.create_match(match)
    item = raw_item(client, keys.match_pk("m_dealt"), keys.MATCH_SK)
    assert item is not None
    state = unpack(item["doc"]["B"])["state"]
    assert "deck" not in state
    assert "commitments" not in state
    assert state["derived"] == {"deck": 1, "commitments": len(match.state["commitments"])}
    assert repo.get_match("m_dealt") == match

    # A state the seed does not give back (never written by the engine) is kept whole.
    odd = dataclasses.replace(match, id="m_odd", state={**match.state, "commitments": ["0" * 64]})
    repo.create_match(odd)
    kept = raw_item(client, keys.match_pk("m_odd"), keys.MATCH_SK)
    assert kept is not None
    assert unpack(kept["doc"]["B"])["state"]["commitments"] == ["0" * 64]
    assert "deck" not in unpack(kept["doc"]["B"])["state"]
    assert repo.get_match("m_odd") == odd

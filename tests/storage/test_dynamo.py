"""What is DynamoDB's own in the repository on moto: the items' shapes and keys.

What a store must do whatever the adapter (round trips, conditions, paging, a move race) is in
``tests/contract``, run on DynamoDB and on SQLite alike.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.players_matches import DynamoRepository
from scopa.application.auth import hash_token
from tests.contract.support import a_match, a_player
from tests.storage.conftest import TABLE


def raw_item(client: Any, pk: str, sk: str) -> dict[str, Any] | None:
    item: dict[str, Any] | None = client.get_item(
        TableName=TABLE, Key={keys.PK: {"S": pk}, keys.SK: {"S": sk}}
    ).get("Item")
    return item


def test_a_player_is_a_profile_item_and_a_token_item_keyed_by_the_hash(
    repo: DynamoRepository, client: Any
) -> None:
    repo.create_player(a_player())
    items = client.scan(TableName=TABLE)["Items"]
    assert "scp_secret-ada" not in repr(items)
    assert {i[keys.PK]["S"] for i in items} == {"PLAYER#p_ada", f"TOKEN#{hash_token('scp_secret-ada')}"}


def test_a_match_has_one_list_item_per_distinct_player(repo: DynamoRepository, client: Any) -> None:
    match = a_match()
    repo.create_match(match)
    assert raw_item(client, "PLAYER#p_ada", keys.player_match_sk(match.created_at, "m_1")) is not None
    assert raw_item(client, "PLAYER#bot-greedy", keys.player_match_sk(match.created_at, "m_1")) is not None


def test_the_seeded_flag_is_written_only_when_true(repo: DynamoRepository, client: Any) -> None:
    repo.create_match(dataclasses.replace(a_match("m_seeded"), seeded=True))
    item = raw_item(client, keys.match_pk("m_seeded"), keys.MATCH_SK)
    assert item is not None
    assert item["seeded"] == {"BOOL": True}

    repo.create_match(a_match("m_plain"))
    plain = raw_item(client, keys.match_pk("m_plain"), keys.MATCH_SK)
    assert plain is not None
    assert "seeded" not in plain  # written only when true: items from before read alike


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

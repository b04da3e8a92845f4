"""A round too big for one DynamoDB item (an arena's first wave at thousands of entrants) is stored as the
round's item plus part items, written in one transaction; these tests look under the port at the items."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import as_json, from_item, item_key, to_item
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.adapters.dynamodb.tournament_items import round_items
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.tournaments import TournamentRepository
from scopa.domain.tournaments.records import RoundRecord, TableRecord
from tests.contract.test_tournaments import an_arena_wave, running
from tests.storage.conftest import TABLE


@pytest.fixture
def tournaments(client: Any) -> TournamentRepository:
    return dynamodb_stores(client, TABLE, ranking_shards=4).tournaments


def round_items_stored(client: Any, number: int) -> list[dict[str, Any]]:
    found = client.query(
        TableName=TABLE,
        KeyConditionExpression="pk = :pk AND begins_with(sk, :sk)",
        ExpressionAttributeValues=to_item({":pk": "TOURNAMENT#t_run", ":sk": keys.round_sk(number)}),
    )["Items"]
    return [from_item(i) for i in found]


def test_a_small_round_is_one_item_as_before_and_a_big_one_splits_under_the_limit() -> None:
    small = RoundRecord(1, [TableRecord(1, "p_a", "p_b")], ["p_c"], "2027-03-02T10:01:00.000Z")
    (item,) = round_items("t_1", small)
    assert item["tables"] == as_json([t.to_json() for t in small.tables])
    assert "parts" not in item

    wave = an_arena_wave(1, 10_000)
    items = round_items("t_1", wave)
    assert items[0]["parts"] == len(items) == 4
    assert [i[keys.SK] for i in items] == ["ROUND#0001", "ROUND#0001#01", "ROUND#0001#02", "ROUND#0001#03"]
    assert all(len(i["tables"].encode()) <= 300_000 for i in items)
    joined = [t for i in items for t in json.loads(i["tables"])]
    assert joined == [t.to_json() for t in wave.tables]


def test_a_part_of_another_version_is_read_again_and_never_mixed_in(client: Any, tournaments: Any) -> None:
    """A reader that meets the parts of another write (a query sees a transaction's items one by one)
    reads again; when it keeps meeting them it gives up with a conflict instead of a mixed round."""
    running(tournaments)
    wave = an_arena_wave(1, 10_000)
    tournaments.create_round("t_run", wave)
    key = item_key("TOURNAMENT#t_run", keys.round_part_sk(1, 2))
    good = client.get_item(TableName=TABLE, Key=key)["Item"]
    client.put_item(TableName=TABLE, Item={**good, "version": {"N": "7"}})
    with pytest.raises(WriteConflict):
        tournaments.get_round("t_run", 1)
    with pytest.raises(WriteConflict):
        tournaments.load("t_run")

    real_query = client.query
    calls = {"n": 0}

    def torn_once(**kwargs: Any) -> Any:  # the first read sees the half-written part, the next the whole
        calls["n"] += 1
        if calls["n"] == 2:
            client.put_item(TableName=TABLE, Item=good)
        return real_query(**kwargs)

    client.query = torn_once
    assert tournaments.get_round("t_run", 1) == wave
    assert calls["n"] == 2


def test_a_round_that_shrinks_ignores_its_old_parts(client: Any, tournaments: Any) -> None:
    running(tournaments)
    wave = an_arena_wave(1, 10_000)
    tournaments.create_round("t_run", wave)
    fewer = dataclasses.replace(wave, tables=wave.tables[:10], version=2)
    tournaments.save_round("t_run", fewer, expected_version=1)
    assert len(round_items_stored(client, 1)) == 4  # the old parts are still there ...
    assert tournaments.get_round("t_run", 1) == fewer  # ... and read by nobody
    bundle = tournaments.load("t_run")
    assert bundle is not None
    assert bundle.rounds == [fewer]

"""The scale bench's meter bills per partition as DynamoDB does (moto): item size rounding, the larger of
before and after, transactions twice, an index entry moved as two writes, whole items behind a projection."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from bench.capacity import CapacityMeter, Unit
from scopa.adapters.dynamodb.players_matches import create_table

TABLE = "capacity-test"


@pytest.fixture
def meter(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, CapacityMeter]]:
    monkeypatch.setenv("AWS_DEFAULT_REGION", "eu-south-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    with mock_aws():
        client, peek = boto3.client("dynamodb"), boto3.client("dynamodb")
        create_table(peek, TABLE)
        m = CapacityMeter(client, peek, TABLE)
        yield client, m
        m.detach()


def _item(pk: str, sk: str, size: int, **extra: str) -> dict[str, Any]:
    item = {"pk": {"S": pk}, "sk": {"S": sk}, "pad": {"S": "x" * size}}
    item.update({name: {"S": value} for name, value in extra.items()})
    return item


def _by(units: list[Unit]) -> dict[str, tuple[float, float]]:
    found: dict[str, tuple[float, float]] = {}
    for u in units:
        w, r = found.get(u.partition, (0.0, 0.0))
        found[u.partition] = (w + u.wcu, r + u.rcu)
    return found


def test_writes_bill_the_larger_item_per_started_kb_and_indexes_apart(
    meter: tuple[Any, CapacityMeter],
) -> None:
    client, m = meter
    with m.recording() as units:
        client.put_item(TableName=TABLE, Item=_item("MATCH#1", "MATCH", 1500, gsi1pk="LIVE", gsi1sk="001#1"))
    assert _by(units) == {"table MATCH#1": (2.0, 0.0), "gsi1 LIVE": (1.0, 0.0)}  # keys-only entry: small
    with m.recording() as units:  # smaller item, the deadline moves: the old entry out, the new one in
        client.put_item(TableName=TABLE, Item=_item("MATCH#1", "MATCH", 10, gsi1pk="LIVE", gsi1sk="002#1"))
    assert _by(units) == {"table MATCH#1": (2.0, 0.0), "gsi1 LIVE": (2.0, 0.0)}
    with m.recording() as units:  # nothing projected changes: no index write
        client.put_item(TableName=TABLE, Item=_item("MATCH#1", "MATCH", 20, gsi1pk="LIVE", gsi1sk="002#1"))
    assert _by(units) == {"table MATCH#1": (1.0, 0.0)}


def test_a_transaction_bills_twice_and_a_refused_write_still_costs(meter: tuple[Any, CapacityMeter]) -> None:
    client, m = meter
    with m.recording() as units:
        client.transact_write_items(
            TransactItems=[
                {"Put": {"TableName": TABLE, "Item": _item("SEEK#1", "SEEK", 100)}},
                {"Put": {"TableName": TABLE, "Item": _item("PLAYER#a", "SEEK#1", 2000)}},
            ]
        )
    assert _by(units) == {"table SEEK#1": (2.0, 0.0), "table PLAYER#a": (4.0, 0.0)}
    with m.recording() as units, pytest.raises(client.exceptions.ConditionalCheckFailedException):
        client.put_item(
            TableName=TABLE, Item=_item("SEEK#1", "SEEK", 10), ConditionExpression="attribute_not_exists(pk)"
        )
    assert _by(units) == {"table SEEK#1": (1.0, 0.0)}


def test_reads_bill_whole_items_whatever_the_projection(meter: tuple[Any, CapacityMeter]) -> None:
    client, m = meter
    for n in range(5):
        client.put_item(TableName=TABLE, Item=_item("TOPIC#lobby", f"CONN#{n}", 2000))
    with m.recording() as units:
        client.query(
            TableName=TABLE,
            KeyConditionExpression="pk = :p",
            ExpressionAttributeValues={":p": {"S": "TOPIC#lobby"}},
            ProjectionExpression="sk",
            ConsistentRead=True,
        )
        client.get_item(TableName=TABLE, Key={"pk": {"S": "TOPIC#lobby"}, "sk": {"S": "CONN#0"}})
    # five items of about 2 KB: 3 RCU strongly consistent; one item read eventually consistent: 0.5
    assert [(u.operation, u.partition, u.rcu) for u in units] == [
        ("Query", "table TOPIC#lobby", 3.0),
        ("GetItem", "table TOPIC#lobby", 0.5),
    ]

"""One contract, two adapters: every test here runs on DynamoDB (in-process moto) and on SQLite (a
temporary file), and must pass the same way on both."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

from scopa.adapters.dynamodb.players_matches import create_table
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.adapters.sqlite.database import Database
from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.wiring import Stores
from tests.common import ManualClock, use_fake_aws

use_fake_aws()

TABLE = "scopa-contract-test"
ADAPTERS = ("dynamodb", "sqlite")

# What ``count`` counts: the item ``type`` on DynamoDB, the table on SQLite.
SQLITE_TABLES = {"player": "players", "token": "tokens", "match": "matches"}


@pytest.fixture(params=ADAPTERS)
def adapter(request: Any) -> str:
    return str(request.param)


@pytest.fixture
def stores(adapter: str, tmp_path: Path) -> Iterator[Stores]:
    """Every port on a fresh, empty store of the adapter under test."""
    if adapter == "dynamodb":
        with mock_aws():
            client = boto3.client("dynamodb", region_name="eu-south-1")
            create_table(client, TABLE)
            yield dynamodb_stores(client, TABLE, ranking_shards=4)
    else:
        yield sqlite_stores(tmp_path / "contract.db")


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def _sqlite_db(stores: Stores) -> Database:
    db = getattr(stores.players, "db", None)
    assert isinstance(db, Database)
    return db


@pytest.fixture
def count(adapter: str, stores: Stores) -> Callable[[str], int]:
    """How many players, tokens or matches the store holds (looked at under the port, for the tests that
    check a re-run wrote nothing new)."""

    def counted(kind: str) -> int:
        if adapter == "dynamodb":
            client: Any = getattr(stores.players, "client")  # noqa: B009
            items = client.scan(
                TableName=TABLE,
                FilterExpression="#t = :t",
                ExpressionAttributeNames={"#t": "type"},
                ExpressionAttributeValues={":t": {"S": kind}},
            )["Items"]
            return len(items)
        row = _sqlite_db(stores).one(f"SELECT COUNT(*) AS n FROM {SQLITE_TABLES[kind]}")
        assert row is not None
        return int(row["n"])

    return counted


@pytest.fixture
def everything_stored(adapter: str, stores: Stores) -> Callable[[], str]:
    """All the store holds, as text (for the tests that check a secret is stored nowhere)."""

    def dump() -> str:
        if adapter == "dynamodb":
            client: Any = getattr(stores.players, "client")  # noqa: B009
            return json.dumps(client.scan(TableName=TABLE)["Items"])
        return "\n".join(_sqlite_db(stores).connection.iterdump())

    return dump

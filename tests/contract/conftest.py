"""One contract, two adapters: every test here runs on DynamoDB (in-process moto) and on SQLite (a
temporary file), and must pass the same way on both."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

from scopa.adapters.dynamodb.players_matches import create_table
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.wiring import Stores
from tests.common import use_fake_aws

use_fake_aws()

TABLE = "scopa-contract-test"
ADAPTERS = ("dynamodb", "sqlite")


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

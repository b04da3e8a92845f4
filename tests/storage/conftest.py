"""The repository on an in-process moto DynamoDB table, and services over it with a hand-moved clock."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from scopa.adapters.dynamodb.players_matches import DynamoRepository, create_table
from tests.common import ManualClock, use_fake_aws

use_fake_aws()

TABLE = "scopa-storage-test"


FixedClock = ManualClock  # time stands still unless a test moves it


@pytest.fixture
def client() -> Iterator[Any]:
    with mock_aws():
        ddb = boto3.client("dynamodb", region_name="eu-south-1")
        create_table(ddb, TABLE)
        yield ddb


@pytest.fixture
def repo(client: Any) -> DynamoRepository:
    return DynamoRepository(client, TABLE)


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()

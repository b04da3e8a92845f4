"""The repository on an in-process moto DynamoDB table, and services over it with a hand-moved clock."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from scopa.storage.dynamo import DynamoRepository, create_table

os.environ.setdefault("AWS_DEFAULT_REGION", "eu-south-1")
os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")

TABLE = "scopa-storage-test"


class FixedClock:
    """Time stands still unless a test moves it; sleeping moves it at once."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


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

"""The CDK table: the same keys, indexes and TTL as ``create_table`` (what tests and the local server use),
on-demand, point-in-time recovery, retained, deletion-protected in prod."""

from __future__ import annotations

import json
from typing import Any

from aws_cdk.assertions import Match

from scopa.adapters.dynamodb.players_matches import create_table
from tests.infra.conftest import Synthesised


class _Recorder:
    """Stands in for a boto3 client: keeps what ``create_table`` asks for."""

    def __init__(self) -> None:
        self.calls: dict[str, dict[str, Any]] = {}

    def create_table(self, **kwargs: Any) -> None:
        self.calls["create_table"] = kwargs

    def update_time_to_live(self, **kwargs: Any) -> None:
        self.calls["update_time_to_live"] = kwargs


def _local_definition() -> dict[str, dict[str, Any]]:
    recorder = _Recorder()
    create_table(recorder, "any")
    return recorder.calls


def _by_name(indexes: list[dict[str, Any]]) -> dict[str, tuple[Any, Any]]:
    return {i["IndexName"]: (i["KeySchema"], i["Projection"]["ProjectionType"]) for i in indexes}


def test_keys_indexes_and_ttl_match_the_local_table_definition(dev: Synthesised) -> None:
    local = _local_definition()
    table = dev.one("AWS::DynamoDB::Table")["Properties"]
    wanted = local["create_table"]
    assert table["KeySchema"] == wanted["KeySchema"]
    assert sorted(table["AttributeDefinitions"], key=str) == sorted(wanted["AttributeDefinitions"], key=str)
    assert _by_name(table["GlobalSecondaryIndexes"]) == _by_name(wanted["GlobalSecondaryIndexes"])
    ttl = local["update_time_to_live"]["TimeToLiveSpecification"]
    assert table["TimeToLiveSpecification"] == {"AttributeName": ttl["AttributeName"], "Enabled": True}
    assert table["BillingMode"] == wanted["BillingMode"] == "PAY_PER_REQUEST"


def test_the_table_has_point_in_time_recovery_and_outlives_the_stack(
    dev: Synthesised, prod: Synthesised
) -> None:
    for env in (dev, prod):
        env.assertions.resource_count_is("AWS::DynamoDB::Table", 1)
        env.assertions.has_resource(
            "AWS::DynamoDB::Table",
            {
                "DeletionPolicy": "Retain",
                "UpdateReplacePolicy": "Retain",
                "Properties": Match.object_like(
                    {
                        "TableName": env.config.table_name,
                        "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True},
                    }
                ),
            },
        )


def test_prod_turns_deletion_protection_on_and_dev_leaves_it_off(dev: Synthesised, prod: Synthesised) -> None:
    assert prod.one("AWS::DynamoDB::Table")["Properties"]["DeletionProtectionEnabled"] is True
    assert dev.one("AWS::DynamoDB::Table")["Properties"].get("DeletionProtectionEnabled", False) is False


def test_the_table_name_is_an_output(dev: Synthesised) -> None:
    dev.assertions.has_output(
        "TableName", {"Value": {"Ref": dev.logical_id("AWS::DynamoDB::Table", "DataTable")}}
    )


def test_only_prod_protects_its_stack_from_deletion(dev: Synthesised, prod: Synthesised) -> None:
    for env, protected in ((dev, False), (prod, True)):
        manifest = json.loads((env.outdir / "manifest.json").read_text())
        properties = manifest["artifacts"][env.config.stack_name]["properties"]
        assert properties.get("terminationProtection", False) is protected

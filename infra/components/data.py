"""The single DynamoDB table, keyed and indexed from :mod:`scopa.adapters.dynamodb.keys` so the two
cannot drift."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_dynamodb as dynamodb
from constructs import Construct

from scopa.adapters.dynamodb import keys

#: (index, partition key, sort key, projection) of every global secondary index the access patterns use.
INDEXES: tuple[tuple[str, str, str, dynamodb.ProjectionType], ...] = (
    (keys.GSI1, keys.GSI1_PK, keys.GSI1_SK, dynamodb.ProjectionType.KEYS_ONLY),  # deadlines, queues
    (keys.GSI2, keys.GSI2_PK, keys.GSI2_SK, dynamodb.ProjectionType.ALL),  # Elo leaderboards
    (keys.GSI3, keys.GSI3_PK, keys.GSI3_SK, dynamodb.ProjectionType.ALL),  # Glicko-2 leaderboards
)


class Data(Construct):
    """On-demand table with PITR and TTL, kept when the stack goes (``RemovalPolicy.RETAIN``)."""

    def __init__(self, scope: Construct, construct_id: str, *, table_name: str, deletion_protection: bool):
        super().__init__(scope, construct_id)
        self.table = dynamodb.Table(
            self,
            "Table",
            table_name=table_name,
            partition_key=dynamodb.Attribute(name=keys.PK, type=dynamodb.AttributeType.STRING),
            sort_key=dynamodb.Attribute(name=keys.SK, type=dynamodb.AttributeType.STRING),
            billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
            point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=True
            ),
            deletion_protection=deletion_protection,
            time_to_live_attribute=keys.TTL_ATTRIBUTE,
            removal_policy=RemovalPolicy.RETAIN,
        )
        for name, pk, sk, projection in INDEXES:
            self.table.add_global_secondary_index(
                index_name=name,
                partition_key=dynamodb.Attribute(name=pk, type=dynamodb.AttributeType.STRING),
                sort_key=dynamodb.Attribute(name=sk, type=dynamodb.AttributeType.STRING),
                projection_type=projection,
            )

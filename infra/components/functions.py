"""The Lambda functions (API, pipeline, live, notifier), their shared dependency layer, log groups and roles.

Handler code is the plain ``functions/`` folder and the layer a folder built by ``infra.layer`` (the
domain package and the runtime dependencies for arm64): no Docker, no bundling at synth time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from aws_cdk import Acknowledgment, Duration, RemovalPolicy, Validations
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.components import grants
from infra.components.retention import retention
from infra.config import PYTHON_VERSION, EnvironmentConfig, FunctionSize

ROOT = Path(__file__).resolve().parents[2]
FUNCTIONS_DIR = ROOT / "functions"
#: Local helpers that never run in Lambda (they serve and invoke the handlers on a developer machine).
FUNCTIONS_EXCLUDE = ["local_server.py", "local_invoke.py", "README.md", "**/__pycache__", "*.pyc"]

#: CDK's runtime for each version ``PYTHON_VERSION`` may name (it must also be one the suite runs on).
RUNTIMES = {
    "3.12": lambda_.Runtime.PYTHON_3_12,
    "3.13": lambda_.Runtime.PYTHON_3_13,
    "3.14": lambda_.Runtime.PYTHON_3_14,
}
RUNTIME = RUNTIMES[PYTHON_VERSION]


@dataclass(frozen=True)
class FunctionSpec:
    """What differs between the functions."""

    construct_id: str
    handler: str
    service: str  # POWERTOOLS_SERVICE_NAME
    description: str


API = FunctionSpec("Api", "api.handler.handler", "scopa-api", "Scopa HTTP API: every route")
PIPELINE = FunctionSpec(
    "Pipeline", "pipeline.handler.handler", "scopa-pipeline", "Scopa pipeline, every minute"
)
LIVE = FunctionSpec(
    "Live", "live.handler.handler", "scopa-live", "Scopa WebSocket API: connect, disconnect, messages"
)
NOTIFIER = FunctionSpec(
    "Notifier", "notifier.handler.handler", "scopa-notifier", "Scopa notifier: a change to its subscribers"
)
#: A notifier run that failed is retried once (a resent update is harmless: clients keep the newest
#: version); an event older than this is dropped, since a newer change will have been sent meanwhile.
NOTIFIER_RETRIES = 1
NOTIFIER_MAX_AGE = Duration.minutes(1)


class Functions(Construct):
    """The four functions, each with a least-privilege role on ``table``.

    The live side (``live``, ``notifier``) is wired to its WebSocket API by
    :class:`infra.components.live.Live`.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: EnvironmentConfig,
        table: dynamodb.ITable,
        layer_dir: Path,
    ):
        super().__init__(scope, construct_id)
        self.layer = lambda_.LayerVersion(
            self,
            "Dependencies",
            code=lambda_.Code.from_asset(str(layer_dir)),
            compatible_runtimes=[RUNTIME],
            compatible_architectures=[lambda_.Architecture.ARM_64],
            description="scopa domain package and runtime dependencies (manylinux aarch64 wheels)",
        )
        self.code = lambda_.Code.from_asset(str(FUNCTIONS_DIR), exclude=FUNCTIONS_EXCLUDE)
        common_env = {
            "TABLE_NAME": table.table_name,
            "RANKING_SHARDS": str(config.ranking_shards),
            "POWERTOOLS_METRICS_NAMESPACE": "Scopa",
            "POWERTOOLS_LOG_LEVEL": config.log_level,
            "POWERTOOLS_LOGGER_LOG_EVENT": "false",  # events carry bearer tokens
        }
        api_env = dict(common_env)
        if config.admin_token_hash:
            api_env["ADMIN_TOKEN_HASH"] = config.admin_token_hash
        self.api = self._function(API, config, config.api, api_env)
        self.pipeline = self._function(PIPELINE, config, config.pipeline, common_env, reserved_concurrency=1)
        self._grant(self.api, table, grants.API_ITEM_ACTIONS, grants.API_INDEXES)
        self._grant(self.pipeline, table, grants.PIPELINE_ITEM_ACTIONS, grants.PIPELINE_INDEXES)
        self.live = self._function(LIVE, config, config.live, common_env)
        self.notifier = self._function(NOTIFIER, config, config.notifier, common_env)
        self._grant(self.live, table, grants.LIVE_ITEM_ACTIONS, grants.LIVE_INDEXES)
        self._grant(self.notifier, table, grants.NOTIFIER_ITEM_ACTIONS, grants.NOTIFIER_INDEXES)
        self.notifier.configure_async_invoke(retry_attempts=NOTIFIER_RETRIES, max_event_age=NOTIFIER_MAX_AGE)

    def _function(
        self,
        spec: FunctionSpec,
        config: EnvironmentConfig,
        size: FunctionSize,
        environment: dict[str, str],
        reserved_concurrency: int | None = None,
    ) -> lambda_.Function:
        log_group = logs.LogGroup(
            self,
            f"{spec.construct_id}Logs",
            retention=retention(config.log_retention_days),
            removal_policy=RemovalPolicy.RETAIN if config.retain_logs else RemovalPolicy.DESTROY,
        )
        role = iam.Role(
            self,
            f"{spec.construct_id}Role",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"{spec.description}: its log group, X-Ray, and its DynamoDB actions on the table",
        )
        # The function's own log group only (no logs:CreateLogGroup, no account-wide managed policy).
        log_group.grant_write(role)
        function = lambda_.Function(
            self,
            spec.construct_id,
            description=spec.description,
            runtime=RUNTIME,
            architecture=lambda_.Architecture.ARM_64,
            handler=spec.handler,
            code=self.code,
            layers=[self.layer],
            memory_size=size.memory_mb,
            timeout=Duration.seconds(size.timeout_seconds),
            environment={**environment, "POWERTOOLS_SERVICE_NAME": spec.service},
            role=role,
            log_group=log_group,
            tracing=lambda_.Tracing.ACTIVE,
            reserved_concurrent_executions=reserved_concurrency,
        )
        Validations.of(role).acknowledge(
            Acknowledgment(
                id="AwsSolutions::AwsSolutions-IAM5[Resource::*]",
                reason="X-Ray's PutTraceSegments and PutTelemetryRecords have no resource-level permissions",
            )
        )
        Validations.of(function).acknowledge(
            Acknowledgment(
                id="AwsSolutions::AwsSolutions-L1",
                reason=f"Python {PYTHON_VERSION}, not the newest runtime: what ships is what is tested, "
                "and no newer Python exists on the machines that run the suite (config.PYTHON_VERSION)",
            )
        )
        return function

    @staticmethod
    def _grant(
        function: lambda_.Function,
        table: dynamodb.ITable,
        item_actions: Sequence[str],
        indexes: Sequence[str],
    ) -> None:
        function.add_to_role_policy(
            iam.PolicyStatement(actions=list(item_actions), resources=[table.table_arn])
        )
        if indexes:
            function.add_to_role_policy(
                iam.PolicyStatement(
                    actions=list(grants.INDEX_ACTIONS),
                    resources=[f"{table.table_arn}/index/{name}" for name in indexes],
                )
            )

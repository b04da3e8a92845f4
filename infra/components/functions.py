"""The Lambda functions (API, pipeline, live, notifier, jobs), their shared dependency layer, log groups,
roles, versions and aliases, and the SSM parameter of the admin token's hash.

Handler code is the plain ``functions/`` folder and the layer a folder built by ``infra.layer`` (the
domain package and the runtime dependencies for arm64): no Docker, no bundling at synth time.

Versions: the API, live and notifier functions publish a version at every change of code or
configuration, and are reached only through their alias ``live`` (API Gateway's integrations, the
notifier's invokes). The API's alias moves by CodeDeploy (:mod:`infra.components.deploys`); the other two
aliases move at once with the stack. The pipeline (invoked by its schedule) and the jobs function (by the
API, asynchronously) run ``$LATEST``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from aws_cdk import Acknowledgment, Duration, RemovalPolicy, Stack, Validations
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_secretsmanager as secretsmanager
from aws_cdk import aws_ssm as ssm
from constructs import Construct

from infra.components import grants
from infra.components.retention import retention
from infra.config import CORS_HEADERS, PYTHON_VERSION, EnvironmentConfig, FunctionSize

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
JOBS = FunctionSpec(
    "Jobs", "jobs.handler.handler", "scopa-jobs", "Scopa jobs: admin work run asynchronously (recompute)"
)
#: A job is safe to run again (it replaces what it computes), so a failed run is retried once; a job
#: still queued after an hour is dropped, and the status route shows it queued until a new one is asked.
JOBS_RETRIES = 1
JOBS_MAX_AGE = Duration.hours(1)
ALIAS = "live"
#: Seconds the API's Powertools Parameters cache keeps the admin token's hash: a rotated hash takes
#: effect within this bound on every warm container.
ADMIN_HASH_MAX_AGE = 300
#: The move URL's CORS preflight answer is kept by browsers as long as the HTTP API's (10 minutes).
MOVE_URL_CORS_MAX_AGE = 600


class Functions(Construct):
    """The five functions, each with a least-privilege role on ``table``.

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
        self.api = self._function(
            API, config, config.api, dict(common_env), reserved_concurrency=config.api_reserved_concurrency
        )
        self.pipeline = self._function(
            PIPELINE,
            config,
            config.pipeline,
            common_env,
            reserved_concurrency=config.pipeline_reserved_concurrency,
        )
        self._grant(self.api, table, grants.API_ITEM_ACTIONS, grants.API_INDEXES)
        self._grant(self.pipeline, table, grants.PIPELINE_ITEM_ACTIONS, grants.PIPELINE_INDEXES)
        self.live = self._function(LIVE, config, config.live, common_env)
        self.notifier = self._function(NOTIFIER, config, config.notifier, common_env)
        self._grant(self.live, table, grants.LIVE_ITEM_ACTIONS, grants.LIVE_INDEXES)
        self._grant(self.notifier, table, grants.NOTIFIER_ITEM_ACTIONS, grants.NOTIFIER_INDEXES)
        self.notifier.add_to_role_policy(
            iam.PolicyStatement(
                actions=list(grants.NOTIFIER_LEASE_ACTIONS),
                resources=[table.table_arn],
                conditions={
                    "ForAllValues:StringLike": {"dynamodb:LeadingKeys": list(grants.NOTIFIER_LEASE_KEYS)}
                },
            )
        )
        self.jobs = self._function(JOBS, config, config.jobs, common_env)
        self._grant(self.jobs, table, grants.JOBS_ITEM_ACTIONS, grants.JOBS_INDEXES)
        self.jobs.configure_async_invoke(retry_attempts=JOBS_RETRIES, max_event_age=JOBS_MAX_AGE)
        # The API queues jobs: it may invoke the jobs function (unqualified: $LATEST) and nothing else.
        self.api.add_to_role_policy(
            iam.PolicyStatement(actions=["lambda:InvokeFunction"], resources=[self.jobs.function_arn])
        )
        self.api.add_environment("JOBS_FUNCTION", self.jobs.function_name)

        # The key that signs players' tokens (docs/data-model.md, SECURITY.md): generated by Secrets Manager,
        # never in a template or an environment; each function reads it once per container.
        self.signing_key = secretsmanager.Secret(
            self,
            "TokenSigningKey",
            description="HMAC key of the Scopa players' tokens; replacing it signs every player out",
            generate_secret_string=secretsmanager.SecretStringGenerator(
                password_length=64, exclude_punctuation=True
            ),
        )
        Validations.of(self.signing_key).acknowledge(
            Acknowledgment(
                id="AwsSolutions::AwsSolutions-SMG4",
                reason="no automatic rotation: a new key signs every player out (a planned event)",
            )
        )
        for function in (self.api, self.pipeline, self.live, self.notifier, self.jobs):
            self.share_signing_key(function)

        # Aliases: what API Gateway and the other functions invoke; each points at the newest version.
        self.api_alias = lambda_.Alias(self, "ApiLive", alias_name=ALIAS, version=self.api.current_version)
        self.live_alias = lambda_.Alias(self, "LiveLive", alias_name=ALIAS, version=self.live.current_version)
        self.notifier_alias = lambda_.Alias(
            self,
            "NotifierLive",
            alias_name=ALIAS,
            version=self.notifier.current_version,
            retry_attempts=NOTIFIER_RETRIES,
            max_event_age=NOTIFIER_MAX_AGE,
        )

        self.move_url: lambda_.FunctionUrl | None = None
        self.move_url_parameter: ssm.StringParameter | None = None
        if config.move_url:
            self._add_move_url(config)

        # The admin token's hash: an SSM parameter the API reads (and caches) through Powertools.
        self.admin_parameter: ssm.IStringParameter | None = None
        name = config.admin_parameter_name
        if name is not None:
            if config.admin_token_parameter:  # made outside the stack (String or SecureString)
                self.admin_parameter = ssm.StringParameter.from_string_parameter_name(
                    self, "AdminTokenHash", name
                )
            else:
                assert config.admin_token_hash is not None
                self.admin_parameter = ssm.StringParameter(
                    self,
                    "AdminTokenHash",
                    parameter_name=name,
                    string_value=config.admin_token_hash,
                    description="SHA-256 (hex) of the Scopa admin token; the token itself is kept nowhere",
                )
            # Exactly this parameter, read only (GetParameter; SSM's aws/ssm key decrypts a SecureString
            # for callers of this account through SSM, so no KMS grant is needed with the default key).
            self._let_api_read_parameter(name)
            self.api.add_environment("ADMIN_TOKEN_PARAMETER", name)
            self.api.add_environment("ADMIN_TOKEN_MAX_AGE", str(ADMIN_HASH_MAX_AGE))

    def _let_api_read_parameter(self, name: str) -> None:
        """GetParameter on exactly the parameter ``name``, nothing else of SSM."""
        arn = Stack.of(self).format_arn(service="ssm", resource="parameter", resource_name=name.lstrip("/"))
        self.api.add_to_role_policy(iam.PolicyStatement(actions=["ssm:GetParameter"], resources=[arn]))

    def _add_move_url(self, config: EnvironmentConfig) -> None:
        """A function URL on the API's alias for moves (the handler serves nothing else there), and the
        SSM parameter that tells the API (and through match answers, clients) where it is. The function's
        environment names the parameter, not the URL: the URL depends on the alias, hence on the version,
        hence on the environment."""
        self.move_url = self.api_alias.add_function_url(
            auth_type=lambda_.FunctionUrlAuthType.NONE,
            cors=lambda_.FunctionUrlCorsOptions(
                allowed_origins=list(config.cors_origins),
                allowed_methods=[lambda_.HttpMethod.POST],
                allowed_headers=list(CORS_HEADERS),
                max_age=Duration.seconds(MOVE_URL_CORS_MAX_AGE),
            ),
        )
        name = config.move_url_parameter_name
        self.move_url_parameter = ssm.StringParameter(
            self,
            "MoveUrl",
            parameter_name=name,
            string_value=self.move_url.url,
            description="The Scopa API function's URL for moves (links.moves of match answers)",
        )
        self._let_api_read_parameter(name)
        self.api.add_environment("MOVE_URL_PARAMETER", name)

    def share_signing_key(self, function: lambda_.Function) -> None:
        """Let ``function`` read the token signing key (``TOKEN_SIGNING_KEY_SECRET``): every function that
        builds the services needs it, as they all check or issue tokens."""
        # GetSecretValue only: CDK's grant_read adds DescribeSecret, which nothing calls.
        function.add_to_role_policy(
            iam.PolicyStatement(
                actions=["secretsmanager:GetSecretValue"], resources=[self.signing_key.secret_arn]
            )
        )
        function.add_environment("TOKEN_SIGNING_KEY_SECRET", self.signing_key.secret_arn)

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

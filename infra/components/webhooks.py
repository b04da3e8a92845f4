"""Webhook deliveries: an SQS queue, its dead-letter queue (alarmed), and the function that consumes it.

The API and the pipeline record each delivery and send one message to :attr:`Webhooks.queue`
(``WEBHOOK_QUEUE_URL``). The webhooks function takes them in small batches and sends each once; a failed
attempt's message is made visible again after the backoff, and after the most attempts
(:data:`~scopa.application.services.webhooks.MAX_ATTEMPTS` receives) SQS moves it to
:attr:`Webhooks.dead_letters`, whose depth alarms the monitoring topic. The function reads the table
(deliveries, hooks) and writes deliveries; it never deletes an item.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Duration, RemovalPolicy, Validations
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_sns as sns
from constructs import Construct

from infra.components import queues
from infra.components.functions import RUNTIME, Functions
from infra.components.retention import retention
from infra.config import PYTHON_VERSION, EnvironmentConfig
from scopa.application.services.webhooks import MAX_ATTEMPTS

#: What the webhooks function does on the table: read a delivery and its hook, write the attempt.
WEBHOOKS_ITEM_ACTIONS = ("dynamodb:GetItem", "dynamodb:PutItem")
BATCH_SIZE = 5  # each send waits at most 5 s: a batch fits the timeout with room to spare
TIMEOUT = Duration.seconds(60)
VISIBILITY = Duration.seconds(360)  # six times the function's timeout, as Lambda's SQS guidance asks


class Webhooks(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: EnvironmentConfig,
        functions: Functions,
        table: dynamodb.ITable,
        topic: sns.ITopic,
        senders: list[lambda_.Function],
    ):
        super().__init__(scope, construct_id)
        self.dead_letters = queues.dead_letters(self)
        self.queue = queues.redriven(
            self,
            "Deliveries",
            dead=self.dead_letters,
            receives=MAX_ATTEMPTS,
            visibility=VISIBILITY,
            retention=Duration.days(4),
        )
        log_group = logs.LogGroup(
            self,
            "ConsumerLogs",
            retention=retention(config.log_retention_days),
            removal_policy=RemovalPolicy.RETAIN if config.retain_logs else RemovalPolicy.DESTROY,
        )
        role = iam.Role(
            self,
            "ConsumerRole",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description="Scopa webhooks: its log group, X-Ray, its queue, and reading and writing deliveries",
        )
        log_group.grant_write(role)
        self.function = lambda_.Function(
            self,
            "Consumer",
            description="Scopa webhooks: sends queued deliveries, signed, and schedules retries",
            runtime=RUNTIME,
            architecture=lambda_.Architecture.ARM_64,
            handler="webhooks.handler.handler",
            code=functions.code,
            layers=[functions.layer],
            memory_size=config.notifier.memory_mb,
            timeout=TIMEOUT,
            environment={
                "TABLE_NAME": table.table_name,
                "WEBHOOK_QUEUE_URL": self.queue.queue_url,
                "POWERTOOLS_SERVICE_NAME": "scopa-webhooks",
                "POWERTOOLS_METRICS_NAMESPACE": "Scopa",
                "POWERTOOLS_LOG_LEVEL": config.log_level,
                "POWERTOOLS_LOGGER_LOG_EVENT": "false",
            },
            role=role,
            log_group=log_group,
            tracing=lambda_.Tracing.ACTIVE,
        )
        functions.share_signing_key(self.function)  # it builds the services, which check tokens
        Validations.of(role).acknowledge(
            Acknowledgment(
                id="AwsSolutions::AwsSolutions-IAM5[Resource::*]",
                reason="X-Ray's PutTraceSegments and PutTelemetryRecords have no resource-level permissions",
            )
        )
        Validations.of(self.function).acknowledge(
            Acknowledgment(
                id="AwsSolutions::AwsSolutions-L1",
                reason=f"Python {PYTHON_VERSION}, not the newest runtime: what ships is what is tested",
            )
        )
        self.function.add_to_role_policy(
            iam.PolicyStatement(actions=list(WEBHOOKS_ITEM_ACTIONS), resources=[table.table_arn])
        )
        # max_concurrency: a slow receiver must not take every Lambda of the account; the function itself
        # delays a retry (ChangeMessageVisibility: the backoff).
        queues.feed(
            self.queue,
            self.function,
            batch_size=BATCH_SIZE,
            max_concurrency=5,
            also=("sqs:ChangeMessageVisibility",),
        )
        for sender in senders:
            queues.allow_send(self.queue, sender)
            sender.add_environment("WEBHOOK_QUEUE_URL", self.queue.queue_url)

        depth = self.dead_letters.metric_approximate_number_of_messages_visible(
            period=Duration.minutes(1), statistic="Maximum"
        )
        self.alarm = cw.Alarm(
            self,
            "DeadLettersAlarm",
            metric=depth,
            threshold=0,
            evaluation_periods=1,
            comparison_operator=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
            treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
            alarm_description="Webhook deliveries failed every attempt (or were malformed) and wait in the "
            "dead-letter queue",
        )
        self.alarm.add_alarm_action(actions.SnsAction(topic))
        self.alarm.add_ok_action(actions.SnsAction(topic))

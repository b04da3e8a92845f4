"""The pipeline's clock: an EventBridge Scheduler schedule every minute, with retries and a dead-letter queue.

Scheduler invokes Lambda asynchronously, so its retry policy covers failed deliveries only. A run that
raises (the handler does when some tournament could not be advanced) is retried by Lambda's own
asynchronous retry and then sent to the same queue as an on-failure destination. Either way a lost run
lands in the queue, and the queue's depth is alarmed.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Duration, Stack, Validations
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_destinations as destinations
from aws_cdk import aws_scheduler as scheduler
from aws_cdk import aws_scheduler_targets as targets
from aws_cdk import aws_sqs as sqs
from constructs import Construct

RATE = Duration.minutes(1)
SCHEDULE_RETRIES = 3  # failed deliveries (throttling, service errors)
SCHEDULE_MAX_AGE = Duration.minutes(2)  # a run older than this is stale: the next one is due anyway
FUNCTION_RETRIES = 1  # a failed run once more; every pipeline step is idempotent
FUNCTION_MAX_AGE = Duration.minutes(2)


class PipelineSchedule(Construct):
    """Runs ``function`` every minute; what cannot run ends in :attr:`dead_letters`."""

    def __init__(self, scope: Construct, construct_id: str, *, function: lambda_.Function, stage: str):
        super().__init__(scope, construct_id)
        self.dead_letters = sqs.Queue(
            self,
            "DeadLetters",
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            retention_period=Duration.days(14),
        )
        Validations.of(self.dead_letters).acknowledge(
            Acknowledgment(
                id="AwsSolutions::AwsSolutions-SQS3",
                reason="This queue is the dead-letter queue (of the schedule and of the pipeline's "
                "asynchronous invocations); a queue behind it would only move the same messages again.",
            )
        )
        function.configure_async_invoke(
            retry_attempts=FUNCTION_RETRIES,
            max_event_age=FUNCTION_MAX_AGE,
            on_failure=destinations.SqsDestination(self.dead_letters),
        )
        self.role = iam.Role(
            self,
            "SchedulerRole",
            assumed_by=iam.ServicePrincipal("scheduler.amazonaws.com"),
            description="Lets EventBridge Scheduler invoke the pipeline and park undeliverable runs",
        )
        Validations.of(self.role).acknowledge(
            Acknowledgment(
                id=f"AwsSolutions::AwsSolutions-IAM5[Resource::<{_logical_id(function)}.Arn>:*]",
                reason="The Lambda target grants invoke on this one function and its qualified ARNs "
                "(versions, aliases); no other function is reachable.",
            )
        )
        self.schedule = scheduler.Schedule(
            self,
            "EveryMinute",
            description=f"Run the scopa {stage} pipeline: start, pair, time out, finish, rate",
            schedule=scheduler.ScheduleExpression.rate(RATE),
            target=targets.LambdaInvoke(
                function,
                dead_letter_queue=self.dead_letters,
                retry_attempts=SCHEDULE_RETRIES,
                max_event_age=SCHEDULE_MAX_AGE,
                role=self.role,
            ),
        )


def _logical_id(construct: Construct) -> str:
    child = construct.node.default_child
    assert child is not None
    return Stack.of(construct).get_logical_id(child)  # type: ignore[arg-type]

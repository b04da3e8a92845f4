"""The pipeline's clock and its fan-out: a schedule every minute, a work queue, one dead-letter queue.

Scheduler invokes Lambda asynchronously, so its retry policy covers failed deliveries only. A run that
raises (the handler does when some tournament could not be advanced) is retried by Lambda's own
asynchronous retry and then sent to the same queue as an on-failure destination. Either way a lost run
lands in the queue, and the queue's depth is alarmed.

The scheduled run queues one message per running tournament on :attr:`PipelineSchedule.work` (its URL is
the function's ``PIPELINE_QUEUE_URL``); the same function consumes that queue in batches of
:data:`WORK_BATCH`, at most :data:`WORKERS` invocations at once, and reports the messages whose tournament
failed, which SQS retries up to :data:`WORK_RECEIVES` times before they too land in the dead-letter queue.
The function's reserved concurrency (``infra/config.py``) must leave room for the workers and the
scheduled run: at least ``WORKERS + 1``.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Duration, Stack, Validations
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_scheduler as scheduler
from aws_cdk import aws_scheduler_targets as targets
from constructs import Construct

from infra.components import queues

RATE = Duration.minutes(1)
SCHEDULE_RETRIES = 3  # failed deliveries (throttling, service errors)
SCHEDULE_MAX_AGE = Duration.minutes(2)  # a run older than this is stale: the next one is due anyway
FUNCTION_RETRIES = 1  # a failed run once more; every pipeline step is idempotent
FUNCTION_MAX_AGE = Duration.minutes(2)
WORK_BATCH = 10  # tournaments per worker invocation
WORK_WINDOW = Duration.seconds(1)  # how long the event source gathers a batch
WORKERS = 10  # worker invocations at once (the event source's maximum concurrency)
WORK_RECEIVES = 3  # a tournament that keeps failing is parked after this many tries
WORK_RETENTION = Duration.hours(1)  # long enough for its retries; the schedule re-sends every minute anyway


class PipelineSchedule(Construct):
    """Runs ``function`` every minute; what cannot run ends in :attr:`dead_letters`."""

    def __init__(self, scope: Construct, construct_id: str, *, function: lambda_.Function, stage: str):
        super().__init__(scope, construct_id)
        self.dead_letters = queues.dead_letters(self)
        timeout = function.timeout or Duration.minutes(1)
        self.work = queues.redriven(
            self,
            "Work",
            dead=self.dead_letters,
            receives=WORK_RECEIVES,
            # AWS asks for at least six times the function's timeout, so a batch is not handed out
            # twice while a worker still holds it.
            visibility=Duration.seconds(6 * timeout.to_seconds()),
            retention=WORK_RETENTION,
        )
        queues.allow_send(self.work, function)
        function.add_environment("PIPELINE_QUEUE_URL", self.work.queue_url)
        queues.feed(self.work, function, batch_size=WORK_BATCH, max_concurrency=WORKERS, window=WORK_WINDOW)
        function.configure_async_invoke(
            retry_attempts=FUNCTION_RETRIES,
            max_event_age=FUNCTION_MAX_AGE,
            on_failure=queues.QueueDestination(self.dead_letters),  # type: ignore[arg-type]  # jsii interface
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

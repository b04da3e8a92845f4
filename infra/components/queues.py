"""The service's SQS queues: encrypted, TLS only, and each work queue redriven to a dead-letter queue;
and the exact rights to send to one and to have Lambda read one.

The pipeline's work and the webhooks' deliveries are built the same way; only their timings differ.
CDK's own grants (``grant_send_messages``, ``SqsEventSource``, ``SqsDestination``) add ``GetQueueUrl``
and ``GetQueueAttributes`` to senders and ``ChangeMessageVisibility`` to every reader, which nothing
here calls; the deploy rehearsal (``make rehearse``) lists any grant no call uses.
"""

from __future__ import annotations

from typing import Any

import jsii
from aws_cdk import Duration
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sqs as sqs
from constructs import Construct

#: What Lambda's poller calls, with the function's own role, to read a queue for it.
POLL_ACTIONS = ("sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes")

DEAD_LETTER_RETENTION = Duration.days(14)  # SQS's longest: time to look at what failed


def dead_letters(scope: Construct, construct_id: str = "DeadLetters") -> sqs.Queue:
    """A dead-letter queue (cdk-nag's SQS3 needs none behind it: it sees the redrive policies to it)."""
    return sqs.Queue(
        scope,
        construct_id,
        encryption=sqs.QueueEncryption.SQS_MANAGED,
        enforce_ssl=True,
        retention_period=DEAD_LETTER_RETENTION,
    )


def redriven(
    scope: Construct,
    construct_id: str,
    *,
    dead: sqs.IQueue,
    receives: int,
    visibility: Duration,
    retention: Duration,
) -> sqs.Queue:
    """A queue whose message moves to ``dead`` after ``receives`` receives."""
    return sqs.Queue(
        scope,
        construct_id,
        encryption=sqs.QueueEncryption.SQS_MANAGED,
        enforce_ssl=True,
        visibility_timeout=visibility,
        retention_period=retention,
        dead_letter_queue=sqs.DeadLetterQueue(max_receive_count=receives, queue=dead),
    )


def allow_send(queue: sqs.IQueue, function: lambda_.Function) -> None:
    """``SendMessage`` to ``queue`` and nothing else of it."""
    function.add_to_role_policy(iam.PolicyStatement(actions=["sqs:SendMessage"], resources=[queue.queue_arn]))


def feed(
    queue: sqs.IQueue,
    function: lambda_.IFunction,
    *,
    batch_size: int,
    max_concurrency: int,
    window: Duration | None = None,
    also: tuple[str, ...] = (),
) -> lambda_.EventSourceMapping:
    """Lambda reads ``queue`` into ``function`` in batches that report their failed items; the role may
    do what the poller does (:data:`POLL_ACTIONS`) and ``also`` what the function itself calls."""
    function.add_to_role_policy(
        iam.PolicyStatement(actions=[*POLL_ACTIONS, *also], resources=[queue.queue_arn])
    )
    return function.add_event_source_mapping(
        "SqsEventSource",
        event_source_arn=queue.queue_arn,
        batch_size=batch_size,
        max_batching_window=window,
        max_concurrency=max_concurrency,
        report_batch_item_failures=True,
    )


@jsii.implements(lambda_.IDestination)
class QueueDestination:
    """An asynchronous invocation's on-failure destination: Lambda sends the failed event to the queue
    with the function's role, which may ``SendMessage`` there (and only that)."""

    def __init__(self, queue: sqs.IQueue) -> None:
        self.queue = queue

    def bind(
        self, _scope: Construct, fn: lambda_.IFunction, _options: Any = None, **_kwargs: Any
    ) -> lambda_.DestinationConfig:
        fn.add_to_role_policy(
            iam.PolicyStatement(actions=["sqs:SendMessage"], resources=[self.queue.queue_arn])
        )
        return lambda_.DestinationConfig(destination=self.queue.queue_arn)

"""The service's SQS queues: encrypted, TLS only, and each work queue redriven to a dead-letter queue.

The pipeline's work and the webhooks' deliveries are built the same way; only their timings differ.
"""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_sqs as sqs
from constructs import Construct

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

"""Sending many SQS messages: batches of ten, each message's failure reported by its position.

Both queues of the service (the pipeline's work, the webhooks' deliveries) send with :func:`send_all`;
what to do with a failure (report it to the run, or log it and leave the delivery pending) is theirs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scopa.adapters.aws_errors import error_code

BATCH = 10  # SQS's most messages per SendMessageBatch


def send_all(client: Any, queue_url: str, bodies: Sequence[str]) -> tuple[int, dict[int, str]]:
    """Send ``bodies`` in order; the count sent and, by index into ``bodies``, the error code of each
    message that was not (the whole batch's on a failed call). Never raises.

    ``client`` is a boto3 ``sqs`` client (Any: its class is built at run time, no stubs are installed).
    """
    sent = 0
    failed: dict[int, str] = {}
    for start in range(0, len(bodies), BATCH):
        chunk = bodies[start : start + BATCH]
        entries = [{"Id": str(k), "MessageBody": body} for k, body in enumerate(chunk)]
        try:
            answer = client.send_message_batch(QueueUrl=queue_url, Entries=entries)
        except Exception as exc:  # the caller decides; the code names the cause
            failed.update(dict.fromkeys(range(start, start + len(chunk)), error_code(exc)))
            continue
        for item in answer.get("Failed") or []:
            failed[start + int(item["Id"])] = str(item.get("Code", "SendFailed"))
        sent += len(answer.get("Successful") or [])
    return sent, failed


def sqs_client(region: str | None = None) -> Any:
    """An SQS client with short timeouts: sending a batch takes milliseconds."""
    import boto3
    from botocore.config import Config

    config = Config(connect_timeout=2, read_timeout=5, retries={"mode": "standard", "max_attempts": 3})
    return boto3.client("sqs", region_name=region, config=config)

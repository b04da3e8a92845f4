"""The :class:`~scopa.application.ports.webhooks.DeliveryQueue` on SQS: one message per delivery.

``SqsDeliveryQueue(client, queue_url)`` sends ``{"club", "hook", "delivery"}`` messages in batches of ten;
the webhooks function (``functions/webhooks``) consumes them, and retries by making a failed message
visible again after the backoff (see docs/webhooks.md). ``enqueue`` never raises: a delivery that could
not be queued stays ``pending`` in the log and the failure is logged with the error code only.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from scopa.application.ports.webhooks import DeliveryRef

log = logging.getLogger(__name__)
BATCH = 10  # SQS's most messages per SendMessageBatch


class SqsDeliveryQueue:
    def __init__(self, client: Any, queue_url: str) -> None:
        # Any: a boto3 ``sqs`` client (its class is built at run time).
        self._client = client
        self._queue_url = queue_url

    def enqueue(self, refs: Sequence[DeliveryRef]) -> None:
        for start in range(0, len(refs), BATCH):
            batch = refs[start : start + BATCH]
            entries = [
                {"Id": str(n), "MessageBody": json.dumps(ref.to_json(), separators=(",", ":"))}
                for n, ref in enumerate(batch)
            ]
            try:
                answer = self._client.send_message_batch(QueueUrl=self._queue_url, Entries=entries)
            except Exception as exc:  # the tournament write succeeded; see the module docstring
                log.warning(
                    "webhook deliveries not queued", extra={"error_code": _code(exc), "count": len(batch)}
                )
                continue
            failed = answer.get("Failed") or []
            if failed:
                log.warning(
                    "webhook deliveries not queued",
                    extra={"error_code": str(failed[0].get("Code")), "count": len(failed)},
                )


def _code(exc: Exception) -> str:
    response = getattr(exc, "response", None)
    if isinstance(response, dict):
        return str(response.get("Error", {}).get("Code", type(exc).__name__))
    return type(exc).__name__


def sqs_client(region: str | None = None) -> Any:
    import boto3
    from botocore.config import Config

    config = Config(connect_timeout=2, read_timeout=5, retries={"mode": "standard", "max_attempts": 3})
    return boto3.client("sqs", region_name=region, config=config)

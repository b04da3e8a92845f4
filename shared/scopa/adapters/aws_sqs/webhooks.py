"""The :class:`~scopa.application.ports.webhooks.DeliveryQueue` on SQS: one message per delivery.

``SqsDeliveryQueue(client, queue_url)`` sends ``{"club", "hook", "delivery"}`` messages (:mod:`.batches`);
the webhooks function (``functions/webhooks``) consumes them, and retries by making a failed message
visible again after the backoff (see docs/webhooks.md). ``enqueue`` never raises: a delivery that could
not be queued stays ``pending`` in the log and the failure is logged with the error code only.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from scopa.adapters.aws_sqs.batches import send_all
from scopa.application.ports.webhooks import DeliveryRef

log = logging.getLogger(__name__)


class SqsDeliveryQueue:
    def __init__(self, client: Any, queue_url: str) -> None:
        # Any: a boto3 ``sqs`` client (its class is built at run time).
        self._client = client
        self._queue_url = queue_url

    def enqueue(self, refs: Sequence[DeliveryRef]) -> None:
        bodies = [json.dumps(ref.to_json(), separators=(",", ":")) for ref in refs]
        _sent, failed = send_all(self._client, self._queue_url, bodies)
        if failed:  # the tournament write succeeded; see the module docstring
            code = next(iter(failed.values()))
            log.warning("webhook deliveries not queued", extra={"error_code": code, "count": len(failed)})

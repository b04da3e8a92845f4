"""The :class:`~scopa.application.ports.changes.ChangeFeed` on AWS Lambda: an asynchronous invoke.

``LambdaFeed(client, function_name)`` invokes the notifier (``NOTIFIER_FUNCTION``) with
``InvocationType="Event"`` and the payload ``{"changes": [{"topic": ..., "version": ...}, ...]}``: Lambda
queues the event and answers 202 at once, so a move's answer waits for the queueing (a few ms), never for
the fan-out. Lambda retries a failed notifier run itself (twice, by default).

``publish`` never raises: the write it follows has succeeded and must be answered. A change that cannot
be queued is logged with the error code only (no topic list: an inbox topic names a player) and dropped;
subscribers catch up at the next change, on reconnect, or by long-polling.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from scopa.adapters.aws_errors import error_code
from scopa.application.ports.changes import Change

log = logging.getLogger(__name__)


def payload(changes: Sequence[Change]) -> dict[str, Any]:
    """The notifier's event for ``changes``."""
    return {"changes": [{"topic": c.topic, "version": c.version} for c in changes]}


class LambdaFeed:
    """Queues changes for the notifier function; nothing is invoked for an empty list."""

    def __init__(self, client: Any, function_name: str) -> None:
        # Any: a boto3 ``lambda`` client (its class is built at run time; no stubs installed for it).
        self._client = client
        self._function_name = function_name

    def publish(self, changes: Sequence[Change]) -> None:
        if not changes:
            return
        try:
            answer = self._client.invoke(
                FunctionName=self._function_name,
                InvocationType="Event",
                Payload=json.dumps(payload(changes), separators=(",", ":")).encode(),
            )
        except Exception as exc:  # never fail the write this follows: see the module docstring
            log.warning("changes not handed to the notifier", extra={"error_code": error_code(exc)})
            return
        status = answer.get("StatusCode")
        if status != 202:
            log.warning("changes not handed to the notifier", extra={"error_code": f"status {status}"})


def lambda_client(region: str | None = None) -> Any:
    """A Lambda client with short timeouts: queueing an event takes milliseconds, or something is wrong."""
    import boto3
    from botocore.config import Config

    config = Config(connect_timeout=2, read_timeout=5, retries={"mode": "standard", "max_attempts": 3})
    return boto3.client("lambda", region_name=region, config=config)

"""The :class:`~scopa.application.ports.fanout.FanoutDispatch` on SQS: one message per slice.

``SqsFanout(client, queue_url)`` sends each slice (``{"slice": {"topic", "version", "subscribers"}}``,
about 50 bytes a follower: a page of 1,000 is about 50 KB of SQS's 256 KB) to the fan-out queue, which the
notifier itself reads, one slice per invocation (docs/live.md, "Fan-out"). ``dispatch`` never raises:
a slice that could not be queued costs its followers this version (the next update or a read recovers
it); the failure is logged with the error code and the topic, never with a connection id list.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from scopa.application.ports.fanout import Slice

log = logging.getLogger(__name__)


class SqsFanout:
    def __init__(self, client: Any, queue_url: str) -> None:
        # Any: a boto3 ``sqs`` client (its class is built at run time).
        self._client = client
        self._queue_url = queue_url

    def dispatch(self, piece: Slice) -> None:
        body = json.dumps(piece.as_json(), separators=(",", ":"), ensure_ascii=False)
        try:
            self._client.send_message(QueueUrl=self._queue_url, MessageBody=body)
        except ClientError as exc:
            code = str(exc.response.get("Error", {}).get("Code", "Unknown"))
            log.warning("fan-out slice not queued", extra={"error_code": code, "topic": piece.topic})
        except BotoCoreError as exc:
            log.warning(
                "fan-out slice not queued", extra={"error_code": type(exc).__name__, "topic": piece.topic}
            )

    def settle(self) -> list[Any]:
        return []  # the notifier's other runs post the slices

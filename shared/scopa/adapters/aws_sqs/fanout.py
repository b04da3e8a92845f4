"""The :class:`~scopa.application.ports.fanout.FanoutDispatch` on SQS: one message per slice.

``SqsFanout(client, queue_url)`` sends each slice (``{"slice": {"topic", "version", "subscribers"}}``,
about 50 bytes a follower: a slice of 100 is about 5 KB) to the fan-out queue, ten to a
``SendMessageBatch`` (:func:`~scopa.adapters.aws_sqs.batches.send_all`), which the notifier itself reads,
one slice per invocation (docs/live.md, "Fan-out"). ``dispatch`` never raises:
a slice that could not be queued costs its followers this version (the next update or a read recovers
it); the failure is logged with the error code and the topic, never with a connection id list.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from scopa.adapters.aws_sqs.batches import send_all
from scopa.application.ports.fanout import Slice

log = logging.getLogger(__name__)


class SqsFanout:
    def __init__(self, client: Any, queue_url: str) -> None:
        # Any: a boto3 ``sqs`` client (its class is built at run time).
        self._client = client
        self._queue_url = queue_url

    def dispatch(self, pieces: Sequence[Slice]) -> None:
        bodies = [json.dumps(p.as_json(), separators=(",", ":"), ensure_ascii=False) for p in pieces]
        _sent, failed = send_all(self._client, self._queue_url, bodies)
        if failed:
            code = next(iter(failed.values()))
            log.warning(
                "fan-out slices not queued",
                extra={"error_code": code, "count": len(failed), "topic": pieces[0].topic},
            )

    def settle(self) -> list[Any]:
        return []  # the notifier's other runs post the slices

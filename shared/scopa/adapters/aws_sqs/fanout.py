"""The :class:`~scopa.application.ports.fanout.FanoutDispatch` on SQS: one message per slice.

``SqsFanout(client, queue_url)`` sends each slice (``{"slice": {"topic", "version", "subscribers"}}``,
about 50 bytes a follower: a slice of 100 is about 5 KB) to the fan-out queue, ten to a
``SendMessageBatch`` (:func:`~scopa.adapters.aws_sqs.batches.send_all`), which the notifier itself reads,
one slice per invocation (docs/live.md, "Fan-out"). ``dispatch`` never raises:
a slice that could not be queued costs its followers this version (the next update or a read recovers
it); the failure is logged with the error code and the topic, never with a connection id list.

The same queue carries a coalesced topic's delayed re-notify (:meth:`SqsFanout.later`:
``{"renotify": {"topic", "due"}}`` with ``DelaySeconds``, the delay rounded up to whole seconds; see
:mod:`scopa.application.ports.coalesce`), which the notifier reads like a slice.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Sequence
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from scopa.adapters.aws_sqs.batches import send_all
from scopa.application.ports.coalesce import Renotify
from scopa.application.ports.fanout import Slice

log = logging.getLogger(__name__)
MAX_DELAY_SECONDS = 900  # SQS's limit on DelaySeconds


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

    def later(self, renotify: Renotify, delay_ms: int) -> bool:
        """Queue ``renotify`` to be read in ``delay_ms`` rounded up to a second (SQS counts seconds)."""
        delay = min(max(math.ceil(delay_ms / 1000), 0), MAX_DELAY_SECONDS)
        body = json.dumps(renotify.as_json(), separators=(",", ":"), ensure_ascii=False)
        try:
            self._client.send_message(QueueUrl=self._queue_url, MessageBody=body, DelaySeconds=delay)
        except (BotoCoreError, ClientError) as exc:  # the caller fans out at once instead
            code = (
                exc.response.get("Error", {}).get("Code")
                if isinstance(exc, ClientError)
                else type(exc).__name__
            )
            log.warning("re-notify not queued", extra={"error_code": code, "topic": renotify.topic})
            return False
        return True

"""The pipeline's fan-out on AWS: one SQS message per tournament, consumed by the pipeline function itself.

``QueueWork(client, queue_url)`` sends ``{"tournament_id": ...}`` messages in batches of ten (the SQS
limit), in the order given (oldest due first). The queue's event source hands them back to the pipeline
function in batches (:mod:`pipeline.handler`), where each tournament is advanced within that invocation's
own time budget. A message that fails is retried by SQS and, after a few receives, parked in the dead-letter
queue; one the budget did not reach is acknowledged, since the next scheduled run (a minute later) queues
every running tournament again.

Sending is quick (a hundred calls for a thousand tournaments), so the coordinating run never waits for the
work. An id that cannot be queued is reported as an error of the run (class name or AWS error code only):
the handler raises, and Lambda's retry of the scheduled run queues it again.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from scopa.adapters.aws_sqs.batches import send_all, sqs_client
from scopa.application.ports.pipeline_work import Remaining, WorkDone

__all__ = ["QueueWork", "message", "sqs_client", "tournament_of"]

log = logging.getLogger(__name__)


def message(tournament_id: str) -> str:
    """The body of one work message."""
    return json.dumps({"tournament_id": tournament_id}, separators=(",", ":"))


def tournament_of(body: str) -> str | None:
    """The tournament id of a work message's body; None for anything else (it is dropped, not retried)."""
    try:
        value = json.loads(body)
    except ValueError:
        return None
    tid = value.get("tournament_id") if isinstance(value, dict) else None
    return tid if isinstance(tid, str) and 0 < len(tid) <= 100 else None


class QueueWork:
    """Hands tournaments to the pipeline's work queue; ``remaining`` is not needed (sending is quick)."""

    def __init__(self, client: Any, queue_url: str) -> None:
        # Any: a boto3 ``sqs`` client (its class is built at run time; no stubs installed for it).
        self._client = client
        self._queue_url = queue_url

    def dispatch(self, tournament_ids: Sequence[str], remaining: Remaining | None) -> WorkDone:
        ids = list(dict.fromkeys(tournament_ids))
        sent, failed = send_all(self._client, self._queue_url, [message(tid) for tid in ids])
        done = WorkDone(queued=sent)
        for k, code in failed.items():
            done.errors[ids[k]] = code
        if failed:  # the run reports them; its retry queues these again
            log.warning(
                "tournaments not queued",
                extra={"error_code": next(iter(failed.values())), "count": len(failed)},
            )
        return done

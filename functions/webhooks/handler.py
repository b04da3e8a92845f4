"""The webhooks function: an SQS consumer that sends each queued delivery once and schedules its retry.

Each message is ``{"club", "hook", "delivery"}`` (what ``SqsDeliveryQueue`` sends). For each one the
handler calls :meth:`~scopa.application.services.webhooks.WebhookService.attempt`:

* delivered, dropped (the hook was deleted) or already settled: the message is done (deleted by Lambda);
* to be retried: the message is made visible again after the backoff (``ChangeMessageVisibility``) and
  reported as a batch item failure, so SQS hands it back then;
* failed for good (its last attempt) or malformed: reported as a failure with no delay; the queue's
  redrive policy (``maxReceiveCount`` = the most attempts) then moves it to the dead-letter queue, whose
  depth is alarmed.

The event source mapping reports batch item failures (``ReportBatchItemFailures``): one bad delivery never
makes SQS send the others of its batch again.
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from api.context import services, sqs_client
from api.observability import instruments, route_application_logs
from api.settings import settings
from scopa.application.ports.webhooks import DeliveryRef

SERVICE = "scopa-webhooks"

settings()  # read and checked at import: a missing or bad variable fails the cold start
webhooks = instruments(SERVICE)
logger, metrics = webhooks.logger, webhooks.metrics
route_application_logs(logger)


def ref_of(body: str) -> DeliveryRef | None:
    try:
        data = json.loads(body)
        ref = DeliveryRef.of(data) if isinstance(data, dict) else None
    except (ValueError, KeyError, TypeError):
        return None
    if ref is None or not all(0 < len(x) <= 64 for x in (ref.club_id, ref.hook_id, ref.delivery_id)):
        return None
    return ref


def _later(receipt: str, seconds: int) -> None:
    """Make the message visible again in ``seconds`` (SQS allows up to 12 hours)."""
    queue = settings().webhook_queue_url
    if queue:
        sqs_client().change_message_visibility(
            QueueUrl=queue, ReceiptHandle=receipt, VisibilityTimeout=min(seconds, 43_200)
        )


@logger.inject_lambda_context(log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    failures: list[dict[str, str]] = []
    counts: dict[str, int] = {}
    for record in event.get("Records") or []:
        message_id = str(record.get("messageId", ""))
        ref = ref_of(str(record.get("body", "")))
        if ref is None:
            logger.warning("malformed webhook message", extra={"message_id": message_id})
            failures.append({"itemIdentifier": message_id})
            counts["malformed"] = counts.get("malformed", 0) + 1
            continue
        try:
            attempted = services().webhooks.attempt(ref)
        except Exception:  # the store failed: SQS hands the message back after its visibility timeout
            logger.exception("webhook attempt failed", extra={"delivery_id": ref.delivery_id})
            failures.append({"itemIdentifier": message_id})
            counts["error"] = counts.get("error", 0) + 1
            continue
        counts[attempted.outcome] = counts.get(attempted.outcome, 0) + 1
        if attempted.outcome == "retry" and attempted.retry_after is not None:
            _later(str(record.get("receiptHandle", "")), attempted.retry_after)
            failures.append({"itemIdentifier": message_id})
        elif attempted.outcome == "failed":
            failures.append({"itemIdentifier": message_id})
    for outcome, n in counts.items():
        webhooks.count(f"Webhook{outcome.capitalize()}", n)
    logger.info("webhook deliveries attempted", extra={"outcomes": counts})
    return {"batchItemFailures": failures}

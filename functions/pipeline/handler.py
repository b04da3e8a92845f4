"""The pipeline Lambda handler: the scheduled run (every minute) and the workers of its fan-out.

It shares the API's wiring (:mod:`api.context`: the settings, the stores, the clock, the services). It logs
and counts under its own service name (``scopa-pipeline``); the pipeline's own log lines carry the
tournament's id. Two kinds of event reach it:

* the schedule's (anything without ``Records``): one
  :meth:`~scopa.application.services.pipeline.Pipeline.run` with the invocation's remaining time as its
  budget. With ``PIPELINE_QUEUE_URL`` set (on AWS) the running tournaments are queued one message each
  (:class:`~scopa.adapters.aws_lambda.work.QueueWork`); without it they are advanced in this run. A run
  that failed for some tournament raises at the end, after the others were served, so the scheduler's
  retry policy and dead-letter queue see it; a re-run is safe because every step is idempotent;
* the work queue's (SQS ``Records``): each tournament of the batch is advanced while the budget lasts;
  the messages whose tournament failed are reported (``batchItemFailures``) so SQS retries only those.
  Those the budget did not reach are acknowledged: the next scheduled run queues them again.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from api.context import services
from api.observability import instruments, route_application_logs
from api.settings import settings
from scopa.adapters.aws_lambda.work import QueueWork, sqs_client, tournament_of
from scopa.application.ports.pipeline_work import PipelineWork

# Every event runs the pipeline service, which the services build on first use: its modules (and the
# engines, ratings and tournaments under it) load at import, in Lambda's init phase, not in the first event.
from scopa.application.services import pipeline as _pipeline  # noqa: F401

SERVICE = "scopa-pipeline"

settings()  # read and checked at import: a missing or bad variable fails the cold start
pipeline = instruments(SERVICE)
logger, metrics = pipeline.logger, pipeline.metrics
route_application_logs(logger)

_work: dict[str, PipelineWork] = {}  # the queue's client by URL, made once per container


class PipelineRunFailed(RuntimeError):
    """Some tournaments could not be advanced in this run (their ids are in the message)."""


def work() -> PipelineWork | None:
    """Where the scheduled run sends the running tournaments: the queue on AWS, None (in process) locally."""
    url = os.environ.get("PIPELINE_QUEUE_URL")
    if not url:
        return None
    if url not in _work:
        _work[url] = QueueWork(sqs_client(), url)
    return _work[url]


def budget(context: LambdaContext) -> Callable[[], float]:
    return lambda: context.get_remaining_time_in_millis() / 1000


@logger.inject_lambda_context(log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    if isinstance(event, dict) and isinstance(event.get("Records"), list):
        return _work_batch(event["Records"], context)
    report = services().pipeline.run(budget(context), work()).to_json()
    pipeline.count("PipelineRuns")
    pipeline.count("MatchesTimedOut", report["expired_matches"])
    pipeline.count("TournamentsDeferred", report["deferred"])
    logger.info("pipeline run", extra={"report": report})
    if report["errors"]:
        raise PipelineRunFailed(f"tournaments not advanced: {', '.join(sorted(report['errors']))}")
    return report


def _work_batch(records: list[Any], context: LambdaContext) -> dict[str, Any]:
    """Advance the batch's tournaments; report the messages to retry (those whose tournament failed)."""
    messages: dict[str, list[str]] = {}  # tournament -> its message ids (a tournament may come twice)
    for record in records:
        body = record.get("body") if isinstance(record, dict) else None
        tid = tournament_of(body) if isinstance(body, str) else None
        if tid is None:
            logger.warning("work message dropped: no tournament id")  # retrying it would not help
            continue
        messages.setdefault(tid, []).append(str(record.get("messageId", "")))
    done = services().pipeline.advance_many(list(messages), budget(context))
    pipeline.count("TournamentsAdvanced", len(done.steps))
    pipeline.count("TournamentsDeferred", len(done.deferred))
    logger.info(
        "pipeline work",
        extra={"steps": done.steps, "errors": done.errors, "deferred": len(done.deferred)},
    )
    failures = [{"itemIdentifier": m} for tid in done.errors for m in messages[tid]]
    return {"batchItemFailures": failures}

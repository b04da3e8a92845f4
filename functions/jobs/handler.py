"""The jobs function: invoked asynchronously with ``{"job": {"id": "j_..."}}`` by the API, it runs that
job (a rating pool's recompute) and records its outcome on the job's item.

A malformed event is logged and ignored (a retry would not make it valid); a job that is missing or
already finished is left alone, so Lambda's retry of a run, or a duplicate event, changes nothing. The
job's own failure is recorded as ``failed`` on the job, not raised (the work is not retried blindly:
the admin asks again); an error of the platform itself (the table unreachable) raises, and Lambda
retries the run once.

An operator's one-off task is invoked by hand (synchronously, so nothing retries it) with
``{"task": "backfill_name_index", "cursor": ..., "max_pages": ..., "page_size": ...}`` (all but ``task``
optional): the name index's backfill (:mod:`jobs.backfill`, docs/deploying.md "Upgrading"). It stops
between pages once less than :data:`RESERVE_MS` of the invocation is left, or after ``max_pages``, and
answers its counts with the ``cursor`` to invoke it again with (null once the table is done). A task
event that does not validate is answered ``{"task": null, "error": "invalid_event"}``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Literal

from aws_lambda_powertools.utilities.typing import LambdaContext
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from api.context import dynamodb_client, services
from api.observability import instruments, route_application_logs
from api.settings import settings
from jobs.backfill import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, BackfillReport, backfill_name_index
from scopa.application.ports.cursor import InvalidCursor

SERVICE = "scopa-jobs"
JOB_ID = re.compile(r"^j_[0-9a-f]{16}$")
#: A task starts no new page once less than this is left of the invocation (the function's timeout is
#: 300 s; a page takes a few seconds, more when DynamoDB throttles and its batches back off).
RESERVE_MS = 30_000

settings()  # read and checked at import: a missing or bad variable fails the cold start
jobs = instruments(SERVICE)
logger, metrics = jobs.logger, jobs.metrics
route_application_logs(logger)


def job_id_of(event: Any) -> str | None:
    """The job id of a well-formed event, else None."""
    job = event.get("job") if isinstance(event, dict) else None
    job_id = job.get("id") if isinstance(job, dict) else None
    return job_id if isinstance(job_id, str) and JOB_ID.match(job_id) else None


@logger.inject_lambda_context(log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    if isinstance(event, dict) and "task" in event:
        return run_task(event, context)
    job_id = job_id_of(event)
    if job_id is None:
        logger.warning("malformed job event ignored")
        return {"job": None, "status": None}
    job = services().jobs.run(job_id)
    status = job.status if job is not None else None
    logger.info("job run", extra={"job_id": job_id, "status": status})
    return {"job": job_id, "status": status}


class BackfillTask(BaseModel):
    """An operator's invocation of the name index's backfill."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    task: Literal["backfill_name_index"]
    cursor: str | None = Field(default=None, min_length=1, max_length=4096)  # a previous run's answer
    max_pages: int | None = Field(default=None, ge=1)  # a budget of Scan pages for this run
    page_size: int = Field(default=DEFAULT_PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE)


def run_task(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Run an operator's task; its answer carries an error code instead of raising for a bad event."""
    try:
        task = BackfillTask.model_validate(event)
    except ValidationError:
        logger.warning("malformed task event ignored")  # the event itself is not logged
        return {"task": None, "error": "invalid_event"}
    answer: dict[str, Any] = {"task": task.task}
    cfg = settings()
    if cfg.storage != "dynamodb":  # SQLite indexes older rows itself, when its file is opened
        return answer | {"error": "not_dynamodb"}

    def more(report: BackfillReport) -> bool:
        if task.max_pages is not None and report.pages >= task.max_pages:
            return False
        return context.get_remaining_time_in_millis() > RESERVE_MS

    try:
        report = backfill_name_index(
            dynamodb_client(), cfg.table_name, cursor=task.cursor, page_size=task.page_size, more=more
        )
    except InvalidCursor:
        return answer | {"error": "invalid_cursor"}
    counts = dataclasses.asdict(report)
    logger.info("task run", extra={"task": task.task} | _without_cursor(counts))
    return answer | counts


def _without_cursor(counts: dict[str, Any]) -> dict[str, Any]:
    """The counts to log: the cursor holds an item's key (a token's hash, say), which logs need not."""
    return {k: v for k, v in counts.items() if k != "cursor"}

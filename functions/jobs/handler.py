"""The jobs function: invoked asynchronously with ``{"job": {"id": "j_..."}}`` by the API, it runs that
job (a rating pool's recompute) and records its outcome on the job's item.

A malformed event is logged and ignored (a retry would not make it valid); a job that is missing or
already finished is left alone, so Lambda's retry of a run, or a duplicate event, changes nothing. The
job's own failure is recorded as ``failed`` on the job, not raised (the work is not retried blindly:
the admin asks again); an error of the platform itself (the table unreachable) raises, and Lambda
retries the run once.
"""

from __future__ import annotations

import re
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from api.context import services
from api.observability import instruments, route_application_logs

SERVICE = "scopa-jobs"
JOB_ID = re.compile(r"^j_[0-9a-f]{16}$")

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
    job_id = job_id_of(event)
    if job_id is None:
        logger.warning("malformed job event ignored")
        return {"job": None, "status": None}
    job = services().jobs.run(job_id)
    status = job.status if job is not None else None
    logger.info("job run", extra={"job_id": job_id, "status": status})
    return {"job": job_id, "status": status}

"""The :class:`~scopa.application.ports.jobs.JobRunner` on AWS Lambda: an asynchronous invoke.

``LambdaJobRunner(client, function_name)`` invokes the jobs function (``JOBS_FUNCTION``) with
``InvocationType="Event"`` and the payload ``{"job": {"id": ...}}``: Lambda queues it and answers 202 at
once, so the request that asked for the job answers without waiting for it. Lambda retries a failed run
(once, as the stack configures it); a job is safe to run again.

``submit`` never raises: a job that cannot be queued is reported (False) and recorded ``failed`` by the
service, with the error code logged, so the caller can ask again.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from scopa.adapters.aws_errors import error_code
from scopa.application.ports.jobs import Job

log = logging.getLogger(__name__)


def payload(job: Job) -> dict[str, Any]:
    """The jobs function's event for ``job``: its id only (the job itself is read from the table)."""
    return {"job": {"id": job.id}}


class LambdaJobRunner:
    def __init__(self, client: Any, function_name: str) -> None:
        # Any: a boto3 ``lambda`` client (its class is built at run time; no stubs installed for it).
        self._client = client
        self._function_name = function_name

    def submit(self, job: Job, run_here: Callable[[str], object]) -> bool:
        try:
            answer = self._client.invoke(
                FunctionName=self._function_name,
                InvocationType="Event",
                Payload=json.dumps(payload(job), separators=(",", ":")).encode(),
            )
        except Exception as exc:  # reported, never raised: see the module docstring
            log.warning("job not queued", extra={"job_id": job.id, "error_code": error_code(exc)})
            return False
        status = answer.get("StatusCode")
        if status != 202:
            log.warning("job not queued", extra={"job_id": job.id, "error_code": f"status {status}"})
            return False
        return True

"""Jobs: admin work that outlives a request (a rating pool's recompute), stored with its status.

A job is queued by the request that asks for it, run elsewhere (the jobs function in AWS, the same
process locally: see :class:`JobRunner`), and read back by its id. Its status moves only forward:
``queued`` -> ``running`` -> ``done`` or ``failed``; a run that crashed leaves ``running``, and running the
job again is safe (a recompute replaces what it computes), so ``running`` may be claimed again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

JobStatus = Literal["queued", "running", "done", "failed"]
JOB_STATUSES: tuple[JobStatus, ...] = ("queued", "running", "done", "failed")
#: Statuses a run may start from: a new job, or one whose earlier run stopped without finishing.
STARTABLE: tuple[JobStatus, ...] = ("queued", "running")


@dataclass(frozen=True)
class Job:
    id: str
    kind: str  # "recompute"
    subject: str  # what it works on: the rating pool's id
    status: JobStatus
    created_at: str  # ISO timestamps from the service's clock
    updated_at: str
    expires_at: int  # epoch seconds; the record is forgotten after (DynamoDB TTL)
    attempts: int = 0  # runs started
    result: dict[str, Any] | None = None  # the report, once done
    error: str | None = None  # an error code, once failed (never a message with data in it)


class JobRepository(Protocol):
    def create_job(self, job: Job) -> None:
        """Store a new job; :class:`WriteConflict` when the id is taken."""
        ...

    def get_job(self, job_id: str) -> Job | None:
        """The job (strongly consistent), or None."""
        ...

    def start_job(self, job_id: str, at: str) -> Job | None:
        """Mark the job ``running`` (one more attempt) if its status is in :data:`STARTABLE`; the job as
        stored afterwards, or None when it is missing or already finished."""
        ...

    def finish_job(
        self, job_id: str, status: JobStatus, at: str, result: dict[str, Any] | None, error: str | None
    ) -> None:
        """Record the outcome (``done`` with ``result`` or ``failed`` with ``error``) of a job not yet
        finished (status in :data:`STARTABLE`); :class:`WriteConflict` if it is finished or missing."""
        ...


class JobRunner(Protocol):
    def submit(self, job: Job, run_here: Callable[[str], object]) -> bool:
        """Hand ``job`` to whatever runs it; ``run_here(job_id)`` runs it in this process (what an
        in-process runner calls). False when it could not be queued (never raises)."""
        ...


class InlineRunner:
    """Runs the job at once, in the submitting call (tests, the CLI, the local server)."""

    def submit(self, job: Job, run_here: Callable[[str], object]) -> bool:
        run_here(job.id)
        return True


class RecordingRunner:
    """Keeps the jobs submitted without running them (tests: a job that stays queued)."""

    def __init__(self) -> None:
        self.submitted: list[Job] = []

    def submit(self, job: Job, run_here: Callable[[str], object]) -> bool:
        self.submitted.append(job)
        return True

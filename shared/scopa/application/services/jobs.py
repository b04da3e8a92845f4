"""Admin jobs run asynchronously: a rating pool's recompute, queued by one request, read by another.

``POST /rankings/{pool}/recompute`` calls :meth:`JobService.submit_recompute`: the job is stored
``queued`` and handed to the runner (``JobRunner``: the jobs Lambda, invoked asynchronously, in AWS; the
same process locally). Whoever runs it calls :meth:`JobService.run`, which claims it (``running``),
recomputes and records ``done`` with the report, or ``failed`` with an error code. Running a job again
is safe: a finished job is left as it is, and a run that stopped half way is simply redone (a recompute
rewrites every rating of the pool from the rated-match log, so a second pass writes the same values).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import secrets

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import NotFound
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.jobs import InlineRunner, Job, JobRepository, JobRunner
from scopa.application.services.ratings import RatingService

log = logging.getLogger(__name__)

RECOMPUTE = "recompute"
#: How long a job's record is kept (then the table's TTL forgets it).
KEEP_SECONDS = 7 * 24 * 3600


class JobService:
    def __init__(
        self, store: JobRepository, clock: Clock, ratings: RatingService, runner: JobRunner | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.ratings = ratings
        self.runner: JobRunner = runner if runner is not None else InlineRunner()

    def submit_recompute(self, caller: Caller, pool_id: str) -> Job:
        """Queue a recompute of ``pool_id`` (admin); the job as stored once handed to the runner."""
        caller.require_admin()
        pool = self.ratings.pool(pool_id)  # NotFound for an unknown pool, before anything is stored
        now = self.clock.now()
        job = Job(
            id="j_" + secrets.token_hex(8),
            kind=RECOMPUTE,
            subject=pool.id,
            status="queued",
            created_at=iso(now),
            updated_at=iso(now),
            expires_at=int(now) + KEEP_SECONDS,
        )
        self.store.create_job(job)
        if not self.runner.submit(job, self.run):
            self._finish_failed(job.id, "not_queued")
        return self.store.get_job(job.id) or job

    def get(self, caller: Caller, job_id: str, pool_id: str | None = None) -> Job:
        """A job (admin); NotFound when missing, or not a recompute of ``pool_id`` when one is given."""
        caller.require_admin()
        job = self.store.get_job(job_id)
        if job is None or (pool_id is not None and (job.kind, job.subject) != (RECOMPUTE, pool_id)):
            raise NotFound("no such job", code="job_not_found")
        return job

    def run(self, job_id: str) -> Job | None:
        """Run a queued job (or one whose earlier run stopped); a finished or missing one is left alone.

        Never raises for the job's own failure: it is recorded as ``failed`` with an error code."""
        job = self.store.start_job(job_id, iso(self.clock.now()))
        if job is None:
            return self.store.get_job(job_id)
        if job.kind != RECOMPUTE:
            self._finish_failed(job.id, "unknown_kind")
            return self.store.get_job(job_id)
        try:
            report = self.ratings.rebuild(job.subject)
        except Exception as exc:  # recorded, with its type only: the message may hold data
            log.exception("job failed", extra={"job_id": job.id, "error_type": type(exc).__name__})
            self._finish_failed(job.id, getattr(exc, "code", None) or "internal_error")
            return self.store.get_job(job_id)
        with contextlib.suppress(WriteConflict):  # another run finished it meanwhile: its outcome stands
            self.store.finish_job(job.id, "done", iso(self.clock.now()), dataclasses.asdict(report), None)
        return self.store.get_job(job_id)

    def _finish_failed(self, job_id: str, code: str) -> None:
        with contextlib.suppress(WriteConflict):  # finished meanwhile
            self.store.finish_job(job_id, "failed", iso(self.clock.now()), None, code)

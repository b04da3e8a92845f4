"""The scheduled run and its fan-out: sweep overdue matches, start the due tournaments, hand the running
ones to a :class:`~scopa.application.ports.pipeline_work.PipelineWork`, rate last.

Its own job because it is bookkeeping over many tournaments (the order, the time budget, one failure
not stopping the others); what happens to each tournament is the other parts' business."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.pipeline_work import PipelineWork, Remaining, WorkDone
from scopa.application.services.pipeline.common import MARGIN, PipelineContext, PipelineReport, log
from scopa.application.services.pipeline.starting import TournamentStart
from scopa.domain.tournaments.admission import field_at_start


def advance_each(
    advance: Callable[[str], list[str]], tournament_ids: Sequence[str], remaining: Remaining | None
) -> WorkDone:
    """Advance each tournament in turn while the budget lasts; the rest is deferred, not failed."""
    done = WorkDone()
    for k, tid in enumerate(tournament_ids):
        if remaining is not None and remaining() < MARGIN:
            done.deferred.extend(tournament_ids[k:])
            break
        try:
            done.steps[tid] = advance(tid)
        except Exception as exc:  # one broken tournament must not stop the others
            log.exception("pipeline failed for a tournament", extra={"tournament_id": tid})
            done.errors[tid] = type(exc).__name__
    return done


class ScheduledRun:
    """One scheduled run over every tournament; remembers which ones the last budget left out."""

    def __init__(self, ctx: PipelineContext, starter: TournamentStart, local: PipelineWork) -> None:
        self._ctx = ctx
        self._starter = starter
        self._local = local  # the default fan-out: advanced in this process
        self._deferred: list[str] = []  # tournaments the last run's budget left out: first in the next

    def run(self, remaining: Remaining | None, work: PipelineWork | None) -> PipelineReport:
        """See :meth:`~scopa.application.services.pipeline.Pipeline.run`."""
        report = PipelineReport()

        def time_left() -> bool:
            return remaining is None or remaining() >= MARGIN

        self._sweep(report)
        now = self._ctx.clock.now()
        for tid in self._due(now, report):
            if not time_left():
                report.deferred.append(tid)
                continue
            try:
                self._start_due(tid, now, report)
            except Exception as exc:  # one tournament that cannot start must not stop the others
                log.exception("pipeline could not start a tournament", extra={"tournament_id": tid})
                report.errors[tid] = type(exc).__name__
        self._dispatch(report, remaining, work)
        if self._ctx.rater is not None and time_left():
            self._rate(report)  # last, so the matches this run finished are rated once they settle
        if report.deferred:
            log.info("pipeline run out of time", extra={"deferred": len(report.deferred)})
        return report

    def _sweep(self, report: PipelineReport) -> None:
        """Time out overdue matches; a throttled sweep must not hold the tournaments up."""
        try:
            report.expired_matches = self._ctx.matches.expire_overdue(limit=500)
        except Exception as exc:  # the next run sweeps
            log.exception("deadline sweep failed")
            report.errors["expiry"] = type(exc).__name__

    def _due(self, now: float, report: PipelineReport) -> list[str]:
        """The tournaments in registration whose start time has come, the most overdue first."""
        repo = self._ctx.repo
        due: list[tuple[float, str]] = []
        for tid in repo.tournament_ids_with_status("registration"):
            try:
                t = repo.get_tournament(tid)
                starts = t.rules.starts_at if t else None
                if (
                    t is not None
                    and t.status == "registration"
                    and starts is not None
                    and starts.timestamp() <= now
                ):
                    due.append((starts.timestamp(), tid))
            except Exception as exc:  # one tournament that cannot be read must not stop the others
                log.exception("pipeline could not read a tournament", extra={"tournament_id": tid})
                report.errors[tid] = type(exc).__name__
        return [tid for _, tid in sorted(due, key=lambda d: d[0])]  # equal start times: in the index order

    def _start_due(self, tid: str, now: float, report: PipelineReport) -> None:
        repo = self._ctx.repo
        t = repo.get_tournament(tid)
        starts = t.rules.starts_at if t else None
        # The index may list a tournament another run has started since (and maybe paused): the
        # consistent read decides, and start() is conditional on the version read here.
        if t is None or t.status != "registration" or starts is None or starts.timestamp() > now:
            return
        bundle = repo.load(tid)
        if bundle is None or len(field_at_start(t.rules, bundle.entries).ready) < 2:
            self._starter.cancel_empty(t)
            return
        try:
            self._ctx.start(t, actor="schedule")
        except WriteConflict:
            return  # someone else started (or changed) it; the next run sees it
        report.started.append(tid)
        log.info("tournament started by the schedule", extra={"tournament_id": tid})

    def _dispatch(
        self, report: PipelineReport, remaining: Remaining | None, work: PipelineWork | None
    ) -> None:
        """Hand the running tournaments to ``work``. The status index is eventually consistent: one
        started just now is added by hand. Oldest due first: those a budget cut off last time (in this
        process), then the index order (oldest created first), then those started in this run."""
        running = self._ctx.repo.tournament_ids_with_status("running")
        order = list(dict.fromkeys([*self._deferred, *running, *report.started]))
        done = (work if work is not None else self._local).dispatch(order, remaining)
        report.steps.update(done.steps)
        report.errors.update(done.errors)
        report.deferred.extend(done.deferred)
        report.queued = done.queued
        current = {*running, *report.started}
        self._deferred = [tid for tid in done.deferred if tid in current]

    def _rate(self, report: PipelineReport) -> None:
        assert self._ctx.rater is not None
        try:
            report.rated = self._ctx.rater()
        except Exception as exc:  # the tournaments were served; the next run rates what is left
            log.exception("rating step failed")
            report.errors["ratings"] = type(exc).__name__

"""The tournament pipeline: one step function that moves every running tournament on as far as it can.

Run every minute by the schedule, by an organizer's "advance now", by ``scopa pipeline`` and by the local
server's timer: the same code in every case. Each run reads the state afresh and acts on what it finds,
so it is safe to run twice at once or again after a crash at any point:

* a round is created by one transaction keyed on the round number (the loser of a race re-reads), and
  only if the tournament's version is still the one read before its entries (a bye asked meanwhile
  makes it pair again: :meth:`~scopa.application.services.pipeline.pairing.NextRound.pair_next`);
* matches have ids derived from (tournament, round, table, game), so creating one twice finds the first;
* a round's results are written under its version, so two runs cannot both apply them.

A run has a time budget (``remaining``): it stops taking work when less than :data:`MARGIN` seconds are
left and the next run picks up what is left, oldest due first. The running tournaments are handed to a
:class:`~scopa.application.ports.pipeline_work.PipelineWork`: advanced in this process
(:class:`InProcessWork`, the default) or, on AWS, queued one message per tournament for workers.

One module a job, behind the :class:`Pipeline` facade: :mod:`.scheduled` (the run, its fan-out and its
failure bookkeeping), :mod:`.starting` (start or cancel), :mod:`.advancing` (one tournament, step by
step, and rating what it decided), :mod:`.stepping` (which step), :mod:`.pairing` (the next round),
:mod:`.rounds` (an open round's matches and results) and :mod:`.waves` (an arena).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from scopa.application.clock import Clock
from scopa.application.ports.changes import Change, ChangeFeed, NoFeed, tournament_topic
from scopa.application.ports.pipeline_work import PipelineWork, Remaining, WorkDone
from scopa.application.ports.tournaments import TournamentRepository
from scopa.application.ports.webhooks import EventSink, NoEvents
from scopa.application.services.matches import MatchService
from scopa.application.services.pipeline.advancing import Advance
from scopa.application.services.pipeline.common import (
    CONFLICT_STEP,
    MARGIN,
    MAX_STEPS,
    PipelineContext,
    PipelineReport,
    RateTables,
    Seeding,
    arena_times,
    changed,
    match_id,
)
from scopa.application.services.pipeline.scheduled import ScheduledRun, advance_each
from scopa.application.services.pipeline.starting import TournamentStart
from scopa.application.services.pipeline.stepping import Stepper
from scopa.domain.tournaments.records import TournamentRecord

__all__ = [
    "CONFLICT_STEP",
    "MARGIN",
    "MAX_STEPS",
    "InProcessWork",
    "Pipeline",
    "PipelineContext",
    "PipelineReport",
    "arena_times",
    "changed",
    "match_id",
]


class Pipeline:
    """The pipeline's entry points, composed of its parts. The collaborators are plain attributes that
    every part reads at each use (through :class:`PipelineContext`), so one replaced here is used
    everywhere."""

    def __init__(
        self,
        repo: TournamentRepository,
        matches: MatchService,
        clock: Clock,
        rater: Callable[[], list[str]] | None = None,
        changes: ChangeFeed | None = None,
        events: EventSink | None = None,
        rate_now: Callable[[list[str]], list[str]] | None = None,
        seeding: Seeding | None = None,
        rate_tables: RateTables | None = None,
    ) -> None:
        self.repo = repo
        self.matches = matches
        self.events: EventSink = events if events is not None else NoEvents()  # to club webhooks
        self.clock = clock
        self.rater = rater  # the rating step, run after the tournaments (RatingService.rate_pending)
        # Rates the matches an advance decided, in the same call (RatingService.rate_finished).
        self.rate_now = rate_now
        # The entries whose seeding rating moved since they entered, read again at the start
        # (RatingService.reseed).
        self.seeding = seeding
        # Rates the in-person tables of the rounds an advance closed (RatingService.rate_tables).
        self.rate_tables = rate_tables
        self.changes: ChangeFeed = changes if changes is not None else NoFeed()  # to live updates
        self._starter = TournamentStart(self)
        self._advance = Advance(self, Stepper(self))
        self._scheduled = ScheduledRun(self, self._starter, InProcessWork(self))

    def published(self, tournament_id: str, version: int | None = None) -> None:
        """Tell the tournament's followers (after a write of the tournament item succeeded)."""
        self.changes.publish([Change(tournament_topic(tournament_id), version)])

    def run(self, remaining: Remaining | None = None, work: PipelineWork | None = None) -> PipelineReport:
        """One scheduled run: time out overdue matches, start due tournaments, advance the running ones.

        ``remaining`` (seconds left, read before each piece of work) is the time budget: once it drops
        below :data:`MARGIN` the run takes no more work and leaves it to the next run. ``work`` is where
        the running tournaments go, oldest due first (by default: advanced here, one after another).
        """
        return self._scheduled.run(remaining, work)

    def advance_many(self, tournament_ids: Sequence[str], remaining: Remaining | None = None) -> WorkDone:
        """Advance each tournament in turn while the budget lasts; the rest is deferred, not failed."""
        return advance_each(self.advance, tournament_ids, remaining)

    def start(self, t: TournamentRecord, actor: str) -> TournamentRecord:
        """Registration -> running (conditional on the version read); the rounds are fixed now, and the
        seeding ratings are read again first (an organizer's hand-set rating is kept)."""
        return self._starter.start(t, actor)

    def advance(
        self, tournament_id: str, release_next: bool = False, remaining: Remaining | None = None
    ) -> list[str]:
        """Move one tournament on as far as it goes now; returns what was done, step by step.

        ``release_next``: an organizer's advance, which pairs the next round of a tournament whose
        ``next_round`` is by_organizer (the schedule's leaves it waiting).

        When a ``rate_now`` is given, the matches of the tables it decided are rated before it returns
        (and before the tournament is marked finished), with every match the rating index lists as
        waiting, so a leaderboard read after an organizer's advance is current. A failed rating write
        fails the advance like any other write; the next advance (or the scheduled step) rates them.

        ``remaining``: the seconds left to work in; no new step is taken once under
        :data:`~.common.MARGIN`. A request passes its own (:func:`~.common.in_request`); a scheduled run
        advances each tournament whole and reads its budget between tournaments, because a run cut inside
        one would rate its matches in another order beside other tournaments' (players they share), and
        a run cut short and run again must end as one uninterrupted run.
        """
        return self._advance.advance(tournament_id, release_next, remaining or _unbounded)


def _unbounded() -> float:
    """A budget that never runs out (a scheduled run reads its own between tournaments)."""
    return math.inf


class InProcessWork:
    """The local fan-out: the tournaments are advanced here, in order, within the run's budget."""

    def __init__(self, pipeline: Pipeline) -> None:
        self._pipeline = pipeline

    def dispatch(self, tournament_ids: Sequence[str], remaining: Remaining | None) -> WorkDone:
        return self._pipeline.advance_many(tournament_ids, remaining)

"""Advancing one tournament: step after step, each on a fresh read, and rating what the steps decided.

Its own job because the loop (how many steps, when to stop, what to rate before the tournament is
marked finished) is the same whatever a step does; the steps are :class:`~.stepping.Stepper`'s."""

from __future__ import annotations

from dataclasses import dataclass

from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.pipeline_work import Remaining
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.services.pipeline.common import (
    MARGIN,
    MAX_STEPS,
    PipelineContext,
    changed,
    is_over,
    log,
)
from scopa.application.services.pipeline.stepping import Stepper


@dataclass(frozen=True)
class _Undecided:
    """The tables an advance found undecided (and the rounds not paired yet, whose tables all are)."""

    tables: frozenset[tuple[int, int]]
    last_round: int

    @classmethod
    def of(cls, bundle: TournamentBundle) -> _Undecided:
        return cls(
            frozenset((r.number, t.table) for r in bundle.rounds for t in r.tables if t.result is None),
            max((r.number for r in bundle.rounds), default=0),
        )

    def had(self, round_number: int, table: int) -> bool:
        return round_number > self.last_round or (round_number, table) in self.tables


class Advance:
    """Moves one tournament on as far as it goes now."""

    def __init__(self, ctx: PipelineContext, stepper: Stepper) -> None:
        self._ctx = ctx
        self._stepper = stepper

    def advance(self, tournament_id: str, release_next: bool, remaining: Remaining) -> list[str]:
        """See :meth:`~scopa.application.services.pipeline.Pipeline.advance`."""
        steps: list[str] = []
        undecided: _Undecided | None = None
        rated = 0
        for _ in range(MAX_STEPS):
            if steps and remaining() < MARGIN:
                break  # the budget is spent: the next run goes on from here
            try:
                bundle = self._ctx.repo.load(tournament_id)
            except WriteConflict:  # read while a round was being written, again and again: next run
                break
            if bundle is None:
                break
            t = bundle.tournament
            if undecided is None:
                undecided = _Undecided.of(bundle)
            if t.status != "running" or t.paused:
                break
            if self._finishes_now(bundle):
                rated += self._rate_decided(bundle, undecided)  # rated first: a fault leaves it running
                undecided = _Undecided.of(bundle)
            step = self._stepper.step(bundle, release_next)
            if step is None:
                break
            steps.append(step)
        if changed(steps) and undecided is not None:
            after = self._ctx.repo.load(tournament_id)
            if after is not None:
                rated += self._rate_decided(after, undecided)
        if rated:
            steps.append(f"{rated} matches rated")
        if steps:
            log.info("tournament advanced", extra={"tournament_id": tournament_id, "steps": steps})
        return steps

    def _finishes_now(self, bundle: TournamentBundle) -> bool:
        """Whether the next step finishes the tournament (no round open, and it is over)."""
        current = bundle.rounds[-1] if bundle.rounds else None
        return (current is None or current.status != "open") and is_over(bundle, self._ctx.clock)

    def _rate_decided(self, bundle: TournamentBundle, undecided: _Undecided) -> int:
        """Rate the matches of the tables decided since ``undecided`` was taken (read consistently) and
        every match the rating index lists as waiting; how many were rated."""
        if self._ctx.rate_now is None:
            return 0
        ids = [
            game
            for rnd in bundle.rounds
            for table in rnd.tables
            if table.result is not None and undecided.had(rnd.number, table.table)
            for game in table.games
        ]
        return len(self._ctx.rate_now(ids))

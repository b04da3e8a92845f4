"""One step of a tournament: choose what comes next (move the open round on, finish, pair the next round,
or an arena's wave step) and do it; a lost race is a step that reads again.

Its own job because the choice is the tournament's lifecycle; the work of each choice is in
:mod:`.rounds` (an open round), :mod:`.pairing` (the next round) and :mod:`.waves` (an arena)."""

from __future__ import annotations

from scopa.application.clock import iso
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.services import webhooks as hook_events
from scopa.application.services.pipeline.common import CONFLICT_STEP, PipelineContext, is_over
from scopa.application.services.pipeline.pairing import NextRound
from scopa.application.services.pipeline.rounds import RoundProgress
from scopa.application.services.pipeline.waves import Waves
from scopa.domain.tournaments.records import TournamentRecord


class Stepper:
    """Takes one step of a running tournament."""

    def __init__(self, ctx: PipelineContext) -> None:
        self._ctx = ctx
        self._rounds = RoundProgress(ctx)
        self._pairing = NextRound(ctx)
        self._waves = Waves(ctx, self._rounds, self._pairing, self.finish)

    def step(self, bundle: TournamentBundle, release_next: bool = False) -> str | None:
        """What was done (for the report), or None when there is nothing to do now.

        With ``next_round`` by_organizer, a round after a closed one is paired only when an organizer
        advances (``release_next``); the schedule and the players' reports leave it waiting."""
        t = bundle.tournament
        current = bundle.rounds[-1] if bundle.rounds else None
        try:
            if t.rules.format_rules.continuous:
                return self._waves.step(bundle)
            if current is not None and current.status == "open":
                return self._rounds.progress(bundle, current)
            if is_over(bundle, self._ctx.clock):
                return self.finish(t, sum(1 for r in bundle.rounds if r.status == "closed"))
            if current is not None and t.rules.next_round == "by_organizer" and not release_next:
                return None  # the organizer pairs the next round (POST .../advance)
            return self._pairing.pair_next(bundle)
        except WriteConflict:
            return CONFLICT_STEP  # another run moved it on; the loop re-reads

    def finish(self, t: TournamentRecord, closed: int) -> str:
        """Finish it; when the format planned its rounds at their most (a double elimination, a groups'
        knockout), the rounds played become the rounds planned."""
        ctx = self._ctx
        expected = t.version
        if t.rules.format_rules.rounds_are_a_maximum:
            t.rounds_planned = closed  # as many as played: a reset not needed, a withdrawal
        t.status = "finished"
        t.finished_at = iso(ctx.clock.now())
        t.updated_at = t.finished_at
        t.version += 1
        ctx.repo.save_tournament(t, expected)
        ctx.published(t.id, t.version)
        ctx.events.publish(hook_events.finished(t))
        return "finished"

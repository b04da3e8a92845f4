"""An arena's (a continuous format's) step: waves of tables among the waiting players inside the window.

Its own job because an arena has no rounds planned: a wave is paired whenever players wait, until the
window ends, and the grace period decides what still counts."""

from __future__ import annotations

from collections.abc import Callable

from scopa.application.clock import iso
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.services import webhooks as hook_events
from scopa.application.services.pipeline.common import PipelineContext, arena_times, is_over
from scopa.application.services.pipeline.pairing import NextRound
from scopa.application.services.pipeline.rounds import RoundProgress
from scopa.domain.tournaments.records import RoundRecord, TableRecord, TournamentRecord


class Waves:
    """Takes one step of an arena."""

    def __init__(
        self,
        ctx: PipelineContext,
        rounds: RoundProgress,
        pairing: NextRound,
        finish: Callable[[TournamentRecord, int], str],
    ) -> None:
        self._ctx = ctx
        self._rounds = rounds
        self._pairing = pairing
        self._finish = finish

    def step(self, bundle: TournamentBundle) -> str | None:
        """One step of a continuous format (an arena): move an open wave on (start its matches, collect
        results, close it); else, inside the window, pair a new wave among the waiting players; else
        finish once over.

        Waves are rounds: created by the same transaction conditioned on the round before (one wave a
        number, exactly once), matches with ids derived from (wave, table), results under the wave's
        version; each wave's deadline is the grace period's end, when a game still under way is
        adjudicated, unrated, and counts for nobody in the arena's scores, as does a game that ended after
        the grace end before this run saw it (:func:`~scopa.domain.tournaments.arena.window_reason`)."""
        t = bundle.tournament
        for rnd in bundle.rounds:
            if rnd.status == "open":
                step = self._rounds.progress(bundle, rnd)
                if step is not None:
                    return step
        end, _ = arena_times(t)
        now = self._ctx.clock.now()
        if now >= end:
            closed = sum(1 for r in bundle.rounds if r.status == "closed")
            return self._finish(t, closed) if is_over(bundle, self._ctx.clock) else None
        if not self._wave_tables(bundle):
            return None
        return self._pair_wave(bundle, now)

    def _pair_wave(self, bundle: TournamentBundle, now: float) -> str | None:
        """Pair and create the next wave, on the tournament read again (a pause or a coming back since:
        in this wave)."""
        ctx = self._ctx
        bundle = self._pairing.read_for_pairing(bundle)
        t = bundle.tournament
        number = t.current_round + 1
        tables = self._wave_tables(bundle)
        if not tables:
            return None
        _, grace_end = arena_times(t)
        rnd = RoundRecord(
            number=number,
            tables=[TableRecord(table=i + 1, first=a, second=b) for i, (a, b) in enumerate(tables)],
            byes=[],
            created_at=iso(now),
            deadline=int(grace_end),
        )
        ctx.repo.create_round(t.id, rnd, expected_version=t.version)
        ctx.published(t.id)
        ctx.events.publish(hook_events.paired(t, rnd))
        return f"wave {number} paired: {len(rnd.tables)} tables"

    @staticmethod
    def _wave_tables(bundle: TournamentBundle) -> list[tuple[str, str]]:
        """The tables of the next wave, among the players waiting in ``bundle``."""
        t = bundle.tournament
        number = t.current_round + 1
        planned = t.rules.format_rules.plan_round(t.rules, number, bundle.entries, bundle.rounds, t.lot_seed)
        return [(x.first, x.second) for x in planned.pairing.tables]

"""Pairing the next round: from entries read after the tournament's version, created only if that version
has not moved since, so that no bye, late entry or pause accepted meanwhile is left out.

Its own job because that read-then-create protocol is what keeps pairing exact under concurrent writes."""

from __future__ import annotations

from typing import Any

from scopa.application.clock import iso
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.services import webhooks as hook_events
from scopa.application.services.pipeline.common import PipelineContext, is_over, log
from scopa.domain.tournaments.model import RoundPairing
from scopa.domain.tournaments.planner import PlanningError, check_manual, plan_round, table_records
from scopa.domain.tournaments.records import RoundRecord
from scopa.domain.tournaments.table_results import assign_modes


class NextRound:
    """Pairs and creates the next round of a round-based tournament."""

    def __init__(self, ctx: PipelineContext) -> None:
        self._ctx = ctx

    def read_for_pairing(self, bundle: TournamentBundle) -> TournamentBundle:
        """The tournament read again for pairing its next round: its version first, on its own, then the
        entries and rounds, which are used only if the version is the same in both and the rounds have
        not moved on since the step was chosen (else WriteConflict: the loop reads again). The round is
        then created only if the version is still that one (``create_round``'s ``expected_version``).

        A write that changes the next round's field moves the tournament's version in the same write, and
        only while that round is not paired (``TournamentRepository.save_entry``'s ``before_round``;
        ``add_entry``): a requested bye or its cancelling, a late entry or approval, an arena player's
        pause or coming back. Such a write made before the version was read is among the entries read
        after it; one made later makes ``create_round`` fail, and the loop in
        :meth:`~scopa.application.services.pipeline.Pipeline.advance` reads again and pairs again; one
        made after the round exists is refused (a pause is then made again for the next wave). No request
        is accepted and then left out. The version is read on its own first because the bundle cannot
        vouch for its entries: DynamoDB's query of the partition reads the tournament item after them."""
        repo = self._ctx.repo
        marker = repo.get_tournament(bundle.tournament.id)
        fresh = repo.load(bundle.tournament.id) if marker is not None else None
        if marker is None or fresh is None or fresh.tournament.version != marker.version:
            raise WriteConflict("the tournament changed while its entries were read")
        if fresh.tournament.current_round != bundle.tournament.current_round:
            raise WriteConflict("the rounds moved on since the step was chosen")
        return fresh

    def pair_next(self, bundle: TournamentBundle) -> str:
        """Pair the next round, from entries read after the tournament's version, and create it only if
        that version has not moved since (:meth:`read_for_pairing`)."""
        ctx = self._ctx
        bundle = self.read_for_pairing(bundle)
        current = bundle.rounds[-1] if bundle.rounds else None
        if (current is not None and current.status == "open") or is_over(bundle, ctx.clock):
            raise WriteConflict("the rounds moved on since the step was chosen")
        t = bundle.tournament
        settings = t.rules
        number = t.current_round + 1
        now = ctx.clock.now()
        pairing = self._by_hand(bundle, number)
        slots: list[str | None] | None = None
        manual = pairing is not None
        if pairing is None:
            planned = plan_round(settings, number, bundle.entries, bundle.rounds, t.lot_seed)
            pairing, slots = planned.pairing, planned.slots
        rnd = RoundRecord(
            number=number,
            tables=table_records(pairing),
            byes=list(pairing.byes),
            created_at=iso(now),
            deadline=int(now) + settings.round_seconds if settings.round_seconds else None,
            manual=manual,
            slots=slots,
            requested_byes=list(pairing.requested_byes),
        )
        assign_modes(settings, rnd.tables, {e.id: e for e in bundle.entries})
        ctx.repo.create_round(t.id, rnd, expected_version=t.version)
        ctx.published(t.id)  # the round is on: current_round and the version moved
        ctx.events.publish(hook_events.paired(t, rnd))
        return f"round {number} paired: {len(rnd.tables)} tables, {len(rnd.byes)} byes"

    @staticmethod
    def _by_hand(bundle: TournamentBundle, number: int) -> RoundPairing | None:
        """The organizer's hand-made pairing of round ``number``, when there is one and it still fits."""
        t = bundle.tournament
        override: dict[str, Any] | None = (
            t.override if t.override and t.override.get("round") == number else None
        )
        if override is None or t.rules.format_rules.bracket:
            return None  # set before the format became a bracket one: the bracket decides
        try:
            return check_manual(
                [tuple(x) for x in override["tables"]], override.get("byes", []), bundle.entries, number
            )
        except PlanningError as exc:  # someone withdrew since: the pairing system takes over
            log.warning("hand-made pairing no longer fits", extra={"tournament_id": t.id, "why": str(exc)})
            return None

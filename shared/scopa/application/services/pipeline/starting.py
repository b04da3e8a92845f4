"""Starting a tournament: registration -> running, or cancelled when too few entrants are ready.

Its own job because a start fixes the field (withdrawing the unready, seeding again) before the rounds
exist; the scheduled run and an organizer's start both come here."""

from __future__ import annotations

from scopa.application.clock import iso
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.services import webhooks as hook_events
from scopa.application.services.pipeline.common import PipelineContext, log
from scopa.domain.tournaments.admission import field_at_start
from scopa.domain.tournaments.planner import rounds_planned
from scopa.domain.tournaments.records import AuditEntry, EntryRecord, TournamentRecord


class TournamentStart:
    """Starts tournaments (conditional on the version read) and cancels those due with too few entrants."""

    def __init__(self, ctx: PipelineContext) -> None:
        self._ctx = ctx

    def cancel_empty(self, t: TournamentRecord) -> None:
        """A tournament due to start with fewer than two entrants is cancelled (and says why)."""
        ctx = self._ctx
        expected = t.version
        t.status = "cancelled"
        t.updated_at = iso(ctx.clock.now())
        t.version += 1
        try:
            ctx.repo.save_tournament(t, expected)
        except WriteConflict:
            return
        ctx.published(t.id, t.version)
        ctx.repo.add_audit(
            t.id, AuditEntry(t.updated_at, "schedule", "cancelled", {"reason": "fewer than two entrants"})
        )
        log.info("tournament cancelled: fewer than two entrants", extra={"tournament_id": t.id})

    def start(self, t: TournamentRecord, actor: str) -> TournamentRecord:
        """Registration -> running (conditional on the version read); the rounds are fixed now, and the
        seeding ratings are read again first (an organizer's hand-set rating is kept)."""
        ctx = self._ctx
        bundle = ctx.repo.load(t.id)
        if bundle is not None and field_at_start(t.rules, bundle.entries).dropped:
            t = self._withdraw_unready(bundle, actor)
            bundle = ctx.repo.load(t.id)
        entrants = len([e for e in bundle.entries if e.status == "active"]) if bundle else 0
        if bundle is not None and ctx.seeding is not None:
            for entry in ctx.seeding(t.rules, bundle.entries):
                self._save_seeding(t, entry)
        expected = t.version
        t.status = "running"
        t.paused = False
        t.rounds_planned = rounds_planned(t.rules, entrants)
        t.started_at = iso(ctx.clock.now())
        t.updated_at = t.started_at
        t.version += 1
        ctx.repo.save_tournament(t, expected)
        ctx.published(t.id, t.version)
        ctx.events.publish(hook_events.started(t))
        if actor == "schedule":
            ctx.repo.add_audit(t.id, AuditEntry(t.started_at, actor, "started", {"rounds": t.rounds_planned}))
        return t

    def _save_seeding(self, t: TournamentRecord, entry: EntryRecord, attempts: int = 3) -> None:
        """Write an entry's new seeding rating. The start is the pipeline's own write: an entry changed
        meanwhile (a check-in) is read again and seeded again rather than failing the start, a few times;
        an entry removed meanwhile needs no seeding."""
        ctx = self._ctx
        for _ in range(attempts):
            expected = entry.version
            entry.version += 1
            try:
                ctx.repo.save_entry(t.id, entry, expected)
                return
            except WriteConflict:
                fresh = ctx.repo.load(t.id)
                again = next((e for e in fresh.entries if e.id == entry.id), None) if fresh else None
                reseeded = ctx.seeding(t.rules, [again]) if again is not None and ctx.seeding else []
                if not reseeded:
                    return
                entry = reseeded[0]
        raise WriteConflict(f"entry {entry.id} kept changing while it was seeded")

    def _withdraw_unready(self, bundle: TournamentBundle, actor: str) -> TournamentRecord:
        """Withdraw (remove, as before any start) the entries still waiting for approval and the entrants
        who did not check in, with one audit entry; the tournament as it stands after (its version moved).
        A tournament started meanwhile refuses the removal (WriteConflict), like a stale start."""
        ctx = self._ctx
        t = bundle.tournament
        field = field_at_start(t.rules, bundle.entries)
        for entry in field.dropped:
            ctx.repo.remove_entry(t.id, entry)
        details = {
            "not_approved": [e.id for e in field.not_approved],
            "not_checked_in": [e.id for e in field.not_checked_in],
        }
        ctx.repo.add_audit(t.id, AuditEntry(iso(ctx.clock.now()), actor, "withdrawn_at_start", details))
        fresh = ctx.repo.get_tournament(t.id)
        if fresh is None or fresh.status not in ("draft", "registration"):
            raise WriteConflict(f"tournament {t.id} changed while its field was fixed")
        return fresh

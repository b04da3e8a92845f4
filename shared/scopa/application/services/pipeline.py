"""The tournament pipeline: one step function that moves every running tournament on as far as it can.

Run every minute by the schedule, by an organizer's "advance now", by ``scopa pipeline`` and by the local
server's timer: the same code in every case. Each run reads the state afresh and acts on what it finds,
so it is safe to run twice at once or again after a crash at any point:

* a round is created by one transaction keyed on the round number (the loser of a race re-reads), and
  only if the tournament's version is still the one read before its entries (a bye asked meanwhile
  makes it pair again: :meth:`Pipeline._pair_next`);
* matches have ids derived from (tournament, round, table, game), so creating one twice finds the first;
* a round's results are written under its version, so two runs cannot both apply them.

A run has a time budget (``remaining``): it stops taking work when less than :data:`MARGIN` seconds are
left and the next run picks up what is left, oldest due first. The running tournaments are handed to a
:class:`~scopa.application.ports.pipeline_work.PipelineWork`: advanced in this process
(:class:`InProcessWork`, the default) or, on AWS, queued one message per tournament for workers.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scopa.application.clock import Clock, epoch_of, iso
from scopa.application.ports.changes import Change, ChangeFeed, NoFeed, tournament_topic
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.matches import Match
from scopa.application.ports.pipeline_work import PipelineWork, Remaining, WorkDone
from scopa.application.ports.tournaments import TournamentBundle, TournamentRepository
from scopa.application.ports.webhooks import EventSink, NoEvents
from scopa.application.services import webhooks as hook_events
from scopa.application.services.matches import MatchService, ScheduledMatch, absent_seat, finished_at
from scopa.domain.games import GAMES
from scopa.domain.tournaments.admission import field_at_start
from scopa.domain.tournaments.arena import window_reason
from scopa.domain.tournaments.planner import (
    PlanningError,
    check_manual,
    plan_round,
    rounds_planned,
    table_records,
)
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
)
from scopa.domain.tournaments.settings import TournamentSettings

# Standard-library logging only (the function's handler routes it to its JSON log); every line about a
# tournament carries its id as ``tournament_id``.
log = logging.getLogger(__name__)

MAX_STEPS = 12  # per tournament and run: enough to close a round, pair the next and start its matches
CONFLICT_STEP = "conflict: read again"
MARGIN = 10.0  # seconds: below this much time left, a run takes no more work (a step may take a few)


@dataclass
class PipelineReport:
    """What one run did (ids only: no state, no seeds)."""

    expired_matches: list[str] = field(default_factory=list)
    started: list[str] = field(default_factory=list)
    rated: list[str] = field(default_factory=list)
    steps: dict[str, list[str]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    deferred: list[str] = field(default_factory=list)  # left for the next run by the time budget
    queued: int = 0  # tournaments handed to the work queue (AWS); 0 when advanced in this run

    def to_json(self) -> dict[str, Any]:
        return {
            "expired_matches": len(self.expired_matches),
            "started": self.started,
            "rated": len(self.rated),
            "steps": self.steps,
            "errors": self.errors,
            "deferred": len(self.deferred),
            "queued": self.queued,
        }


class Pipeline:
    def __init__(
        self,
        repo: TournamentRepository,
        matches: MatchService,
        clock: Clock,
        rater: Callable[[], list[str]] | None = None,
        changes: ChangeFeed | None = None,
        events: EventSink | None = None,
        rate_now: Callable[[list[str]], list[str]] | None = None,
        seeding: Callable[[TournamentSettings, list[EntryRecord]], list[EntryRecord]] | None = None,
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
        self.changes: ChangeFeed = changes if changes is not None else NoFeed()  # to live updates
        self._deferred: list[str] = []  # tournaments the last run's budget left out: first in the next

    def _published(self, tournament_id: str, version: int | None = None) -> None:
        """Tell the tournament's followers (after a write of the tournament item succeeded)."""
        self.changes.publish([Change(tournament_topic(tournament_id), version)])

    # ------------------------------------------------------------------ entry points

    def run(self, remaining: Remaining | None = None, work: PipelineWork | None = None) -> PipelineReport:
        """One scheduled run: time out overdue matches, start due tournaments, advance the running ones.

        ``remaining`` (seconds left, read before each piece of work) is the time budget: once it drops
        below :data:`MARGIN` the run takes no more work and leaves it to the next run. ``work`` is where
        the running tournaments go, oldest due first (by default: advanced here, one after another).
        """
        report = PipelineReport()

        def time_left() -> bool:
            return remaining is None or remaining() >= MARGIN

        try:
            report.expired_matches = self.matches.expire_overdue(limit=500)
        except Exception as exc:  # a throttled sweep must not hold the tournaments up; the next run sweeps
            log.exception("deadline sweep failed")
            report.errors["expiry"] = type(exc).__name__
        now = self.clock.now()
        due: list[tuple[float, str]] = []  # (start time, tournament): the most overdue starts first
        for tid in self.repo.tournament_ids_with_status("registration"):
            try:
                t = self.repo.get_tournament(tid)
                starts = t.rules.starts_at if t else None
                if (
                    t is not None
                    and t.status == "registration"
                    and starts is not None
                    and starts.timestamp() <= now
                ):
                    due.append((starts.timestamp(), tid))
            except Exception as exc:  # as below: one tournament that cannot be read must not stop the others
                log.exception("pipeline could not read a tournament", extra={"tournament_id": tid})
                report.errors[tid] = type(exc).__name__
        for _, tid in sorted(due, key=lambda d: d[0]):  # equal start times: in the index order
            if not time_left():
                report.deferred.append(tid)
                continue
            try:
                self._start_due(tid, now, report)
            except Exception as exc:  # one tournament that cannot start must not stop the others
                log.exception("pipeline could not start a tournament", extra={"tournament_id": tid})
                report.errors[tid] = type(exc).__name__
        # The status index is eventually consistent: a tournament started just now is added by hand.
        # Oldest due first: those a budget cut off last time (in this process), then the index order
        # (oldest created first), then those started in this run.
        running = self.repo.tournament_ids_with_status("running")
        order = list(dict.fromkeys([*self._deferred, *running, *report.started]))
        done = (work if work is not None else InProcessWork(self)).dispatch(order, remaining)
        report.steps.update(done.steps)
        report.errors.update(done.errors)
        report.deferred.extend(done.deferred)
        report.queued = done.queued
        current = {*running, *report.started}
        self._deferred = [tid for tid in done.deferred if tid in current]
        if self.rater is not None and time_left():
            # Last, so the matches this run finished are rated in the same run once they settle.
            try:
                report.rated = self.rater()
            except Exception as exc:  # the tournaments were served; the next run rates what is left
                log.exception("rating step failed")
                report.errors["ratings"] = type(exc).__name__
        if report.deferred:
            log.info("pipeline run out of time", extra={"deferred": len(report.deferred)})
        return report

    def _start_due(self, tid: str, now: float, report: PipelineReport) -> None:
        t = self.repo.get_tournament(tid)
        starts = t.rules.starts_at if t else None
        # The index may list a tournament another run has started since (and maybe paused): the
        # consistent read decides, and start() is conditional on the version read here.
        if t is None or t.status != "registration" or starts is None or starts.timestamp() > now:
            return
        bundle = self.repo.load(tid)
        if bundle is None or len(field_at_start(t.rules, bundle.entries).ready) < 2:
            self._cancel_empty(t)
            return
        try:
            self.start(t, actor="schedule")
        except WriteConflict:
            return  # someone else started (or changed) it; the next run sees it
        report.started.append(tid)
        log.info("tournament started by the schedule", extra={"tournament_id": tid})

    def advance_many(self, tournament_ids: Sequence[str], remaining: Remaining | None = None) -> WorkDone:
        """Advance each tournament in turn while the budget lasts; the rest is deferred, not failed."""
        done = WorkDone()
        for k, tid in enumerate(tournament_ids):
            if remaining is not None and remaining() < MARGIN:
                done.deferred.extend(tournament_ids[k:])
                break
            try:
                done.steps[tid] = self.advance(tid)
            except Exception as exc:  # one broken tournament must not stop the others
                log.exception("pipeline failed for a tournament", extra={"tournament_id": tid})
                done.errors[tid] = type(exc).__name__
        return done

    def _cancel_empty(self, t: TournamentRecord) -> None:
        """A tournament due to start with fewer than two entrants is cancelled (and says why)."""
        expected = t.version
        t.status = "cancelled"
        t.updated_at = iso(self.clock.now())
        t.version += 1
        try:
            self.repo.save_tournament(t, expected)
        except WriteConflict:
            return
        self._published(t.id, t.version)
        self.repo.add_audit(
            t.id, AuditEntry(t.updated_at, "schedule", "cancelled", {"reason": "fewer than two entrants"})
        )
        log.info("tournament cancelled: fewer than two entrants", extra={"tournament_id": t.id})

    def start(self, t: TournamentRecord, actor: str) -> TournamentRecord:
        """Registration -> running (conditional on the version read); the rounds are fixed now, and the
        seeding ratings are read again first (an organizer's hand-set rating is kept)."""
        bundle = self.repo.load(t.id)
        if bundle is not None and field_at_start(t.rules, bundle.entries).dropped:
            t = self._withdraw_unready(bundle, actor)
            bundle = self.repo.load(t.id)
        entrants = len([e for e in bundle.entries if e.status == "active"]) if bundle else 0
        if bundle is not None and self.seeding is not None:
            for entry in self.seeding(t.rules, bundle.entries):
                self._save_seeding(t, entry)
        expected = t.version
        t.status = "running"
        t.paused = False
        t.rounds_planned = rounds_planned(t.rules, entrants)
        t.started_at = iso(self.clock.now())
        t.updated_at = t.started_at
        t.version += 1
        self.repo.save_tournament(t, expected)
        self._published(t.id, t.version)
        self.events.publish(hook_events.started(t))
        if actor == "schedule":
            self.repo.add_audit(
                t.id, AuditEntry(t.started_at, actor, "started", {"rounds": t.rounds_planned})
            )
        return t

    def _save_seeding(self, t: TournamentRecord, entry: EntryRecord, attempts: int = 3) -> None:
        """Write an entry's new seeding rating. The start is the pipeline's own write: an entry changed
        meanwhile (a check-in) is read again and seeded again rather than failing the start, a few times;
        an entry removed meanwhile needs no seeding."""
        for _ in range(attempts):
            expected = entry.version
            entry.version += 1
            try:
                self.repo.save_entry(t.id, entry, expected)
                return
            except WriteConflict:
                fresh = self.repo.load(t.id)
                again = next((e for e in fresh.entries if e.id == entry.id), None) if fresh else None
                reseeded = self.seeding(t.rules, [again]) if again is not None and self.seeding else []
                if not reseeded:
                    return
                entry = reseeded[0]
        raise WriteConflict(f"entry {entry.id} kept changing while it was seeded")

    def _withdraw_unready(self, bundle: TournamentBundle, actor: str) -> TournamentRecord:
        """Withdraw (remove, as before any start) the entries still waiting for approval and the entrants
        who did not check in, with one audit entry; the tournament as it stands after (its version moved).
        A tournament started meanwhile refuses the removal (WriteConflict), like a stale start."""
        t = bundle.tournament
        field = field_at_start(t.rules, bundle.entries)
        for entry in field.dropped:
            self.repo.remove_entry(t.id, entry)
        details = {
            "not_approved": [e.id for e in field.not_approved],
            "not_checked_in": [e.id for e in field.not_checked_in],
        }
        self.repo.add_audit(t.id, AuditEntry(iso(self.clock.now()), actor, "withdrawn_at_start", details))
        fresh = self.repo.get_tournament(t.id)
        if fresh is None or fresh.status not in ("draft", "registration"):
            raise WriteConflict(f"tournament {t.id} changed while its field was fixed")
        return fresh

    def advance(self, tournament_id: str) -> list[str]:
        """Move one tournament on as far as it goes now; returns what was done, step by step.

        When a ``rate_now`` is given, the matches of the tables it decided are rated before it returns
        (and before the tournament is marked finished), with every match the rating index lists as
        waiting, so a leaderboard read after an organizer's advance is current. A failed rating write
        fails the advance like any other write; the next advance (or the scheduled step) rates them.
        """
        steps: list[str] = []
        undecided: _Undecided | None = None
        rated = 0
        for _ in range(MAX_STEPS):
            bundle = self.repo.load(tournament_id)
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
            step = self._step(bundle)
            if step is None:
                break
            steps.append(step)
        if changed(steps) and undecided is not None:
            after = self.repo.load(tournament_id)
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
        return (current is None or current.status != "open") and self._is_over(bundle)

    def _rate_decided(self, bundle: TournamentBundle, undecided: _Undecided) -> int:
        """Rate the matches of the tables decided since ``undecided`` was taken (read consistently) and
        every match the rating index lists as waiting; how many were rated."""
        if self.rate_now is None:
            return 0
        ids = [
            game
            for rnd in bundle.rounds
            for table in rnd.tables
            if table.result is not None and undecided.had(rnd.number, table.table)
            for game in table.games
        ]
        return len(self.rate_now(ids))

    # ------------------------------------------------------------------ one step

    def _step(self, bundle: TournamentBundle) -> str | None:
        t = bundle.tournament
        current = bundle.rounds[-1] if bundle.rounds else None
        try:
            if t.rules.format_rules.continuous:
                return self._wave_step(bundle)
            if current is not None and current.status == "open":
                return self._progress(bundle, current)
            if self._is_over(bundle):
                return self._finish(t, sum(1 for r in bundle.rounds if r.status == "closed"))
            return self._pair_next(bundle)
        except WriteConflict:
            return CONFLICT_STEP  # another run moved it on; the loop re-reads

    def _is_over(self, bundle: TournamentBundle) -> bool:
        """As the format says; a continuous one (an arena) only once its window is over."""
        t = bundle.tournament
        fmt = t.rules.format_rules
        if fmt.continuous and self.clock.now() < arena_times(t)[0]:
            return False
        return fmt.is_over(t.rules, t.rounds_planned, bundle.entries, bundle.rounds)

    def _finish(self, t: TournamentRecord, closed: int) -> str:
        """Finish it; when the format planned its rounds at their most (a double elimination, a groups'
        knockout), the rounds played become the rounds planned."""
        expected = t.version
        if t.rules.format_rules.rounds_are_a_maximum:
            t.rounds_planned = closed  # as many as played: a reset not needed, a withdrawal
        t.status = "finished"
        t.finished_at = iso(self.clock.now())
        t.updated_at = t.finished_at
        t.version += 1
        self.repo.save_tournament(t, expected)
        self._published(t.id, t.version)
        self.events.publish(hook_events.finished(t))
        return "finished"

    def _wave_step(self, bundle: TournamentBundle) -> str | None:
        """One step of a continuous format (an arena): move an open wave on (start its matches, collect
        results, close it); else, inside the window, pair a new wave among the waiting players; else
        finish once over.

        Waves are rounds: created by the same transaction conditioned on the round before (one wave a
        number, exactly once), matches with ids derived from (wave, table), results under the wave's
        version; each wave's deadline is the grace period's end, when a game still under way is
        adjudicated, unrated, and counts for nobody in the arena's scores, as does a game that ended after
        the grace end before this run saw it (:func:`window_reason`)."""
        t = bundle.tournament
        for rnd in bundle.rounds:
            if rnd.status == "open":
                step = self._progress(bundle, rnd)
                if step is not None:
                    return step
        end, grace_end = arena_times(t)
        now = self.clock.now()
        if now >= end:
            closed = sum(1 for r in bundle.rounds if r.status == "closed")
            return self._finish(t, closed) if self._is_over(bundle) else None
        if not self._wave_tables(bundle):
            return None
        bundle = self._read_for_pairing(bundle)  # a pause or a coming back since: in this wave
        t = bundle.tournament
        number = t.current_round + 1
        tables = self._wave_tables(bundle)
        if not tables:
            return None
        rnd = RoundRecord(
            number=number,
            tables=[TableRecord(table=i + 1, first=a, second=b) for i, (a, b) in enumerate(tables)],
            byes=[],
            created_at=iso(now),
            deadline=int(grace_end),
        )
        self.repo.create_round(t.id, rnd, expected_version=t.version)
        self._published(t.id)
        self.events.publish(hook_events.paired(t, rnd))
        return f"wave {number} paired: {len(rnd.tables)} tables"

    @staticmethod
    def _wave_tables(bundle: TournamentBundle) -> list[tuple[str, str]]:
        """The tables of the next wave, among the players waiting in ``bundle``."""
        t = bundle.tournament
        number = t.current_round + 1
        planned = t.rules.format_rules.plan_round(t.rules, number, bundle.entries, bundle.rounds, t.lot_seed)
        return [(x.first, x.second) for x in planned.pairing.tables]

    def _read_for_pairing(self, bundle: TournamentBundle) -> TournamentBundle:
        """The tournament read again for pairing its next round: its version first, on its own, then the
        entries and rounds, which are used only if the version is the same in both and the rounds have
        not moved on since the step was chosen (else WriteConflict: the loop reads again). The round is
        then created only if the version is still that one (``create_round``'s ``expected_version``).

        A write that changes the next round's field moves the tournament's version in the same write, and
        only while that round is not paired (``TournamentRepository.save_entry``'s ``before_round``;
        ``add_entry``): a requested bye or its cancelling, a late entry or approval, an arena player's
        pause or coming back. Such a write made before the version was read is among the entries read
        after it; one made later makes ``create_round`` fail, and the loop in :meth:`advance` reads again
        and pairs again; one made after the round exists is refused (a pause is then made again for the
        next wave). No request is accepted and then left out. The version is read on its own first because
        the bundle cannot vouch for its entries: DynamoDB's query of the partition reads the tournament
        item after them."""
        marker = self.repo.get_tournament(bundle.tournament.id)
        fresh = self.repo.load(bundle.tournament.id) if marker is not None else None
        if marker is None or fresh is None or fresh.tournament.version != marker.version:
            raise WriteConflict("the tournament changed while its entries were read")
        if fresh.tournament.current_round != bundle.tournament.current_round:
            raise WriteConflict("the rounds moved on since the step was chosen")
        return fresh

    def _pair_next(self, bundle: TournamentBundle) -> str:
        """Pair the next round, from entries read after the tournament's version, and create it only if
        that version has not moved since (:meth:`_read_for_pairing`)."""
        bundle = self._read_for_pairing(bundle)
        current = bundle.rounds[-1] if bundle.rounds else None
        if (current is not None and current.status == "open") or self._is_over(bundle):
            raise WriteConflict("the rounds moved on since the step was chosen")
        t = bundle.tournament
        settings = t.rules
        number = t.current_round + 1
        override = t.override if t.override and t.override.get("round") == number else None
        if settings.format_rules.bracket:
            override = None  # set before the format became a bracket one: the bracket decides
        now = self.clock.now()
        pairing = None
        slots: list[str | None] | None = None
        if override is not None:
            try:
                pairing = check_manual(
                    [tuple(x) for x in override["tables"]], override.get("byes", []), bundle.entries, number
                )
            except PlanningError as exc:  # someone withdrew since: the pairing system takes over
                log.warning(
                    "hand-made pairing no longer fits", extra={"tournament_id": t.id, "why": str(exc)}
                )
                override = None
        if pairing is None:
            planned = plan_round(settings, number, bundle.entries, bundle.rounds, t.lot_seed)
            pairing, slots = planned.pairing, planned.slots
        rnd = RoundRecord(
            number=number,
            tables=table_records(pairing),
            byes=list(pairing.byes),
            created_at=iso(now),
            deadline=int(now) + settings.round_seconds if settings.round_seconds else None,
            manual=override is not None,
            slots=slots,
            requested_byes=list(pairing.requested_byes),
        )
        self.repo.create_round(t.id, rnd, expected_version=t.version)
        self._published(t.id)  # the round is on: current_round and the version moved
        self.events.publish(hook_events.paired(t, rnd))
        return f"round {number} paired: {len(rnd.tables)} tables, {len(rnd.byes)} byes"

    def _progress(self, bundle: TournamentBundle, rnd: RoundRecord) -> str | None:
        """Start the round's matches, collect results, play on, adjudicate, close; None when waiting."""
        t = bundle.tournament
        settings = t.rules
        entries = {e.id: e for e in bundle.entries}
        expected = rnd.version
        before = hook_events.decided(rnd)
        if not rnd.matches_created:
            for table in rnd.tables:
                if table.result is None and not table.games and not self._forfeit_absent(table, entries):
                    match = self.matches.create_scheduled(self._spec(t, settings, rnd, table, 1, entries))
                    table.games.append(match.id)
            rnd.matches_created = True
            rnd.version += 1
            self.repo.save_round(t.id, rnd, expected)
            self._results(t, rnd, before)
            return f"round {rnd.number}: matches started"
        undecided = [tb for tb in rnd.tables if tb.result is None]
        found = self.matches.refresh([g for tb in undecided for g in tb.games])
        late = rnd.deadline is not None and self.clock.now() >= rnd.deadline
        changed = False
        for table in undecided:
            changed |= self._update_table(t, settings, rnd, table, found, entries, late)
        if rnd.decided:
            rnd.status = "closed"
            rnd.closed_at = iso(self.clock.now())
            changed = True
        if not changed:
            return None
        rnd.version += 1
        self.repo.save_round(t.id, rnd, expected)
        self._results(t, rnd, before)
        return f"round {rnd.number} closed" if rnd.status == "closed" else f"round {rnd.number}: results"

    def _results(self, t: TournamentRecord, rnd: RoundRecord, before: set[int]) -> None:
        """Tell the club's webhooks of the tables this round's write decided."""
        tables = [x for x in rnd.tables if x.result is not None and x.table not in before]
        self.events.publish(hook_events.recorded(t, rnd, tables, iso(self.clock.now())))

    def _forfeit_absent(self, table: TableRecord, entries: dict[str, EntryRecord]) -> bool:
        """A table with a withdrawn or excluded entrant is scored without play (round robins keep them)."""
        here = [entries.get(table.first), entries.get(table.second)]
        active = [e is not None and e.status == "active" for e in here]
        if all(active):
            return False
        table.result = [1.0 if active[0] else 0.0, 1.0 if active[1] else 0.0]
        table.forfeit = True
        table.reason = "withdrawn"
        return True

    def _update_table(
        self,
        t: TournamentRecord,
        settings: TournamentSettings,
        rnd: RoundRecord,
        table: TableRecord,
        found: dict[str, Match],
        entries: dict[str, EntryRecord],
        late: bool,
    ) -> bool:
        before = (list(table.wins), list(table.points), table.result, list(table.games))
        if late:
            last = found.get(table.games[-1]) if table.games else None
            if last is not None and last.status == "active":  # an arena's counts for nobody: unrated
                rate = not settings.format_rules.continuous
                found[last.id] = self.matches.adjudicate(last.id, "round_deadline", rate=rate)
        wins, points = [0, 0], [0, 0]
        forfeit_loser: int | None = None
        last_reason = None
        last_done = False
        for game_id in table.games:
            match = found.get(game_id)
            if match is None:
                # Created by a run that crashed before saving the round: the id finds it again.
                game_no = table.games.index(game_id) + 1
                match = self.matches.create_scheduled(self._spec(t, settings, rnd, table, game_no, entries))
                found[game_id] = match
            outcome = GAMES[match.game].outcome(match.state)
            last_done = outcome is not None
            if outcome is None:
                continue
            winner_side = outcome.winner_side
            wins[winner_side] += 1
            points[0] += outcome.scores[0]
            points[1] += outcome.scores[1]
            last_reason = outcome.reason
            if absent_seat(match, outcome) is not None:  # lost on time without playing a card
                forfeit_loser = 1 - winner_side
        table.wins, table.points = wins, points
        need = settings.games_per_match // 2 + 1
        if forfeit_loser is not None:
            table.result = [0.0, 1.0] if forfeit_loser == 0 else [1.0, 0.0]
            table.forfeit = True
            table.reason = "no_show"
        elif max(wins) >= need:
            table.result = [1.0, 0.0] if wins[0] > wins[1] else [0.0, 1.0]
            table.reason = last_reason
        elif last_done and late:
            # Time is up between games: more games won, then more game points, else a draw.
            key = (wins[0] - wins[1]) or (points[0] - points[1])
            table.result = [1.0, 0.0] if key > 0 else [0.0, 1.0] if key < 0 else [0.5, 0.5]
            table.reason = "round_deadline"
        elif last_done:
            game_no = len(table.games) + 1
            match = self.matches.create_scheduled(self._spec(t, settings, rnd, table, game_no, entries))
            table.games.append(match.id)
        if settings.format_rules.continuous and table.result is not None:  # decided by its single game
            table.reason = window_reason(table.reason, finished_at(found[table.games[-1]]), arena_times(t)[1])
        return before != (table.wins, table.points, table.result, table.games)

    def _spec(
        self,
        t: TournamentRecord,
        settings: TournamentSettings,
        rnd: RoundRecord,
        table: TableRecord,
        game_no: int,
        entries: dict[str, EntryRecord],
    ) -> ScheduledMatch:
        first, second = entries[table.first].players, entries[table.second].players
        seats = [first[0], second[0], first[1], second[1]] if len(first) == 2 else [first[0], second[0]]
        place = (
            f"{rnd.number}:{game_no}" if settings.duplicate_deals else f"{rnd.number}:{table.table}:{game_no}"
        )
        seed = hashlib.sha256(f"{t.deal_seed}:{place}".encode()).hexdigest()
        return ScheduledMatch(
            id=match_id(t.id, rnd.number, table.table, game_no),
            seats=seats,
            game=settings.game,
            preset=settings.preset,
            options=settings.rule_options(),
            move_seconds=settings.seconds_per_move,
            seed=seed,
            context={"tournament": t.id, "round": rnd.number, "table": table.table, "game": game_no},
            created_by=t.created_by,
            leader_seat=(game_no - 1) % 2,  # who leads alternates from game to game
        )


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


def arena_times(t: TournamentRecord) -> tuple[float, float]:
    """An arena's window end and the end of its grace period (epoch seconds), from its start."""
    settings = t.rules
    start = epoch_of(t.started_at) if t.started_at else 0.0
    end = start + 60 * (settings.arena_minutes or 0)
    return end, end + settings.arena_grace_seconds


def changed(steps: list[str]) -> bool:
    """Whether an advance's steps changed anything (a lost race, re-read, is no change of its own)."""
    return any(not step.startswith(CONFLICT_STEP) for step in steps)


def match_id(tournament_id: str, round_number: int, table: int, game: int) -> str:
    """The deterministic id of a tournament match: a retried creation finds the first one."""
    return f"m_{tournament_id.removeprefix('t_')}-r{round_number}-t{table}-g{game}"


class InProcessWork:
    """The local fan-out: the tournaments are advanced here, in order, within the run's budget."""

    def __init__(self, pipeline: Pipeline) -> None:
        self._pipeline = pipeline

    def dispatch(self, tournament_ids: Sequence[str], remaining: Remaining | None) -> WorkDone:
        return self._pipeline.advance_many(tournament_ids, remaining)

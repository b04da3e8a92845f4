"""Results of tables played in person: the players' reports and confirmations, an organizer's entry or
forfeit, an organizer's close of a round with forfeits for absent players, and (mixed play) which
entrants play online.

Every change is one conditional write of the round item (its version): two reports at once, a report
against an organizer's entry, or a report against the round's close never lose a write; the loser reads
again and is checked again (:func:`~.access.made_again`), so a report after the close is refused (409).
An organizer's change is written with its audit entry, atomically. Once every table of a round is
decided, the pipeline is run for the tournament: it closes the round and, as ``next_round`` says, pairs
the next one at once or waits for an organizer's advance.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.ports.changes import ChangeFeed
from scopa.application.ports.tournaments import TournamentBundle, TournamentRepository
from scopa.application.ports.webhooks import EventSink, TournamentEvent
from scopa.application.services import webhooks as hook_events
from scopa.application.services.clubs import ClubService
from scopa.application.services.pipeline import Pipeline
from scopa.application.services.pipeline.common import in_request
from scopa.application.services.tournaments.access import TournamentAccess, made_again
from scopa.domain.games import GAMES
from scopa.domain.games.common.table_score import TableScore
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
)
from scopa.domain.tournaments.table_results import (
    FORFEIT_RESULT,
    ClaimOutcome,
    Forfeit,
    Games,
    claim,
    claim_of,
    decide,
    forfeit,
    forfeit_of,
    side_at,
)

log = logging.getLogger(__name__)

REPORT_ATTEMPTS = 5  # a table's round is written by its players, the organizer and the pipeline
_round_write = made_again(REPORT_ATTEMPTS, "the round kept changing; read it again", "round_changed")


@dataclass(frozen=True)
class TableView:
    """A table as a request left it, with the tournament and round it belongs to (for names)."""

    bundle: TournamentBundle
    round: RoundRecord
    table: TableRecord


class TableResults(TournamentAccess):
    """In-person results: reports, confirmations, organizer entries and closes."""

    def __init__(
        self,
        repo: TournamentRepository,
        clock: Clock,
        clubs: ClubService,
        pipeline: Pipeline,
        changes: ChangeFeed | None = None,
        events: EventSink | None = None,
    ) -> None:
        super().__init__(repo, clock, clubs, changes, events)
        self.pipeline = pipeline

    # ------------------------------------------------------------------ reading

    def table(self, tournament_id: str, number: int, table_no: int) -> TableView:
        """One table of a round, online or in person (anyone reads it: the claims hide nothing)."""
        bundle = self.bundle(tournament_id)
        rnd = self._round(bundle, number)
        table = next((x for x in rnd.tables if x.table == table_no), None)
        if table is None:
            raise NotFound(f"no table {table_no} in round {number}", code="table_not_found")
        return TableView(bundle, rnd, table)

    # ------------------------------------------------------------------ players

    @_round_write
    def report(
        self, caller: Caller, tournament_id: str, number: int, table_no: int, games: Games
    ) -> TableView:
        """A seated player reports the table's games: the first claim makes it "reported", the other
        side's same games "confirmed", different games "disputed". The same claim again changes nothing."""
        player = caller.require_player()
        bundle, rnd, table = self._open_table(tournament_id, number, table_no)
        side = self._seat(bundle, table, player)
        counted = self._count(bundle.tournament, games)
        if table.result is not None:
            if table.score == games:
                return TableView(bundle, rnd, table)  # already so: a retry, or the opponent's same report
            raise Conflict(
                f"table {table_no} is confirmed; an organizer can change its result",
                code="result_confirmed",
                details={"table": table_no},
            )
        outcome = claim(table, side, player, games, self._now())
        if outcome == "agreed":
            decide(table, games, counted, "reported")
        return self._claimed(bundle, rnd, table, outcome)

    @_round_write
    def confirm(self, caller: Caller, tournament_id: str, number: int, table_no: int) -> TableView:
        """The opponent of the reporter confirms the reported games (in a dispute: accepts the other
        side's). A confirmed table answers as it stands (a retry)."""
        player = caller.require_player()
        bundle, rnd, table = self._open_table(tournament_id, number, table_no)
        side = self._seat(bundle, table, player)
        if table.result is not None:
            return TableView(bundle, rnd, table)
        theirs = claim_of(table, 1 - side)
        if theirs is None:
            if claim_of(table, side) is not None:
                raise Conflict("you reported this score: your opponent confirms it", code="own_report")
            raise Conflict(f"nothing is reported at table {table_no} yet", code="nothing_reported")
        games: Games = [list(g) for g in theirs["games"]]
        counted = self._count(bundle.tournament, games)
        outcome = claim(table, side, player, games, self._now())
        decide(table, games, counted, "reported")
        return self._claimed(bundle, rnd, table, outcome)

    # ------------------------------------------------------------------ organizers

    @_round_write
    def enter(
        self,
        caller: Caller,
        tournament_id: str,
        number: int,
        table_no: int,
        games: Games | None,
        forfeit_by: Forfeit | None,
        reason: str,
    ) -> TableView:
        """An organizer enters, changes or settles a table's result (games, or a forfeit), decided at
        once and audited with the reason; the same entry again changes nothing."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        self._require_manager(caller, t)
        rnd, table = self._table(bundle, number, table_no)
        if (games is None) == (forfeit_by is None):
            raise BadRequest("give either the games or a forfeit", code="invalid_result")
        before = {"score": table.score, "result": table.result, "forfeit": table.forfeit}
        if games is not None:
            counted = self._count(t, games)
            if table.score == games and table.reason == "entered":
                return TableView(bundle, rnd, table)
            decide(table, games, counted, "entered")
        else:
            assert forfeit_by is not None
            if table.forfeit and table.reason == "forfeit" and table.result == FORFEIT_RESULT[forfeit_by]:
                return TableView(bundle, rnd, table)
            forfeit(table, forfeit_by, "forfeit")
        after = {"score": table.score, "result": table.result, "forfeit": table.forfeit}
        details = {"round": number, "table": table_no, "before": before, "after": after, "reason": reason}
        audit = self._audit_entry(caller, "result_entered", details)
        expected = rnd.version
        rnd.version += 1
        self.repo.save_round(t.id, rnd, expected, audit)
        self._published(t.id)
        corrected = before["result"] is not None
        self._publish(
            hook_events.claimed(t, rnd, table, "result.confirmed", audit.at),
            hook_events.recorded(t, rnd, [table], audit.at, corrected=corrected),
        )
        self._after_decided(t.id, rnd)
        return TableView(bundle, rnd, table)

    @_round_write
    def close_round(
        self, caller: Caller, tournament_id: str, number: int, absent: Sequence[str], reason: str
    ) -> tuple[TournamentBundle, RoundRecord]:
        """Close an open round: every undecided table is forfeited against its absent entrants (both
        absent: nobody scores); a table with nobody absent and no result refuses the close (409 naming
        the tables). Audited; the pipeline then closes the round and goes on."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        self._require_manager(caller, t)
        rnd = self._round(bundle, number)
        if rnd.status != "open":
            raise Conflict(f"round {number} is closed", code="round_closed")
        seated = {x for table in rnd.tables for x in (table.first, table.second)}
        strangers = sorted(set(absent) - seated)
        if strangers:
            raise BadRequest(
                f"not seated in round {number}: {', '.join(strangers)}",
                code="not_in_round",
                details={"entrants": strangers},
            )
        gone = set(absent)
        undecided = [x for x in rnd.tables if x.result is None]
        online = [x.table for x in undecided if x.mode == "online"]
        if online:
            raise Conflict(
                f"tables {_listed(online)} are played online: their matches decide them",
                code="tables_undecided",
                details={"tables": online},
            )
        stuck = [x.table for x in undecided if forfeit_of(x, gone) is None]
        if stuck:
            raise Conflict(
                f"tables {_listed(stuck)} have no confirmed result and nobody absent: enter their results "
                "or name the absent",
                code="tables_undecided",
                details={"tables": stuck},
            )
        forfeited = []
        for table in undecided:
            who = forfeit_of(table, gone)
            assert who is not None
            forfeit(table, who, "absent")
            forfeited.append(table)
        details = {
            "round": number,
            "absent": sorted(gone),
            "forfeited": [x.table for x in forfeited],
            "reason": reason,
        }
        audit = self._audit_entry(caller, "round_closed", details)
        expected = rnd.version
        rnd.version += 1
        self.repo.save_round(t.id, rnd, expected, audit)
        self._published(t.id)
        self._publish(hook_events.recorded(t, rnd, forfeited, audit.at))
        self._after_decided(t.id, rnd)
        fresh = self.bundle(t.id)
        return fresh, next((r for r in fresh.rounds if r.number == number), rnd)

    def set_online(self, caller: Caller, tournament_id: str, entrant_id: str, online: bool) -> EntryRecord:
        """Mixed play: mark an entrant as playing online (a table of two such entrants is online from the
        next round paired)."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        self._require_manager(caller, t)
        if t.rules.play_mode != "mixed":
            raise Conflict(
                f"play_mode is {t.rules.play_mode}: entrants are marked online in a mixed tournament",
                code="not_mixed",
            )
        if t.status in ("finished", "cancelled"):
            raise Conflict(f"the tournament is {t.status}", code="tournament_over")
        entry = self._entry(bundle, entrant_id)
        if entry.online == online:
            return entry
        entry.online = online
        self._save_entry(t.id, entry)
        self._published(t.id)
        self._audit(
            t.id, caller, "entrant_online" if online else "entrant_in_person", {"entrant": entrant_id}
        )
        return entry

    # ------------------------------------------------------------------ shared

    def _now(self) -> str:
        return iso(self.clock.now())

    def _audit_entry(self, caller: Caller, action: str, details: dict[str, Any]) -> AuditEntry:
        return AuditEntry(self._now(), caller.player_id or "admin", action, details)

    def _round(self, bundle: TournamentBundle, number: int) -> RoundRecord:
        rnd = next((r for r in bundle.rounds if r.number == number), None)
        if rnd is None:
            raise NotFound(f"round {number} has not been paired", code="round_not_found")
        return rnd

    def _table(self, bundle: TournamentBundle, number: int, table_no: int) -> tuple[RoundRecord, TableRecord]:
        rnd = self._round(bundle, number)
        table = next((x for x in rnd.tables if x.table == table_no), None)
        if table is None:
            raise NotFound(f"no table {table_no} in round {number}", code="table_not_found")
        if table.mode != "in_person":
            raise Conflict(f"table {table_no} is played online: its match decides it", code="table_online")
        return rnd, table

    def _open_table(
        self, tournament_id: str, number: int, table_no: int
    ) -> tuple[TournamentBundle, RoundRecord, TableRecord]:
        bundle = self.bundle(tournament_id)
        rnd, table = self._table(bundle, number, table_no)
        if rnd.status != "open":
            raise Conflict(f"round {number} is closed: an organizer can change a result", code="round_closed")
        status = bundle.tournament.status
        if status != "running":
            raise Conflict(
                f"the tournament is {status}: an organizer can change a result", code="not_running"
            )
        return bundle, rnd, table

    @staticmethod
    def _seat(bundle: TournamentBundle, table: TableRecord, player: str) -> int:
        side = side_at(table, {e.id: e for e in bundle.entries}, player)
        if side is None:
            raise Forbidden(
                f"only the players of table {table.table} report its result", code="not_at_this_table"
            )
        return side

    @staticmethod
    def _count(t: TournamentRecord, games: Games) -> TableScore:
        """What the games count for by the tournament's game and rules (ImpossibleScore: 422)."""
        settings = t.rules
        game = GAMES[settings.game]
        rules = game.validate_rules(settings.preset, settings.rule_options())
        return game.check_table_score(rules, settings.games_per_match, [(g[0], g[1]) for g in games])

    def _claimed(
        self, bundle: TournamentBundle, rnd: RoundRecord, table: TableRecord, outcome: ClaimOutcome
    ) -> TableView:
        """Write a player's claim (conditional on the round's version) and tell who follows."""
        if outcome == "unchanged":
            return TableView(bundle, rnd, table)
        t = bundle.tournament
        expected = rnd.version
        rnd.version += 1
        self.repo.save_round(t.id, rnd, expected)
        self._published(t.id)
        at = self._now()
        if outcome == "agreed":
            self._publish(
                hook_events.claimed(t, rnd, table, "result.confirmed", at),
                hook_events.recorded(t, rnd, [table], at),
            )
            self._after_decided(t.id, rnd)
        else:
            self._publish(hook_events.claimed(t, rnd, table, f"result.{outcome}", at))
        return TableView(bundle, rnd, table)

    def _publish(self, *events: list[TournamentEvent]) -> None:
        self.events.publish([e for batch in events for e in batch])

    def _after_decided(self, tournament_id: str, rnd: RoundRecord) -> None:
        """When the write decided the round's last table, run the pipeline now (it closes the round and
        pairs the next as ``next_round`` says). A failure here does not undo the stored result: the
        scheduled run does it within the minute."""
        if rnd.status != "open" or not rnd.decided:
            return
        try:
            self.pipeline.advance(tournament_id, remaining=in_request())
        except Exception:
            log.exception("advance after a decided round failed", extra={"tournament_id": tournament_id})


def _listed(tables: list[int]) -> str:
    return ", ".join(str(x) for x in tables)

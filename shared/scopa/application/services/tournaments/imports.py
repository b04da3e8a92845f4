"""Importing entrants from a pasted list or a CSV: each line matched to a player through the name index,
entered, or reported (namesakes, unknowns, duplicates, invalid lines, entrants already in).

Per line, not all-or-nothing: a list of 60 names with two namesakes enters the 58 others, and the answer
says what became of every line. Safe on retry: each line's entry and guest are made under a key derived
from the request's Idempotency-Key and the line's number, so a retry after a lost answer (or a crash
half-way) finds what the first run made instead of making it twice; the route also replays a finished
run's answer as stored. A dry run reads and matches the same way and writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from scopa.application.auth import Caller
from scopa.application.errors import BadRequest, ServiceError
from scopa.application.ports.players import Player, name_key
from scopa.application.services.guests import GuestService
from scopa.application.services.players import NAMED_LIMIT, clean_name
from scopa.application.services.tournaments.access import team_size
from scopa.application.services.tournaments.entries import TournamentEntries
from scopa.domain.tournaments.entry_list import (
    InvalidLine,
    ListFormat,
    ListLine,
    read_entry_list,
)

LineStatus = Literal[
    "entered", "guest_created", "namesake", "unknown", "duplicate", "invalid", "already_entered", "refused"
]


@dataclass
class LineReport:
    line: int
    name: str
    status: LineStatus
    player_id: str | None = None
    candidates: list[Player] = field(default_factory=list)  # the namesakes, for ``namesake``
    reason: str | None = None  # why a line is invalid or refused
    code: str | None = None  # the refusal's error code, for ``refused``


@dataclass(frozen=True)
class ImportReport:
    tournament_id: str
    dry_run: bool
    lines: list[LineReport]


class EntryImport:
    def __init__(self, entries: TournamentEntries, guests: GuestService) -> None:
        self.entries = entries
        self.guests = guests

    def run(
        self,
        caller: Caller,
        tournament_id: str,
        text: str,
        form: ListFormat,
        create_guests: bool,
        dry_run: bool,
        idempotency_key: str | None = None,
    ) -> ImportReport:
        """Read ``text`` and enter its players (see the module). Only the tournament's organizers import;
        single-player entries only (a pair is entered by naming both players)."""
        t = self.entries.get(tournament_id)
        self.entries._require_manager(caller, t)
        if team_size(t.rules) != 1:
            raise BadRequest(
                "an import enters single players; enter pairs by naming both", code="wrong_team_size"
            )
        manager = caller.player_id or "admin"
        reports: list[LineReport] = []
        seen: dict[str, int] = {}  # player id or an unknown's name key -> the line that had it first
        # A text over the limits, or a CSV without a usable header, raises EntryListError (a 422).
        for item in read_entry_list(text, form):
            if isinstance(item, InvalidLine):
                reports.append(LineReport(item.line, item.text.strip(), "invalid", reason=item.reason))
                continue
            reports.append(
                self._line(caller, t.id, item, seen, manager, create_guests, dry_run, idempotency_key)
            )
        return ImportReport(t.id, dry_run, reports)

    def _line(
        self,
        caller: Caller,
        tournament_id: str,
        item: ListLine,
        seen: dict[str, int],
        manager: str,
        create_guests: bool,
        dry_run: bool,
        key: str | None,
    ) -> LineReport:
        try:
            name = clean_name(item.name)
        except ServiceError as exc:
            return LineReport(item.line, item.name, "invalid", reason=exc.message)
        if item.player_id is not None:
            found = self.guests.players.get_players([item.player_id])
            if not found:
                return LineReport(item.line, name, "invalid", reason=f"no player '{item.player_id}'")
            candidates = found
        else:
            candidates = self.entries.players.named(name, NAMED_LIMIT)
        if len(candidates) > 1:
            return LineReport(item.line, name, "namesake", candidates=candidates)
        mark = candidates[0].id if candidates else "name:" + name_key(name)
        if mark in seen:
            return LineReport(item.line, name, "duplicate", reason=f"the same player as line {seen[mark]}")
        seen[mark] = item.line
        line_key = f"{key}:import-line:{item.line}" if key else None
        if not candidates:
            if not create_guests:
                return LineReport(item.line, name, "unknown")
            if dry_run:
                return LineReport(item.line, name, "guest_created")
            guest = self.guests.create_for(manager, name, f"{line_key}:guest" if line_key else None)
            seen[guest.id] = item.line  # a later line of that name now finds the guest: a duplicate
            return self._enter(caller, tournament_id, item, guest.id, "guest_created", line_key)
        player = candidates[0]
        if dry_run:
            entered = self.entries.repo.player_entry(tournament_id, player.id) is not None
            return LineReport(
                item.line, player.name, "already_entered" if entered else "entered", player_id=player.id
            )
        # A retry's line finds the entry its first run made (same derived key); anyone else's entry is
        # refused by ``enter`` as already_entered.
        return self._enter(caller, tournament_id, item, player.id, "entered", line_key)

    def _enter(
        self,
        caller: Caller,
        tournament_id: str,
        item: ListLine,
        player_id: str,
        status: LineStatus,
        line_key: str | None,
    ) -> LineReport:
        name = item.name
        try:
            entry = self.entries.enter(caller, tournament_id, [player_id], item.rating, line_key)
        except ServiceError as exc:
            if exc.code == "already_entered":
                return LineReport(item.line, name, "already_entered", player_id=player_id)
            return LineReport(
                item.line, name, "refused", player_id=player_id, reason=exc.message, code=exc.code
            )
        return LineReport(item.line, entry.name, status, player_id=player_id)

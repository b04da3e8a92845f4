"""Tournaments, their entries, rounds and audit trail: the port that stores them.

The records themselves are domain data (:mod:`scopa.domain.tournaments.records`); this port adds what
storage must guarantee. Every write that changes shared state is conditional and raises
:class:`~scopa.application.ports.conflict.WriteConflict` when the condition fails, so a retried or
concurrent request never applies twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from scopa.domain.tournaments.records import AuditEntry, EntryRecord, RoundRecord, TournamentRecord


@dataclass
class TournamentBundle:
    """What the pipeline reads in one query: the tournament, its entries, its rounds in order."""

    tournament: TournamentRecord
    entries: list[EntryRecord]
    rounds: list[RoundRecord]


class TournamentRepository(Protocol):
    def create_tournament(self, tournament: TournamentRecord, audit: AuditEntry) -> None:
        """Store a new tournament with its lists and its first audit entry, together."""
        ...

    def get_tournament(self, tournament_id: str) -> TournamentRecord | None: ...

    def load(self, tournament_id: str) -> TournamentBundle | None: ...

    def save_tournament(self, tournament: TournamentRecord, expected_version: int) -> None:
        """Write the whole tournament item if its version is still ``expected_version``."""
        ...

    def list_tournaments(
        self, status: str | None, club_id: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TournamentRecord], str | None]: ...

    def tournament_ids_with_status(self, status: str) -> list[str]: ...

    def add_entry(
        self,
        tournament_id: str,
        entry: EntryRecord,
        cap: int,
        statuses: tuple[str, ...],
        before_round: int | None = None,
    ) -> None:
        """Store an entry if the cap is not reached, the status allows it and none of its players entered.

        With ``before_round`` (a late entry joining at that round), also only while the tournament's
        current round is before it, checked in the same write that moves the version: a late entrant is
        either in that round's pairing or refused, never accepted for a round already paired.
        """
        ...

    def remove_entry(self, tournament_id: str, entry: EntryRecord) -> None:
        """Delete an entry before the start (the status must still be draft or registration), if it is still
        at the version read (``entry.version``): an approval or check-in made meanwhile is not lost."""
        ...

    def save_entry(
        self, tournament_id: str, entry: EntryRecord, expected_version: int, before_round: int | None = None
    ) -> None:
        """Write an existing entry if its stored ``version`` is still ``expected_version`` (the caller read
        it and bumped ``entry.version``): of two read-modify-writes racing, the second is refused, never
        lost. An entry stored before entries had versions reads (and is matched) as version 0.

        With ``before_round``, also only while the tournament's current round is before it, and the
        tournament's version moves on in the same write: a pairing that read the entries before this write
        is then refused by :meth:`create_round` (conditioned on that version) and pairs again, and once the
        round is paired this write is refused. So a change that matters to the round's pairing (a requested
        bye) is either in that pairing or refused, never accepted and left out.
        """
        ...

    def player_entry(self, tournament_id: str, player_id: str) -> str | None:
        """The entrant id under which a player is entered, if any."""
        ...

    def get_entry(self, tournament_id: str, entrant_id: str) -> EntryRecord | None:
        """One entry as stored now (one item read, whatever the tournament's size)."""
        ...

    def create_round(self, tournament_id: str, rnd: RoundRecord, expected_version: int | None = None) -> None:
        """Store round ``rnd.number`` and advance the tournament to it, exactly once.

        Fails with a conflict unless the tournament is running, not paused, and its current round is the
        one before; a second pipeline run racing for the same round loses here. With ``expected_version``,
        also unless the tournament's version is still that one (no entry write made with ``before_round``,
        nor an entry added, since the pairing's entries were read).
        """
        ...

    def get_round(self, tournament_id: str, number: int) -> RoundRecord | None: ...

    def save_round(
        self, tournament_id: str, rnd: RoundRecord, expected_version: int, audit: AuditEntry | None = None
    ) -> None:
        """Write the round if its version is still ``expected_version`` (with an audit entry, atomically)."""
        ...

    def add_audit(self, tournament_id: str, entry: AuditEntry) -> None: ...

    def list_audit(
        self, tournament_id: str, limit: int, cursor: str | None
    ) -> tuple[list[AuditEntry], str | None]: ...

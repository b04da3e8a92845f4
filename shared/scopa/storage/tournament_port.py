"""The repository port for clubs and tournaments (the match and player port is :mod:`repository`).

The services depend on this protocol; :mod:`scopa.storage.dynamo_tournaments` implements it. Every write
that changes shared state is conditional and raises :class:`~scopa.storage.repository.WriteConflict` when
the condition fails, so a retried or concurrent request never applies twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from scopa.tournaments.records import AuditEntry, EntryRecord, RoundRecord, TournamentRecord

ClubRole = Literal["organizer", "member"]


@dataclass
class Club:
    id: str
    name: str
    description: str
    open: bool  # anyone may join by themselves; otherwise organizers add members
    created_by: str
    created_at: str


@dataclass
class Member:
    player_id: str
    name: str
    role: ClubRole
    joined_at: str


@dataclass
class TournamentBundle:
    """What the pipeline reads in one query: the tournament, its entries, its rounds in order."""

    tournament: TournamentRecord
    entries: list[EntryRecord]
    rounds: list[RoundRecord]


class TournamentRepository(Protocol):
    # ------------------------------------------------------------------ clubs
    def create_club(self, club: Club, founder: Member | None) -> None: ...

    def get_club(self, club_id: str) -> Club | None: ...

    def list_clubs(self, limit: int, cursor: str | None) -> tuple[list[Club], str | None]: ...

    def get_member(self, club_id: str, player_id: str) -> Member | None: ...

    def put_member(self, club_id: str, member: Member) -> None:
        """Add a member or change a member's role (the club must exist)."""
        ...

    def remove_member(self, club_id: str, player_id: str) -> None: ...

    def list_members(
        self, club_id: str, limit: int, cursor: str | None
    ) -> tuple[list[Member], str | None]: ...

    # ------------------------------------------------------------------ tournaments
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

    def add_entry(self, tournament_id: str, entry: EntryRecord, cap: int, statuses: tuple[str, ...]) -> None:
        """Store an entry if the cap is not reached, the status allows it and none of its players entered."""
        ...

    def remove_entry(self, tournament_id: str, entry: EntryRecord) -> None:
        """Delete an entry before the start (the status must still be draft or registration)."""
        ...

    def save_entry(self, tournament_id: str, entry: EntryRecord) -> None:
        """Update an existing entry (status changes after the start)."""
        ...

    def player_entry(self, tournament_id: str, player_id: str) -> str | None:
        """The entrant id under which a player is entered, if any."""
        ...

    def create_round(self, tournament_id: str, rnd: RoundRecord) -> None:
        """Store round ``rnd.number`` and advance the tournament to it, exactly once.

        Fails with a conflict unless the tournament is running, not paused, and its current round is the
        one before; a second pipeline run racing for the same round loses here.
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

"""Clubs and their members: the entities and the port that stores them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

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


class ClubRepository(Protocol):
    def create_club(self, club: Club, founder: Member | None) -> None: ...

    def get_club(self, club_id: str) -> Club | None: ...

    def update_club(self, club: Club) -> None:
        """Write a club's name, description and openness (:class:`WriteConflict` when it does not exist)."""
        ...

    def list_clubs(self, limit: int, cursor: str | None) -> tuple[list[Club], str | None]: ...

    def get_member(self, club_id: str, player_id: str) -> Member | None: ...

    def put_member(self, club_id: str, member: Member) -> None:
        """Add a member or change a member's role (the club must exist)."""
        ...

    def remove_member(self, club_id: str, player_id: str) -> None: ...

    def list_members(
        self, club_id: str, limit: int, cursor: str | None
    ) -> tuple[list[Member], str | None]: ...

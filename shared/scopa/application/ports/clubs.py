"""Clubs and their members: the entities and the port that stores them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

ClubRole = Literal["organizer", "member"]
JoinStatus = Literal["pending", "refused"]


@dataclass
class Club:
    id: str
    name: str
    description: str
    open: bool  # anyone may join by themselves; otherwise organizers add members
    created_by: str
    created_at: str
    version: int = 0  # one more at each edit (clubs stored before versions read as 0)


@dataclass(frozen=True)
class ClubEdit:
    """The fields one edit sets; those left None stay as stored (another organizer's change survives)."""

    name: str | None = None
    description: str | None = None
    open: bool | None = None

    def is_empty(self) -> bool:
        return self.name is None and self.description is None and self.open is None


@dataclass
class Member:
    player_id: str
    name: str
    role: ClubRole
    joined_at: str


@dataclass
class JoinRequest:
    """A player's request to join a club that organizers fill; an approved one becomes a membership."""

    player_id: str
    name: str
    requested_at: str
    status: JoinStatus = "pending"
    decided_by: str | None = None  # the organizer who refused it
    decided_at: str | None = None


class ClubRepository(Protocol):
    def create_club(self, club: Club, founder: Member | None) -> None: ...

    def get_club(self, club_id: str) -> Club | None: ...

    def update_club(self, club_id: str, edit: ClubEdit, expected_version: int | None = None) -> Club:
        """Write only the fields ``edit`` sets and move the version on by one; the club as stored after
        the write comes back. :class:`WriteConflict` when the club does not exist or, with
        ``expected_version``, its version is another (someone else edited it)."""
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

    def put_join_request(self, club_id: str, request: JoinRequest) -> None:
        """Store or replace a request to join (:class:`WriteConflict` when the club does not exist)."""
        ...

    def get_join_request(self, club_id: str, player_id: str) -> JoinRequest | None: ...

    def approve_join_request(self, club_id: str, member: Member) -> None:
        """Make the requester a member and delete the request, together (:class:`WriteConflict` when the
        request is no longer pending, or the requester is a member already: a membership is never
        overwritten by an approval)."""
        ...

    def refuse_join_request(self, club_id: str, request: JoinRequest) -> None:
        """Write the refused ``request`` over the pending one (:class:`WriteConflict` when it is no longer
        pending: approved or refused meanwhile)."""
        ...

    def list_join_requests(
        self, club_id: str, limit: int, cursor: str | None
    ) -> tuple[list[JoinRequest], str | None]:
        """A club's join requests by player id."""
        ...

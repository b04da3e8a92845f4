"""Clubs and their members."""

from __future__ import annotations

from typing import TYPE_CHECKING

from api.answers.common import Closed
from scopa.application.ports.clubs import ClubRole, JoinStatus

if TYPE_CHECKING:
    from scopa.application.ports.clubs import Club, JoinRequest, Member


class ClubAnswer(Closed):
    id: str
    name: str
    description: str
    open: bool  # anyone may join by themselves; otherwise organizers add members
    created_by: str
    created_at: str
    version: int  # one more at each edit: send it back with an edit to refuse it if the club moved on

    @classmethod
    def of(cls, club: Club) -> ClubAnswer:
        return cls(
            id=club.id,
            name=club.name,
            description=club.description,
            open=club.open,
            created_by=club.created_by,
            created_at=club.created_at,
            version=club.version,
        )


class ClubView(ClubAnswer):
    """A club as its caller sees it: with their own role, so a page need not read every member."""

    your_role: ClubRole | None  # None: not a member, anonymous, or the admin

    @classmethod
    def seen_by(cls, club: Club, role: ClubRole | None) -> ClubView:
        return cls(**ClubAnswer.of(club).model_dump(), your_role=role)


class Clubs(Closed):
    clubs: list[ClubAnswer]
    next_cursor: str | None


class ClubMember(Closed):
    player_id: str
    name: str
    role: ClubRole
    joined_at: str

    @classmethod
    def of(cls, member: Member) -> ClubMember:
        return cls(player_id=member.player_id, name=member.name, role=member.role, joined_at=member.joined_at)


class ClubMembers(Closed):
    members: list[ClubMember]
    next_cursor: str | None


class JoinRequestAnswer(Closed):
    """A player's request to join a club: pending, or refused (by whom, when)."""

    player_id: str
    name: str
    requested_at: str
    status: JoinStatus
    decided_by: str | None
    decided_at: str | None

    @classmethod
    def of(cls, r: JoinRequest) -> JoinRequestAnswer:
        return cls(
            player_id=r.player_id,
            name=r.name,
            requested_at=r.requested_at,
            status=r.status,
            decided_by=r.decided_by,
            decided_at=r.decided_at,
        )


class JoinRequests(Closed):
    requests: list[JoinRequestAnswer]
    next_cursor: str | None

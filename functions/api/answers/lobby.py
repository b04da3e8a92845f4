"""The lobby and the inbox: open seeks, and a player's invitations, challenges and seeks.

:func:`lobby_answer` and :func:`inbox_answer` are what ``GET /lobby/seeks`` (first page) and ``GET /inbox``
answer, as JSON: the routes answer them, and the push side sends them as a topic's ``update`` data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import ConfigDict, Field

from api.answers.common import Closed
from api.answers.matches import MoveClock
from scopa.application.clock import iso

if TYPE_CHECKING:
    from scopa.application.auth import Caller
    from scopa.application.ports.seeks import Seek
    from scopa.application.services.lobby import Inbox, InboxEntry
    from scopa.application.wiring import ServiceSet

LOBBY_PAGE = 20  # seeks in the lobby's first page (GET /lobby/seeks without a limit)


class Who(Closed):
    player_id: str
    name: str


class SeekAnswer(Closed):
    """An offer to play: its creator, the terms, until when it is open, and the match taking it started."""

    id: str
    by: Who
    game: str
    preset: str
    target: int | None
    time_control: MoveClock
    rated: bool
    created_at: str
    expires_at: str
    status: Literal["open", "taken", "withdrawn", "expired"]
    match_id: str | None

    @classmethod
    def of(cls, seek: Seek) -> SeekAnswer:
        return cls(
            id=seek.id,
            by=Who(player_id=seek.player_id, name=seek.name),
            game=seek.game,
            preset=seek.preset,
            target=seek.target,
            time_control=MoveClock.of(seek.move_seconds),
            rated=seek.rated,
            created_at=seek.created_at,
            expires_at=iso(seek.expires_at),
            status=seek.status,
            match_id=seek.match_id,
        )


class SeekPage(Closed):
    items: list[SeekAnswer]
    next: str | None = Field(description="the cursor of the next page; null on the last")


class Invitation(Closed):
    """A pending match in an inbox: who made it, on what terms, and until when it waits."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, serialize_by_alias=True)

    id: str = Field(description="the match id: answer with POST /matches/{id}/accept or /decline")
    from_: Who = Field(alias="from")
    game: str
    preset: str
    target: int | None
    time_control: MoveClock
    rated: bool
    created_at: str
    expires_at: str

    @classmethod
    def fields_of(cls, entry: InboxEntry) -> dict[str, Any]:
        return {
            "id": entry.id,
            "from_": Who(player_id=entry.from_id, name=entry.from_name),
            "game": entry.game,
            "preset": entry.preset,
            "target": entry.target,
            "time_control": MoveClock.of(entry.move_seconds),
            "rated": entry.rated,
            "created_at": entry.created_at,
            "expires_at": entry.expires_at,
        }

    @classmethod
    def of(cls, entry: InboxEntry) -> Invitation:
        return cls(**cls.fields_of(entry))


class Challenge(Invitation):
    """The caller's own pending match; withdraw it with POST /matches/{id}/withdraw."""

    awaiting: list[str] = Field(description="names of the players who have not accepted yet")

    @classmethod
    def of(cls, entry: InboxEntry) -> Challenge:
        return cls(**cls.fields_of(entry), awaiting=entry.awaiting)


class InboxAnswer(Closed):
    invitations: list[Invitation] = Field(description="invitations to the caller, not yet accepted")
    challenges: list[Challenge] = Field(description="the caller's own pending matches, awaiting others")
    seeks: list[SeekAnswer] = Field(description="the caller's open seeks")

    @classmethod
    def of(cls, inbox: Inbox) -> InboxAnswer:
        return cls(
            invitations=[Invitation.of(e) for e in inbox.invitations],
            challenges=[Challenge.of(e) for e in inbox.challenges],
            seeks=[SeekAnswer.of(s) for s in inbox.seeks],
        )


def seek_page(svc: ServiceSet, limit: int = LOBBY_PAGE, cursor: str | None = None) -> SeekPage:
    seeks, nxt = svc.lobby.open_seeks(limit, cursor)
    return SeekPage(items=[SeekAnswer.of(s) for s in seeks], next=nxt)


def lobby_answer(svc: ServiceSet, caller: Caller) -> dict[str, Any]:
    """What ``GET /lobby/seeks`` answers anyone (its first page), as JSON; ``caller`` is not needed: the
    lobby looks the same to everyone."""
    return seek_page(svc).model_dump(mode="json")


def inbox_answer(svc: ServiceSet, caller: Caller) -> dict[str, Any]:
    """What ``GET /inbox`` answers ``caller``, as JSON (401/403 errors for a caller who is not a player)."""
    return InboxAnswer.of(svc.lobby.inbox(caller)).model_dump(mode="json", by_alias=True)

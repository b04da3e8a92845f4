"""Guests and the entry-list import: answers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from api.answers.common import Closed
from api.answers.players import PlayerProfile

if TYPE_CHECKING:
    from scopa.application.services.guests import ClaimCode
    from scopa.application.services.tournaments.imports import ImportReport, LineReport


class Guests(Closed):
    """The caller's guests (not yet claimed), by id."""

    guests: list[PlayerProfile]


class GuestClaimCode(Closed):
    """A one-time claim code, shown once (stored only hashed): hand it to the guest with the guest's id."""

    player: PlayerProfile
    code: str = Field(description="e.g. K7QM-3XPA; case, spaces and dashes are ignored when typed")
    expires_at: str
    claim_path: str = Field(description="where the guest redeems it: POST with {code}")

    @classmethod
    def of(cls, issued: ClaimCode) -> GuestClaimCode:
        return cls(
            player=PlayerProfile.of(issued.player),
            code=issued.code,
            expires_at=issued.expires_at,
            claim_path=f"/guests/{issued.player.id}/claim",
        )


class ImportLine(Closed):
    """What became of one line (``line`` as the organizer's editor numbers it)."""

    line: int
    name: str
    status: Literal[
        "entered",
        "guest_created",
        "namesake",
        "unknown",
        "duplicate",
        "invalid",
        "already_entered",
        "refused",
    ] = Field(
        description="entered: matched and entered; guest_created: unknown, made a guest and entered; "
        "namesake: several players of that name, not entered (see candidates); unknown: nobody of that "
        "name, not entered; duplicate: the same player as an earlier line; invalid: unreadable (reason); "
        "already_entered: in the tournament already; refused: the entry was refused (code, reason)"
    )
    player_id: str | None = Field(description="the player entered (or matched); null otherwise")
    candidates: list[PlayerProfile] = Field(description="the namesakes of a namesake line; [] otherwise")
    reason: str | None
    code: str | None

    @classmethod
    def of(cls, line: LineReport) -> ImportLine:
        return cls(
            line=line.line,
            name=line.name,
            status=line.status,
            player_id=line.player_id,
            candidates=[PlayerProfile.of(p) for p in line.candidates],
            reason=line.reason,
            code=line.code,
        )


class ImportAnswer(Closed):
    tournament_id: str
    dry_run: bool = Field(description="true: nothing was written; the statuses say what would happen")
    lines: list[ImportLine]
    counts: dict[str, int] = Field(description="lines per status")

    @classmethod
    def of(cls, report: ImportReport) -> ImportAnswer:
        counts: dict[str, int] = {}
        for line in report.lines:
            counts[line.status] = counts.get(line.status, 0) + 1
        return cls(
            tournament_id=report.tournament_id,
            dry_run=report.dry_run,
            lines=[ImportLine.of(line) for line in report.lines],
            counts=counts,
        )

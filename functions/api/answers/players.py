"""Players: profiles, registration, tokens, the house bots, a player's matches."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from api.answers.common import Closed
from scopa.application.ports.players import PlayerKind

if TYPE_CHECKING:
    from scopa.application.ports.matches import MatchSummary
    from scopa.application.ports.players import Player


class PlayerProfile(Closed):
    """What anyone may see of a player (never the token hash)."""

    id: str
    name: str
    role: Literal["player", "organizer", "admin"]
    bot: str | None = Field(description="a house bot's program (random, greedy, strong); null otherwise")
    kind: PlayerKind = Field(
        description="person; bot: a bot account (an outside program, created by the admin); "
        "house_bot: played inside the service"
    )
    created_at: str
    guest: bool = Field(
        description="a guest: a player without an account, made and managed by an organizer "
        "(docs/guests.md); false once claimed"
    )

    @classmethod
    def of(cls, player: Player) -> PlayerProfile:
        from scopa.application.services.players import player_kind  # (which knows the house bots)

        return cls(
            id=player.id,
            name=player.name,
            role=player.role,
            bot=player.bot,
            kind=player_kind(player.id),
            created_at=player.created_at,
            guest=player.guest_of is not None,
        )


class Registration(Closed):
    player: PlayerProfile
    token: str | None  # null when a retry with the same Idempotency-Key replays the registration


class NewToken(Closed):
    token: str


class Bots(Closed):
    bots: list[PlayerProfile]


class Players(Closed):
    """The players of one name (names are not unique), by id."""

    players: list[PlayerProfile]


class MatchListItem(Closed):
    """A match in a player's list; ``result`` is the game's own result object once finished."""

    id: str
    created_at: str
    status: str
    names: list[str]
    seats: list[str]
    preset: str
    result: dict[str, Any] | None

    @classmethod
    def of(cls, summary: MatchSummary) -> MatchListItem:
        return cls(
            id=summary.id,
            created_at=summary.created_at,
            status=summary.status,
            names=summary.names,
            seats=summary.seats,
            preset=summary.preset,
            result=summary.result,
        )


class PlayerMatches(Closed):
    matches: list[MatchListItem]
    next_cursor: str | None

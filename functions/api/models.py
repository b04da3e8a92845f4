"""Request bodies as pydantic models: the resolver validates them and documents them in OpenAPI.

Each is built on first use (``defer_build``): a cold start does not build the validators of every body,
only a request builds its own (docs/deploying.md, "Cold start").
"""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from scopa.domain.games import GameName
from scopa.domain.tournaments.settings import TournamentSettings

CardCode = Field(min_length=1, max_length=4, examples=["7d"])

GAME_DESCRIPTION = (
    "the card game: scopa (default) or briscola; presets and options belong to the game (GET /rules?game=)"
)


class RegisterPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    name: str = Field(
        min_length=1, max_length=80, description="display name (1 to 40 characters once trimmed)"
    )


class SetRole(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    role: Literal["player", "organizer"]


class TimeControl(BaseModel):
    """Seconds per move for live play, or days per move for correspondence play."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    seconds_per_move: int | None = Field(None, ge=5, le=86_400)
    days_per_move: int | None = Field(None, ge=1, le=30)

    @model_validator(mode="after")
    def _one(self) -> Self:
        if (self.seconds_per_move is None) == (self.days_per_move is None):
            raise ValueError("give exactly one of seconds_per_move and days_per_move")
        return self

    @property
    def seconds(self) -> int:
        return (
            self.seconds_per_move if self.seconds_per_move is not None else (self.days_per_move or 0) * 86_400
        )


class CreateMatch(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    game: GameName = Field("scopa", description=GAME_DESCRIPTION)
    players: list[str] = Field(
        min_length=2,
        max_length=8,
        description="player ids (house bots: bot-random, bot-greedy, bot-strong); for partnerships "
        "[a1, a2, b1, b2], partners first (Scopa: 2 to 4 players; Briscola: 2 to 8)",
    )
    preset: str = Field("classic", max_length=40, description="the game's rule preset, see GET /rules?game=")
    options: dict[str, Any] | None = Field(None, description="single rule options over the preset")
    target: int | None = Field(None, ge=1, le=1000, description="Scopa: points to win")
    time_control: TimeControl | None = None
    seed: str | None = Field(
        None, pattern=r"^[0-9a-fA-F]{32,128}$", description="a given master seed (duplicate deals, tests)"
    )


class PlayMove(BaseModel):
    """One move: a card (Scopa with ``take``; Briscola with an optional ``signal``), or in Briscola
    chiamata a ``bid`` or a ``call``. Exactly one of ``card``, ``bid``, ``call``."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    card: str | None = Field(None, min_length=1, max_length=4, examples=["7d"], description="the card played")
    take: list[str] = Field(
        default_factory=list, max_length=20, description="Scopa: table cards taken; [] to lay"
    )
    signal: str | None = Field(
        None, max_length=20, description="Briscola with signals: a word sent with the card"
    )
    bid: str | int | None = Field(
        None, description="Briscola chiamata: a rank (A 3 K Q J 7 6 5 4 2), a points target 62-120, or 'pass'"
    )
    call: str | None = Field(
        None, min_length=1, max_length=4, description="Briscola chiamata: the card called"
    )
    version: int = Field(
        ge=1, le=10**9, strict=True, description="the match version this move answers (from GET)"
    )

    @model_validator(mode="after")
    def _one(self) -> Self:
        if sum(x is not None for x in (self.card, self.bid, self.call)) != 1:
            raise ValueError("give exactly one of card, bid and call")
        return self

    def move(self) -> dict[str, Any]:
        """The move as the game's engine reads it (``take`` only with a card, for Scopa)."""
        if self.bid is not None:
            return {"bid": self.bid}
        if self.call is not None:
            return {"call": self.call}
        move: dict[str, Any] = {"card": self.card, "take": self.take}
        if self.signal is not None:
            move["signal"] = self.signal
        return move


class CreateClub(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    name: str = Field(min_length=1, max_length=80)
    description: str = Field("", max_length=500)
    open: bool = Field(False, description="anyone may join by themselves")


class AddMember(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    player_id: str = Field(min_length=1, max_length=64)
    role: Literal["member", "organizer"] = "member"


class CreateTournament(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    name: str = Field(min_length=1, max_length=80)
    club_id: str | None = Field(None, max_length=64, description="the club it belongs to; null: open")
    settings: TournamentSettings = Field(default_factory=lambda: TournamentSettings(rounds=5))
    open_registration: bool = Field(True, description="take entries at once (false: a draft)")


class Enter(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    players: list[str] | None = Field(
        None, min_length=1, max_length=2, description="the caller by default; partners for two-a-side"
    )
    rating: float | None = Field(None, ge=0, le=4000, description="organizers: the seeding rating")


class Exclude(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    reason: str = Field(min_length=1, max_length=300)


class ManualPairing(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    tables: list[tuple[str, str]] = Field(max_length=1000, description="[first, second]: first leads")
    byes: list[str] = Field(default_factory=list, max_length=1000)


class CorrectResult(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    result: tuple[float, float] = Field(
        description="match points [first, second]: [1,0], [0,1], [0.5,0.5], [0,0]"
    )
    reason: str = Field(min_length=1, max_length=300)


class CreateSeek(BaseModel):
    """An open seek in the lobby: anyone but its creator may accept it."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    game: GameName = Field("scopa", description=GAME_DESCRIPTION)
    preset: str = Field(
        "classic", max_length=40, description="a two-player rule preset, see GET /rules?game="
    )
    target: int | None = Field(None, ge=1, le=1000, description="Scopa: points to win; null: the preset's")
    time_control: TimeControl | None = None
    rated: bool = Field(True, description="false: a friendly game, never rated")
    expires_in: int = Field(3600, ge=60, le=86_400, description="seconds the seek stays open")


class CreateChallenge(BaseModel):
    """A challenge to a named player: an invitation they accept or decline from their inbox."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    opponent: str = Field(min_length=1, max_length=64, description="the challenged player's id (not a bot)")
    game: GameName = Field("scopa", description=GAME_DESCRIPTION)
    preset: str = Field("classic", max_length=40, description="rule preset, see GET /rules?game=")
    target: int | None = Field(None, ge=1, le=1000, description="Scopa: points to win; null: the preset's")
    time_control: TimeControl | None = None
    rated: bool = Field(True, description="false: a friendly game, never rated")
    expires_in: int = Field(
        86_400, ge=300, le=7 * 86_400, description="seconds the opponent has to accept (default a day)"
    )

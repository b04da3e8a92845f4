"""The shapes of the main success answers, for the OpenAPI document (and so for the fuzz tests' checks).

Documentation only: the routes still build plain dicts. Closed models (``extra="forbid"``) say that
nothing else may appear in a profile or a match answer, so a field that should stay inside the service
(a token hash, the state, a seed) would break the document and fail ``tests/fuzz``. A seat's ``view``
and the ``rules`` belong to the game (``scopa.domain.games``) and stay open objects here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerProfile(Closed):
    id: str
    name: str
    role: Literal["player", "organizer", "admin"]
    bot: str | None
    created_at: str


class Registration(Closed):
    player: PlayerProfile
    token: str | None  # null when a retry with the same Idempotency-Key replays the registration


class NewToken(Closed):
    token: str


class Health(Closed):
    ok: bool


class Bots(Closed):
    bots: list[PlayerProfile]


class Seat(Closed):
    seat: int
    player_id: str
    name: str
    bot: bool
    accepted: bool


class MatchResult(Closed):
    winner_side: int
    winners: list[str]
    reason: str
    scores: list[int]


class MatchAnswer(Closed):
    """A match as the caller sees it: the seats, whose turn, the clock, the result and the caller's view."""

    id: str
    game: str
    preset: str
    rules: dict[str, Any]
    status: Literal["pending", "active", "finished", "declined"]
    version: int
    seats: list[Seat]
    your_seat: int | None
    turn: int | None
    turn_player_id: str | None
    deadline: str | None
    time_control: dict[str, Any]
    created_at: str
    updated_at: str
    result: MatchResult | None
    tournament: dict[str, Any] | None
    seeded: bool = False  # its creator chose the master seed (knew the decks): never rated
    view: dict[str, Any]


class PlayerMatches(Closed):
    matches: list[dict[str, Any]]
    next_cursor: str | None

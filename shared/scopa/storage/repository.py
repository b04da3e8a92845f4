"""The repository port: the records the services store, and the operations they need.

Services depend on this protocol, not on boto3; :mod:`scopa.storage.dynamo` implements it on DynamoDB.
Every write that changes shared state is conditional, and a lost condition raises :class:`WriteConflict`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Role = Literal["player", "organizer", "admin"]
MatchStatus = Literal["pending", "active", "finished", "declined"]


class WriteConflict(Exception):
    """A conditional write lost: the item changed (or already existed) since it was read."""


@dataclass
class Player:
    id: str
    name: str
    role: Role
    created_at: str
    bot: str | None = None  # the bot's name for house bots
    token_hash: str | None = None  # SHA-256 of the player's current bearer token (the token is never stored)
    origin: dict[str, str] | None = None  # the registration's Idempotency-Key digest and body hash

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


@dataclass
class Match:
    """A match as stored: the engine state plus who plays, the clock and the request bookkeeping."""

    id: str
    game: str
    rules: dict[str, Any]
    seats: list[str]  # player id per seat
    names: list[str]  # display name per seat
    status: MatchStatus
    version: int
    state: dict[str, Any]  # the engine's full state (secret: never leaves the service as is)
    moves: list[str]  # every play of the game, "seat:card>taken", for the record
    created_at: str
    updated_at: str
    created_by: str
    move_seconds: int
    deadline: int | None = None  # epoch seconds by which the player to move must move
    accepted: list[bool] = field(default_factory=list)
    idempotency: dict[str, Any] | None = None  # the last move request: key, body hash, caller, answer
    preset: str = "classic"
    context: dict[str, Any] | None = None  # where the match belongs: {"tournament", "round", "table", "game"}
    rating: str | None = None  # "pending" once finished and rateable, "rated" after the rating step
    origin: dict[str, str] | None = None  # the creating request's Idempotency-Key digest and body hash
    seeded: bool = False  # its creator chose the master seed, so knew the decks: never rated


@dataclass
class MatchSummary:
    """What a list of a player's matches shows."""

    id: str
    created_at: str
    status: str
    names: list[str]
    seats: list[str]
    preset: str
    result: dict[str, Any] | None


class Repository(Protocol):
    def get_player(self, player_id: str, consistent: bool = False) -> Player | None: ...

    def set_role(self, player_id: str, role: Role) -> None:
        """Change a player's role on the profile and on its token item together."""
        ...

    def create_player(self, player: Player) -> None:
        """Store a new player and its token item together."""
        ...

    def get_token_owner(self, token_hash: str) -> tuple[str, Role] | None:
        """The player id and role behind a token hash (one read: the token item carries the role)."""
        ...

    def replace_token(self, player_id: str, old_hash: str | None, new_hash: str | None) -> None:
        """Swap the token (``new_hash`` None revokes it) if ``old_hash`` is still the current one and the
        role has not changed since it was read (the new token item carries the role)."""
        ...

    def create_match(self, match: Match) -> None: ...

    def get_match(self, match_id: str) -> Match | None: ...

    def save_match(self, match: Match, expected_version: int) -> None: ...

    def get_matches(self, match_ids: list[str]) -> dict[str, Match]:
        """Several matches by id in few strongly consistent reads; missing ids are left out."""
        ...

    def list_player_matches(
        self, player_id: str, limit: int, cursor: str | None
    ) -> tuple[list[MatchSummary], str | None]: ...

    def overdue_matches(self, now: int, limit: int) -> list[str]: ...

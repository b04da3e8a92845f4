"""Players and their bearer tokens: the entity and the port that stores them.

A token is never stored, only its SHA-256; the token's own record carries the player's role, so
authenticating a request is one read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

Role = Literal["player", "organizer", "admin"]


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


class PlayerRepository(Protocol):
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

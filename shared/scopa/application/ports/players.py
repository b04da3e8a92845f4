"""Players and their bearer tokens: the entity and the port that stores them.

A token is never stored, only its SHA-256 and its version (see :mod:`scopa.application.auth`): a signed
token names its player and version, checked against the profile's. Opaque tokens from before signed ones
have version 0 and a token record of their own, keyed by the hash and carrying the player's role.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

Role = Literal["player", "organizer", "admin"]
#: ``house_bot`` (played inside the service), ``bot`` (a bot account) or ``person`` (services.players).
PlayerKind = Literal["person", "bot", "house_bot"]


def name_key(name: str) -> str:
    """What a name is looked up by: case-folded, spaces collapsed (both stores index this, not the name)."""
    return " ".join(name.casefold().split())


@dataclass(frozen=True)
class GuestClaim:
    """A guest's pending claim code: only its SHA-256 is stored, with when it expires (epoch seconds) and
    how many wrong codes were tried against it (refused after a few: services.guests)."""

    code_hash: str
    expires_at: float
    tries: int = 0


@dataclass
class Player:
    id: str
    name: str
    role: Role
    created_at: str
    bot: str | None = None  # the bot's name for house bots
    token_hash: str | None = None  # SHA-256 of the player's current bearer token (the token is never stored)
    origin: dict[str, str] | None = None  # the registration's Idempotency-Key digest and body hash
    # The current token's version: 1 at registration, bumped by every rotation, revocation or reissue;
    # 0 for an opaque token of before signed tokens (found through its own token record).
    token_version: int = 0
    # A guest (a player without an account, made by an organizer): the organizer who manages it; None for
    # accounts. A guest holds no token; its pending claim code (if any) is ``claim``.
    guest_of: str | None = None
    claim: GuestClaim | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


class PlayerRepository(Protocol):
    def get_player(self, player_id: str, consistent: bool = False) -> Player | None: ...

    def set_role(self, player_id: str, role: Role) -> None:
        """Change a player's role on the profile and on its token item together."""
        ...

    def create_player(self, player: Player) -> None:
        """Store a new player (conditioned on its id being new); an opaque token (version 0) gets its
        token record in the same write."""
        ...

    def players_named(self, key: str, limit: int) -> list[str]:
        """The ids of up to ``limit`` players whose :func:`name_key` is ``key``, by id (the name index)."""
        ...

    def get_players(self, player_ids: Sequence[str]) -> list[Player]:
        """The profiles of those of ``player_ids`` that exist, in that order, read together."""
        ...

    def get_token_owner(self, token_hash: str) -> tuple[str, Role] | None:
        """The player id and role behind an opaque token's hash (one read: its record carries the role)."""
        ...

    def replace_token(self, player_id: str, old_hash: str | None, new_hash: str | None, version: int) -> None:
        """Make ``new_hash`` (None: no token, revoked) the current token at ``version``, if ``old_hash`` is
        still the current one and the stored version is still ``version - 1`` (none stored counts as 0);
        the old opaque token's own record, if any, is deleted with it."""
        ...

"""Bearer tokens and callers.

A token is ``scp_`` plus 256 random bits (URL-safe base64). The service stores only its SHA-256, so a
leaked table does not leak tokens; the admin token comes from configuration and is compared by hash in
constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Literal

from scopa.application.errors import Forbidden, Unauthorized
from scopa.application.ports.players import PlayerRepository

TOKEN_PREFIX = "scp_"
CallerRole = Literal["anonymous", "player", "organizer", "admin"]
ADMIN_ID = "admin"


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Caller:
    """Who is calling: a player (with a role), the admin, or nobody."""

    player_id: str | None
    role: CallerRole
    token_hash: str | None = None

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"

    @property
    def can_organize(self) -> bool:
        return self.role in ("organizer", "admin")

    def require_player(self) -> str:
        """The caller's player id; 401 for anonymous callers, 403 for the admin (who is not a player)."""
        if self.role == "anonymous" or self.player_id is None:
            raise Unauthorized("this route needs a bearer token: Authorization: Bearer <token>")
        if self.is_admin:
            raise Forbidden("the admin token is not a player; register a player to play")
        return self.player_id

    def require_admin(self) -> None:
        if self.role == "anonymous":
            raise Unauthorized("this route needs the admin token")
        if not self.is_admin:
            raise Forbidden("only the admin may do this")


ANONYMOUS = Caller(None, "anonymous")


def authenticate(repo: PlayerRepository, authorization: str | None, admin_token_hash: str | None) -> Caller:
    """The caller behind an ``Authorization`` header; no header is anonymous, a bad token is 401."""
    if not authorization:
        return ANONYMOUS
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("the Authorization header must be 'Bearer <token>'")
    digest = hash_token(token)
    if admin_token_hash and hmac.compare_digest(digest, admin_token_hash):
        return Caller(ADMIN_ID, "admin", digest)
    owner = repo.get_token_owner(digest)
    if owner is None:
        raise Unauthorized("unknown or revoked token")
    player_id, role = owner
    return Caller(player_id, role, digest)

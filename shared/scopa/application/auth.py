"""Bearer tokens and callers.

A player's token is signed: ``scs_<player id>.<version>.<nonce>.<signature>``, the signature an
HMAC-SHA256 of the rest under the service's signing key. The player's profile keeps the version of its
current token (and the token's SHA-256, never the token); rotating, revoking or reissuing a token bumps
the version, so every older token is refused.

Checking a token needs no read of its own: the signature proves who the token names and which version it
carries, and the version is compared with the player's current one as :class:`Tokens` last read it. That
record is cached for :data:`TOKEN_CACHE_SECONDS` (60 s) per process (a Lambda container): a rotated or
revoked token, or a changed role, is refused by every process at most 60 s after the change, at once by
the one that made it. A forged or tampered token is refused without a read.

Tokens issued before signed tokens (``scp_`` plus 256 random bits) still work through the read path:
each request reads the token's own item, keyed by its SHA-256. Rotating one gives a signed token.

The admin token comes from configuration and is compared by hash in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

from scopa.application.clock import Clock, SystemClock
from scopa.application.errors import Forbidden, Unauthorized
from scopa.application.ports.players import PlayerRepository, Role

TOKEN_PREFIX = "scp_"  # opaque tokens issued before signed ones: found by their hash (read path)
SIGNED_PREFIX = "scs_"
CallerRole = Literal["anonymous", "player", "organizer", "admin"]
ADMIN_ID = "admin"
TOKEN_CACHE_SECONDS = 60.0  # how long a process trusts a player's token version and role once read
TOKEN_CACHE_SIZE = 4096  # players remembered per process (least recently used forgotten first)
SIGNING_KEY_BYTES = 32  # the least key length accepted
_SIGNATURE_BYTES = 32
_DEV_KEY = secrets.token_bytes(SIGNING_KEY_BYTES)  # this process's key when none is configured


def new_token() -> str:
    """An opaque token (the format before signed tokens; kept for tests of the read path)."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def bearer_token(authorization: str) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; None when the header is not that shape."""
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def dev_signing_key() -> bytes:
    """The key of a process that was given none: generated at import, known to this process only."""
    return _DEV_KEY


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


@dataclass(frozen=True)
class Signed:
    """What a signed token says once its signature checks: whose it is and its version."""

    player_id: str
    version: int


class TokenSigner:
    """Signs and checks tokens under one key (HMAC-SHA256)."""

    def __init__(self, key: bytes) -> None:
        if len(key) < SIGNING_KEY_BYTES:
            raise ValueError(f"a signing key has at least {SIGNING_KEY_BYTES} bytes")
        self._key = key

    def __repr__(self) -> str:
        return "TokenSigner(<key hidden>)"

    def _signature(self, body: str) -> str:
        digest = hmac.new(self._key, body.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def issue(self, player_id: str, version: int) -> str:
        body = f"{SIGNED_PREFIX}{player_id}.{version}.{secrets.token_hex(16)}"
        return f"{body}.{self._signature(body)}"

    def read(self, token: str) -> Signed | None:
        """The player and version a token names, or None unless it is well formed and signed by this key."""
        if not token.startswith(SIGNED_PREFIX) or len(token) > 256:
            return None
        body, _, signature = token.rpartition(".")
        if not hmac.compare_digest(self._signature(body).encode(), signature.encode()):
            return None
        player_id, _, rest = body.removeprefix(SIGNED_PREFIX).partition(".")
        version, _, _nonce = rest.partition(".")
        if not player_id or not version.isdigit() or int(version) < 1:
            return None
        return Signed(player_id, int(version))


@dataclass(frozen=True)
class _Record:
    read_at: float
    version: int | None  # None: the player has no current token (revoked) or does not exist
    role: Role


class Tokens:
    """Issues players' signed tokens and tells who is behind an ``Authorization`` header.

    One per process: it remembers each player's token version and role for ``cache_seconds`` after
    reading them (see the module's docstring for the bound this gives).
    """

    def __init__(
        self,
        repo: PlayerRepository,
        clock: Clock | None = None,
        key: bytes | None = None,
        cache_seconds: float = TOKEN_CACHE_SECONDS,
        cache_size: int = TOKEN_CACHE_SIZE,
    ) -> None:
        self.repo = repo
        self.clock: Clock = clock or SystemClock()
        self.signer = TokenSigner(key or dev_signing_key())
        self.cache_seconds = cache_seconds
        self.cache_size = cache_size
        self._records: OrderedDict[str, _Record] = OrderedDict()

    def issue(self, player_id: str, version: int) -> str:
        return self.signer.issue(player_id, version)

    def forget(self, player_id: str) -> None:
        """Drop what is remembered of a player (this process changed its token or role)."""
        self._records.pop(player_id, None)

    def caller(
        self, authorization: str | None, admin_token_hash: str | None = None, *, fresh: bool = False
    ) -> Caller:
        """The caller behind an ``Authorization`` header; no header is anonymous, a bad token is 401.
        ``fresh`` reads the player's token version even when it is cached (a live connection's ``auth``:
        a retired token must not open a connection for the cache's 60 s)."""
        if not authorization:
            return ANONYMOUS
        token = bearer_token(authorization)
        if token is None:
            raise Unauthorized("the Authorization header must be 'Bearer <token>'")
        digest = hash_token(token)
        if admin_token_hash and hmac.compare_digest(digest, admin_token_hash):
            return Caller(ADMIN_ID, "admin", digest)
        if token.startswith(SIGNED_PREFIX):
            signed = self.signer.read(token)
            record = self._record(signed.player_id, fresh) if signed else None
            if signed is None or record is None or record.version != signed.version:
                raise Unauthorized("unknown or revoked token")
            return Caller(signed.player_id, record.role, digest)
        owner = self.repo.get_token_owner(digest)  # an opaque token of before: the read path
        if owner is None:
            raise Unauthorized("unknown or revoked token")
        player_id, role = owner
        return Caller(player_id, role, digest)

    def signed_player(self, authorization: str | None) -> str | None:
        """The player named by a bearer token this service signed, from the signature alone (no read).

        Whom to count a request against (the rate limit keys on it): a caller cannot make up tokens that
        pass, so they cannot multiply their buckets, and a forged one costs no read. A token whose
        signature checks is compared with the player's current token version (the same cached record
        :meth:`caller` uses): a retired one names nobody and is counted by its address, so whoever holds
        a leaked token cannot lock its player out after a rotation.
        """
        token = bearer_token(authorization) if authorization else None
        signed = self.signer.read(token) if token else None
        if signed is None:
            return None
        record = self._record(signed.player_id)  # cached: one read a player per cache period at most
        if record is None or record.version != signed.version:
            return None  # retired (rotated or revoked): it must not drain the player's own bucket
        return signed.player_id

    def _record(self, player_id: str, fresh: bool = False) -> _Record | None:
        now = self.clock.now()
        record = self._records.get(player_id)
        if not fresh and record is not None and 0 <= now - record.read_at < self.cache_seconds:
            self._records.move_to_end(player_id)
            return record
        player = self.repo.get_player(player_id, consistent=True)
        if player is None or player.is_bot:
            self._records.pop(player_id, None)
            return None
        record = _Record(now, player.token_version if player.token_hash else None, player.role)
        if self.cache_seconds > 0:
            self._records[player_id] = record
            self._records.move_to_end(player_id)
            while len(self._records) > self.cache_size:
                self._records.popitem(last=False)
        return record


def authenticate(
    repo: PlayerRepository, authorization: str | None, admin_token_hash: str | None, key: bytes | None = None
) -> Caller:
    """The caller behind an ``Authorization`` header, read afresh (no cache); see :class:`Tokens`."""
    return Tokens(repo, key=key, cache_seconds=0).caller(authorization, admin_token_hash)

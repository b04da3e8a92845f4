"""Creations a retry finds again: what a request makes under an ``Idempotency-Key`` is keyed by that key.

The Powertools record in front (``functions/api/idempotency.py``) answers most retries, but not all: when
its final "completed" write fails, or the record has expired, the request runs again. This makes that
re-run harmless. The new item's id is derived from (operation, caller, key), so the re-run's conditional
create can only collide with what the first run made; the item keeps the request's :attr:`Once.origin`
(the key's digest and the body's hash), so the collision is recognised as "made by this very request"
and answered as a replay, while the same key with another body is still refused.

The caller is part of the digest, so nobody can aim a key at another caller's ids; for anonymous
registration the key itself is the secret (clients use a random key, as for every idempotent request).
A key answers for :data:`REPLAY_SECONDS`, as long as the Powertools record lives; after that, the same
key finds its item but is refused, so a reused key never hands out an old request's answer.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from scopa.application.clock import epoch_of
from scopa.application.errors import IdempotencyKeyReused
from scopa.application.ports.conflict import WriteConflict

REPLAY_SECONDS = 24 * 3600  # how long a key answers for its request (and its Powertools record lives)
ID_HEX_DIGITS = 16  # the services' usual ids: a prefix and 64 bits in hex (``p_``, ``m_``; ``t_``: 48)


def body_hash(body: Any) -> str:
    """SHA-256 of a request body in canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Once:
    """One request made under an Idempotency-Key: what its item is called and how it is recognised."""

    key_digest: str  # SHA-256 of (operation, caller, key): stored on the item, never the key itself
    body_hash: str

    @classmethod
    def of(cls, operation: str, caller: str, key: str | None, body: Any) -> Once | None:
        """None without a key: the request is then an ordinary one (a new random id)."""
        if not key:
            return None
        digest = hashlib.sha256("\n".join((operation, caller, key)).encode()).hexdigest()
        return cls(digest, body_hash(body))

    def id(self, prefix: str, hex_digits: int = ID_HEX_DIGITS) -> str:
        """The new item's id in the entity's usual format (prefix and hex digits), from the key's digest."""
        return prefix + self.key_digest[:hex_digits]

    @property
    def origin(self) -> dict[str, str]:
        """What the created item keeps of this request."""
        return {"key": self.key_digest, "body": self.body_hash}

    def made(self, origin: dict[str, str] | None, created_at: str, now: float) -> bool:
        """True when an item with this ``origin``, created at ``created_at``, was made by this request
        (same key, same body, within :data:`REPLAY_SECONDS`).

        The same key with another body, or after its time, raises :class:`IdempotencyKeyReused`; an item
        made otherwise (no key, another key) is not this request's: False.
        """
        if not origin or origin.get("key") != self.key_digest:
            return False
        if origin.get("body") != self.body_hash:
            raise IdempotencyKeyReused("this Idempotency-Key was used with another request body")
        if now - epoch_of(created_at) > REPLAY_SECONDS:
            raise IdempotencyKeyReused("this Idempotency-Key was used more than a day ago: use a new key")
        return True


class Made(Protocol):
    """An item a keyed request may have made: when, and the request it came from."""

    @property
    def created_at(self) -> str: ...

    @property
    def origin(self) -> dict[str, str] | None: ...


T = TypeVar("T", bound=Made)


def create_or_find(
    once: Once | None, create: Callable[[], None], find: Callable[[], T | None], now: float
) -> T | None:
    """Run the conditional ``create``. None: it wrote the new item. When it collides with the item this
    very request made before (a re-run under the same key), that item; any other collision raises."""
    try:
        create()
    except WriteConflict:
        stored = find() if once else None
        if once is None or stored is None or not once.made(stored.origin, stored.created_at, now):
            raise
        return stored
    return None

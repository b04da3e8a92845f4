"""Idempotent requests: the one mechanism behind every ``Idempotency-Key``.

The promise: a request made under a key answers the same for :data:`REPLAY_SECONDS` (24 hours), is never
applied twice, and keyed requests spread over the store instead of all writing one hot partition.

Everything is keyed by :class:`Once`: the SHA-256 digest of (operation, caller, key), never the key
itself, and the SHA-256 of the request body in canonical JSON. The caller is part of the digest, so
nobody can aim a key at another caller's requests; for anonymous registration the key itself is the
secret (clients use a random key, as for every idempotent request). Three rules follow from it, and hold
wherever the request is recorded:

* the same key with the same body within 24 hours answers what the first request answered;
* the same key with another body, or after 24 hours, is refused (:class:`IdempotencyKeyReused`, 422):
  a reused key never hands out an old request's answer;
* a request is applied once, even when its record is lost.

Where the record lives:

* **Creations and other rare writes** (registration, match and tournament creation, entries) go through
  :class:`IdempotentRequests`: one record per digest in the :class:`IdempotencyRepository` (DynamoDB:
  its own partition ``IDEM#<digest>``, deleted by the table's TTL), started before the action and
  completed with its answer. A completed record answers a retry. A record still "in progress" means the
  first run died or its completion write failed after the action was applied: the retry runs the action
  again, and the action itself finds what the first run made. That is what :func:`create_or_find` is for:
  the new item's id comes from the digest (:meth:`Once.id`) and the item keeps the request's
  :attr:`Once.origin`, so the re-run's conditional create collides only with the first run's item, is
  recognised as "made by this very request" and answered as a replay. A completion that fails after the
  action is logged and the answer still given: the record is the fast path, the keyed item the guarantee.
  A request refused or failed inside the action (a conflict, a busy table) leaves its record in progress
  too: its retry runs again, and the same key with another body is still refused.
* **Moves** keep their record on the match item itself (:meth:`Once.recorded`, recognised by
  :meth:`Once.made_move`), written by the move's own conditional write: atomic with the move, no extra
  write, in the partition the move writes anyway. The record is small (the key's digest, the body's hash,
  when, and the version the move produced), never the answer: a retry is answered by rendering the
  stored match for its caller again, which is what the first answer showed unless the match moved on
  since (the opponent resigned, the clock ran out): the retry then sees it as it stands. The match keeps
  its last keyed move only; a retry of an older move meets a newer version and is refused as stale,
  never applied twice. (Records written before kept the whole answer; they are still replayed as kept.)
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from scopa.application.clock import Clock, epoch_of, iso
from scopa.application.errors import IdempotencyKeyReused
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.idempotency import IdempotencyRecord, IdempotencyRepository

REPLAY_SECONDS = 24 * 3600  # how long a key answers for its request (and its record lives)
MOVE_DIGEST_HEX = 32  # what a match's record of its last keyed move keeps of each digest (128 bits)
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

    def recorded(self, version: int, now: float) -> dict[str, Any]:
        """What a match keeps of the keyed move it applied: this request's digests (their first
        :data:`MOVE_DIGEST_HEX` hex digits: 128 bits each), when, and the version the move produced; never
        the answer: a retry renders the stored match again."""
        return {
            "key": self.key_digest[:MOVE_DIGEST_HEX],
            "body": self.body_hash[:MOVE_DIGEST_HEX],
            "at": iso(now),
            "version": version,
        }

    def made_move(self, record: dict[str, Any] | None, now: float) -> bool:
        """True when ``record`` (from :meth:`recorded`, or a record of before with whole digests and the
        answer) is this very request's move.

        The same key with another body, or after its time, raises :class:`IdempotencyKeyReused`.
        """
        if not record or not isinstance(record.get("at"), str):
            return False  # no keyed move, or one recorded before these rules (it held the key itself)
        key, body = str(record.get("key")), str(record.get("body"))
        short = len(key) == MOVE_DIGEST_HEX  # a compact record keeps the digests' first digits
        mine = Once(self.key_digest[: len(key)], self.body_hash[: len(body)]) if short else self
        return mine.made({"key": key, "body": body}, record["at"], now)


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


log = logging.getLogger(__name__)


class IdempotentRequests:
    """Runs keyed requests once, over one :class:`IdempotencyRecord` per request digest."""

    def __init__(self, records: IdempotencyRepository, clock: Clock) -> None:
        self.records = records
        self.clock = clock

    def run(
        self,
        operation: str,
        caller: str,
        key: str | None,
        body: Any,
        action: Callable[[], dict[str, Any]],
    ) -> dict[str, Any]:
        """``action``'s answer, at most once applied per (operation, caller, key); no key: just run it.

        ``action`` must itself be idempotent under the key (see the module's docstring): it runs again
        when the first run's record is still in progress.
        """
        once = Once.of(operation, caller, key, body)
        if once is None:
            return action()
        now = int(self.clock.now())
        record = None
        try:  # the first run of a key (the usual case) costs this one write before the action
            self.records.start_record(
                IdempotencyRecord(once.key_digest, once.body_hash, now + REPLAY_SECONDS), now
            )
        except WriteConflict:  # a live record holds the key: a retry, or a concurrent run of the same request
            record = self.records.get_record(once.key_digest, now)
        if record is not None:
            if record.body_hash != once.body_hash:
                raise IdempotencyKeyReused("this Idempotency-Key was used with another request body")
            if record.answer is not None:
                return record.answer
            log.info(
                "idempotency record in progress: the action finds its own first run", extra={"op": operation}
            )
        answer = action()
        try:
            self.records.complete_record(once.key_digest, answer)
        except Exception:  # the action was applied: its answer stands, and a retry finds what it made
            log.warning(
                "idempotency record not completed after the action was applied", extra={"op": operation}
            )
        return answer

"""Idempotency records: what a keyed request answered, kept for a day under its own key.

One record per (operation, caller, key) digest, each in its own partition (no hot key). See
:mod:`scopa.application.idempotency` for the mechanism that uses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class IdempotencyRecord:
    digest: str  # SHA-256 of (operation, caller, key): the key itself is never stored
    body_hash: str  # SHA-256 of the request body in canonical JSON
    expires_at: int  # epoch seconds; an expired record counts as absent
    answer: dict[str, Any] | None = None  # None while the request is in progress


class IdempotencyRepository(Protocol):
    def get_record(self, digest: str, now: int) -> IdempotencyRecord | None:
        """The record under ``digest`` unless absent or expired at ``now``."""
        ...

    def start_record(self, record: IdempotencyRecord, now: int) -> None:
        """Store a new in-progress record; :class:`WriteConflict` when a live one (unexpired at ``now``)
        already holds the digest."""
        ...

    def complete_record(self, digest: str, answer: dict[str, Any]) -> None:
        """Keep ``answer`` on the record (the record must exist)."""
        ...

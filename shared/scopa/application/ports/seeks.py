"""Seeks: an open offer to play, in the lobby, that anyone but its creator can take.

A seek is open until it is taken (once: :meth:`SeekRepository.take` is conditional, so of two players
accepting at once one wins and the other meets :class:`~scopa.application.ports.conflict.WriteConflict`),
withdrawn by its creator, or past ``expires_at``. A seek lives at most :data:`MAX_SEEK_SECONDS`, which
bounds what the open list and a player's list have to read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from scopa.application.ports.conflict import WriteConflict

SeekStatus = Literal["open", "taken", "withdrawn", "expired"]

MAX_SEEK_SECONDS = 86_400  # the longest a seek stays open


@dataclass
class Seek:
    """A seek as stored. ``expires_at`` is epoch seconds; ``created_at`` an ISO stamp (it orders lists)."""

    id: str
    player_id: str  # the creator
    name: str  # the creator's display name when the seek was made
    preset: str
    target: int | None  # None: the preset's own target
    move_seconds: int
    rated: bool
    created_at: str
    expires_at: int
    status: SeekStatus = "open"
    match_id: str | None = None  # the match its taking started
    taken_by: str | None = None
    origin: dict[str, str] | None = None  # the creating request's Idempotency-Key digest and body hash
    game: str = "scopa"

    def is_open(self, now: float) -> bool:
        return self.status == "open" and now < self.expires_at


class TooManySeeks(WriteConflict):
    """The creator already holds the most open seeks allowed: the check and the write were one step, so
    two creations at once cannot both pass it. A WriteConflict, so a keyed replay of a seek made before
    is still answered as a replay."""


class SeekRepository(Protocol):
    def create_seek(self, seek: Seek, max_open: int, now: float) -> None:
        """Store a new seek unless its creator already has ``max_open`` open seeks unexpired at ``now``
        (:class:`TooManySeeks`); count and write are atomic. WriteConflict when the id exists."""
        ...

    def get_seek(self, seek_id: str) -> Seek | None: ...

    def take_seek(self, seek_id: str, match_id: str, taken_by: str, now: float) -> Seek:
        """Mark an open, unexpired seek taken by ``taken_by`` for ``match_id`` and return it; one
        conditional write: WriteConflict when the seek is missing, not open or expired at ``now``."""
        ...

    def set_seek_status(self, seek_id: str, status: SeekStatus) -> None:
        """Close an open seek as ``withdrawn`` or ``expired`` (WriteConflict when it is not open)."""
        ...

    def list_open_seeks(self, now: float, limit: int, cursor: str | None) -> tuple[list[Seek], str | None]:
        """Open seeks not expired at ``now``, newest first, ``limit`` a page; an opaque cursor resumes."""
        ...

    def list_player_seeks(self, player_id: str, now: float) -> list[Seek]:
        """The player's open seeks not expired at ``now``, newest first (at most a day's worth to read)."""
        ...

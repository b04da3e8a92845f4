"""Coalescing a busy shared topic's changes: at most one fan-out per topic per interval (docs/live.md).

Every seek made, taken or cancelled changes the ``lobby``; pushing each change to 10,000 followers would
read the topic's subscriber partition and start its slices a hundred times a second. A *coalesced* topic
kind (:data:`COALESCED_KINDS`) is fanned out at most once per :data:`COALESCE_MS`, always with the newest
state (the renderer reads the subject when it runs), and its last change is never lost:

* a change of a coalesced topic *claims* the topic's :class:`TopicLease` (a conditional write: nobody
  claimed it within the interval) and fans out at once;
* when the lease is held, the change marks it *pending* (a conditional write: no mark yet) and queues one
  delayed :class:`Renotify` for when the lease ends (:class:`Deferral`: SQS ``DelaySeconds`` in AWS, a
  timer locally); while a mark stands, further changes do nothing: the re-notify reads the subject after
  they were written;
* the re-notify claims the lease if its mark still stands (even a little early: clocks differ) and fans
  out the newest state; a duplicate (or one whose mark a newer fan-out cleared) finds no mark of its own
  and does nothing.

Seat views (``match``) and the inbox are never coalesced: a move reaches its players at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

#: Topic kinds whose changes are coalesced: one shared view for many followers (the lobby). A tournament
#: or arena page would join here once it has thousands of followers.
COALESCED_KINDS = frozenset({"lobby"})
#: At most one fan-out per coalesced topic in this long; the last change reaches followers at most this
#: long (plus a fan-out, plus the queue's delay rounded up to a second) after it was written.
COALESCE_MS = 1000
#: A lease item outlives its interval by this long, then TTL deletes it (nothing reads an old one).
LEASE_TTL_SECONDS = 3600
MAX_TOPIC_CHARS = 200


@dataclass(frozen=True)
class TopicLease:
    """A coalesced topic's push state: no fan-out starts before ``until_ms``; ``pending_ms``: a delayed
    re-notify is queued for that time (the lease's end when it was marked), None when none is."""

    until_ms: int
    pending_ms: int | None


class TopicLeaseRepository(Protocol):
    def lease(self, topic: str) -> TopicLease | None:
        """The topic's lease, read strongly consistent (None: never claimed, or long expired)."""
        ...

    def claim(self, topic: str, *, now_ms: int, until_ms: int, pending_ms: int | None = None) -> bool:
        """Hold the topic until ``until_ms`` and clear its pending mark, if nobody holds it at
        ``now_ms`` (no lease, or one that ended by then) or, with ``pending_ms``, if the lease bears that
        mark (the re-notify queued for it may run a little early: another container's clock); False
        when another run holds it."""
        ...

    def mark_pending(self, topic: str, *, until_ms: int) -> bool:
        """Mark the lease ending at ``until_ms`` as having a re-notify queued for then; False when the
        lease changed meanwhile or is already marked."""
        ...


@dataclass(frozen=True)
class Renotify:
    """Fan ``topic`` out again once its lease ends, if the pending mark made for ``due_ms`` still
    stands (the queue's message; running it twice is harmless)."""

    topic: str
    due_ms: int

    def as_json(self) -> dict[str, Any]:
        return {"renotify": {"topic": self.topic, "due": self.due_ms}}

    @classmethod
    def of_json(cls, body: Any) -> Renotify | None:
        """The re-notify in ``body`` (what :meth:`as_json` made), or None when it is not one."""
        found = body.get("renotify") if isinstance(body, dict) else None
        if not isinstance(found, dict):
            return None
        topic, due = found.get("topic"), found.get("due")
        if not isinstance(topic, str) or not topic or len(topic) > MAX_TOPIC_CHARS:
            return None
        if not isinstance(due, int) or isinstance(due, bool) or due < 0:
            return None
        return cls(topic, due)


@runtime_checkable
class Deferral(Protocol):
    def later(self, renotify: Renotify, delay_ms: int) -> bool:
        """Run ``renotify`` in about ``delay_ms`` (never earlier than asked, up to a second later);
        False when it could not be queued (the caller then fans out at once rather than lose it)."""
        ...


@dataclass(frozen=True)
class Coalescing:
    """Which topic kinds are coalesced, how often they may be fanned out, and where the leases live."""

    leases: TopicLeaseRepository
    kinds: frozenset[str] = COALESCED_KINDS
    interval_ms: int = COALESCE_MS

    def covers(self, topic: str) -> bool:
        return topic.partition(":")[0] in self.kinds

"""Live connections (WebSocket clients) and the topics each follows.

A connection is opened anonymous and may learn its player (``auth``); it follows topics
(``match:<id>``...). The notifier asks for a topic's subscribers and gets, in one read, every connection
with the player it speaks for, so rendering needs no further read per subscriber. API Gateway closes a
connection after two hours at most: every record carries ``expires_at`` (epoch seconds) and the DynamoDB
adapter lets the table's TTL delete what a lost ``$disconnect`` left behind. A player's connections are
one read too (:meth:`ConnectionRepository.of_player`): when the player's token changes, the notifier closes
them.

A topic may have thousands of followers (the lobby, a popular final): the notifier reads them a page at a
time (:meth:`ConnectionRepository.subscriber_page`, :func:`subscriber_pages`), in connection id order, so
no read holds more than one page, and each page can be posted by a notifier run of its own
(docs/live.md). A connection past its ``expires_at`` is never in a page, on either store, whether or not
anything deleted it yet (DynamoDB's TTL deletes within days, not seconds; SQLite is never swept).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

MAX_CONNECTION_SECONDS = 2 * 60 * 60  # API Gateway's limit on a WebSocket connection's life
MAX_TOPICS_PER_CONNECTION = 20  # what one client may follow at once
#: Followers per page: a DynamoDB Query of 1,000 subscriber items reads about 60 KB (15 RCU strongly
#: consistent, far below its 1 MB page), and a page's ids fit one SQS message (about 50 KB of 256 KB).
SUBSCRIBER_PAGE = 1000


@dataclass(frozen=True)
class Connection:
    id: str
    player_id: str | None  # None until the connection authenticates
    connected_at: str  # ISO 8601 UTC
    expires_at: int  # epoch seconds: the connection is gone by then, whatever happened


@dataclass(frozen=True)
class Subscriber:
    """One connection following a topic, and who it speaks for."""

    connection_id: str
    player_id: str | None


@dataclass(frozen=True)
class SubscriberPage:
    """Followers of a topic in connection id order; ``next``: where the next page starts (the last
    connection id read), None after the last page. A page may be shorter than asked, even empty, while
    ``next`` is set (DynamoDB counts expired items it skipped)."""

    subscribers: list[Subscriber]
    next: str | None


class ConnectionRepository(Protocol):
    def add(self, connection: Connection) -> None:
        """Store a new connection (an existing one with the same id is replaced)."""
        ...

    def get(self, connection_id: str) -> Connection | None: ...

    def set_player(self, connection_id: str, player_id: str) -> None:
        """The connection speaks for ``player_id`` from now on, in its subscriptions too; nothing happens
        when the connection is gone."""
        ...

    def subscribe(self, connection_id: str, topic: str) -> bool:
        """Follow ``topic`` (again: no change); False when the connection is gone."""
        ...

    def unsubscribe(self, connection_id: str, topic: str) -> None: ...

    def topics(self, connection_id: str) -> list[str]:
        """The topics the connection follows, sorted."""
        ...

    def subscribers(self, topic: str) -> list[Subscriber]:
        """Every connection following ``topic`` with its player, expired or not, all at once (tests and
        tools; the notifier reads :meth:`subscriber_page` by page)."""
        ...

    def subscriber_page(self, topic: str, *, limit: int, after: str | None, now: int) -> SubscriberPage:
        """At most ``limit`` followers of ``topic`` whose connection id is above ``after`` (None: from
        the first), in id order, leaving out connections expired at ``now`` (epoch seconds)."""
        ...

    def of_player(self, player_id: str, opened_before: str | None = None) -> list[str]:
        """The ids of the connections that speak for ``player_id``, sorted, in one read; with
        ``opened_before`` (ISO 8601 UTC, as ``connected_at``), only those opened before it (a listing
        whose opening time is unknown counts as opened before)."""
        ...

    def remove(self, connection_id: str, player_id: str | None = None) -> None:
        """Forget the connection and all its subscriptions (nothing happens when it is already gone);
        with ``player_id``, also its listing under that player, even if the connection itself is gone."""
        ...


def subscriber_pages(
    repo: ConnectionRepository, topic: str, now: int, page_size: int = SUBSCRIBER_PAGE
) -> Iterator[list[Subscriber]]:
    """Every live follower of ``topic``, one non-empty page at a time, each follower exactly once."""
    after: str | None = None
    while True:
        page = repo.subscriber_page(topic, limit=page_size, after=after, now=now)
        if page.subscribers:
            yield page.subscribers
        if page.next is None:
            return
        after = page.next

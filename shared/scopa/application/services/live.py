"""Live play: connections follow topics and receive each change as their own view (docs/live.md).

:class:`LiveService` speaks the WebSocket protocol of docs/live.md for the handler (``$connect``,
``$disconnect``, and every client message) and fans changes out for the notifier. What a viewer sees of
a topic comes from a *renderer*, one per topic kind: ``renderer(subject, caller) -> (version, data)``,
raising the service errors (``NotFound``, ``Forbidden``, ``Unauthorized``) when the caller may not see it.
The REST answers are rendered by the functions' code (``functions/live/topics.py``); this module only
knows the protocol.

A renderer that is a :class:`SharedRenderer` reads its subject once per change and renders it once per
*audience* (a match: each seat, and one rendering that every spectator shares); any other callable is
called once per distinct player following the topic.

A change of kind ``player`` (``player:<id>``: the player's token was rotated, revoked or reissued) is not a
topic anyone follows: :meth:`LiveService.notify` closes and forgets every connection that speaks for the
player, so a leaked token stops receiving the player's views within the notifier's delay. ``auth`` checks
the token again once the connection is stored as the player's, which closes the race with a rotation that
the notifier handled in between (docs/live.md).

Fan-out at scale (docs/live.md, "Fan-out"): a topic's followers are read a page (1,000) at a time and cut
into slices of :data:`~scopa.application.ports.fanout.SLICE_SUBSCRIBERS`; this run posts the first slice
and hands every further one on as a :class:`~scopa.application.ports.fanout.Slice` to another run
(:meth:`LiveService.run_slice`), which reads the subject and renders per audience itself. Within a run,
more than :data:`INLINE_POSTS` messages are posted by a bounded pool of threads (the pusher is
thread-safe); fewer (a game between two people) in the calling thread, as before.

A busy shared topic (the lobby: :data:`~scopa.application.ports.coalesce.COALESCED_KINDS`) is fanned out
at most once per interval, with its newest state, and its last change is never lost
(:mod:`scopa.application.ports.coalesce`); a match or an inbox is never delayed.
"""

from __future__ import annotations

import functools
import itertools
import json
import logging
import secrets
import threading
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from scopa.application.auth import ADMIN_ID, ANONYMOUS, Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import ServiceError
from scopa.application.ports.changes import LOBBY_TOPIC, PLAYER_KIND, Change
from scopa.application.ports.coalesce import Coalescing, Deferral, Renotify
from scopa.application.ports.connections import (
    MAX_CONNECTION_SECONDS,
    MAX_TOPICS_PER_CONNECTION,
    SUBSCRIBER_PAGE,
    Connection,
    ConnectionRepository,
    Subscriber,
    subscriber_pages,
)
from scopa.application.ports.fanout import SLICE_SUBSCRIBERS, FanoutDispatch, InProcessFanout, Slice
from scopa.application.ports.push import Pusher

log = logging.getLogger(__name__)

T = TypeVar("T")
Rendering = tuple[int, dict[str, Any]]  # (version, data)
Render = Callable[[str, Caller], Rendering]
MAX_MESSAGE_CHARS = 8 * 1024  # a client message larger than this is refused (API Gateway allows 128 KB)
MAX_TOPIC_CHARS = 200
#: Posting threads of one notifier run: a slice's 100 posts of 20 ms take 0.1 s with 20; more would not
#: help a 512 MB Lambda, whose CPU (about 1 ms a post) is the limit by then. The HTTPS pool of a run is
#: sized to match (``scopa.adapters.apigw.push.management_client``).
POST_THREADS = 20
#: A page of at most this many messages is posted in the calling thread (a match between two people:
#: its seats and a spectator or two), with no thread started.
INLINE_POSTS = 4


#: The API's clock (the token change's time) and this function's (a connection's opening time) may
#: differ by a little: a connection opened up to this long after the change still counts as opened
#: before it and is closed. Far above the clocks' skew on Lambda, far below a client's reconnect delay.
CLOCK_MARGIN_MS = 100


class Reading(Protocol):
    """One read of a topic's subject, rendered for any number of viewers."""

    def audience(self, caller: Caller) -> Hashable:
        """Viewers with the same audience see the same rendering."""
        ...

    def render(self, caller: Caller) -> Rendering: ...


class SharedRenderer(Generic[T]):
    """A renderer in two steps: ``read(subject)`` once, then ``render(value, caller)`` per audience
    (``audience(value, caller)``: the viewers who see the same thing)."""

    def __init__(
        self,
        read: Callable[[str], T],
        render: Callable[[T, Caller], Rendering],
        audience: Callable[[T, Caller], Hashable] = lambda value, caller: None,
    ) -> None:
        self.read = read
        self._render = render
        self._audience = audience

    def __call__(self, subject: str, caller: Caller) -> Rendering:
        return self._render(self.read(subject), caller)

    def reading(self, subject: str) -> Reading:
        return _SharedReading(self.read(subject), self._render, self._audience)


@dataclass
class _SharedReading(Generic[T]):
    value: T
    render_with: Callable[[T, Caller], Rendering]
    audience_of: Callable[[T, Caller], Hashable]

    def audience(self, caller: Caller) -> Hashable:
        return self.audience_of(self.value, caller)

    def render(self, caller: Caller) -> Rendering:
        return self.render_with(self.value, caller)


@dataclass
class _PerPlayerReading:
    """A plain renderer, called once per player (anonymous viewers share one call)."""

    renderer: Render
    subject: str

    def audience(self, caller: Caller) -> Hashable:
        return caller.player_id

    def render(self, caller: Caller) -> Rendering:
        return self.renderer(self.subject, caller)


@dataclass
class NotifyReport:
    """What one :meth:`LiveService.notify` did (the notifier logs it; the bench counts it)."""

    topics: int = 0
    subscribers: int = 0
    renders: int = 0
    sent: int = 0
    refused: int = 0
    gone: list[str] = field(default_factory=list)
    closed: int = 0  # connections closed because their player's token changed
    slices: int = 0  # pages handed on to other runs
    coalesced: int = 0  # changes of a coalesced topic not fanned out now (a fan-out ran within the interval)

    def add(self, other: NotifyReport) -> None:
        """Count in what a slice's run did (its topic is already counted)."""
        self.subscribers += other.subscribers
        self.renders += other.renders
        self.sent += other.sent
        self.refused += other.refused
        self.coalesced += other.coalesced
        self.gone += [c for c in other.gone if c not in self.gone]

    def as_dict(self) -> dict[str, Any]:
        return {
            "topics": self.topics,
            "subscribers": self.subscribers,
            "renders": self.renders,
            "sent": self.sent,
            "refused": self.refused,
            "gone": len(self.gone),
            "closed": self.closed,
            "slices": self.slices,
            "coalesced": self.coalesced,
        }


def caller_of(player_id: str | None) -> Caller:
    """The viewer a connection speaks for, as stored with it (the role only matters for the admin)."""
    if player_id is None:
        return ANONYMOUS
    return Caller(ADMIN_ID, "admin") if player_id == ADMIN_ID else Caller(player_id, "player")


def error(code: str, message: str, action: str | None = None, topic: str | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if action is not None:
        answer["action"] = action
    if topic is not None:
        answer["topic"] = topic
    return answer


def update(topic: str, version: int, data: dict[str, Any]) -> dict[str, Any]:
    return {"type": "update", "topic": topic, "version": version, "data": data}


class LiveService:
    """The WebSocket protocol over a connection store, a pusher and the topic renderers."""

    def __init__(
        self,
        connections: ConnectionRepository,
        pusher: Pusher,
        renderers: Mapping[str, Render],
        clock: Clock,
        authenticate: Callable[[str], Caller],
        fanout: FanoutDispatch | None = None,
        page_size: int = SUBSCRIBER_PAGE,
        post_threads: int = POST_THREADS,
        slice_size: int = SLICE_SUBSCRIBERS,
        coalescing: Coalescing | None = None,
        deferral: Deferral | None = None,
    ) -> None:
        self.connections = connections
        self.pusher = pusher
        self.renderers = renderers
        self.clock = clock
        # Where further pages go (None: this process's own pool, as ``make run`` and tests do).
        self.fanout: FanoutDispatch = fanout if fanout is not None else InProcessFanout(self.post_slice)
        self.page_size = page_size
        self.post_threads = post_threads
        self.slice_size = slice_size
        # None: every change is fanned out at once. Where a delayed re-notify goes (None: a timer here).
        self.coalescing = coalescing
        self.deferral: Deferral = deferral if deferral is not None else TimerDeferral(self.renotify)
        # A bearer token -> its caller (Unauthorized when unknown), read afresh: a token retired a moment
        # ago must not open a connection that the notifier already swept.
        self._authenticate = authenticate

    # ------------------------------------------------------------------ the connection's life

    def on_connect(self, connection_id: str) -> Connection:
        """A new, anonymous connection, forgotten at the latest when API Gateway would close it."""
        now = self.clock.now()
        connection = Connection(connection_id, None, iso(now), int(now) + MAX_CONNECTION_SECONDS + 60)
        self.connections.add(connection)
        return connection

    def disconnect(self, connection_id: str) -> None:
        self.connections.remove(connection_id)

    def close_player(self, player_id: str, changed_at: str | None = None) -> list[str]:
        """Close and forget every connection that speaks for the player and was opened before their
        token changed (``changed_at``; None: all of them); the connections closed. One opened since
        (the player's tab reconnecting) could only pass ``auth`` with the new token, so it stays open.
        Forgotten first: from then on no push reaches them, even if a close fails."""
        closed = self.connections.of_player(player_id, opened_before=changed_at)
        for connection_id in closed:
            self.connections.remove(connection_id, player_id)
            self.pusher.close(connection_id)
        return closed

    # ------------------------------------------------------------------ client messages

    def receive(self, connection_id: str, text: str | None) -> None:
        """One client message (JSON text): answered on the connection, never raised."""
        action: str | None = None
        try:
            if text is None or len(text) > MAX_MESSAGE_CHARS:
                raise _Refused(
                    "bad_message", f"a message is a JSON object of at most {MAX_MESSAGE_CHARS} characters"
                )
            try:
                message = json.loads(text)
            except (ValueError, RecursionError):
                raise _Refused("bad_message", "the message is not valid JSON") from None
            if not isinstance(message, dict) or not isinstance(message.get("action"), str):
                raise _Refused("bad_message", 'a message is a JSON object with an "action"')
            action = str(message["action"])
            if action == "ping":
                self._send(connection_id, {"type": "pong"})
            elif action == "auth":
                self.authenticate(connection_id, _text(message, "token"))
            elif action == "subscribe":
                self.subscribe(connection_id, _text(message, "topic"))
            elif action == "unsubscribe":
                self.unsubscribe(connection_id, _text(message, "topic"))
            else:
                raise _Refused("unknown_action", "actions are auth, subscribe, unsubscribe and ping")
        except _Refused as refused:
            self._send(connection_id, error(refused.code, refused.message, action))

    def authenticate(self, connection_id: str, token: str) -> Caller | None:
        """The connection speaks for the token's player from now on (``authed``), or an ``error``."""
        try:
            caller = self._authenticate(token)
        except ServiceError as exc:
            self._send(connection_id, error(exc.code, exc.message, "auth"))
            return None
        if caller.player_id is None:
            self._send(connection_id, error("unauthorized", "a token is needed", "auth"))
            return None
        connection = self.connections.get(connection_id)
        if connection is None:
            return None
        if connection.player_id not in (None, caller.player_id):
            message = "this connection already speaks for another player: open a new one"
            self._send(connection_id, error("already_authenticated", message, "auth"))
            return None
        self.connections.set_player(connection_id, caller.player_id)
        if not self._still_valid(token, caller):
            # Retired between the check above and the write: the notifier may have swept the player's
            # connections before this one was stored as theirs, so it is closed here.
            self._send(connection_id, error("unauthorized", "unknown or revoked token", "auth"))
            self.connections.remove(connection_id)
            self.pusher.close(connection_id)
            return None
        self._send(connection_id, {"type": "authed", "player_id": caller.player_id})
        return caller

    def _still_valid(self, token: str, caller: Caller) -> bool:
        try:
            return self._authenticate(token).player_id == caller.player_id
        except ServiceError:
            return False

    def subscribe(self, connection_id: str, topic: str) -> bool:
        """Follow ``topic``: ``subscribed`` and the current state (an ``update``), or an ``error`` and no
        subscription when the connection may not see it."""
        try:
            kind, subject = self._parse(topic)
        except _Refused as refused:
            self._send(connection_id, error(refused.code, refused.message, "subscribe", topic))
            return False
        connection = self.connections.get(connection_id)
        if connection is None:
            return False
        followed = self.connections.topics(connection_id)
        if topic not in followed and len(followed) >= MAX_TOPICS_PER_CONNECTION:
            message = f"a connection follows at most {MAX_TOPICS_PER_CONNECTION} topics"
            self._send(connection_id, error("too_many_topics", message, "subscribe", topic))
            return False
        # Subscribed before the snapshot is read: a change written meanwhile is pushed too, never lost.
        if not self.connections.subscribe(connection_id, topic):
            return False
        try:
            version, data = self.renderers[kind](subject, caller_of(connection.player_id))
        except ServiceError as exc:
            self.connections.unsubscribe(connection_id, topic)
            self._send(connection_id, error(exc.code, exc.message, "subscribe", topic))
            return False
        self._send(connection_id, {"type": "subscribed", "topic": topic})
        self._send(connection_id, update(topic, version, data))
        return True

    def unsubscribe(self, connection_id: str, topic: str) -> None:
        try:
            self._parse(topic)
        except _Refused as refused:
            self._send(connection_id, error(refused.code, refused.message, "unsubscribe", topic))
            return
        self.connections.unsubscribe(connection_id, topic)
        self._send(connection_id, {"type": "unsubscribed", "topic": topic})

    def _parse(self, topic: str) -> tuple[str, str]:
        kind, colon, subject = topic.partition(":")
        known = kind in self.renderers and len(topic) <= MAX_TOPIC_CHARS
        shaped = (topic == LOBBY_TOPIC) if kind == LOBBY_TOPIC else bool(colon and subject)
        if not (known and shaped):
            kinds = ", ".join(sorted(f"{k}:<id>" if k != LOBBY_TOPIC else k for k in self.renderers))
            raise _Refused("unknown_topic", f"topics are {kinds}")
        return kind, subject

    def _send(self, connection_id: str, message: dict[str, Any]) -> bool:
        if self.pusher.send(connection_id, message):
            return True
        self.connections.remove(connection_id)  # gone: forget it at once
        return False

    # ------------------------------------------------------------------ fan-out

    def notify(self, changes: Sequence[Change]) -> NotifyReport:
        """Send every follower of each changed topic its own view; forget the connections that are gone;
        close those of a player whose token changed (``player:<id>``).

        Changes to one topic are merged (the newest version wins). Per topic: its followers a page at a
        time, one read of the subject (with a :class:`SharedRenderer`) and one rendering per audience; the
        first :attr:`slice_size` followers are posted here, every further slice of them is handed on
        (:meth:`run_slice`) as soon as its page is read.
        Nothing is read for a topic nobody follows.
        """
        report = NotifyReport()
        merged: dict[str, int | None] = {}
        for change in changes:
            before = merged.get(change.topic)
            merged[change.topic] = change.version if before is None else max(before, change.version or 0)
        # Players whose token changed first (the version: when, in ms): nothing of this batch reaches them.
        retired = sorted(t for t in merged if t.partition(":")[0] == PLAYER_KIND and t.partition(":")[2])
        for topic in retired:
            at_ms = merged.pop(topic)
            changed_at = iso((at_ms + CLOCK_MARGIN_MS) / 1000) if at_ms is not None else None
            report.closed += len(self.close_player(topic.partition(":")[2], changed_at))
        for topic, version in merged.items():
            if self._renderer(topic) is None:
                continue
            report.topics += 1
            if self.coalescing is not None and self.coalescing.covers(topic) and not self._may_push(topic):
                report.coalesced += 1
                continue
            self._fan_out(topic, version, report)
        return self._settled(report)

    def renotify(self, again: Renotify) -> NotifyReport:
        """A coalesced topic's delayed re-notify (from the queue or a timer): its newest state to every
        follower if the pending mark it was queued for still stands; else nothing (a fan-out since then
        read it already, or this is a duplicate)."""
        report = NotifyReport()
        if (
            self.coalescing is None
            or not self.coalescing.covers(again.topic)
            or not self._renderer(again.topic)
        ):
            return report
        report.topics += 1
        if self._may_push(again.topic, due_ms=again.due_ms):
            self._fan_out(again.topic, None, report)
        else:
            report.coalesced += 1
        return self._settled(report)

    def _may_push(self, topic: str, due_ms: int | None = None) -> bool:
        """Whether this run fans ``topic`` out now (it claimed the lease); when not, a delayed re-notify
        is queued unless one is already (:mod:`scopa.application.ports.coalesce`). ``due_ms``: this run is
        the re-notify queued for that mark."""
        assert self.coalescing is not None
        leases, interval = self.coalescing.leases, self.coalescing.interval_ms
        for _ in range(3):  # a conditional write lost to another run: look again
            now = int(self.clock.now() * 1000)
            lease = leases.lease(topic)
            if due_ms is not None and (lease is None or lease.pending_ms != due_ms):
                return False  # fanned out since the mark (which read every change before it), or a duplicate
            if lease is None or lease.until_ms <= now or due_ms is not None:
                # A re-notify takes the lease its mark is on even a little early (another clock).
                if leases.claim(
                    topic,
                    now_ms=now,
                    until_ms=max(now, lease.until_ms if lease else 0) + interval,
                    pending_ms=due_ms,
                ):
                    return True
                continue
            if lease.pending_ms is not None:
                return False  # a re-notify is queued and will read this change
            if leases.mark_pending(topic, until_ms=lease.until_ms):
                # Could not queue it: fan out now rather than lose this change.
                return not self.deferral.later(Renotify(topic, lease.until_ms), lease.until_ms - now)
        log.warning("coalesced topic contended; fanned out at once", extra={"topic": topic})
        return True

    def _fan_out(self, topic: str, version: int | None, report: NotifyReport) -> None:
        pages = subscriber_pages(self.connections, topic, int(self.clock.now()), self.page_size)
        first = next(pages, None)
        if first is None:
            return
        reading = self._reading(topic)
        if reading is None:
            return
        own, rest = first[: self.slice_size], first[self.slice_size :]
        hand_on = functools.partial(self._hand_on, topic, version, itertools.chain([rest], pages), report)
        self._post(topic, reading, own, report, then=hand_on)

    def _settled(self, report: NotifyReport) -> NotifyReport:
        for answer in self.fanout.settle():
            report.add(answer)
        self._forget(report.gone)
        return report

    def run_slice(self, piece: Slice) -> NotifyReport:
        """Post one slice (handed on by :meth:`notify`, from a queue): the subject read and rendered
        here, per audience; its gone connections forgotten. Running it again is harmless: the same view
        again, which a client ignores as not newer."""
        report = self.post_slice(piece)
        self._forget(report.gone)
        return report

    def post_slice(self, piece: Slice) -> NotifyReport:
        """:meth:`run_slice` but for forgetting the gone connections (the report lists them)."""
        report = NotifyReport()
        if self._renderer(piece.topic) is None:
            return report
        subscribers = list(piece.subscribers)
        reading = self._reading(piece.topic)
        if reading is not None:
            self._post(piece.topic, reading, subscribers, report)
        return report

    def _renderer(self, topic: str) -> Render | None:
        renderer = self.renderers.get(topic.partition(":")[0])
        if renderer is None:
            log.warning("no renderer for a changed topic", extra={"kind": topic.partition(":")[0]})
        return renderer

    def _reading(self, topic: str) -> Reading | None:
        """One read of the topic's subject (None when it is gone: nothing to show)."""
        kind, _, subject = topic.partition(":")
        renderer = self.renderers[kind]
        try:
            if isinstance(renderer, SharedRenderer):
                return renderer.reading(subject)
            return _PerPlayerReading(renderer, subject)
        except ServiceError as exc:
            log.info("changed topic not readable", extra={"kind": kind, "code": exc.code})
            return None

    def _hand_on(
        self, topic: str, version: int | None, pages: Iterator[list[Subscriber]], report: NotifyReport
    ) -> None:
        for page in pages:  # each page's slices as soon as it is read
            size = self.slice_size
            pieces = [Slice(topic, version, tuple(page[i : i + size])) for i in range(0, len(page), size)]
            if pieces:
                self.fanout.dispatch(pieces)
                report.slices += len(pieces)

    def _post(
        self,
        topic: str,
        reading: Reading,
        subscribers: list[Subscriber],
        report: NotifyReport,
        then: Callable[[], None] | None = None,
    ) -> None:
        """Render once per audience and post each follower its message: in this thread when there are
        few, else by a pool of :attr:`post_threads` while ``then`` (handing the further pages on) runs
        here."""
        report.subscribers += len(subscribers)
        shown: dict[Hashable, dict[str, Any] | None] = {}
        posts: list[tuple[str, dict[str, Any]]] = []
        for subscriber in subscribers:
            caller = caller_of(subscriber.player_id)
            audience = reading.audience(caller)
            if audience not in shown:
                report.renders += 1
                try:
                    version, data = reading.render(caller)
                    shown[audience] = update(topic, version, data)
                except ServiceError:
                    shown[audience] = None
            message = shown[audience]
            if message is None:
                report.refused += 1
            else:
                posts.append((subscriber.connection_id, message))
        delivered = [False] * len(posts)
        if len(posts) <= INLINE_POSTS or self.post_threads <= 1:
            self._send_each(posts, iter(range(len(posts))), delivered)
            if then is not None:
                then()
        else:
            # Each thread takes the next post from one shared iterator (atomic under the GIL): a slow
            # connection holds up one thread, not a share of the page; no task object per post.
            order = iter(range(len(posts)))
            threads = min(self.post_threads, len(posts))
            with ThreadPoolExecutor(threads, thread_name_prefix="post") as pool:
                running = [pool.submit(self._send_each, posts, order, delivered) for _ in range(threads)]
                if then is not None:
                    then()
                for done in running:
                    done.result()
        for (connection_id, _), ok in zip(posts, delivered, strict=True):
            if ok:
                report.sent += 1
            elif connection_id not in report.gone:
                report.gone.append(connection_id)

    def _send_each(
        self, posts: list[tuple[str, dict[str, Any]]], order: Iterator[int], delivered: list[bool]
    ) -> None:
        for index in order:
            connection_id, message = posts[index]
            delivered[index] = self.pusher.send(connection_id, message)

    def _forget(self, gone: list[str]) -> None:
        for connection_id in gone:
            self.connections.remove(connection_id)


class TimerDeferral:
    """Delayed re-notifies in this process, each on a timer thread (``make run``): ``run`` is
    :meth:`LiveService.renotify`. A timer lost with the process costs its topic's followers the last
    change until the next one (or their re-read)."""

    def __init__(self, run: Callable[[Renotify], Any]) -> None:
        self._run = run

    def later(self, renotify: Renotify, delay_ms: int) -> bool:
        timer = threading.Timer(max(delay_ms, 0) / 1000, self._safely, (renotify,))
        timer.daemon = True
        timer.start()
        return True

    def _safely(self, renotify: Renotify) -> None:
        try:
            self._run(renotify)
        except Exception:
            log.exception("delayed re-notify failed", extra={"topic": renotify.topic})


class _Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _text(message: dict[str, Any], name: str) -> str:
    value = message.get(name)
    if not isinstance(value, str) or not value:
        raise _Refused("bad_message", f'"{name}" must be a non-empty string')
    return value


def new_connection_id() -> str:
    """A connection id like API Gateway's (local server): opaque, URL-safe."""
    return secrets.token_urlsafe(12)

"""Webhooks for clubs: registration by organizers, one delivery per event and hook, signed, retried.

A club organizer registers a URL and the events it wants (:data:`EVENT_TYPES`); the answer shows the
hook's secret once. When a club tournament starts, pairs a round, records a result or finishes, the
pipeline and the tournament service publish a :class:`TournamentEvent` here (:meth:`WebhookService.publish`,
which never raises); each subscribed hook gets a :class:`Delivery` record and a queue message.
:meth:`WebhookService.attempt` sends one delivery once: a 2xx answer delivers it, anything else is tried
again after :data:`RETRY_DELAYS` until :data:`MAX_ATTEMPTS`, then it has failed (in AWS the message then
goes to the dead-letter queue, whose depth is alarmed). A deleted hook's pending deliveries are dropped.

Every request carries ``Scopa-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">``,
``Scopa-Event`` and ``Scopa-Delivery`` (the delivery's id, the same on every retry): a receiver checks the
signature, rejects a timestamp outside its window, and drops a delivery id it has seen (docs/webhooks.md).

URLs: ``https`` only unless ``allow_http`` (local runs and tests); unless ``allow_private``, every address
the host resolves to must be a public one (no loopback, private, link-local or reserved ranges: the
metadata endpoint of a cloud host is link-local), checked at registration and again before each attempt.
"""

from __future__ import annotations

import hashlib
import heapq
import hmac
import ipaddress
import itertools
import json
import logging
import secrets
import socket
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Forbidden, NotFound
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.webhooks import (
    EVENT_TYPES,
    URL_MAX,
    Delivery,
    DeliveryQueue,
    DeliveryRef,
    TournamentEvent,
    Webhook,
    WebhookRepository,
    WebhookSender,
)
from scopa.domain.tournaments.planner import table_stage

if TYPE_CHECKING:
    from scopa.application.services.clubs import ClubService
    from scopa.domain.tournaments.records import RoundRecord, TableRecord, TournamentRecord

log = logging.getLogger(__name__)

HOOKS_PER_CLUB = 5
ID_MAX = 64  # longer club or hook ids exist nowhere (and would not fit a DynamoDB key)
#: Seconds before the 2nd, 3rd, ... attempt; after the last attempt a delivery has failed.
RETRY_DELAYS = (10, 60, 300, 900, 900)
MAX_ATTEMPTS = len(RETRY_DELAYS) + 1
SIGNATURE_HEADER = "Scopa-Signature"
EVENT_HEADER = "Scopa-Event"
DELIVERY_HEADER = "Scopa-Delivery"

Resolver = Callable[[str, int], list[str]]


def resolve_host(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to now ([] when it does not resolve)."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError, ValueError):
        return []
    return sorted({str(info[4][0]) for info in found})


def is_public(address: str) -> bool:
    """A globally routable unicast address (IPv4-mapped IPv6 judged by its IPv4 address)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


@dataclass(frozen=True)
class UrlPolicy:
    allow_http: bool = False  # local runs and tests only
    allow_private: bool = False  # local runs and tests only: loopback and private addresses
    resolve: Resolver = resolve_host

    def problem(self, url: str) -> str | None:
        """Why ``url`` may not receive deliveries now, or None."""
        if len(url) > URL_MAX:
            return f"a webhook URL has at most {URL_MAX} characters"
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError:
            return "not a URL"
        schemes = ("https", "http") if self.allow_http else ("https",)
        if parts.scheme not in schemes:
            return "webhook URLs are https://" if not self.allow_http else "webhook URLs are http(s)://"
        if parts.username is not None or parts.password is not None:
            return "a webhook URL carries no user name or password (sign the requests instead)"
        host = parts.hostname
        if not host or any(c.isspace() for c in url):
            return "not a URL"
        if self.allow_private:
            return None
        addresses = self.resolve(host, port or (443 if parts.scheme == "https" else 80))
        if not addresses:
            return "the host does not resolve"
        if not all(is_public(a) for a in addresses):
            return "the host resolves to a private, loopback or reserved address"
        return None


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The ``Scopa-Signature`` value: ``t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>">``."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def verify(secret: str, header: str, body: bytes, now: float, window: int = 300) -> bool:
    """What a receiver checks: a well-formed header, a fresh timestamp and a matching HMAC."""
    fields = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    try:
        timestamp = int(fields["t"])
    except (KeyError, ValueError):
        return False
    if abs(now - timestamp) > window:
        return False
    expected = signature(secret, timestamp, body).partition(",v1=")[2]
    return hmac.compare_digest(expected, fields.get("v1", ""))


# ---------------------------------------------------------------------------------------- the events


def _event(t: TournamentRecord, kind: str, key: str, at: str, data: dict[str, Any]) -> list[TournamentEvent]:
    if t.club_id is None:
        return []  # only club tournaments have hooks
    return [TournamentEvent(kind, f"{kind}:{t.id}{key}", t.id, t.club_id, at, data)]


def started(t: TournamentRecord) -> list[TournamentEvent]:
    at = t.started_at or t.updated_at
    return _event(t, "tournament.started", "", at, {"name": t.name, "rounds_planned": t.rounds_planned})


def finished(t: TournamentRecord) -> list[TournamentEvent]:
    at = t.finished_at or t.updated_at
    return _event(t, "tournament.finished", "", at, {"name": t.name})


#: Tables one ``round.paired`` event lists at most: a bigger round (an arena's wave at thousands of
#: entrants) is several events, ``part`` 1 of ``parts`` and on, so that no delivery grows past what one
#: stored item and one receiver's request comfortably hold (about 90 KB each).
PAIRED_TABLES_PER_EVENT = 1000


def paired(t: TournamentRecord, rnd: RoundRecord) -> list[TournamentEvent]:
    tables = [
        {"table": x.table, "first": x.first, "second": x.second, "stage": table_stage(rnd, x)}
        for x in rnd.tables
    ]
    data = {"round": rnd.number, "tables": tables, "byes": list(rnd.byes), "manual": rnd.manual}
    if len(tables) <= PAIRED_TABLES_PER_EVENT:
        return _event(t, "round.paired", f":{rnd.number}", rnd.created_at, data)
    starts = range(0, len(tables), PAIRED_TABLES_PER_EVENT)
    events: list[TournamentEvent] = []
    for part, start in enumerate(starts, start=1):
        piece = {
            **data,
            "tables": tables[start : start + PAIRED_TABLES_PER_EVENT],
            "part": part,
            "parts": len(starts),
        }
        key = f":{rnd.number}" + (f":p{part}" if part > 1 else "")
        events.extend(_event(t, "round.paired", key, rnd.created_at, piece))
    return events


def recorded(
    t: TournamentRecord, rnd: RoundRecord, tables: Iterable[TableRecord], at: str, corrected: bool = False
) -> list[TournamentEvent]:
    """One ``result.recorded`` per table (a correction is one more, with ``corrected``)."""
    events: list[TournamentEvent] = []
    for x in tables:
        if x.result is None:
            continue
        data = {
            "round": rnd.number,
            "table": x.table,
            "first": x.first,
            "second": x.second,
            "result": list(x.result),
            "forfeit": x.forfeit,
            "reason": x.reason,
            "corrected": corrected,
            "stage": table_stage(rnd, x),
        }
        key = f":{rnd.number}:{x.table}" + (f":v{rnd.version}" if corrected else "")
        events.extend(_event(t, "result.recorded", key, at, data))
    return events


def claimed(
    t: TournamentRecord, rnd: RoundRecord, table: TableRecord, kind: str, at: str
) -> list[TournamentEvent]:
    """An in-person table's ``result.reported``, ``result.disputed`` or ``result.confirmed``: the claims
    (each side's games, who reported, when) and, once confirmed, the score and the result. One event per
    round version: a changed claim is a new event."""
    data = {
        "round": rnd.number,
        "table": table.table,
        "first": table.first,
        "second": table.second,
        "reports": [dict(c) for c in table.reports],
        "score": table.score,
        "result": list(table.result) if table.result is not None else None,
        "forfeit": table.forfeit,
        "reason": table.reason,
    }
    return _event(t, kind, f":{rnd.number}:{table.table}:v{rnd.version}", at, data)


def decided(rnd: RoundRecord) -> set[int]:
    """The tables of a round that have a result (to tell which ones a write decided)."""
    return {x.table for x in rnd.tables if x.result is not None}


# ---------------------------------------------------------------------------------------- the service

AttemptOutcome = Literal["delivered", "retry", "failed", "dropped", "done"]


@dataclass(frozen=True)
class Attempted:
    outcome: AttemptOutcome
    retry_after: int | None = None  # seconds, with ``retry``


@dataclass(frozen=True)
class Registered:
    hook: Webhook
    secret: str  # shown once


class WebhookService:
    def __init__(
        self,
        repo: WebhookRepository,
        clubs: ClubService,
        clock: Clock,
        queue: DeliveryQueue,
        sender: WebhookSender,
        policy: UrlPolicy,
    ) -> None:
        self.repo = repo
        self.clubs = clubs
        self.clock = clock
        self.queue = queue
        self.sender = sender
        self.policy = policy
        # Delivery ids sort by creation: the time in ms, then this process's count (ties within a ms).
        self._sequence = itertools.count()

    # ------------------------------------------------------------------ organizers

    def _require_manager(self, caller: Caller, club_id: str) -> None:
        if caller.role == "anonymous":
            caller.require_player()  # 401 before 403
        if len(club_id) > ID_MAX:
            raise NotFound(f"no club '{club_id[:ID_MAX]}...'", code="club_not_found")  # no key that long
        self.clubs.get(club_id)
        if not self.clubs.can_manage(caller, club_id):
            raise Forbidden("only the club's organizers manage its webhooks", code="not_club_organizer")

    def register(self, caller: Caller, club_id: str, url: str, events: Sequence[str]) -> Registered:
        self._require_manager(caller, club_id)
        wanted = sorted(set(events))
        unknown = [e for e in wanted if e not in EVENT_TYPES]
        if not wanted or unknown:
            raise BadRequest(
                f"events are some of {', '.join(EVENT_TYPES)}",
                code="invalid_webhook_events",
                details={"unknown": unknown},
            )
        problem = self.policy.problem(url)
        if problem is not None:
            raise BadRequest(problem, code="invalid_webhook_url")
        if len(self.repo.list_hooks(club_id)) >= HOOKS_PER_CLUB:
            raise BadRequest(f"a club has at most {HOOKS_PER_CLUB} webhooks", code="too_many_webhooks")
        secret = "whsec_" + secrets.token_urlsafe(32)
        hook = Webhook(
            id="wh_" + secrets.token_hex(8),
            club_id=club_id,
            url=url,
            events=wanted,
            secret=secret,
            created_by=caller.player_id or "admin",
            created_at=iso(self.clock.now()),
        )
        self.repo.create_hook(hook)
        return Registered(hook, secret)

    def hooks(self, caller: Caller, club_id: str) -> list[Webhook]:
        self._require_manager(caller, club_id)
        return self.repo.list_hooks(club_id)

    def hook(self, caller: Caller, club_id: str, hook_id: str) -> Webhook:
        self._require_manager(caller, club_id)
        hook = self.repo.get_hook(club_id, hook_id) if len(hook_id) <= ID_MAX else None
        if hook is None:
            raise NotFound(f"no webhook '{hook_id}' in this club", code="webhook_not_found")
        return hook

    def delete(self, caller: Caller, club_id: str, hook_id: str) -> None:
        self.hook(caller, club_id, hook_id)  # 404 for an unknown id (of any length)
        try:
            self.repo.delete_hook(club_id, hook_id)
        except WriteConflict:
            raise NotFound(f"no webhook '{hook_id}' in this club", code="webhook_not_found") from None

    def deliveries(
        self, caller: Caller, club_id: str, hook_id: str, limit: int, cursor: str | None
    ) -> tuple[list[Delivery], str | None]:
        self.hook(caller, club_id, hook_id)
        return self.repo.list_deliveries(hook_id, limit, cursor)

    # ------------------------------------------------------------------ events in

    def publish(self, events: Sequence[TournamentEvent]) -> None:
        """One delivery per event and subscribed hook, queued; never raises (see the module docstring)."""
        if not events:
            return
        try:
            refs = self._deliveries_for(events)
        except Exception as exc:  # the tournament write succeeded: its answer must not fail
            log.warning("webhook deliveries not recorded", extra={"error": type(exc).__name__})
            return
        if refs:
            self.queue.enqueue(refs)

    def _deliveries_for(self, events: Sequence[TournamentEvent]) -> list[DeliveryRef]:
        hooks: dict[str, list[Webhook]] = {}
        refs: list[DeliveryRef] = []
        for event in events:
            if event.club_id not in hooks:
                hooks[event.club_id] = self.repo.list_hooks(event.club_id)
            subscribed = [h for h in hooks[event.club_id] if event.type in h.events]
            if not subscribed:
                continue
            body = json.dumps(
                {
                    "id": event.id,
                    "type": event.type,
                    "created_at": event.at,
                    "club_id": event.club_id,
                    "tournament_id": event.tournament_id,
                    "data": event.data,
                },
                separators=(",", ":"),
                sort_keys=True,
            )
            now = self.clock.now()
            for hook in subscribed:
                delivery = Delivery(
                    id=f"d_{int(now * 1000):013d}{next(self._sequence) % 10_000:04d}{secrets.token_hex(4)}",
                    hook_id=hook.id,
                    club_id=hook.club_id,
                    event=event.type,
                    event_id=event.id,
                    body=body,
                    created_at=iso(now),
                    next_attempt_at=iso(now),
                )
                self.repo.create_delivery(delivery)
                refs.append(DeliveryRef(hook.club_id, hook.id, delivery.id))
        return refs

    # ------------------------------------------------------------------ deliveries out

    def attempt(self, ref: DeliveryRef) -> Attempted:
        """Send one delivery once and record how it went (the queue calls this)."""
        delivery = self.repo.get_delivery(ref.hook_id, ref.delivery_id)
        if delivery is None or delivery.status in ("delivered", "failed", "dropped"):
            return Attempted("done")  # a message seen twice, or a delivery that expired
        expected = delivery.attempts
        hook = self.repo.get_hook(ref.club_id, ref.hook_id)
        now = self.clock.now()
        if hook is None:
            delivery.status = "dropped"
            delivery.next_attempt_at = None
            delivery.last_error = "webhook deleted"
            self._save(delivery, expected)
            return Attempted("dropped")
        problem = self.policy.problem(hook.url)
        delivery.attempts += 1
        if problem is not None:
            delivery.last_status, delivery.last_error = None, "address refused"
        else:
            timestamp = int(now)
            body = delivery.body.encode()
            headers = {
                "Content-Type": "application/json",
                SIGNATURE_HEADER: signature(hook.secret, timestamp, body),
                EVENT_HEADER: delivery.event,
                DELIVERY_HEADER: delivery.id,
            }
            result = self.sender.post(hook.url, body, headers)
            delivery.last_status, delivery.last_error = result.status, result.error
            if result.ok:
                delivery.status = "delivered"
                delivery.delivered_at = iso(self.clock.now())
                delivery.next_attempt_at = None
                self._save(delivery, expected)
                return Attempted("delivered")
            if result.status is not None:
                delivery.last_error = f"HTTP {result.status}"
        if delivery.attempts >= MAX_ATTEMPTS:
            delivery.status = "failed"
            delivery.next_attempt_at = None
            self._save(delivery, expected)
            log.warning("webhook delivery failed", extra={"hook_id": hook.id, "delivery_id": delivery.id})
            return Attempted("failed")
        delay = RETRY_DELAYS[delivery.attempts - 1]
        delivery.status = "retrying"
        delivery.next_attempt_at = iso(now + delay)
        if not self._save(delivery, expected):
            return Attempted("done")
        return Attempted("retry", delay)

    def _save(self, delivery: Delivery, expected: int) -> bool:
        try:
            self.repo.save_delivery(delivery, expected)
        except WriteConflict:
            return False  # another consumer recorded this attempt; its outcome stands
        return True


# ---------------------------------------------------------------------------------------- local queue


class InProcessQueue:
    """The :class:`~scopa.application.ports.webhooks.DeliveryQueue` of local runs and tests.

    A first attempt runs as soon as it is queued (in the caller's thread); a retry waits in a heap until
    the clock reaches it: :meth:`run_due` sends what is due (tests call it after moving their clock),
    and with ``timers`` a daemon timer calls it when a retry falls due (the local server).
    """

    def __init__(self, clock: Clock, timers: bool = False) -> None:
        self.clock = clock
        self.timers = timers
        self.consumer: Callable[[DeliveryRef], Attempted] | None = None
        self._due: list[tuple[float, int, DeliveryRef]] = []
        self._seq = 0
        self._lock = threading.Lock()

    def enqueue(self, refs: Sequence[DeliveryRef]) -> None:
        now = self.clock.now()
        with self._lock:
            for ref in refs:
                self._push(now, ref)
        self.run_due()

    def _push(self, due: float, ref: DeliveryRef) -> None:
        self._seq += 1
        heapq.heappush(self._due, (due, self._seq, ref))

    def pending(self) -> int:
        with self._lock:
            return len(self._due)

    def run_due(self) -> int:
        """Attempt every delivery due now; returns how many were attempted."""
        done = 0
        while True:
            with self._lock:
                if not self._due or self._due[0][0] > self.clock.now() or self.consumer is None:
                    return done
                _, _, ref = heapq.heappop(self._due)
            try:
                outcome = self.consumer(ref)
            except Exception as exc:  # a broken store must not take the local server down
                log.warning("webhook attempt failed", extra={"error": type(exc).__name__})
                continue
            done += 1
            if outcome.outcome == "retry" and outcome.retry_after is not None:
                with self._lock:
                    self._push(self.clock.now() + outcome.retry_after, ref)
                if self.timers:
                    timer = threading.Timer(outcome.retry_after, self.run_due)
                    timer.daemon = True
                    timer.start()

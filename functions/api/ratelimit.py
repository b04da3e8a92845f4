"""Per-caller rate limits: a token bucket in each container, then a count every container shares.

Two checks, cheapest first:

1. **The container's bucket** (:class:`Buckets`): up to ``burst`` requests at once, refilled at ``rate`` a
   second, in this container's memory. A caller it refuses is answered ``429`` without a storage call, and
   so is a caller the shared count refused earlier in its current window (:class:`Refusals`): a caller
   already over the limit costs no write.
2. **The shared count** (``stores.rates``, ports/rates.py): one conditional write per request on the
   store every container uses (DynamoDB in AWS, the SQLite file locally), counting the caller's requests
   in a fixed window of ``window`` seconds, at most ``limit`` a window (:func:`shared_terms`):
   ``window = ceil(burst / rate)`` (at least 1 s) and ``limit = max(burst, floor(rate * window))``. With
   the defaults (10 a second, 60 at once) that is 60 requests a 6-second window, however many containers
   serve the caller; with ``RATE_LIMIT_BURST=10`` it is 10 a second. The burst's shape is each container's
   bucket's; the shared window bounds the sum (a fixed window admits up to twice ``limit`` across the
   boundary between two windows, never more on average).

**A move costs no extra wait** (``POST /matches/{id}/moves``, on DynamoDB): its count is written on a
worker thread while the route reads the match (:class:`Pending`), and the request's first DynamoDB write
waits for it (a botocore ``before-call`` hook on the container's client, :func:`before_write`): a
refused move writes nothing and answers 429, an admitted one has waited for no extra round trip. Every
other request is counted before its route runs.

Over either, the answer is ``429 rate_limited`` with ``Retry-After`` (whole seconds until one request fits
again: the bucket's refill, or the end of the shared window). ``RATE_LIMIT_PER_SECOND=0`` turns both off
(the test suites do; their load tests measure throughput): no bucket, no write.

**When the shared count cannot be written** (the store throttles it, times out or fails), the request is
served (fail open): a limit must never turn into a 5xx, and a throttled counter write must not fail a
move. The container's bucket still holds, API Gateway's stage throttling still caps the API as a whole,
and the failure is logged (its type only) and counted (metric ``RateCounterUnavailable``).

Who a caller is must be something they cannot make up by the thousand, or each made-up name gets a full
bucket. So a bearer token this service signed and still current counts against its player (``p:<player
id>``): its signature is checked first (an HMAC; a forged token costs no read), then its version against
the player's, from the record the token check caches (one read a player a minute at most). Every spelling
of it shares one bucket; a retired token (rotated or revoked) counts against its address, so whoever holds
a leaked token cannot drain its player's bucket once it is rotated.
Anything else (no header, a malformed one, an unsigned or badly signed token, the admin token) counts
against the source address that API Gateway or the function URL saw (``requestContext.http.sourceIp``,
``ip:<address>``; an IPv6 address by its /64): a caller sending a fresh random token with each request
drains one bucket, and is refused before their token costs a read.
Keys and logs never hold a token (a log names neither the key nor the caller).
"""

from __future__ import annotations

import ipaddress
import logging
import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scopa.application.ports.rates import RateCounter

log = logging.getLogger("scopa.api.ratelimit")

MAX_CALLERS = 10_000  # buckets kept; the least recently seen is forgotten first (a full bucket again)


class RateLimited(Exception):
    def __init__(self, retry_after: int, rate: float, burst: int) -> None:
        super().__init__(f"retry after {retry_after} s")
        self.retry_after = retry_after
        self.rate = rate
        self.burst = burst


class Buckets:
    """Token buckets by caller key; thread-safe (the local server answers from several threads)."""

    def __init__(self, rate: float, burst: int, now: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.now = now
        self._levels: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, at)
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """Take one request from ``key``'s bucket; 0 when it fits, else the seconds until one would."""
        if self.rate <= 0:
            return 0.0
        with self._lock:
            now = self.now()
            tokens, at = self._levels.pop(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - at) * self.rate)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / self.rate
            self._levels[key] = (tokens, now)
            while len(self._levels) > MAX_CALLERS:
                self._levels.popitem(last=False)
            return wait


class Refusals:
    """Callers the shared count refused, until their window ends: refused again here without a write.
    Thread-safe; the least recently refused is forgotten first beyond ``MAX_CALLERS``."""

    def __init__(self) -> None:
        self._until: OrderedDict[str, float] = OrderedDict()  # key -> epoch second the window ends
        self._lock = threading.Lock()

    def wait(self, key: str, now: float) -> float:
        """Seconds until ``key``'s refused window ends, 0 when none is known (or it has ended)."""
        with self._lock:
            until = self._until.get(key)
            if until is None:
                return 0.0
            if until <= now:
                del self._until[key]
                return 0.0
            return until - now

    def remember(self, key: str, until: float) -> None:
        with self._lock:
            self._until.pop(key, None)
            self._until[key] = until
            while len(self._until) > MAX_CALLERS:
                self._until.popitem(last=False)


def shared_terms(rate: float, burst: int) -> tuple[int, int]:
    """(window seconds, requests a window) of the shared count for a rate a second and a burst: the window
    the burst takes to refill (at least 1 s), and as many requests as the rate allows in it (at least the
    burst). 10 a second, 60 at once: (6, 60); 10 and 10: (1, 10); 0.5 and 3: (6, 3)."""
    window = max(1, math.ceil(round(burst / rate, 6)))
    return window, max(burst, math.floor(round(rate * window, 6)))


def caller_key(player_id: str | None, source_ip: str | None) -> str:
    """The bucket's key: the player a signed token names, else the source address (see :func:`network`)."""
    if player_id:
        return "p:" + player_id
    return "ip:" + network(source_ip)


def network(source_ip: str | None) -> str:
    """The address a bucket counts: an IPv4 address as it is, an IPv6 one by its /64.

    A host or a home on IPv6 is usually given a whole /64 and may send from any address in it, so a bucket
    per address would be one per request again.
    """
    try:
        address = ipaddress.ip_address(source_ip or "")
    except ValueError:
        return (source_ip or "unknown")[:64]  # API Gateway always sends an address; a test event may not
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


_buckets: list[Buckets] = []
_refusals: list[Refusals] = [Refusals()]


def buckets(rate: float, burst: int) -> Buckets:
    """The container's buckets for these limits (new ones when the settings change)."""
    if not _buckets or (_buckets[0].rate, _buckets[0].burst) != (rate, burst):
        _buckets[:] = [Buckets(rate, burst, now=_clock[0])]
    return _buckets[0]


_clock: list[Callable[[], float]] = [time.monotonic]


def reset(now: Callable[[], float] = time.monotonic) -> None:
    """Forget every bucket and remembered refusal (tests: each starts with full ones); ``now``: the clock
    new buckets read (a test's stopped clock: no bucket refills while a slow machine runs it). The shared
    count reads the services' clock (epoch seconds: every container must agree on the windows)."""
    _buckets.clear()
    _refusals[0] = Refusals()
    _clock[0] = now


MOVE = re.compile(r"^/matches/[^/]+/moves$")
#: The DynamoDB operations that write: the first of a move request waits for its count (before_write).
WRITES = frozenset(
    {"PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "BatchWriteItem", "ExecuteStatement"}
)


def limit(app: Any, next_middleware: Callable[[Any], Any]) -> Any:
    """A route middleware: count the request against its caller's bucket, then the shared count, or
    refuse it with 429 (a move's shared count runs beside its route: :class:`Pending`)."""
    from api import context
    from api.settings import settings

    config = settings()
    if config.rate_limit_per_second <= 0:
        return next_middleware(app)
    event = app.current_event
    source = event.request_context.http.source_ip if hasattr(event.request_context, "http") else None
    authorization = event.headers.get("authorization")
    services = context.services()
    player_id = services.tokens.signed_player(authorization) if authorization else None
    key = caller_key(player_id, source)
    rate, burst = config.rate_limit_per_second, config.rate_limit_burst
    wait = buckets(rate, burst).take(key)
    if wait > 0:
        raise RateLimited(max(1, math.ceil(wait)), rate, burst)
    counter, now = services.stores.rates, services.clock.now()
    if not (config.storage == "dynamodb" and event.http_method == "POST" and MOVE.match(event.path or "")):
        wait = shared_wait(counter, key, rate, burst, now)
        if wait > 0:
            raise RateLimited(max(1, math.ceil(wait)), rate, burst)
        return next_middleware(app)
    pending = Pending(counter, key, rate, burst, now)
    mark = _pending.set(pending)
    try:
        answer = next_middleware(app)
    except RateLimited:
        raise
    except Exception:
        pending.settle()  # a refused count answers 429 rather than the route's own error
        raise
    finally:
        _pending.reset(mark)
    pending.settle()
    return answer


class Pending:
    """A request's shared count, written on a worker thread while the route reads (moves only).

    :meth:`settle` waits for it once: it raises :class:`RateLimited` when the window was full, and admits
    the request when the counter failed (fail open, as :func:`shared_wait`)."""

    def __init__(self, counter: RateCounter, key: str, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, burst
        self._wait: float | None = None
        self._future: Future[float | Exception] = _worker().submit(_count, counter, key, rate, burst, now)

    def settle(self) -> None:
        if self._wait is None:
            self._wait = _admitted(self._future.result())  # logged and counted on the request's thread
        if self._wait > 0:
            raise RateLimited(max(1, math.ceil(self._wait)), self.rate, self.burst)


_pending: ContextVar[Pending | None] = ContextVar("scopa_rate_pending", default=None)
_workers: list[ThreadPoolExecutor] = []


def _worker() -> ThreadPoolExecutor:
    """The container's thread for shared counts (made on first use: a container without moves has none)."""
    if not _workers:
        _workers.append(ThreadPoolExecutor(max_workers=2, thread_name_prefix="rate-count"))
    return _workers[0]


def before_write(model: Any, **_: Any) -> None:
    """A botocore ``before-call.dynamodb`` hook: a write of a request whose count is pending waits for it
    (and is never sent when the count refused the request). Reads, and requests counted before their
    route ran, pass at once; the worker thread's own count has no pending count of its own."""
    pending = _pending.get()
    if pending is not None and getattr(model, "name", "") in WRITES:
        pending.settle()


def shared_wait(counter: RateCounter, key: str, rate: float, burst: int, now: float) -> float:
    """Count the request in the shared window: 0 when it fits, else the seconds until the window ends.
    A caller refused earlier in the window is refused again without a write; a counter that cannot be
    written admits the request (see the module's docstring)."""
    return _admitted(_count(counter, key, rate, burst, now))


def _count(counter: RateCounter, key: str, rate: float, burst: int, now: float) -> float | Exception:
    """The wait :func:`shared_wait` gives, or the counter's failure (any thread: nothing logged here)."""
    refusals = _refusals[0]
    known = refusals.wait(key, now)
    if known > 0:
        return known
    window, limit = shared_terms(rate, burst)
    try:
        wait = counter.take(key, window, limit, now)
    except Exception as exc:  # fail open (in _admitted): the limit never turns into a 5xx
        return exc
    if wait > 0:
        refusals.remember(key, now + wait)
    return wait


def _admitted(counted: float | Exception) -> float:
    """The wait of a count; a failed count admits the request, logged (its type only) and counted."""
    if isinstance(counted, Exception):
        from api.observability import count

        log.warning(
            "rate counter unavailable: request admitted", extra={"error_type": type(counted).__name__}
        )
        count("RateCounterUnavailable")
        return 0.0
    return counted

"""Per-caller rate limits: a token bucket for each player, or for each source address.

A bucket holds up to ``burst`` requests and refills at ``rate`` a second; a request finding it empty answers
``429 rate_limited`` with ``Retry-After`` (whole seconds until one request fits again). The buckets live in
the API container's memory: in AWS each warm Lambda container counts on its own, so a caller spread over
several containers may get more; API Gateway's stage throttling (infra/config.py) caps the API as a whole,
but not the move URL (api.function_url), where this is the only per-caller limit.
``RATE_LIMIT_PER_SECOND=0`` turns the limit off (the test suites do; their load tests measure throughput).

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
Keys and logs never hold a token.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

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


def buckets(rate: float, burst: int) -> Buckets:
    """The container's buckets for these limits (new ones when the settings change)."""
    if not _buckets or (_buckets[0].rate, _buckets[0].burst) != (rate, burst):
        _buckets[:] = [Buckets(rate, burst, now=_clock[0])]
    return _buckets[0]


_clock: list[Callable[[], float]] = [time.monotonic]


def reset(now: Callable[[], float] = time.monotonic) -> None:
    """Forget every bucket (tests: each starts with full ones); ``now``: the clock new buckets read
    (a test's stopped clock: no bucket refills while a slow machine runs it)."""
    _buckets.clear()
    _clock[0] = now


def limit(app: Any, next_middleware: Callable[[Any], Any]) -> Any:
    """A route middleware: count the request against its caller's bucket, or refuse it with 429."""
    from api import context
    from api.settings import settings

    config = settings()
    if config.rate_limit_per_second > 0:
        event = app.current_event
        source = event.request_context.http.source_ip if hasattr(event.request_context, "http") else None
        authorization = event.headers.get("authorization")
        player_id = context.services().tokens.signed_player(authorization) if authorization else None
        key = caller_key(player_id, source)
        wait = buckets(config.rate_limit_per_second, config.rate_limit_burst).take(key)
        if wait > 0:
            raise RateLimited(max(1, math.ceil(wait)), config.rate_limit_per_second, config.rate_limit_burst)
    return next_middleware(app)

"""Per-caller rate limits: a token bucket for each bearer token (or, without one, each source address).

A bucket holds up to ``burst`` requests and refills at ``rate`` a second; a request finding it empty answers
``429 rate_limited`` with ``Retry-After`` (whole seconds until one request fits again). The buckets live in
the API container's memory: in AWS each warm Lambda container counts on its own, so a caller spread over
several containers may get more; API Gateway's stage throttling (infra/config.py) caps the API as a whole.
``RATE_LIMIT_PER_SECOND=0`` turns the limit off (the test suites do; their load tests measure throughput).

Keys are a digest of the ``Authorization`` header, never the token itself.
"""

from __future__ import annotations

import hashlib
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


def caller_key(authorization: str | None, source_ip: str | None) -> str:
    if authorization:
        return "t:" + hashlib.sha256(authorization.strip().encode()).hexdigest()[:32]
    return "ip:" + (source_ip or "unknown")


_buckets: list[Buckets] = []


def buckets(rate: float, burst: int) -> Buckets:
    """The container's buckets for these limits (new ones when the settings change)."""
    if not _buckets or (_buckets[0].rate, _buckets[0].burst) != (rate, burst):
        _buckets[:] = [Buckets(rate, burst)]
    return _buckets[0]


def limit(app: Any, next_middleware: Callable[[Any], Any]) -> Any:
    """A route middleware: count the request against its caller's bucket, or refuse it with 429."""
    from api.settings import settings

    config = settings()
    if config.rate_limit_per_second > 0:
        event = app.current_event
        source = event.request_context.http.source_ip if hasattr(event.request_context, "http") else None
        key = caller_key(event.headers.get("authorization"), source)
        wait = buckets(config.rate_limit_per_second, config.rate_limit_burst).take(key)
        if wait > 0:
            raise RateLimited(max(1, math.ceil(wait)), config.rate_limit_per_second, config.rate_limit_burst)
    return next_middleware(app)

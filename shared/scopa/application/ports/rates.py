"""A request counter shared by every container: one count per caller and fixed window.

Each API container keeps its own token buckets (``api.ratelimit``), so N warm containers would let a
caller send N times the limit. This counter is what they share: a request is counted in the window of
``window`` whole seconds that holds ``now`` (windows start at multiples of ``window`` since the epoch, so
every container agrees on them without talking to each other), and refused once ``limit`` requests of that
caller are counted in it. A refused request is not counted. The count of a window is forgotten once the
window is over (DynamoDB's TTL; SQLite deletes it).

A fixed window lets a caller send up to ``limit`` requests at the end of one window and ``limit`` more at
the start of the next: at most twice the limit over any ``window`` seconds, never more on average.
The key names a caller (``p:<player id>`` or ``ip:<address>``), never a token.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Window:
    """The fixed window of ``length`` seconds that holds an instant: ``[start, start + length)``."""

    start: int
    length: int

    @property
    def end(self) -> int:
        return self.start + self.length

    def wait(self, now: float) -> float:
        """Seconds from ``now`` until the next window opens (always some: a refusal is never a 0 wait)."""
        return max(self.end - now, 0.001)


def window_at(now: float, length: int) -> Window:
    """The window of ``length`` seconds (at least 1) that holds ``now`` (epoch seconds)."""
    if length < 1:
        raise ValueError("a window lasts at least one second")
    return Window(start=math.floor(now / length) * length, length=length)


class RateCounter(Protocol):
    def take(self, key: str, window: int, limit: int, now: float) -> float:
        """Count one request of ``key`` in the ``window``-second window holding ``now`` if fewer than
        ``limit`` are counted there: 0.0; else count nothing and give the seconds until the next window.
        Raises what the store raises when it cannot be reached (the caller decides what that means)."""
        ...

"""Time as a dependency: services ask a clock, so tests and the local server can control it."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...

    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


def iso(epoch: float) -> str:
    """An epoch time as ISO 8601 UTC with milliseconds (sorts as text)."""
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def epoch_of(stamp: str) -> float:
    """The epoch time of an :func:`iso` stamp."""
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()

"""What a container computed from a big tournament lately, kept a few seconds for its many followers.

When an arena pairs a wave, every follower's page reloads and its script asks where its player stands;
each answer computed afresh reads the tournament's whole partition (5.4 MB at 10,000 entrants,
docs/scale.md). Those reads are the same for every follower, so the page (``scopa.web.pages``) and the
player's place (``TournamentQueries.your_place``) of a big tournament are computed once per version of
the tournament and kept :data:`MAX_AGE` seconds: a follower's view then costs one read of the
tournament's item (its version). The results of a round do not move the version, which is why an entry
also ages out. Small tournaments are computed every time: cheap, and every result shows at once.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")

#: Seconds a computed value is served again. A page or a player's place is computed from a read of the
#: tournament kept as long, so a result shows on a big tournament's page within about twice this.
MAX_AGE = 10.0
#: Entrants above which a tournament is big: what its followers read is kept (as many as a page lists).
KEPT_ABOVE = 200


class Recent(Generic[T]):
    """Values by key (tournament, version, ...), each with when it was computed; thread-safe, bounded:
    the least recently served goes first."""

    def __init__(
        self, size: int, max_age: float = MAX_AGE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._max_age = max_age
        self._size = size
        self._clock = clock
        self._values: OrderedDict[Hashable, tuple[float, T]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], T], fresh: bool = False) -> T:
        """The value kept under ``key`` if it is young enough (and not ``fresh``), else ``compute()``,
        kept for next time."""
        now = self._clock()
        with self._lock:
            found = self._values.get(key)
            if found is not None and now - found[0] < self._max_age and not fresh:
                self._values.move_to_end(key)
                return found[1]
        value = compute()
        with self._lock:
            self._values[key] = (now, value)
            self._values.move_to_end(key)
            while len(self._values) > self._size:
                self._values.popitem(last=False)
        return value

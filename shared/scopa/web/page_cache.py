"""Rendered pages of big tournaments, kept a few seconds in the container that rendered them.

When an arena pairs a wave, every follower's page reloads, and rendering a page reads the tournament's
whole partition: 5.4 MB at 10,000 entrants (docs/scale.md). The page of a tournament is the same for
every visitor with the same options (what is personal comes from its script), so a big one is rendered
once per version of the tournament and options, and served again for :data:`PAGE_MAX_AGE` seconds: a
follower's view then costs one read of the tournament's item (its version), and the partition is read
once per container and version. The results of a round do not move the version, which is why an entry
also ages out. A small tournament's page is rendered every time: cheap, and it shows every result at
once.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

#: Seconds a rendered page is served again (a result shows on a big tournament's page within this).
PAGE_MAX_AGE = 10.0
#: Pages kept at most (about 160 KB each at 10,000 entrants): the least recently served goes first.
CACHED_PAGES = 32


class RenderedPages:
    """Pages by key (tournament, version, options), each with when it was rendered; thread-safe."""

    def __init__(
        self,
        max_age: float = PAGE_MAX_AGE,
        size: int = CACHED_PAGES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._max_age = max_age
        self._size = size
        self._clock = clock
        self._pages: OrderedDict[Hashable, tuple[float, str]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, render: Callable[[], str], fresh: bool = False) -> str:
        """The page kept under ``key`` if it is young enough (and not ``fresh``), else ``render()``, kept
        for next time."""
        now = self._clock()
        with self._lock:
            found = self._pages.get(key)
            if found is not None and now - found[0] < self._max_age and not fresh:
                self._pages.move_to_end(key)
                return found[1]
        page = render()
        with self._lock:
            self._pages[key] = (now, page)
            self._pages.move_to_end(key)
            while len(self._pages) > self._size:
                self._pages.popitem(last=False)
        return page

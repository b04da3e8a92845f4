"""The shared request counter on one SQLite file opened by several connections (the local server's
threads, or several processes), all racing for the last places of one window: never more than the limit.
(The same race on DynamoDB is the conditional write's; moto does not serialise concurrent requests, so
it is not raced there: tests/contract/test_rates.py holds both adapters to the sequential contract.)"""

from __future__ import annotations

import threading
from pathlib import Path

from scopa.adapters.sqlite.rates import SqliteRateCounter
from scopa.adapters.sqlite.stores import open_database

NOW = 1_800_000_000.0


def test_connections_racing_for_a_window_never_count_more_than_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    counters = [SqliteRateCounter(open_database(path)) for _ in range(3)]  # as three processes would
    waits: list[float] = []
    lock = threading.Lock()

    def ask(counter: SqliteRateCounter) -> None:
        for _ in range(4):
            wait = counter.take("ip:198.51.100.1", 1, 5, NOW)
            with lock:
                waits.append(wait)

    threads = [threading.Thread(target=ask, args=(counters[n % 3],)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(waits) == 24
    assert waits.count(0.0) == 5  # exactly the limit, whichever connection asked
    assert all(wait == 1.0 for wait in waits if wait)
    assert counters[0].take("ip:198.51.100.1", 1, 5, NOW + 1) == 0.0  # the next window

"""An arena's waves keep the pipeline's exactly-once guarantees: a fault at any single write (refused, or
applied with its answer lost), then the runs carry on, and nothing is duplicated or lost.

An arena is driven by the clock (how many waves are played depends on how many runs fall inside the
window), so a faulty execution is not compared item by item with a clean one, as the Swiss is in
``test_pipeline_concurrency.py``; it is checked for what exactly-once means here: wave numbers without a
gap, one match per (wave, table, game), every match some table's game, every table decided, each player
at most once a wave, and a leaderboard equal to a recount of the waves.
"""

from __future__ import annotations

from typing import Any

import pytest

from api import context
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.application.wiring import ServiceSet
from tests.api.conftest import Api
from tests.forks import Branch, Forks
from tests.pipeline.test_arena import _recount, _waves
from tests.pipeline.test_pipeline_concurrency import (
    FaultyClient,
    alternate_codes,
    check_nothing_duplicated,
    raw,
    restore,
    scan,
    scheduled_tournament,
    table_name,
)

MINUTES = 5
ARENA = {"format": "arena", "arena_minutes": MINUTES, "arena_grace_seconds": 60, "target": 1}


def _play(services: ServiceSet, start: float, tid: str) -> None:
    """A run inside the window, then runs after it until the arena is over (a fault at the start
    write starts it a run later, so its window ends later)."""
    clock: Any = context.services().clock
    for offset in (0, 3 * MINUTES * 60, *(6 * MINUTES * 60 + 60 * i for i in range(6))):
        clock.t = start + offset
        services.pipeline.run()
        t = services.stores.tournaments.get_tournament(tid)
        if t is not None and t.status == "finished":
            return


def _check(api: Api, tid: str) -> None:
    t = api.call("GET", f"/tournaments/{tid}").body
    assert t["status"] == "finished", t
    waves = _waves(api, tid)
    check_nothing_duplicated(scan(raw()), tid, len(waves))
    for wave in waves:
        seated = [x for tb in wave["tables"] for x in (tb["first"]["id"], tb["second"]["id"])]
        assert len(seated) == len(set(seated)), wave
    board = api.call("GET", f"/tournaments/{tid}/arena").body["leaderboard"]
    recount = _recount(waves, streaks=True)
    assert {r["entrant"]: r["score"] for r in board} == {
        r["entrant"]: recount.get(r["entrant"], 0) for r in board
    }


@pytest.mark.parametrize("applied", [False, True], ids=["before-the-write", "after-the-write"])
def test_a_fault_at_any_arena_write_then_the_runs_carry_on(api: Api, applied: bool) -> None:
    tid = scheduled_tournament(api, ARENA, bots=3)  # a wave of one table, one player waiting
    clock: Any = context.services().clock
    start = clock.now()
    snapshot = scan(raw())
    counting = FaultyClient(raw())
    _play(ServiceSet(dynamodb_stores(counting, table_name()), clock), start, tid)
    _check(api, tid)
    writes = counting.writes
    print(f"{writes} writes")  # -s shows it
    assert writes > 10, writes  # the start, waves, their matches and results, the finish

    restore(raw(), snapshot)
    forks: Forks[str] = Forks()
    faulty = FaultyClient(raw(), applied=applied, forks=forks, codes=alternate_codes)

    def after_the_fault(branch: Branch[str], raised: BaseException | None) -> str | None:
        assert raised is None, raised
        assert faulty.failed is not None, branch.point
        _check(api, tid)
        return faulty.failed

    # Each fault in a child forked from one clean run at that write (tests/forks.py); the child's runs
    # carry on to the arena's end, as a replay with the fault at that write would.
    forks.run(
        lambda: _play(ServiceSet(dynamodb_stores(faulty, table_name()), clock), start, tid), after_the_fault
    )
    assert [branch.point for branch, _ in forks.reports] == list(range(1, writes + 1))
    assert "transact_write_items" in {op for _, op in forks.reports}
    assert faulty.writes == writes
    _check(api, tid)

"""DynamoDB faults at every pipeline write of an in-person round: its close, the rating of its tables,
the next round's pairing and start (no match), and the finish.

Two in-person Swiss tournaments wait with every table of their open round confirmed by the players (the
players' own writes are made before: what is tested is the pipeline's part). One goes on to a second
round, the other finishes. The scheduled runs are counted; then each write is failed in turn with each
fault that can happen to it (a child forked from the clean run at that write, tests/forks.py), the
schedule goes on, and the table must end as after the run without faults: no round closed twice, no
table rated twice or left unrated, nothing half-written in between.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pipeline.handler import PipelineRunFailed
from tests.api.conftest import Api
from tests.api.test_table_results import in_person, report, round_of, seated
from tests.api.tournament_support import services
from tests.faults.conftest import Ids
from tests.faults.table import check_whole
from tests.faults.test_pipeline_faults import STEP, client, settle
from tests.faults.wire import THROTTLE_ONCE, Fault, WireFaults, faults_for
from tests.forks import Branch, Forks
from tests.pipeline.test_pipeline_concurrency import audit_of, diff, restore, scan, without_audit


def confirm_round(api: Api, tid: str, tokens: dict[str, str]) -> None:
    """Both players of every table of round 1 report the same games (first wins 11-n)."""
    for table in round_of(api, tid, 1)["tables"]:
        first, second = seated(table)
        games = [[11, table["table"]]]
        assert report(api, tid, 1, table["table"], games, tokens[first]).status == 200
        assert report(api, tid, 1, table["table"], games, tokens[second]).status == 200


def prepare(api: Api, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Two in-person Swiss tournaments with round 1 confirmed and still open (the reports' own advance
    left out: the schedule takes it from there)."""
    with monkeypatch.context() as patch:
        patch.setattr(services().table_results, "_after_decided", lambda tid, rnd: None)
        on, _, on_tokens = in_person(api, players=4, rounds=2)
        confirm_round(api, on, on_tokens)
        done, _, done_tokens = in_person(api, players=4, rounds=1)
        confirm_round(api, done, done_tokens)
    for tid in (on, done):
        assert round_of(api, tid, 1)["status"] == "open"
    return [on, done]


def test_a_fault_at_any_write_of_an_in_person_round_ends_as_without_faults(
    api: Api, ids: Ids, monkeypatch: pytest.MonkeyPatch
) -> None:
    on, done = prepare(api, monkeypatch)
    api.clock.advance(STEP)
    start = api.clock.now()
    snapshot = scan(client())

    ids.reset(1000)
    with WireFaults(client()) as counting:
        settle(api)
    reference = scan(client())
    check_whole(reference)
    writes = counting.writes
    kinds = Counter(v["type"]["S"] for v in reference.values())
    assert kinds["rated_match"] == 4  # two tables in each tournament's round 1, in person
    assert kinds["match"] == 0  # no online match for an in-person table
    assert round_of(api, on, 2)["status"] == "open"
    assert api.call("GET", f"/tournaments/{done}").body["status"] == "finished"

    restore(client(), snapshot, now=reference)
    api.clock.t = start
    ids.reset(1000)
    forks: Forks[Fault] = Forks()
    wire = WireFaults(client(), forks=forks)

    def schedule() -> None:
        with wire:
            idle = 0
            for _ in range(12):
                report = _run()
                if forks.child is not None:
                    return
                api.clock.advance(STEP)
                busy = report["started"] or report["rated"] or any(report["steps"].values())
                idle = 0 if busy else idle + 1
                if idle == 2:
                    return
            raise AssertionError("the pipeline kept finding work")

    def after_the_fault(branch: Branch[Fault], raised: BaseException | None) -> str:
        k, fault, write = branch.point, branch.variant, writes[branch.point - 1]
        if raised is not None:
            assert isinstance(raised, PipelineRunFailed), raised
        assert wire.failed is not None, (k, fault.name)
        assert wire.failed.op == write.op, (k, fault.name)
        if fault is THROTTLE_ONCE:
            assert raised is None, (k, write.op)
        check_whole(scan(client()))  # nothing half-written in between
        settle(api)
        final = scan(client())
        check_whole(final)
        where = (k, write.op, fault.name)
        assert diff(without_audit(final), without_audit(reference)) == [], where
        lost = audit_of(reference)
        for entry in audit_of(final):
            lost.remove(entry)  # an audit entry written twice would fail here
        return "ok" if raised is None else "failed"

    forks.run(schedule, after_the_fault)
    assert [(b.point, b.variant) for b, _ in forks.reports] == [
        (k, fault) for k, write in enumerate(writes, start=1) for fault in faults_for(write)
    ]
    assert diff(scan(client()), reference) == []


def _run() -> dict[str, Any]:
    from tests.api.tournament_support import run_pipeline

    return run_pipeline()

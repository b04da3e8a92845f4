"""DynamoDB faults at every write of the scheduled pipeline, rating step and deadline sweep included.

``tests/pipeline`` fails each write of a tournament's own steps (raised above the client, so no retry)
and re-runs. What it does not reach is added here: the rating step (its runs keep the clock still, so
nothing settles long enough to be rated) and the sweep that ends overdue matches on time, and faults that
go through the client's own retries (on the wire, see :mod:`tests.faults.wire`).

One scheduled run does everything: it ends an overdue match on time, starts a due Swiss and plays it
through, and the next runs rate every finished match. Its writes are counted; then each is failed in turn
with each fault that can happen to it, and the pipeline is run again as the schedule would (a run at the
same minute, then one every 10 seconds until a run finds nothing to do). The table must end as after a
run without faults: no round, match or rating duplicated or lost, nothing half-written in between.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from api import context
from pipeline.handler import PipelineRunFailed
from scopa.adapters.dynamodb.codec import unpack
from scopa.application.clock import iso
from tests.api.conftest import Api
from tests.api.support import play
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_pipeline
from tests.faults.conftest import Ids
from tests.faults.table import check_whole
from tests.faults.wire import THROTTLE_ONCE, Fault, WireFaults, faults_for
from tests.forks import Branch, Forks
from tests.pipeline.test_pipeline_concurrency import audit_of, diff, restore, scan, without_audit

STEP = 10  # seconds between two scheduled runs here (the rating step waits 5 for a match to settle)


def client() -> Any:
    return context.dynamodb_client()


def prepare(api: Api) -> dict[str, str]:
    """A Swiss due to start and a match between two people whose player to move is out of time."""
    _, olga = organizer(api)
    starts = iso(api.clock.now() + 100)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 1, "target": 1, "starts_at": starts})
    enter_bots(api, olga, t["id"], 2, kinds=("greedy", "random"))
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "registration"
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    body = {"players": [ada, bob], "time_control": {"seconds_per_move": 60}}  # no seed: it is to be rated
    match = api.call("POST", "/matches", body, token=ada_token).body
    match = api.call("POST", f"/matches/{match['id']}/accept", token=bob_token).body
    tokens = {ada: ada_token, bob: bob_token}
    for _ in range(3):  # cards are played, so losing on time is a rated result
        token = tokens[match["turn_player_id"]]
        mine = api.call("GET", f"/matches/{match['id']}", token=token).body
        answer = play(api, mine, token)
        assert answer.status == 200, answer.body
        match = answer.body
    api.clock.advance(100)  # the Swiss is due, the player to move is out of time
    return {"tournament": t["id"], "match": match["id"]}


def settle(api: Api, limit: int = 12) -> None:
    """Scheduled runs, one every STEP seconds, until two in a row find nothing to do (a match finished in
    one run is rated only by a run at least 5 seconds later)."""
    idle = 0
    for _ in range(limit):
        report = run_pipeline()
        api.clock.advance(STEP)
        busy = (
            report["expired_matches"] or report["started"] or report["rated"] or any(report["steps"].values())
        )
        idle = 0 if busy else idle + 1
        if idle == 2:
            return
    raise AssertionError("the pipeline kept finding work")


def test_a_fault_at_any_pipeline_write_then_the_schedule_ends_as_without_faults(api: Api, ids: Ids) -> None:
    world = prepare(api)
    start = api.clock.now()
    snapshot = scan(client())

    ids.reset()
    with WireFaults(client()) as counting:
        settle(api)
    reference = scan(client())
    check_whole(reference)
    writes = counting.writes
    assert all(w.attempts == 1 for w in writes)
    kinds = sorted(v["type"]["S"] for v in reference.values())
    assert kinds.count("rated_match") == 2  # the Swiss game and the match lost on time
    assert kinds.count("round") == 1
    ended = reference[(f"MATCH#{world['match']}", "MATCH")]
    assert unpack(ended["doc"]["B"])["state"]["result"]["reason"] == "timeout"

    # Each (write, fault) in a child forked from one clean run at that write (tests/forks.py), instead of a
    # replay from the start: the child holds the same table, clock and id counter a replay would.
    restore(client(), snapshot, now=reference)
    api.clock.t = start
    ids.reset()
    forks: Forks[Fault] = Forks()
    wire = WireFaults(client(), forks=forks)

    def schedule() -> None:
        """:func:`settle`; in a child, the runs stop with the one that met the fault ("failed" when the
        handler reported it, as the schedule sees it, else "ok"), and the clock stays at that run's minute,
        so the next run is at the same one."""
        with wire:
            idle = 0
            for _ in range(12):
                report = run_pipeline()
                if forks.child is not None:
                    return  # the child was forked inside this run: the fault was met and absorbed
                api.clock.advance(STEP)
                busy = (
                    report["expired_matches"]
                    or report["started"]
                    or report["rated"]
                    or any(report["steps"].values())
                )
                idle = 0 if busy else idle + 1
                if idle == 2:
                    return
            raise AssertionError("the pipeline kept finding work")

    def after_the_fault(branch: Branch[Fault], raised: BaseException | None) -> str:
        k, fault, write = branch.point, branch.variant, writes[branch.point - 1]
        if raised is not None:
            assert isinstance(raised, PipelineRunFailed), raised
        outcome = "ok" if raised is None else "failed"
        assert wire.failed is not None, (k, fault.name)
        assert wire.failed.op == write.op, (k, fault.name)
        if fault is THROTTLE_ONCE:
            assert outcome == "ok", (k, write.op)  # the client's retry absorbed it
        check_whole(scan(client()))  # nothing half-written in between
        settle(api)  # the schedule goes on: the same minute again, then every STEP seconds
        final = scan(client())
        check_whole(final)
        where = (k, write.op, fault.name)
        assert diff(without_audit(final), without_audit(reference)) == [], where
        lost = audit_of(reference)
        for entry in audit_of(final):
            lost.remove(entry)  # an audit entry written twice would fail here
        assert [entry[3] for entry in lost] in ([], ["started"]), where
        return outcome

    forks.run(schedule, after_the_fault)
    assert [(b.point, b.variant) for b, _ in forks.reports] == [
        (k, fault) for k, write in enumerate(writes, start=1) for fault in faults_for(write)
    ]
    outcomes = Counter(outcome for _, outcome in forks.reports)
    assert outcomes["failed"] > 0
    assert outcomes["ok"] > 0
    # The clean run the children were forked from ends as the counted one did.
    assert [(w.op, w.attempts) for w in wire.writes] == [(w.op, w.attempts) for w in writes]
    assert diff(scan(client()), reference) == []

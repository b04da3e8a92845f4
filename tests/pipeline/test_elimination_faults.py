"""A double elimination, a groups' knockout and a knockout with a match for third place under a fault at
every pipeline write (on DynamoDB, moto): a clean re-run ends exactly as a run without faults, as the
Swiss does in test_pipeline_concurrency.py.

The brackets are replayed from the stored rounds, so a round written twice, or a result lost, would show
as a different bracket; the checks are the same table diff and standings as the Swiss's.
"""

from __future__ import annotations

import pytest

from api import context
from pipeline.handler import PipelineRunFailed
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.application.wiring import ServiceSet
from tests.api.conftest import Api
from tests.api.tournament_support import run_until_finished
from tests.forks import Branch, Forks, raise_again
from tests.pipeline.test_pipeline_concurrency import (
    FaultyClient,
    audit_of,
    check_nothing_duplicated,
    diff,
    raw,
    restore,
    run_to_end,
    scan,
    scheduled_runs,
    scheduled_tournament,
    table_name,
    without_audit,
)

FORMATS = {
    "double_elimination": ({"format": "double_elimination", "target": 1}, 4),
    "groups_knockout": ({"format": "groups_knockout", "target": 1, "group_size": 3}, 5),
    # the match for third place: a second table in the final's round, derived from the stored bracket
    "knockout_third_place": ({"format": "knockout", "target": 1, "third_place_match": True}, 4),
}


@pytest.mark.parametrize("applied", [False, True], ids=["before-the-write", "after-the-write"])
@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_fault_at_any_write_then_a_clean_rerun_ends_like_a_clean_run(
    api: Api, monkeypatch: pytest.MonkeyPatch, applied: bool, fmt: str
) -> None:
    settings, bots = FORMATS[fmt]
    tid = scheduled_tournament(api, settings, bots=bots)
    clock = context.services().clock
    snapshot = scan(raw())
    counting = FaultyClient(raw())
    run_to_end(ServiceSet(dynamodb_stores(counting, table_name()), clock), tid)
    reference = scan(raw())
    standings = api.call("GET", f"/tournaments/{tid}/standings").body
    played: int = api.call("GET", f"/tournaments/{tid}").body["current_round"]
    writes = counting.writes
    assert writes >= 1 + played * 4 + 1  # start; per round: pair, a match at least, start, close; finish

    restore(raw(), snapshot, now=reference)
    forks: Forks[str] = Forks()
    faulty = FaultyClient(raw(), applied=applied, forks=forks)

    def scheduled() -> None:
        with monkeypatch.context() as patch:
            patch.setattr(
                "pipeline.handler.services",
                lambda: ServiceSet(dynamodb_stores(faulty, table_name()), clock),
            )
            scheduled_runs()

    def after_the_fault(branch: Branch[str], raised: BaseException | None) -> None:
        k = branch.point
        with pytest.raises(PipelineRunFailed, match=tid):
            raise_again(raised)
        assert faulty.failed is not None, k
        run_until_finished(api, tid)
        final = scan(raw())
        lost = audit_of(reference)
        for entry in audit_of(final):
            lost.remove(entry)
        assert [entry[3] for entry in lost] in ([], ["started"]), (k, lost)
        assert diff(without_audit(final), without_audit(reference)) == [], (k, faulty.failed)
        assert api.call("GET", f"/tournaments/{tid}/standings").body == standings, k
        if k == writes:
            check_nothing_duplicated(final, tid, played)

    # Each fault in a child forked from one clean run at that write (tests/forks.py).
    forks.run(scheduled, after_the_fault)
    assert [branch.point for branch, _ in forks.reports] == list(range(1, writes + 1))
    assert faulty.writes == writes
    assert diff(scan(raw()), reference) == []

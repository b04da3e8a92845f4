"""A double elimination, a groups' knockout and a knockout with a match for third place under a fault at
every pipeline write (on DynamoDB, moto): a clean re-run ends exactly as a run without faults, as the
Swiss does in test_pipeline_concurrency.py.

The brackets are replayed from the stored rounds, so a round written twice, or a result lost, would show
as a different bracket; the checks are the same table diff and standings as the Swiss's.
"""

from __future__ import annotations

from typing import Any

import pytest

from api import context
from pipeline.handler import PipelineRunFailed
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.application.wiring import ServiceSet
from tests.api.conftest import Api
from tests.api.tournament_support import run_until_finished
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

    final: dict[Any, Any] = reference
    for k in range(1, writes + 1):
        restore(raw(), snapshot, now=final)
        faulty = FaultyClient(raw(), fail_at=k, applied=applied)
        with monkeypatch.context() as patch:
            patch.setattr(
                "pipeline.handler.services",
                lambda f=faulty: ServiceSet(dynamodb_stores(f, table_name()), clock),
            )
            with pytest.raises(PipelineRunFailed, match=tid):
                scheduled_runs()
        assert faulty.failed is not None, k
        run_until_finished(api, tid)
        final = scan(raw())
        lost = audit_of(reference)
        for entry in audit_of(final):
            lost.remove(entry)
        assert [entry[3] for entry in lost] in ([], ["started"]), (k, lost)
        assert diff(without_audit(final), without_audit(reference)) == [], (k, faulty.failed)
        assert api.call("GET", f"/tournaments/{tid}/standings").body == standings, k
    check_nothing_duplicated(final, tid, played)

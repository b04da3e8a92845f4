"""A request applied whose idempotency record is never completed: its retries find what it made.

The last write of a keyed registration, match or tournament creation, or entry is the Powertools record's
"completed" update. Throttled past the client's retries, it leaves the request applied and its record
"in progress". The request answers as applied; then the client's retries with the same
``Idempotency-Key``, while the record is in progress, after it timed out, and after it is gone, each
answer as a replay and find the one player, match, tournament or entry the first run made, never a
second one. The same key with another body is still refused when no record is left to compare it with:
the created item keeps the request's body hash.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from scopa.adapters.dynamodb import keys
from tests.api.conftest import Answer, Api
from tests.api.support import assert_error
from tests.faults.conftest import Ids
from tests.faults.table import business, check_whole, idempotency_statuses
from tests.faults.test_api_faults import MAX_ATTEMPTS, SCENARIOS, Request, client, replayed, run
from tests.faults.wire import THROTTLE_ALWAYS
from tests.pipeline.test_pipeline_concurrency import diff, restore, scan, table_name

IN_PROGRESS_EXPIRY = "in_progress_expiration"  # Powertools' attribute: epoch milliseconds


def _records() -> dict[Any, dict[str, Any]]:
    return {k: v for k, v in scan(client()).items() if k[0] == keys.IDEMPOTENCY_PK}


def still_in_progress() -> None:
    """The retry comes at once: the record is "in progress" (the first run's Lambda could still run)."""


def timed_out() -> None:
    """The in-progress records' Lambda time is up, as Powertools reckons it."""
    past = str(int(time.time() * 1000) - 1_000)
    for (pk, sk), item in _records().items():
        if item["status"]["S"] == "INPROGRESS":
            client().update_item(
                TableName=table_name(),
                Key={"pk": {"S": pk}, "sk": {"S": sk}},
                UpdateExpression="SET #e = :past",
                ExpressionAttributeNames={"#e": IN_PROGRESS_EXPIRY},
                ExpressionAttributeValues={":past": {"N": past}},
            )


def gone() -> None:
    """Every idempotency record removed (as their time to live ends them)."""
    for pk, sk in _records():
        client().delete_item(TableName=table_name(), Key={"pk": {"S": pk}, "sk": {"S": sk}})


LATER: list[Callable[[], None]] = [still_in_progress, timed_out, gone]


def other_body(scenario: str, request: Request, clean: Answer) -> Any:
    """A valid request body other than the first, for the same key."""
    if scenario == "register":
        return {"name": "Zora"}
    if scenario == "create-match":
        return {**request.body, "seed": "ab" * 16}
    if scenario == "create-tournament":
        return {**request.body, "name": "Another"}
    return {"players": clean.body["players"]}


@pytest.mark.parametrize("scenario", ["register", "create-match", "create-tournament", "enter-tournament"])
def test_the_retries_of_a_request_whose_record_stays_in_progress_find_its_one_item(
    api: Api, ids: Ids, scenario: str
) -> None:
    request = SCENARIOS[scenario](api)
    before = scan(client())
    clean, counted = run(api, ids, request)
    after = scan(client())
    completion = counted.writes[-1]
    assert (completion.op, completion.pk) == ("UpdateItem", keys.IDEMPOTENCY_PK)
    restore(client(), before)

    answer, wire = run(api, ids, request, THROTTLE_ALWAYS, len(counted.writes))
    assert wire.failed is not None
    assert (wire.failed.pk, wire.failed.attempts) == (keys.IDEMPOTENCY_PK, MAX_ATTEMPTS)
    assert (answer.status, answer.body) == (clean.status, clean.body)  # applied, and answered so
    assert diff(business(scan(client())), business(after)) == []
    assert "INPROGRESS" in idempotency_statuses(scan(client())).values()

    for later in LATER:
        later()
        again = request.send(api)
        assert (again.status, again.body) == (clean.status, replayed(clean)), later.__name__
        table = scan(client())
        check_whole(table)
        assert diff(business(table), business(after)) == [], later.__name__

    gone()
    refused = replace(request, body=other_body(scenario, request, clean)).send(api)
    assert_error(refused, 422, "idempotency_key_reused")
    assert diff(business(scan(client())), business(after)) == []

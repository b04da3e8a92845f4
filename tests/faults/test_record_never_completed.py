"""A request applied whose idempotency record is never completed: its retries find what it made.

The last write of a keyed registration, match or tournament creation, or entry is its idempotency record's
"completed" update. Throttled past the client's retries, it leaves the request applied and its record
"in progress". The request answers as applied; then the client's retries with the same
``Idempotency-Key``, while the record is in progress, after it expired (TTL not yet applied), and after it
is gone, each answer as a replay and find the one player, match, tournament or entry the first run made,
never a second one. The same key with another body is still refused when no record is left to compare it
with: the created item keeps the request's body hash.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from scopa.adapters.dynamodb import keys
from tests.api.conftest import Answer, Api
from tests.api.support import assert_error
from tests.faults.conftest import Ids
from tests.faults.table import (
    COMPLETED,
    IN_PROGRESS,
    RECORD_PREFIX,
    business,
    check_whole,
    idempotency_statuses,
    is_idempotency_record,
)
from tests.faults.test_api_faults import MAX_ATTEMPTS, SCENARIOS, Request, client, replayed, run
from tests.faults.wire import THROTTLE_ALWAYS
from tests.pipeline.test_pipeline_concurrency import diff, restore, scan, table_name


def _records() -> dict[Any, dict[str, Any]]:
    return {k: v for k, v in scan(client()).items() if is_idempotency_record(k)}


def still_in_progress(api: Api) -> None:
    """The retry comes at once: the record is "in progress" (the first run's Lambda could still run)."""


def expired(api: Api) -> None:
    """The records' day is over, but the table's TTL has not deleted them yet (it takes days)."""
    past = str(int(api.clock.now()) - 1)
    for pk, sk in _records():
        client().update_item(
            TableName=table_name(),
            Key={"pk": {"S": pk}, "sk": {"S": sk}},
            UpdateExpression="SET #e = :past",
            ExpressionAttributeNames={"#e": keys.TTL_ATTRIBUTE},
            ExpressionAttributeValues={":past": {"N": past}},
        )


def gone(api: Api) -> None:
    """Every idempotency record removed (as their time to live ends them)."""
    for pk, sk in _records():
        client().delete_item(TableName=table_name(), Key={"pk": {"S": pk}, "sk": {"S": sk}})


LATER: list[Callable[[Api], None]] = [still_in_progress, expired, gone]


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
    assert completion.op == "UpdateItem"
    assert completion.pk.startswith(RECORD_PREFIX)
    restore(client(), before)

    answer, wire = run(api, ids, request, THROTTLE_ALWAYS, len(counted.writes))
    assert wire.failed is not None
    assert (wire.failed.pk, wire.failed.attempts) == (completion.pk, MAX_ATTEMPTS)
    assert (answer.status, answer.body) == (clean.status, clean.body)  # applied, and answered so
    assert diff(business(scan(client())), business(after)) == []
    assert idempotency_statuses(scan(client()))[completion.pk] == IN_PROGRESS

    for later in LATER:
        later(api)
        again = request.send(api)
        assert (again.status, again.body) == (clean.status, replayed(clean)), later.__name__
        table = scan(client())
        check_whole(table)
        assert diff(business(table), business(after)) == [], later.__name__
        assert idempotency_statuses(table)[completion.pk] == COMPLETED, (
            later.__name__
        )  # the retry completed it

    gone(api)
    refused = replace(request, body=other_body(scenario, request, clean)).send(api)
    assert_error(refused, 422, "idempotency_key_reused")
    assert diff(business(scan(client())), business(after)) == []

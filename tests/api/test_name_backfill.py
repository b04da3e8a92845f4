"""The name index's backfill as the operator runs it: the jobs function invoked by hand with a task event,
on DynamoDB (moto), then the players of before the index found through ``GET /players?name=``."""

from __future__ import annotations

from typing import Any

import boto3

from api.settings import settings
from jobs.handler import RESERVE_MS, handler
from scopa.adapters.dynamodb import keys
from scopa.application.ports.players import name_key
from tests.api import conftest as api_conftest
from tests.api.conftest import Api
from tools.apigw import FakeLambdaContext

api = api_conftest.api_on_moto  # the backfill is DynamoDB's: on moto
moto_api = api_conftest.moto_api
clock = api_conftest.clock

TASK = "backfill_name_index"


def register_before_the_index(api: Api, name: str) -> str:
    """A player as registered before the name index: the same profile, without its ``NAME#`` item."""
    player_id, _ = api.register(name)
    boto3.client("dynamodb").delete_item(
        TableName=settings().table_name,
        Key={
            keys.PK: {"S": keys.player_name_pk(name_key(name))},
            keys.SK: {"S": keys.player_name_sk(player_id)},
        },
        ConditionExpression="attribute_exists(pk)",
    )
    return player_id


def named(api: Api, name: str) -> list[str]:
    found = api.call("GET", "/players", query={"name": name})
    assert found.status == 200, found.body
    return sorted(p["id"] for p in found.body["players"])


def invoke(event: Any, timeout_ms: int = 300_000) -> dict[str, Any]:
    answer: dict[str, Any] = handler(event, FakeLambdaContext(timeout_ms))
    return answer


def test_the_backfill_task_makes_players_of_before_the_index_findable_and_runs_twice_safely(api: Api) -> None:
    rossi = register_before_the_index(api, "Ada Rossi")
    bianchi = register_before_the_index(api, "Ugo Bianchi")
    other_rossi, _ = api.register("ada  rossi")  # registered after the index: already indexed
    assert named(api, "Ada Rossi") == [other_rossi]
    assert named(api, "Ugo Bianchi") == []

    first = invoke({"task": TASK})

    assert (first["task"], first["done"], first["cursor"]) == (TASK, True, None)
    assert (first["players"], first["written"], first["present"]) == (3, 2, 1)
    assert named(api, "ADA ROSSI") == sorted([rossi, other_rossi])
    assert named(api, "ugo bianchi") == [bianchi]
    again = invoke({"task": TASK, "cursor": None})
    assert (again["players"], again["written"], again["present"], again["done"]) == (3, 0, 3, True)


def test_a_run_out_of_pages_or_time_answers_the_cursor_to_invoke_again_with(api: Api) -> None:
    players = [register_before_the_index(api, f"Player {n}") for n in range(5)]
    runs = [invoke({"task": TASK, "page_size": 2, "max_pages": 1})]
    assert (runs[0]["pages"], runs[0]["done"]) == (1, False)
    assert runs[0]["cursor"]
    # Too little time left to start a page: nothing read, the same cursor handed back.
    idle = invoke({"task": TASK, "cursor": runs[0]["cursor"]}, timeout_ms=RESERVE_MS - 1_000)
    assert (idle["pages"], idle["cursor"], idle["done"]) == (0, runs[0]["cursor"], False)
    while not runs[-1]["done"]:
        assert len(runs) < 40
        runs.append(invoke({"task": TASK, "cursor": runs[-1]["cursor"], "page_size": 2, "max_pages": 2}))
    assert sum(r["written"] for r in runs) == 5
    assert sum(r["players"] for r in runs) == 5
    for n, player in enumerate(players):
        assert named(api, f"player {n}") == [player]


def test_a_bad_task_event_is_answered_with_an_error_code_and_changes_nothing(api: Api) -> None:
    register_before_the_index(api, "Ada Rossi")
    for event in (
        {"task": "drop_table"},
        {"task": TASK, "page_size": 0},
        {"task": TASK, "page_size": 5_000},
        {"task": TASK, "max_pages": -1},
        {"task": TASK, "cursor": 7},
        {"task": TASK, "extra": True},
    ):
        assert invoke(event) == {"task": None, "error": "invalid_event"}, event
    assert invoke({"task": TASK, "cursor": "bm90IGEgY3Vyc29y"}) == {"task": TASK, "error": "invalid_cursor"}
    assert named(api, "Ada Rossi") == []
    # The jobs' own events are unchanged.
    assert invoke({"job": {"id": "../etc"}}) == {"job": None, "status": None}


def test_on_the_sqlite_store_the_task_is_refused_it_needs_none() -> None:
    """SQLite indexes the rows of before the index itself, when its file is opened."""
    with api_conftest._store("sqlite"):
        assert invoke({"task": TASK}) == {"task": TASK, "error": "not_dynamodb"}

"""The pipeline function's JSON log: its own service name, and the tournament's id on the lines about one.

The application layer logs through the standard library; the handler routes those records to its
Powertools formatter, so they come out as JSON lines like the handler's own, under ``scopa-pipeline``.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from pipeline import handler as pipeline_function
from tests.api import conftest as api_conftest
from tests.api.conftest import Api
from tests.api.tournament_support import run_pipeline
from tests.pipeline.test_pipeline_concurrency import scheduled_tournament

json_log = api_conftest.json_log  # the API handler's JSON lines


@pytest.fixture
def pipeline_log() -> Iterator[io.StringIO]:
    """What the pipeline Lambda prints: its Powertools logger's JSON lines."""
    stream = io.StringIO()
    log_handler = logging.StreamHandler(stream)
    log_handler.setFormatter(pipeline_function.logger.registered_formatter)
    stdlib_logger = logging.getLogger(pipeline_function.logger.service)
    stdlib_logger.addHandler(log_handler)
    yield stream
    stdlib_logger.removeHandler(log_handler)


def lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


def test_the_pipeline_logs_under_its_own_service_name_with_the_tournament_id(
    api: Api, pipeline_log: io.StringIO
) -> None:
    # Given a tournament due to start now
    tournament = scheduled_tournament(api, {"format": "swiss", "rounds": 2, "target": 1}, bots=4)
    api.call("GET", "/health")  # the API handler ran last in this process: the pipeline must still be itself

    # When the scheduled pipeline function runs
    report = run_pipeline()

    # Then every line it printed is under the pipeline's service name, not the API's
    logged = lines(pipeline_log)
    assert logged, "the pipeline printed nothing"
    assert {line["service"] for line in logged} == {pipeline_function.SERVICE}
    assert pipeline_function.SERVICE == "scopa-pipeline"
    # its own summary line, and the application's lines (standard logging, routed to the same JSON)
    summary = [line for line in logged if line["message"] == "pipeline run"]
    assert len(summary) == 1
    assert summary[0]["report"]["started"] == [tournament] == report["started"]
    about = [line for line in logged if line.get("tournament_id") == tournament]
    messages = {line["message"] for line in about}
    assert {"tournament started by the schedule", "tournament advanced"} <= messages, logged
    assert all(line["name"].startswith("scopa.application.") for line in about)
    assert all(line["function_name"] for line in about)  # the Lambda context's keys, as on the handler's own


def test_the_api_logs_under_its_own_service_name(api: Api, json_log: io.StringIO) -> None:
    from api.observability import API_SERVICE
    from tests.api.support import raw_client, scan_table, table_name

    run_pipeline()  # the pipeline ran last in this process: the API must still be itself
    key = {"Idempotency-Key": "reg-logged"}
    first = api.call("POST", "/players", {"name": "Ada"}, headers=key)
    # The record's completion is lost: the retry finds it in progress, and the application says so.
    (record,) = [item for item in scan_table() if item["pk"]["S"].startswith("IDEM#")]
    raw_client().update_item(
        TableName=table_name(), Key={"pk": record["pk"], "sk": record["sk"]}, UpdateExpression="REMOVE answer"
    )
    again = api.call("POST", "/players", {"name": "Ada"}, headers=key)
    assert again.body["player"] == first.body["player"]

    logged = lines(json_log)
    assert logged
    assert {line["service"] for line in logged} == {API_SERVICE}
    (in_progress,) = [line for line in logged if line["message"].startswith("idempotency record in progress")]
    assert (in_progress["name"], in_progress["op"]) == ("scopa.application.idempotency", "register")
    assert "reg-logged" not in json_log.getvalue()  # the key itself is never logged

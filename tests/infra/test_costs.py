"""The cost estimate's inputs: what an idle pipeline run reads, how long a game is, what is alarmed."""

from __future__ import annotations

import pytest

from bench.meter import DynamoMeter
from infra import costs
from tests.api import conftest as api_conftest
from tests.api.conftest import Api
from tests.api.tournament_support import run_pipeline
from tests.infra.conftest import Synthesised

api = api_conftest.api_on_moto  # the API tests' fixtures on moto (DynamoDB reads are what is counted)
moto_api = api_conftest.moto_api
clock = api_conftest.clock


def test_an_idle_pipeline_run_makes_only_the_reads_the_estimate_counts(api: Api) -> None:
    from api import context

    meter = DynamoMeter(context.dynamodb_client())
    with meter.recording() as calls:
        report = run_pipeline()
    assert report["errors"] == {}
    assert {(c.operation, c.params.get("IndexName"), c.params.get("ConsistentRead")) for c in calls} == {
        ("Query", "gsi1", None)  # index queries are eventually consistent: 0.5 read units at least
    }
    assert len(calls) * 0.5 == costs.IDLE_RUN_READ_UNITS


def test_every_deal_of_a_two_player_game_is_36_moves() -> None:
    length = costs.measure_game_length(games=6)
    assert length.mean_moves == pytest.approx(36 * length.mean_deals)  # 40 cards, 4 dealt to the table
    assert 72 <= length.min_moves <= length.max_moves


def test_against_a_bot_the_player_sends_half_the_moves_and_the_bot_rides_along() -> None:
    cost = costs.per_thousand_games(100, 1024, clock=False, rated=False)
    moves_sent = 50
    assert cost.requests == (moves_sent + 1) * 1000
    assert cost.read_units == (moves_sent * costs.MOVE_READ_UNITS + costs.CREATE_READ_UNITS) * 1000
    assert cost.write_units == (moves_sent * costs.MOVE_WRITE_UNITS + costs.CREATE_WRITE_UNITS) * 1000
    clocked = costs.per_thousand_games(100, 1024, clock=True, rated=True)
    extra = moves_sent * costs.MOVE_INDEX_WRITE_UNITS + costs.RATE_WRITE_UNITS
    assert clocked.write_units - cost.write_units == pytest.approx(extra * 1000)


def test_the_alarm_count_priced_at_rest_is_the_stacks(dev: Synthesised) -> None:
    metrics = 0
    for alarm in dev.resources("AWS::CloudWatch::Alarm").values():
        math = [m for m in alarm["Properties"].get("Metrics", []) if "MetricStat" in m]
        metrics += len(math) or 1
    assert metrics == costs.ALARM_METRICS
    dev.assertions.resource_count_is("AWS::CloudWatch::Dashboard", 1)

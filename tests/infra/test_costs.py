"""The cost estimate's inputs: what an idle pipeline run reads, how long a game is, what is alarmed."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from bench.meter import DynamoMeter
from infra import costs
from scopa.application.ports.connections import SUBSCRIBER_PAGE
from scopa.application.ports.fanout import SLICE_SUBSCRIBERS
from tests.api import conftest as api_conftest
from tests.api.conftest import Api
from tests.api.tournament_support import run_pipeline
from tests.infra.conftest import Synthesised

ROOT = Path(__file__).resolve().parents[2]

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
    assert cost.requests + cost.url_requests == (moves_sent + 1) * 1000
    assert cost.url_requests == (moves_sent * 1000 if costs.MOVE.via_url else 0)
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


# ---------------------------------------------------------------------- two people, push or long-poll


def test_a_move_between_two_people_is_one_change_for_the_notifier_and_one_read_and_one_write() -> None:
    """What the push estimate counts per move: one notifier invoke (one change), the match read and its
    conditional write (the API's token read is measured with the other move figures)."""
    import boto3
    from moto import mock_aws

    from scopa.adapters.dynamodb.players_matches import create_table
    from scopa.adapters.dynamodb.stores import dynamodb_stores
    from scopa.application.auth import Caller
    from scopa.application.ports.changes import Change, RecordingFeed, match_topic
    from scopa.application.services.matches import NewMatch
    from scopa.application.wiring import ServiceSet
    from tests.common import ManualClock

    with mock_aws():
        client = boto3.client("dynamodb")
        create_table(client, "scopa-costs")
        feed = RecordingFeed()
        svc = ServiceSet(dynamodb_stores(client, "scopa-costs"), ManualClock(), feed)
        people = [Caller(svc.players.register(name).player.id, "player") for name in ("Ada", "Bea")]
        ids = [str(p.player_id) for p in people]
        match = svc.matches.create(people[0], NewMatch(players=ids, seed="ab" * 16))
        svc.matches.respond(people[1], match.id, accept=True)
        meter = DynamoMeter(client)
        for _ in range(6):
            feed.changes.clear()
            views = [(p, svc.matches.get(p, match.id)) for p in people]
            ((mover, seen),) = [(p, v) for p, v in views if v.turn == v.your_seat]
            legal = seen.view["legal_moves"][0]
            with meter.recording() as calls:
                moved = svc.matches.move(
                    mover, match.id, {"card": legal["card"], "take": legal["take"]}, seen.version
                )
            assert feed.changes == [Change(match_topic(match.id), moved.version)]
            assert [(c.operation, c.params.get("ConsistentRead")) for c in calls] == [
                ("GetItem", True),
                ("PutItem", None),
            ]
            assert "ConditionExpression" in calls[1].params


def test_push_counts_one_message_per_subscriber_per_move_and_each_connection_once() -> None:
    moves, spectators = 100, 3
    cost = costs.two_people(moves, 1024, follow="push", clock=False, rated=False, spectators=spectators)
    base = costs.two_people(moves, 1024, follow="none", clock=False, rated=False, spectators=spectators)
    minutes = moves * costs.SECONDS_PER_HUMAN_MOVE / 60
    pings = math.ceil(minutes * 60 / costs.PING_SECONDS)
    per_connection = [costs.PLAYER_CONNECTION] * 2 + [costs.SPECTATOR_CONNECTION] * spectators
    messages = moves * (2 + spectators) + sum(
        c["messages_in"] + c["messages_out"] + 2 * pings for c in per_connection
    )
    assert cost.websocket_messages == messages * 1000
    assert cost.connection_minutes == math.ceil(minutes) * (2 + spectators) * 1000
    invocations = moves + sum(c["invocations"] + pings for c in per_connection)
    assert cost.invocations == invocations * 1000
    # push adds no HTTP request
    assert cost.requests + cost.url_requests == base.requests + base.url_requests == (moves + 1) * 1000
    added = costs.added(cost, base)
    assert added.read_units == pytest.approx(
        (moves * costs.NOTIFY_READ_UNITS + sum(c["read_units"] for c in per_connection)) * 1000
    )
    assert added.write_units == pytest.approx(sum(c["write_units"] for c in per_connection) * 1000)


def test_long_polling_holds_a_function_for_every_waiter_and_every_move() -> None:
    moves = 100
    cost = costs.two_people(moves, 1024, follow="long-poll", clock=False, rated=False, spectators=1)
    base = costs.two_people(moves, 1024, follow="none", clock=False, rated=False, spectators=1)
    added = costs.added(cost, base)
    waits = moves * 2  # the other player and the spectator, every move
    assert added.requests == waits * 1000
    assert added.lambda_gb_seconds == pytest.approx(waits * costs.SECONDS_PER_HUMAN_MOVE * 1000)
    # a consistent match read every half second; the signed token needs no read
    assert added.read_units == pytest.approx(waits * costs.SECONDS_PER_HUMAN_MOVE / 0.5 * 1000)
    assert added.websocket_messages == added.connection_minutes == 0


def test_push_costs_a_small_fraction_of_long_polling_for_the_same_games() -> None:
    length = costs.measure_game_length(games=20)
    for spectators in (0, 1, 10):
        games = {
            follow: costs.two_people(
                length.mean_moves, 1024, follow=follow, clock=True, rated=True, spectators=spectators
            )
            for follow in ("none", "push", "long-poll")
        }
        push = costs.added(games["push"], games["none"]).total
        poll = costs.added(games["long-poll"], games["none"]).total
        assert 0 < push < poll / 10


def test_the_live_functions_are_priced_at_their_configured_memory() -> None:
    from infra.config import load

    for env in ("dev", "prod"):
        config = load(env, admin_token_hash="0" * 64)
        assert config.live.memory_mb == config.notifier.memory_mb == costs.LIVE_MEMORY_MB


def test_the_per_move_inputs_are_named_with_their_sources_and_priced_as_given() -> None:
    named = {"calls", "read_units", "write_units", "duration_ms", "invocations", "log_bytes"}
    for move in (costs.MEASURED_MOVE, costs.ONE_READ_ONE_WRITE):
        assert set(move.sources) == named
        assert all(move.sources.values())
    for move in (costs.MEASURED_HTTP_MOVE, costs.MEASURED_URL_MOVE):
        assert set(move.sources) == named | {"front door"}
        assert all(move.sources.values())
    # One consistent read of at most 4 KB is 1 read unit; one write of at most 1 KB is 1 write unit.
    assert (costs.ONE_READ_ONE_WRITE.read_units, costs.ONE_READ_ONE_WRITE.write_units) == (1.0, 1.0)
    today = costs.per_thousand_games(100, 1024, clock=False, rated=False, move=costs.MEASURED_MOVE)
    target = costs.per_thousand_games(100, 1024, clock=False, rated=False, move=costs.ONE_READ_ONE_WRITE)
    assert today.read_units - target.read_units == pytest.approx(50 * 0.5 * 1000)
    assert today.write_units - target.write_units == pytest.approx(50 * 1.3 * 1000)
    assert today.requests == target.requests
    assert target.total < today.total


# ---------------------------------------------------------------------- measured time and logs, the URL


def test_billed_time_is_the_cpu_time_at_the_functions_share_of_a_vcpu_plus_the_round_trips() -> None:
    # 1,024 MB: 0.58 vCPU, so 4 ms of CPU take 6.9 ms; two 6 ms round trips; rounded up to a whole ms
    assert costs.billed_ms(4.0, 1024, 2) == math.ceil(4.0 * 1769 / 1024 + 12)
    assert costs.billed_ms(4.0, 1769, 2) == costs.billed_ms(4.0, 3008, 2) == 16  # no more than a vCPU
    move = costs.MEASURED_URL_MOVE
    assert move.billed_ms(1024) == costs.billed_ms(costs.MEASURED_COMPUTE_MS, 1024, costs.MOVE_ROUND_TRIPS)
    assert move.calls == costs.MOVE_ROUND_TRIPS  # one round trip a DynamoDB call
    # issue 26: the rate count runs beside the match read, so three calls wait two round trips
    limited = costs.LIMITED_URL_MOVE
    assert (limited.calls, limited.round_trips) == (3, costs.MOVE_ROUND_TRIPS)
    assert limited.billed_ms(1024) == costs.billed_ms(costs.LIMITED_COMPUTE_MS, 1024, 2)
    sequential = costs.SEQUENTIAL_COUNT_URL_MOVE
    assert sequential.billed_ms(1024) == costs.billed_ms(costs.SEQUENTIAL_COUNT_COMPUTE_MS, 1024, 3)
    # assumed figures keep their milliseconds at any memory; measured ones take longer with less CPU
    assert costs.ONE_READ_ONE_WRITE.billed_ms(512) == costs.ONE_READ_ONE_WRITE.duration_ms == 50
    assert move.billed_ms(512) > move.billed_ms(1024) == move.duration_ms


def test_moves_through_the_function_url_pay_no_api_gateway_fee_and_write_no_access_log() -> None:
    http = costs.per_thousand_games(100, 1024, clock=False, rated=False, move=costs.MEASURED_HTTP_MOVE)
    url = costs.per_thousand_games(100, 1024, clock=False, rated=False, move=costs.MEASURED_URL_MOVE)
    assert (http.requests, http.url_requests) == (51_000, 0)
    assert (url.requests, url.url_requests) == (1_000, 50_000)  # the creation still through the HTTP API
    assert http.dynamodb == url.dynamodb
    assert http.lambda_gb_seconds == url.lambda_gb_seconds
    assert http.request_fees - url.request_fees == pytest.approx(50_000 * costs.PRICES["http_api_request"])
    assert (http.log_gb - url.log_gb) * 1e9 == pytest.approx(50_000 * costs.ACCESS_LOG_BYTES)


def test_a_thousand_games_against_a_bot_cost_at_most_the_goal_with_the_measured_inputs() -> None:
    length = costs.measure_game_length(games=20)
    before = costs.per_thousand_games(
        length.mean_moves, 1024, clock=False, rated=False, move=costs.MEASURED_URL_MOVE
    )
    assert before.total <= 0.15
    through_api = costs.per_thousand_games(
        length.mean_moves, 1024, clock=False, rated=False, move=costs.MEASURED_HTTP_MOVE
    )
    assert through_api.total > 0.15  # the front door is what reaches the goal
    # Issue 26's shared rate count (the default deployment's move: what the README prices) adds its write
    # unit to every request: without a clock there is no index write to save, so it costs more than the goal
    cost = costs.per_thousand_games(length.mean_moves, 1024, clock=False, rated=False)
    assert costs.MOVE is costs.LIMITED_URL_MOVE
    requests = length.mean_moves / 2  # the move requests (the creation's count is in CREATE_WRITE_UNITS)
    assert cost.write_units - before.write_units == pytest.approx(requests * 1000)
    assert cost.dynamodb - before.dynamodb == pytest.approx(
        requests * 1000 * costs.PRICES["write_request_unit"]
    )
    assert cost.total > 0.15


def test_the_measured_inputs_are_what_the_bench_measures() -> None:
    """A short run of bench.move_cost: the same three calls a move, log lines of the size priced (CPU time
    varies with the machine; only its presence is checked)."""
    # In a process of its own: the bench sets the handler's environment and settings, which must neither
    # see what earlier tests of this worker left (a served SQLite store) nor leave its own behind.
    script = (
        "import json; from bench import move_cost; print(json.dumps(move_cost.measure(games=1, warmup=5)))"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr[-2000:]
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    assert figures["dynamodb_calls_mean"] == costs.MOVE_CALLS == costs.MOVE.calls  # with the rate count
    assert figures["log_bytes_mean"] == pytest.approx(costs.LIMITED_LOG_BYTES, rel=0.1)
    assert figures["access_log_bytes"] == costs.ACCESS_LOG_BYTES
    assert 0 < figures["compute_ms_mean"] < figures["cpu_ms_mean_with_moto"]


def test_spectator_updates_of_a_big_topic_count_pages_runs_slices_and_posts() -> None:
    """A 10,000-follower change: 10 pages of 1,000 (32 RRU each, consistent), 100 runs of 100 posts, 99
    slices (10 SendMessageBatch, a receive and a delete each); a game's topic (3 followers) hands on no
    slice and sends nothing to SQS."""
    big = costs.spectator_updates(10_000)
    prices = costs.PRICES
    assert big["subscriber pages (DynamoDB reads)"] == pytest.approx(
        1000 * (10 * 32 + 100) * prices["read_request_unit"]
    )
    assert big["notifier runs (requests)"] == pytest.approx(1000 * 100 * prices["lambda_request"])
    assert big["slices (SQS requests)"] == pytest.approx(1000 * (10 + 2 * 99) * prices["sqs_request"])
    assert big["posts (WebSocket messages)"] == pytest.approx(1000 * 10_000 * prices["websocket_message"])
    game = costs.spectator_updates(3)
    assert game["slices (SQS requests)"] == 0
    assert game["notifier runs (requests)"] == pytest.approx(1000 * prices["lambda_request"])
    assert costs.FANOUT_PAGE == SUBSCRIBER_PAGE
    assert costs.FANOUT_SLICE == SLICE_SUBSCRIBERS


def test_issue_26_the_shared_rate_count_costs_two_people_no_more_than_before() -> None:
    """Two people, push, one spectator, clock, rated: the count's write unit a request is paid for by the
    deadline index's fewer writes; each step changes only what it names."""
    length = costs.measure_game_length(games=20)
    steps = dict(costs.issue_26_steps(length.mean_moves, 1024))
    before = steps["before issue 26"]
    assert before.total == pytest.approx(
        costs.two_people(
            length.mean_moves,
            1024,
            follow="push",
            clock=True,
            rated=True,
            move=costs.MEASURED_URL_MOVE,
            index_write_units=2.0,
            count_write_units=0.0,
        ).total
    )
    counted = steps["+ shared rate count, before the read"]
    assert counted.write_units - before.write_units == pytest.approx((length.mean_moves + 1) * 1000)
    assert steps["+ the count beside the match read"].lambda_gb_seconds < counted.lambda_gb_seconds
    trimmed = steps["+ log lines without the log group's keys"]
    assert trimmed.log_gb < steps["+ the count beside the match read"].log_gb
    deployed = steps["+ deadline index by the minute (as deployed)"]
    assert deployed.total == pytest.approx(
        costs.two_people(length.mean_moves, 1024, follow="push", clock=True, rated=True).total
    )
    assert trimmed.write_units - deployed.write_units == pytest.approx(
        length.mean_moves * (2.0 - costs.MOVE_INDEX_WRITE_UNITS) * 1000
    )
    assert deployed.total <= before.total

"""The load benchmark runs (tiny counts): bots over HTTP, no error, three DynamoDB calls per move."""

from __future__ import annotations

import os

from bench import load


def test_the_load_benchmark_plays_over_http_without_errors() -> None:
    before = {k: os.environ.get(k) for k in ("TABLE_NAME", "ADMIN_TOKEN", "AWS_ACCESS_KEY_ID")}

    report = load.run(clients=4, matches=3, seconds=4, target=1)

    assert report["errors"] == 0, report["error_samples"]
    assert report["paired_clients"] == 2
    assert report["moves"] >= 10
    assert report["matches_finished"] + report["matches_resigned_at_deadline"] >= 2
    assert 0 < report["move_p50_ms"] <= report["move_p99_ms"]
    assert report["health_per_second"] > 0
    assert report["ratio"] > 0
    # One consistent read and one conditional write of the match (the token needs no read), under load too.
    assert report["dynamodb_calls_per_move"] == 2
    assert report["dynamodb_calls_by_operation"]["PutItem"] >= report["moves"]
    assert {k: os.environ.get(k) for k in before} == before


def test_request_kinds_name_the_routes_of_a_match() -> None:
    assert load.request_kind("POST", "/matches/m_1/moves") == "move"
    assert load.request_kind("GET", "/matches/m_1") == "view"
    assert load.request_kind("POST", "/matches") == "create match"
    assert load.request_kind("POST", "/matches/m_1/accept") == "accept"
    assert load.request_kind("POST", "/players") == "POST /players"
    assert load.percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert load.percentile([], 0.99) == 0.0

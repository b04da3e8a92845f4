"""The API benchmark runs (quick mode) and reports the per-move costs the cost tests assert."""

from __future__ import annotations

import os

from bench import api as bench_api


def test_the_api_benchmark_runs_and_leaves_the_environment_as_it_was() -> None:
    before = {k: os.environ.get(k) for k in ("TABLE_NAME", "ADMIN_TOKEN", "AWS_ACCESS_KEY_ID")}

    rows = bench_api.run(quick=True)

    rates = {r["benchmark"]: r for r in rows if r["unit"] == "req/s"}
    assert set(rates) == {"api: moto round", "api: GET /health", "api: GET /matches/{id}", "api: POST moves"}
    assert all(r["value"] > 0 and r["ratio"] > 0 for r in rates.values())
    costs = [r for r in rows if r["unit"] == "per move"]
    assert len(costs) == 2
    for row in costs:
        assert row["calls"] == 2  # the match's read and its write: the token is checked without a read
        assert row["calls_by_operation"] == {"GetItem": 1, "PutItem": 1}
        assert 0 < row["write_bytes_mean"] <= row["write_bytes_max"] <= 1024
    assert {k: os.environ.get(k) for k in before} == before

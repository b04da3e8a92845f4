"""The scale bench's smallest run (moto): every unit it bills lands on a known key family, a move costs
what docs/data-model.md states, and the model turns the measured costs into per-key rates."""

from __future__ import annotations

import math
import os
import re

import pytest

from bench import scale
from bench import scale_model as model
from bench.capacity import Unit
from scopa.adapters.dynamodb import keys


@pytest.fixture(scope="module")
def measured() -> model.Measured:
    before = {k: os.environ.get(k) for k in ("TABLE_NAME", "ADMIN_TOKEN", "STORAGE", "AWS_ACCESS_KEY_ID")}
    m = scale.measure(players=12, lobby_games=1, arena_waves=1)
    assert {k: os.environ.get(k) for k in before} == before
    return m


def test_every_unit_the_simulation_spends_is_on_a_known_key_family(measured: model.Measured) -> None:
    units = [u for s in measured.samples for u in s.units]
    assert sum(u.wcu for u in units) > 0
    assert sum(u.rcu for u in units) > 0
    unknown = sorted({u.partition for u in units if model.family(u) == model.UNKNOWN})
    assert unknown == []
    touched = {model.family(u) for u in units}
    for hot in (
        "TOPIC#lobby",
        "LEASE#lobby",
        "MATCH#<id>",
        "gsi1 LIVE#<shard>",
        "gsi2 SEEKS",
        "TOURNAMENT#<id>",
        "IDEM#<digest>",
    ):
        assert hot in touched
    assert any(model.family(u).startswith("gsi2 RANK#") and u.wcu > 0 for u in units)


def test_a_move_costs_what_the_data_model_states(measured: model.Measured) -> None:
    # docs/data-model.md, "Cost of a move": 1 RCU (the match, strongly consistent), 1 WCU (its put,
    # under 1 KB for classic), and on the deadline index 2 WCU (old entry out, new one in) once its minute
    # changes: at 8 s a move with a 60 s clock, about once every 7.5 moves of a whole game (0.27 WCU).
    cost = model.per_move(measured)
    assert (cost["match_wcu"], cost["match_rcu"]) == (1.0, 1.0)
    assert 0.15 <= cost["live_index_wcu"] <= 0.6  # the bench's games are short: 0.4 measured
    moves = measured.actions("move")
    assert moves
    assert all(s.function == "api" for s in moves)
    assert {u.partition for s in moves for u in s.units if u.wcu} <= {
        p for s in moves for p in (f"table MATCH#{_match(s.units)}", f"gsi1 {keys.live_pk(_match(s.units))}")
    }
    # Nothing is written under the pre-shard key any more; the sweep only reads it.
    legacy = [u for s in measured.samples for u in s.units if model.family(u) == "gsi1 LIVE (pre-shard)"]
    assert legacy
    assert all(u.wcu == 0 for u in legacy)


def _match(units: list[Unit]) -> str:
    return next(u.key.removeprefix("MATCH#") for u in units if u.key.startswith("MATCH#"))


def test_the_model_scales_the_measured_costs(measured: model.Measured) -> None:
    scaled = model.Model(measured)
    rows = {p: {r.key: r for r in scaled.rows(p)} for p in model.SCALES}
    small, large = rows[1_000], rows[100_000]
    # One match sees the same moves at any scale; the lobby's followers (read whole) grow with the
    # players, and so does the deadline index, spread over its shards: the hottest holds its share of the
    # games (above 1/8 by the hash's spread, less so the more games there are).
    assert math.isclose(small["MATCH#<id>"].wcu, large["MATCH#<id>"].wcu)
    assert large["TOPIC#lobby"].rcu > 50 * small["TOPIC#lobby"].rcu
    live = {p: rows[p]["gsi1 LIVE#<hottest>"] for p in model.SCALES}
    per_move = model.per_move(measured)["live_index_wcu"]
    per_start = scaled.w("accept seek", "gsi1 LIVE#<shard>")
    total = {
        p: scaled.rates(p)["moves"] * per_move + scaled.rates(p)["lobby_starts"] * per_start
        for p in model.SCALES
    }
    for p in model.SCALES:
        assert total[p] / keys.LIVE_SHARDS < live[p].wcu < total[p] / keys.LIVE_SHARDS * 1.5
        assert live[p].verdict == "PASS"  # 1,000 WCU/s a shard: 8 shards hold 100k players
    assert live[100_000].wcu < 400
    assert total[100_000] > 1_000  # one partition would not
    assert live[100_000].wcu / total[100_000] < live[1_000].wcu / total[1_000]
    # The lobby is coalesced (docs/live.md): one read of its followers a second at most, its lease read
    # at every change.
    assert large["TOPIC#lobby"].verdict == "PASS"
    assert large["TOPIC#lobby"].rcu == scaled.topic_read(10_000)
    assert large["LEASE#lobby"].verdict == "PASS"
    assert large["LEASE#lobby"].rcu > 50 * small["LEASE#lobby"].rcu
    # The 10,000-player arena at 100k: within the arena's cap, its first wave (5,000 tables, about 1 MB)
    # stored in parts under DynamoDB's 400 KB item limit, its partition under the per-second limits.
    arena = large["TOURNAMENT#<arena>"]
    assert arena.verdict == "PASS"
    assert not arena.breaks
    parts = re.search(r"the first wave in (\d+) items", arena.note)
    assert parts is not None
    assert int(parts[1]) >= 4  # about 1 MB at ~200 B a table (the simulation measures the bytes)
    assert "first wave in" not in rows[10_000]["TOURNAMENT#<arena>"].note  # 1,000 entrants: one item
    # Every follower's page reloads at each wave (spread over 20 s); a view reads the tournament's item,
    # and a container renders from the whole partition once per version and 10 s, not once per view.
    views = {p: rows[p]["TOURNAMENT#<arena> page views"] for p in model.SCALES}
    assert views[1_000].verdict == views[10_000].verdict == "PASS"
    # At 100k it is near the limit, by how many containers the measured (moto, loaded) duration implies:
    # far under the 223,333 RCU/s of a read of the whole partition per view, not always under 3,000.
    assert views[100_000].rcu < 5 * model.RCU_LIMIT
    assert measured.per_action("arena page (kept)", "TOURNAMENT#<id>") == (0.0, 4.0)
    rendered = measured.per_action("arena page (rendered)", "TOURNAMENT#<id>")[1]
    assert rendered > 1.0  # the partition too
    assert views[100_000].rcu > 4 * 10_000 / 20  # at least 4 item reads a view, 500 views a second
    over = scaled.arena_rows({**scaled.rates(100_000), "arena": 20_000})[0]
    assert over.breaks  # beyond the cap: refused
    assert "over the arena cap of 10,000 entrants" in over.note
    report = model.report(measured)
    assert set(report["scales"]) == {"1000", "10000", "100000"}
    assert {f["function"] for f in report["scales"]["1000"]["lambda"]} == {
        "api",
        "notifier",
        "live (subscribe)",
        "pipeline",
    }

"""A 10-bot double round robin run to the end by the pipeline: schedule, recount and crosstable."""

from __future__ import annotations

from collections import Counter

from tests.api.conftest import (
    Api,
    api_on_sqlite,  # noqa: F401 (a whole tournament through the API, on SQLite)
)
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_until_finished
from tests.pipeline.conftest import assert_standings_match, lines_of, read_matches, read_rounds

FIELD = 10
ROUNDS = 2 * (FIELD - 1)
SETTINGS = {"format": "double_round_robin", "target": 1}


def test_a_10_bot_double_round_robin_meets_everyone_twice_and_recounts(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SETTINGS)
    tid = t["id"]
    ids = enter_bots(api, olga, tid, FIELD, kinds=("random", "greedy"))
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga)
    assert started.status == 200, started.body
    assert started.body["rounds_planned"] == ROUNDS
    final = run_until_finished(api, tid)
    assert final["current_round"] == ROUNDS
    assert api.call("GET", f"/tournaments/{tid}/rounds/{ROUNDS + 1}").status == 404

    rounds = read_rounds(api, tid, ROUNDS)
    matches = read_matches(api, rounds)
    assert len(matches) == ROUNDS * FIELD // 2
    lines = lines_of(tid, ids, rounds, matches, bye_points=1.0)

    # The schedule: everyone plays every round, each pair meets twice, once with each leading first.
    meetings: Counter[tuple[str, str]] = Counter()
    leads: Counter[str] = Counter()
    for rnd in rounds:
        assert rnd["byes"] == []
        seated = [x for tb in rnd["tables"] for x in (tb["first"]["id"], tb["second"]["id"])]
        assert sorted(seated) == sorted(ids), rnd["number"]
        for tb in rnd["tables"]:
            meetings[(tb["first"]["id"], tb["second"]["id"])] += 1
            leads[tb["first"]["id"]] += 1
    assert len(meetings) == FIELD * (FIELD - 1)  # every ordered pair: a leads once against b, b against a
    assert set(meetings.values()) == {1}
    assert all(a != b for a, b in meetings)
    assert leads == dict.fromkeys(ids, FIELD - 1)
    # The second cycle is the first one with who leads swapped.
    for number in range(1, FIELD):
        first_cycle = [(tb["first"]["id"], tb["second"]["id"]) for tb in rounds[number - 1]["tables"]]
        second_cycle = [
            (tb["second"]["id"], tb["first"]["id"]) for tb in rounds[number + FIELD - 2]["tables"]
        ]
        assert second_cycle == first_cycle, number

    # Standings after every round and at the end equal the recount (points, Sonneborn-Berger, every
    # tie-break, the order).
    for number in range(1, ROUNDS + 1):
        assert_standings_match(api, tid, lines, number)
    rows = assert_standings_match(api, tid, lines, ROUNDS, final=True)
    assert sum(r["points"] for r in rows) == ROUNDS * FIELD // 2
    rank = {r["entrant"]: r["rank"] for r in rows}

    # The crosstable: a row per entrant in standings order, a cell per round, each agreeing with the rounds.
    cross = api.call("GET", f"/tournaments/{tid}/crosstable")
    assert cross.status == 200, cross.body
    table_rows = cross.body["rows"]
    assert len(table_rows) == FIELD
    assert [r["entrant"] for r in table_rows] == [r["entrant"] for r in rows]
    for row, standing in zip(table_rows, rows, strict=True):
        assert row["rank"] == standing["rank"]
        assert row["points"] == standing["points"]
        cells = row["cells"]
        assert len(cells) == ROUNDS
        total = 0.0
        for number, (cell, line) in enumerate(zip(cells, lines[row["entrant"]], strict=True), start=1):
            assert line.kind == "table"
            total += line.score
            assert cell["round"] == number
            assert cell["opponent_id"] == line.opponent
            assert cell["opponent"] == rank[line.opponent or ""]
            assert cell["side"] == ("first" if line.led_first else "second")
            assert cell["result"] == ("1" if line.score == 1.0 else "0")
            assert cell["points"] == line.score
            assert cell["total"] == total
            assert cell["points_for"] == line.points_for
            assert cell["points_against"] == line.points_against
        assert total == standing["points"]

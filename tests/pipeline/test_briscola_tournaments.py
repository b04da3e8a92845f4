"""Briscola tournaments: a Swiss and a knockout of house bots run to the end by the pipeline, every match
a Briscola match, the standings recounted from the matches' outcomes (match wins; games won as points)."""

from __future__ import annotations

from tests.api.conftest import (
    Api,
    api_on_sqlite,  # noqa: F401 (whole tournaments through the API, on SQLite)
)
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_until_finished
from tests.pipeline.conftest import assert_standings_match, lines_of, read_matches, read_rounds


def test_a_briscola_swiss_of_bots_recounts_to_the_api_standings(api: Api) -> None:
    _, olga = organizer(api)
    rounds = 3
    t = create_tournament(
        api, olga, {"format": "swiss", "rounds": rounds, "game": "briscola", "preset": "best_of_three"}
    )
    assert t["settings"]["game"] == "briscola"
    tid = t["id"]
    ids = enter_bots(api, olga, tid, 8, kinds=("strong", "greedy", "random"))
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    final = run_until_finished(api, tid)
    assert final["status"] == "finished"
    played = read_rounds(api, tid, rounds)
    matches = read_matches(api, played)
    assert len(matches) == 4 * rounds
    for match in matches.values():
        assert match["game"] == "briscola"
        assert match["view"]["game"] == "briscola"
        assert match["result"]["reason"] == "best_of"
        assert max(match["result"]["scores"]) == 2  # best of three: games won, as the engine's Outcome says
    lines = lines_of(tid, ids, played, matches, bye_points=1.0)
    for number in range(1, rounds + 1):
        assert_standings_match(api, tid, lines, number)
    rows = assert_standings_match(api, tid, lines, rounds, final=True)
    assert sum(r["points"] for r in rows) == 4 * rounds  # one match point a table


def test_a_briscola_knockout_of_bots_ends_with_one_winner(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "knockout", "game": "briscola"})
    tid = t["id"]
    enter_bots(api, olga, tid, 8, kinds=("greedy", "random"))
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    final = run_until_finished(api, tid)
    assert final["status"] == "finished"
    assert final["current_round"] == 3  # 8 -> 4 -> 2 -> 1
    played = read_rounds(api, tid, 3)
    assert [len(r["tables"]) for r in played] == [4, 2, 1]
    matches = read_matches(api, played)
    assert {m["game"] for m in matches.values()} == {"briscola"}
    last = played[-1]["tables"][0]
    champion = last["first"]["id"] if last["result"][0] == 1.0 else last["second"]["id"]
    rows = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert rows[0]["entrant"] == champion
    assert rows[0]["wins"] == 3


def test_a_briscola_tournament_refuses_scopa_rules_and_unplayable_tables(api: Api) -> None:
    _, olga = organizer(api)
    refused = api.call(
        "POST",
        "/tournaments",
        {"name": "T", "settings": {"format": "knockout", "game": "briscola", "preset": "scopone"}},
        token=olga,
    )
    assert assert_error(refused, 422, "invalid_rules")["message"].startswith("briscola rules:")
    three = api.call(
        "POST",
        "/tournaments",
        {"name": "T", "settings": {"format": "knockout", "game": "briscola", "preset": "three_players"}},
        token=olga,
    )
    assert_error(three, 400, "unsupported_rules")


def test_a_briscola_round_robin_of_bots_meets_everyone_once_and_recounts(api: Api) -> None:
    _, olga = organizer(api)
    field = 4
    t = create_tournament(api, olga, {"format": "round_robin", "game": "briscola"})
    tid = t["id"]
    ids = enter_bots(api, olga, tid, field, kinds=("strong", "greedy"))
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga)
    assert started.status == 200, started.body
    rounds = started.body["rounds_planned"]
    assert rounds == field - 1
    final = run_until_finished(api, tid)
    assert final["status"] == "finished"
    played = read_rounds(api, tid, rounds)
    matches = read_matches(api, played)
    assert {m["game"] for m in matches.values()} == {"briscola"}
    pairs = {frozenset((tb["first"]["id"], tb["second"]["id"])) for r in played for tb in r["tables"]}
    assert len(pairs) == field * (field - 1) // 2  # every pair met, once
    lines = lines_of(tid, ids, played, matches, bye_points=1.0)
    rows = assert_standings_match(api, tid, lines, rounds, final=True)
    assert sum(r["points"] for r in rows) == len(matches)  # one match point a table

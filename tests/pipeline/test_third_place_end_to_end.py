"""Knockouts of house bots with a match for third place, run to the end by the pipeline through the API:
who meets in it, the champion, the standings, the podium on the page and the exports."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

from scopa.application.services import webhooks
from scopa.domain.tournaments.records import TournamentRecord
from scopa.domain.tournaments.settings import TournamentSettings
from tests.api.conftest import (
    Api,
    api_on_sqlite,  # noqa: F401 (whole tournaments through the API, on SQLite)
)
from tests.api.support import assert_error
from tests.api.tournament_support import (
    create_tournament,
    enter_bots,
    enter_humans,
    organizer,
    play_out,
    run_pipeline,
    run_until_finished,
)
from tests.pipeline.conftest import read_rounds
from tests.tournaments.planner_support import better_seed, run


def _ids(table: dict[str, Any]) -> tuple[str, str]:
    return str(table["first"]["id"]), str(table["second"]["id"])


def _winner(table: dict[str, Any], seeds: list[str]) -> str:
    """As the bracket decides: match points, then game points, then the better seed."""
    a, b = _ids(table)
    key_a = (table["result"][0], table["points"][0], -seeds.index(a))
    key_b = (table["result"][1], table["points"][1], -seeds.index(b))
    return a if key_a > key_b else b


def _loser(table: dict[str, Any], seeds: list[str]) -> str:
    a, b = _ids(table)
    return b if _winner(table, seeds) == a else a


def _podium_checks(api: Api, tid: str, seeds: list[str], rounds: list[dict[str, Any]]) -> list[str]:
    """The final round's two tables, the order they give the first four everywhere; returns it."""
    semis, last = rounds[-2], rounds[-1]
    assert len(semis["bracket"]) == 4
    assert len(last["bracket"]) == 2
    final, third = last["tables"]
    assert (final["stage"], third["stage"]) == (None, "third_place")
    assert set(_ids(final)) == set(last["bracket"])
    assert set(_ids(third)) == {_loser(t, seeds) for t in semis["tables"]}
    assert all(t["stage"] is None for rnd in rounds[:-1] for t in rnd["tables"])
    top = [_winner(final, seeds), _loser(final, seeds), _winner(third, seeds), _loser(third, seeds)]
    standings = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert [r["entrant"] for r in standings[:4]] == top
    assert [r["rank"] for r in standings[:4]] == [1, 2, 3, 4]
    # The exports: the CSV rows and the NDJSON standings in that order, the TRF ranks them so too.
    body = api.call("GET", f"/tournaments/{tid}/export", query={"format": "csv"}).body
    rows = list(csv.DictReader(io.StringIO(body)))
    assert [(r["rank"], r["entrant"]) for r in rows[:4]] == [(str(k + 1), x) for k, x in enumerate(top)]
    lines = [
        json.loads(x)
        for x in api.call("GET", f"/tournaments/{tid}/export", query={"format": "ndjson"}).body.splitlines()
    ]
    assert [x["entrant"] for x in lines if x["type"] == "standing"][:4] == top
    games = [x for x in lines if x["type"] == "game" and x["round"] == last["number"]]
    assert [(g["table"], {g["first"], g["second"]}) for g in games] == [
        (1, set(_ids(final))),
        (2, set(_ids(third))),
    ]
    trf = api.call("GET", f"/tournaments/{tid}/export", query={"format": "trf"}).body
    ranks = {line[85:89].strip(): line for line in trf.splitlines() if line.startswith("001")}
    names = {e["id"]: e["name"] for e in api.call("GET", f"/tournaments/{tid}/entries").body["entries"]}
    for k, x in enumerate(top):
        assert names[x] in ranks[str(k + 1)]
    # The page: the podium shows the first three; the match is drawn apart and tagged in its round.
    page = api.call("GET", f"/web/tournaments/{tid}").body
    podium = page[page.index('id="podium"') : page.index("</ol>", page.index('id="podium"'))]
    assert [podium.index(f'data-entrant="{x}"') for x in top[:3]] == sorted(
        podium.index(f'data-entrant="{x}"') for x in top[:3]
    )
    assert f'data-entrant="{top[3]}"' not in podium
    assert page.count('<svg class="bracket"') == 2
    assert "<h3>Third place</h3>" in page
    assert 'class="tag third-place"' in page
    assert "a match for third place" in page
    return top


def test_a_knockout_of_8_bots_plays_for_third_place_beside_the_final(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "knockout", "target": 1, "third_place_match": True})
    assert t["settings"]["third_place_match"] is True
    tid = t["id"]
    seeds = enter_bots(api, olga, tid, 8, kinds=("greedy", "random"))
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga).body
    assert started["rounds_planned"] == 3  # no extra round: the match is played in the final's round
    final = run_until_finished(api, tid)
    assert final["current_round"] == 3
    rounds = read_rounds(api, tid, 3)
    assert [len(r["tables"]) for r in rounds] == [4, 2, 2]
    _podium_checks(api, tid, seeds, rounds)


@pytest.fixture(params=["sqlite", "dynamodb"])
def on_both(request: pytest.FixtureRequest) -> Api:
    """The API on SQLite, then on DynamoDB (moto): the table is told apart from what both stores keep."""
    api: Api = request.getfixturevalue("api" if request.param == "sqlite" else "moto_api")
    return api


def test_a_knockout_of_5_bots_has_its_third_place_match_after_a_first_round_bye(on_both: Api) -> None:
    api = on_both
    _, olga = organizer(api)
    tid = create_tournament(api, olga, {"format": "knockout", "target": 1, "third_place_match": True})["id"]
    seeds = enter_bots(api, olga, tid, 5, kinds=("greedy", "random"))
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    run_until_finished(api, tid)
    rounds = read_rounds(api, tid, 3)
    assert [len(r["tables"]) for r in rounds] == [1, 2, 2]  # 4 v 5, the semi-finals, final and third
    _podium_checks(api, tid, seeds, rounds)


def test_three_bots_have_no_third_place_match(api: Api) -> None:
    # The top seed's semi-final is a bye: it has no loser, so the final is the last round's only table.
    _, olga = organizer(api)
    tid = create_tournament(api, olga, {"format": "knockout", "target": 1, "third_place_match": True})["id"]
    enter_bots(api, olga, tid, 3)
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    run_until_finished(api, tid)
    rounds = read_rounds(api, tid, 2)
    assert [len(r["tables"]) for r in rounds] == [1, 1]
    assert rounds[-1]["tables"][0]["stage"] is None
    page = api.call("GET", f"/web/tournaments/{tid}").body
    assert page.count('<svg class="bracket"') == 1


def test_a_groups_knockout_plays_for_third_place_after_its_semi_finals(api: Api) -> None:
    _, olga = organizer(api)
    settings = {"format": "groups_knockout", "target": 1, "group_size": 4, "third_place_match": True}
    tid = create_tournament(api, olga, settings)["id"]
    seeds = enter_bots(api, olga, tid, 8, kinds=("greedy", "random"))
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga).body
    assert started["rounds_planned"] == 5  # three group rounds, the semi-finals, the final's round
    run_until_finished(api, tid)
    rounds = read_rounds(api, tid, 5)
    assert [len(r["tables"]) for r in rounds[3:]] == [2, 2]
    _podium_checks(api, tid, seeds, rounds)


def test_the_option_is_refused_outside_the_knockouts(api: Api) -> None:
    _, olga = organizer(api)
    for settings in (
        {"format": "swiss", "rounds": 3, "third_place_match": True},
        {"format": "double_elimination", "third_place_match": True},
        {"format": "round_robin", "third_place_match": True},
    ):
        answer = api.call("POST", "/tournaments", {"name": "T", "settings": settings}, token=olga)
        assert_error(answer, 422, "validation_error")
        assert "third_place_match" in json.dumps(answer.body), answer.body
    # Turned on later by a settings change: refused the same way for a Swiss.
    tid = create_tournament(api, olga, {"format": "swiss", "rounds": 3})["id"]
    changed = api.call(
        "PUT",
        f"/tournaments/{tid}/settings",
        {"format": "swiss", "rounds": 3, "third_place_match": True},
        token=olga,
    )
    assert_error(changed, 422, "validation_error")


def test_the_webhook_events_mark_the_third_place_table() -> None:
    _, rounds, _ = run(TournamentSettings(format="knockout", third_place_match=True), 4, better_seed)
    t = TournamentRecord("t1", "T", "c1", "o", "2026-01-01", "2026-01-01", {"format": "knockout"})
    final = rounds[-1]
    [event] = webhooks.paired(t, final)
    assert [x["stage"] for x in event.data["tables"]] == [None, "third_place"]
    [semi] = webhooks.paired(t, rounds[0])
    assert [x["stage"] for x in semi.data["tables"]] == [None, None]
    recorded = webhooks.recorded(t, final, final.tables, "2026-01-02")
    assert [(e.data["table"], e.data["stage"]) for e in recorded] == [(1, None), (2, "third_place")]


def test_an_excluded_semi_finals_loser_forfeits_the_match_for_third_place(api: Api) -> None:
    _, olga = organizer(api)
    settings = {"format": "knockout", "target": 1, "third_place_match": True}
    tid = create_tournament(api, olga, settings, open_registration=True)["id"]
    tokens = enter_humans(api, tid, ("Ada", "Bea", "Cid", "Dan"))
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    semis = api.call("GET", f"/tournaments/{tid}/rounds/1").body
    excluded = semis["tables"][0]["first"]["id"]
    out = api.call("POST", f"/tournaments/{tid}/entries/{excluded}/exclude", {"reason": "abuse"}, token=olga)
    assert out.status == 200, out.body
    play_out(api, semis["tables"][1]["games"][0], tokens)
    run_pipeline()
    last = api.call("GET", f"/tournaments/{tid}/rounds/2").body
    final, third = last["tables"]
    assert third["stage"] == "third_place"
    assert excluded in _ids(third)
    # Scored without play, as any table of an entrant no longer active: the other one is 3rd.
    assert (third["forfeit"], third["reason"]) == (True, "withdrawn")
    other = next(x for x in _ids(third) if x != excluded)
    play_out(api, final["games"][0], tokens)
    run_until_finished(api, tid)
    standings = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert [r["entrant"] for r in standings[2:4]] == [other, excluded]

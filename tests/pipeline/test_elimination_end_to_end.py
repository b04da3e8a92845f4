"""A double elimination and groups feeding a knockout, of house bots, run to the end by the pipeline
through the API: the brackets' rules checked on the stored rounds, the placings in the standings, the
crosstable and the exports."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from tests.api.conftest import (
    Api,
    api_on_sqlite,  # noqa: F401 (whole tournaments through the API, on SQLite)
)
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_until_finished
from tests.pipeline.conftest import read_rounds


def _loser(table: dict[str, Any]) -> str:
    first, second = str(table["first"]["id"]), str(table["second"]["id"])
    return second if table["result"][0] > table["result"][1] else first


def _winner(table: dict[str, Any]) -> str:
    first, second = str(table["first"]["id"]), str(table["second"]["id"])
    return first if _loser(table) == second else second


def test_a_double_elimination_of_6_bots_puts_everyone_out_after_two_losses(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "double_elimination", "target": 1})
    assert t["settings"]["bracket_reset"] is True
    tid = t["id"]
    seeds = enter_bots(api, olga, tid, 6, kinds=("greedy", "random"))
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga).body
    assert started["rounds_planned"] == 7  # at most: W1-W3, L1-L4 end in round 5, grand final, reset
    assert_error(
        api.call("PUT", f"/tournaments/{tid}/rounds/2/pairings", {"tables": []}, token=olga),
        400,
        "invalid_pairing",
    )
    final = run_until_finished(api, tid)
    played = final["current_round"]
    assert final["rounds_planned"] == played  # the rounds actually played: 6, or 7 with the reset
    assert played in (6, 7)
    rounds = read_rounds(api, tid, played)
    # Round 1: the top two seeds have the byes, seeds 3-6 play.
    assert sorted(b["id"] for b in rounds[0]["byes"]) == sorted(seeds[:2])
    assert all(not r["byes"] for r in rounds[1:])
    losses: Counter[str] = Counter()
    for rnd in rounds:
        seated = [x["id"] for tb in rnd["tables"] for x in (tb["first"], tb["second"])]
        assert len(seated) == len(set(seated)), rnd["number"]
        for tb in rnd["tables"]:
            assert losses[tb["first"]["id"]] < 2
            assert losses[tb["second"]["id"]] < 2
            losses[_loser(tb)] += 1
    last = rounds[-1]["tables"]
    assert len(last) == 1
    champion = _winner(last[0])
    assert losses[champion] <= 1
    assert all(losses[x] == 2 for x in seeds if x != champion)
    assert set(losses) | {champion} == set(seeds)  # everyone played
    # Standings: the champion first, the grand final's loser second, placings before points.
    answer = api.call("GET", f"/tournaments/{tid}/standings").body
    assert answer["groups"] is None
    rows = answer["standings"]
    assert [r["entrant"] for r in rows[:2]] == [champion, _loser(last[0])]
    cross = api.call("GET", f"/tournaments/{tid}/crosstable").body
    assert [r["entrant"] for r in cross["rows"]] == [r["entrant"] for r in rows]
    lines = api.call("GET", f"/tournaments/{tid}/export", query={"format": "ndjson"}).body.splitlines()
    head = json.loads(lines[0])
    assert head["format"] == "double_elimination"
    assert head["rounds"] == head["rounds_played"] == played
    trf = api.call("GET", f"/tournaments/{tid}/export", query={"format": "trf"}).body
    assert "092 Double elimination" in trf
    page = api.call("GET", f"/web/tournaments/{tid}")
    assert page.status == 200
    assert "Winners&#39; bracket" in page.body or "Winners' bracket" in page.body
    assert "Losers&#39; bracket" in page.body or "Losers' bracket" in page.body


def test_groups_of_bots_feed_a_seeded_knockout(api: Api) -> None:
    _, olga = organizer(api)
    settings = {"format": "groups_knockout", "target": 1, "group_size": 4, "advance_per_group": 2}
    t = create_tournament(api, olga, settings)
    tid = t["id"]
    seeds = enter_bots(api, olga, tid, 10, kinds=("greedy", "random"))
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga).body
    assert started["rounds_planned"] == 6  # groups of 4, 3, 3: three rounds; 6 qualifiers: three more
    final = run_until_finished(api, tid)
    assert final["current_round"] == 6
    rounds = read_rounds(api, tid, 6)
    groups = [
        {seeds[0], seeds[5], seeds[6]},
        {seeds[1], seeds[4], seeds[7]},
        {seeds[2], seeds[3], seeds[8], seeds[9]},
    ]
    # Snake: 1 2 3 / 6 5 4 / 7 8 9 / 10; the group of four is group 3 (a group's tables stay inside).
    group_of = {x: i for i, g in enumerate(groups) for x in g}
    met: Counter[frozenset[str]] = Counter()
    for rnd in rounds[:3]:
        assert rnd["bracket"] is None
        for tb in rnd["tables"]:
            a, b = tb["first"]["id"], tb["second"]["id"]
            assert group_of[a] == group_of[b]
            met[frozenset((a, b))] += 1
    assert len(met) == 3 + 3 + 6
    assert set(met.values()) == {1}
    # The knockout: the top two of each group by the group stage, winners above runners-up.
    group_points: Counter[str] = Counter()
    for rnd in rounds[:3]:
        for tb in rnd["tables"]:
            group_points[_winner(tb)] += 1
    bracket = rounds[3]["bracket"]
    assert len(bracket) == 8
    qualifiers = [x for x in bracket if x is not None]
    assert len(qualifiers) == 6
    assert all(sum(1 for q in qualifiers if group_of[q] == g) == 2 for g in range(3))
    for q in qualifiers:  # nobody who went out scored more in the same group
        out = [x for x in groups[group_of[q]] if x not in qualifiers]
        assert all(group_points[x] <= group_points[q] for x in out)
    assert len(rounds[3]["byes"]) == 2  # the two best group winners
    for tb in rounds[3]["tables"]:
        assert group_of[tb["first"]["id"]] != group_of[tb["second"]["id"]]
    # The group tables in the standings answer: the qualifiers are each group's first two.
    tables = api.call("GET", f"/tournaments/{tid}/standings").body["groups"]
    assert [{r["entrant"] for r in g} for g in tables] == groups
    assert {r["entrant"] for g in tables for r in g[:2]} == set(qualifiers)
    after_one = api.call("GET", f"/tournaments/{tid}/standings", query={"round": "1"}).body["groups"]
    assert sum(r["played"] for g in after_one for r in g) == 2 * len(rounds[0]["tables"])
    champion = _winner(rounds[5]["tables"][0])
    rows = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert rows[0]["entrant"] == champion
    assert rows[1]["entrant"] == _loser(rounds[5]["tables"][0])
    assert {r["entrant"] for r in rows[6:]} == set(seeds) - set(qualifiers)
    page = api.call("GET", f"/web/tournaments/{tid}")
    assert page.status == 200
    assert page.body.count('class="group pin2"') == 3


def test_format_settings_are_refused_with_a_message_naming_them(api: Api) -> None:
    _, olga = organizer(api)
    cases = [
        ({"format": "groups_knockout", "group_size": 4, "advance_per_group": 4}, "advance_per_group"),
        ({"format": "groups_knockout", "group_size": 9}, "group_size"),
        ({"format": "knockout", "bracket_reset": False}, "bracket_reset"),
        ({"format": "swiss", "rounds": 3, "group_size": 5}, "group_size"),
        ({"format": "double_elimination", "rounds": 3}, "rounds"),
    ]
    for settings, word in cases:
        answer = api.call("POST", "/tournaments", {"name": "T", "settings": settings}, token=olga)
        assert_error(answer, 422, "validation_error")
        assert word in json.dumps(answer.body), (settings, answer.body)


def test_a_hand_made_first_round_set_before_the_format_became_a_bracket_is_not_used(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    tid = t["id"]
    seeds = enter_bots(api, olga, tid, 4, kinds=("greedy", "random"))
    tables = [[seeds[0], seeds[1]], [seeds[2], seeds[3]]]
    paired = api.call("PUT", f"/tournaments/{tid}/rounds/1/pairings", {"tables": tables}, token=olga)
    assert paired.status == 200, paired.body
    changed = api.call(
        "PUT", f"/tournaments/{tid}/settings", {"format": "double_elimination", "target": 1}, token=olga
    )
    assert changed.status == 200, changed.body
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    final = run_until_finished(api, tid)
    first = read_rounds(api, tid, final["current_round"])[0]
    # The bracket's own first round: 1 v 4 and 2 v 3, not the Swiss pairing made by hand.
    pairs = [{x["first"]["id"], x["second"]["id"]} for x in first["tables"]]
    assert pairs == [{seeds[0], seeds[3]}, {seeds[1], seeds[2]}]
    assert first["manual"] is False

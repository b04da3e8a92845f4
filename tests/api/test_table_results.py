"""Tables played in person through the API: reports, confirmations, disputes, organizer entries and
closes, the round's flow, the next round at once or by the organizer, and every refusal's code."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, enter_humans, organizer, play_out, services

IN_PERSON = {"format": "swiss", "rounds": 2, "play_mode": "in_person"}


def in_person(api: Api, players: int = 4, **settings: Any) -> tuple[str, str, dict[str, str]]:
    """A started in-person tournament: (id, organizer token, {player id: token})."""
    _, org = organizer(api)
    t = create_tournament(api, org, {**IN_PERSON, **settings})
    names = tuple(f"P{i}" for i in range(players))
    tokens = enter_humans(api, t["id"], names)
    answer = api.call("POST", f"/tournaments/{t['id']}/start", token=org)
    assert answer.status == 200, answer.body
    return t["id"], org, tokens


def round_of(api: Api, tid: str, number: int) -> dict[str, Any]:
    answer = api.call("GET", f"/tournaments/{tid}/rounds/{number}")
    assert answer.status == 200, answer.body
    body: dict[str, Any] = answer.body
    return body


def seated(table: dict[str, Any]) -> tuple[str, str]:
    return table["first"]["id"], table["second"]["id"]


def report(api: Api, tid: str, n: int, table: int, games: list[list[int]], token: str, **kw: Any) -> Any:
    return api.call(
        "POST", f"/tournaments/{tid}/rounds/{n}/tables/{table}/reports", {"games": games}, token=token, **kw
    )


def test_a_round_in_person_has_no_match_and_waits_for_results(api: Api) -> None:
    tid, _, _ = in_person(api)
    rnd = round_of(api, tid, 1)
    assert rnd["status"] == "open"
    for table in rnd["tables"]:
        assert table["mode"] == "in_person"
        assert table["state"] == "waiting"
        assert table["games"] == []
        assert table["result"] is None
    services().pipeline.advance(tid)
    assert round_of(api, tid, 1)["status"] == "open"


def test_report_then_confirm_closes_the_round_and_pairs_the_next(either_api: Api) -> None:
    api = either_api
    tid, _, tokens = in_person(api)
    rnd = round_of(api, tid, 1)
    for table in rnd["tables"]:
        first, second = seated(table)
        answer = report(api, tid, 1, table["table"], [[11, 7]], tokens[first])
        assert answer.status == 200, answer.body
        assert answer.body["state"] == "reported"
        assert answer.body["reports"][0]["by"] == first
        assert answer.body["result"] is None
        confirm = api.call(
            "POST", f"/tournaments/{tid}/rounds/1/tables/{table['table']}/confirm", token=tokens[second]
        )
        assert confirm.status == 200, confirm.body
        assert confirm.body["state"] == "confirmed"
        assert confirm.body["score"] == [[11, 7]]
        assert confirm.body["result"] == [1.0, 0.0]
        assert confirm.body["points"] == [11, 7]
    assert round_of(api, tid, 1)["status"] == "closed"
    assert round_of(api, tid, 2)["status"] == "open"  # next_round at_once
    standings = api.call("GET", f"/tournaments/{tid}/standings").body
    assert sorted(row["points"] for row in standings["standings"]) == [0, 0, 1, 1]


def test_a_dispute_is_settled_by_the_organizer_with_a_reason_in_the_audit(api: Api) -> None:
    tid, org, tokens = in_person(api, players=2, rounds=1)
    table = round_of(api, tid, 1)["tables"][0]
    first, second = seated(table)
    assert report(api, tid, 1, 1, [[11, 7]], tokens[first]).body["state"] == "reported"
    disputed = report(api, tid, 1, 1, [[7, 11]], tokens[second])
    assert disputed.body["state"] == "disputed"
    assert [r["games"] for r in disputed.body["reports"]] == [[[11, 7]], [[7, 11]]]
    settled = api.call(
        "PUT",
        f"/tournaments/{tid}/rounds/1/tables/1/score",
        {"games": [[11, 9]], "reason": "checked the score sheet"},
        token=org,
    )
    assert settled.status == 200, settled.body
    assert settled.body["state"] == "confirmed"
    assert settled.body["reason"] == "entered"
    audit = api.call("GET", f"/tournaments/{tid}/audit").body["audit"]
    entered = next(e for e in audit if e["action"] == "result_entered")
    assert entered["details"]["reason"] == "checked the score sheet"
    assert entered["details"]["after"]["score"] == [[11, 9]]
    assert api.call("GET", f"/tournaments/{tid}").body["status"] == "finished"


def test_only_a_player_at_the_table_reports(api: Api) -> None:
    tid, org, tokens = in_person(api)
    tables = round_of(api, tid, 1)["tables"]
    other = seated(tables[1])[0]
    assert_error(report(api, tid, 1, 1, [[11, 7]], tokens[other]), 403, "not_at_this_table")
    assert_error(report(api, tid, 1, 1, [[11, 7]], org), 403, "not_at_this_table")
    assert_error(report(api, tid, 1, 9, [[11, 7]], tokens[other]), 404, "table_not_found")
    assert_error(report(api, tid, 3, 1, [[11, 7]], tokens[other]), 404, "round_not_found")


def test_an_impossible_score_is_refused_naming_the_rule(api: Api) -> None:
    tid, _, tokens = in_person(api)
    first = seated(round_of(api, tid, 1)["tables"][0])[0]
    for games, rule in (
        ([[11, 11]], "tied_game"),
        ([[9, 7]], "target_not_reached"),
        ([[-1, 11]], "negative_score"),
        ([[11, 7], [11, 3]], "game_after_match_decided"),
    ):
        body = assert_error(report(api, tid, 1, 1, games, tokens[first]), 422, "impossible_score")
        assert body["details"] == {"rule": rule}
        assert rule in body["message"]
    assert round_of(api, tid, 1)["tables"][0]["reports"] == []  # nothing half-written


def test_a_retry_with_the_same_key_changes_nothing(api: Api) -> None:
    tid, _, tokens = in_person(api)
    first = seated(round_of(api, tid, 1)["tables"][0])[0]
    key = {"Idempotency-Key": "report-1"}
    one = report(api, tid, 1, 1, [[11, 4]], tokens[first], headers=key)
    two = report(api, tid, 1, 1, [[11, 4]], tokens[first], headers=key)
    assert one.status == two.status == 200
    assert one.body == two.body
    again = report(api, tid, 1, 1, [[11, 4]], tokens[first])  # no key: the same claim changes nothing
    assert again.body["round_version"] == one.body["round_version"]


def test_a_report_after_the_round_closed_is_refused(api: Api) -> None:
    tid, org, tokens = in_person(api, players=2, rounds=1)
    first = seated(round_of(api, tid, 1)["tables"][0])[0]
    closed = api.call(
        "POST", f"/tournaments/{tid}/rounds/1/close", {"absent": [first], "reason": "went home"}, token=org
    )
    assert closed.status == 200, closed.body
    assert closed.body["status"] == "closed"
    assert closed.body["tables"][0]["forfeit"] is True
    assert closed.body["tables"][0]["result"] == [0.0, 1.0]
    assert_error(report(api, tid, 1, 1, [[11, 4]], tokens[first]), 409, "round_closed")


def test_a_close_names_the_tables_still_undecided(api: Api) -> None:
    tid, org, _ = in_person(api)
    body = assert_error(
        api.call("POST", f"/tournaments/{tid}/rounds/1/close", {"reason": "late"}, token=org),
        409,
        "tables_undecided",
    )
    assert body["details"]["tables"] == [1, 2]
    assert "1, 2" in body["message"]
    both = list(seated(round_of(api, tid, 1)["tables"][0]))
    half = api.call("POST", f"/tournaments/{tid}/rounds/1/close", {"absent": both, "reason": "x"}, token=org)
    assert_error(half, 409, "tables_undecided")
    assert round_of(api, tid, 1)["tables"][0]["result"] is None  # refused: nothing written
    stranger = api.call(
        "POST", f"/tournaments/{tid}/rounds/1/close", {"absent": ["nobody"], "reason": "x"}, token=org
    )
    assert_error(stranger, 400, "not_in_round")


def test_both_absent_score_nothing(api: Api) -> None:
    tid, org, _ = in_person(api, players=2, rounds=1)
    both = list(seated(round_of(api, tid, 1)["tables"][0]))
    closed = api.call(
        "POST", f"/tournaments/{tid}/rounds/1/close", {"absent": both, "reason": "x"}, token=org
    )
    assert closed.body["tables"][0]["result"] == [0.0, 0.0]


def test_confirm_refusals(api: Api) -> None:
    tid, _, tokens = in_person(api)
    first, second = seated(round_of(api, tid, 1)["tables"][0])
    url = f"/tournaments/{tid}/rounds/1/tables/1/confirm"
    assert_error(api.call("POST", url, token=tokens[second]), 409, "nothing_reported")
    report(api, tid, 1, 1, [[11, 7]], tokens[first])
    assert_error(api.call("POST", url, token=tokens[first]), 409, "own_report")
    assert api.call("POST", url, token=tokens[second]).body["state"] == "confirmed"
    assert api.call("POST", url, token=tokens[second]).status == 200  # a retry answers as it stands
    assert_error(report(api, tid, 1, 1, [[11, 2]], tokens[first]), 409, "result_confirmed")


def test_next_round_by_organizer_waits_for_advance(api: Api) -> None:
    tid, org, tokens = in_person(api, next_round="by_organizer")
    for table in round_of(api, tid, 1)["tables"]:
        first, second = seated(table)
        report(api, tid, 1, table["table"], [[11, 7]], tokens[first])
        report(api, tid, 1, table["table"], [[11, 7]], tokens[second])
    assert round_of(api, tid, 1)["status"] == "closed"
    services().pipeline.advance(tid)  # the schedule's run leaves it waiting
    assert api.call("GET", f"/tournaments/{tid}").body["current_round"] == 1
    answer = api.call("POST", f"/tournaments/{tid}/advance", token=org)
    assert answer.status == 200, answer.body
    assert answer.body["tournament"]["current_round"] == 2


def test_arena_is_refused_in_person(api: Api) -> None:
    _, org = organizer(api)
    settings = {"format": "arena", "arena_minutes": 60, "play_mode": "in_person"}
    answer = api.call("POST", "/tournaments", {"name": "A", "settings": settings}, token=org)
    body = assert_error(answer, 422, "validation_error")
    assert "play_mode" in str(body)


def test_organizer_forfeit_and_online_table_refusal(api: Api) -> None:
    tid, org, tokens = in_person(api)
    url = f"/tournaments/{tid}/rounds/1/tables/1/score"
    answer = api.call("PUT", url, {"forfeit": "second", "reason": "never came"}, token=org)
    assert answer.status == 200, answer.body
    assert answer.body["result"] == [1.0, 0.0]
    assert answer.body["forfeit"] is True
    first = seated(round_of(api, tid, 1)["tables"][0])[0]
    assert_error(
        api.call("PUT", url, {"forfeit": "second", "reason": "x"}, token=tokens[first]),
        403,
        "not_tournament_organizer",
    )
    both = api.call("PUT", url, {"forfeit": "second", "games": [[11, 2]], "reason": "x"}, token=org)
    assert_error(both, 422, "validation_error")


def test_mixed_tables_are_online_only_for_two_online_entrants(api: Api) -> None:
    _, org = organizer(api)
    t = create_tournament(api, org, {**IN_PERSON, "play_mode": "mixed"})
    tokens = enter_humans(api, t["id"], ("A", "B", "C", "D"))
    ids = list(tokens)
    for pid in ids[:2]:
        answer = api.call("PUT", f"/tournaments/{t['id']}/entries/{pid}/online", {"online": True}, token=org)
        assert answer.status == 200, answer.body
        assert answer.body["online"] is True
    api.call("POST", f"/tournaments/{t['id']}/start", token=org)
    for table in round_of(api, t["id"], 1)["tables"]:
        both_online = set(seated(table)) <= set(ids[:2])
        assert table["mode"] == ("online" if both_online else "in_person")
        assert (table["games"] != []) == both_online


def test_marking_online_needs_mixed_play(api: Api) -> None:
    tid, org, tokens = in_person(api)
    pid = next(iter(tokens))
    answer = api.call("PUT", f"/tournaments/{tid}/entries/{pid}/online", {"online": True}, token=org)
    assert_error(answer, 409, "not_mixed")


def play_in_person(api: Api, tid: str, tokens: dict[str, str], rounds: int) -> None:
    """Every table of every round reported by its first player (first wins 11-k) and confirmed."""
    for n in range(1, rounds + 1):
        for table in round_of(api, tid, n)["tables"]:
            first, second = seated(table)
            games = [[11, table["table"] + n]]
            assert report(api, tid, n, table["table"], games, tokens[first]).status == 200
            answer = api.call(
                "POST", f"/tournaments/{tid}/rounds/{n}/tables/{table['table']}/confirm", token=tokens[second]
            )
            assert answer.status == 200, answer.body


def test_confirmed_results_feed_standings_crosstable_trf_and_ratings(either_api: Api) -> None:
    api = either_api
    tid, _, tokens = in_person(api, players=4, rounds=2)
    play_in_person(api, tid, tokens, 2)
    assert api.call("GET", f"/tournaments/{tid}").body["status"] == "finished"
    # Given the results, an independent recount: the first seat won every table.
    won: dict[str, int] = dict.fromkeys(tokens, 0)
    for n in (1, 2):
        for table in round_of(api, tid, n)["tables"]:
            won[seated(table)[0]] += 1
    standings = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert {row["entrant"]: row["points"] for row in standings} == won
    cross = api.call("GET", f"/tournaments/{tid}/crosstable")
    assert cross.status == 200, cross.body
    trf = api.call("GET", f"/tournaments/{tid}/export", query={"format": "trf"})
    assert trf.status == 200
    assert trf.body.count("\n001 ") + trf.body.startswith("001 ") == 4
    for pid in tokens:
        pools = api.call("GET", f"/players/{pid}/ratings").body["pools"]
        assert len(pools) == 1  # the pool of classic Scopa one against one, as online
        assert pools[0]["games"] == 2
        assert pools[0]["wins"] == won[pid]
        assert len(pools[0]["history"]) == 2
    page = api.call("GET", f"/web/players/{next(iter(tokens))}", headers={"accept": "text/html"})
    assert page.status == 200
    assert f"ip_{tid.removeprefix('t_')}-r1-t" in page.body  # listed, without a link to a match page
    assert 'href="/web/matches/ip_' not in page.body


def test_forfeits_are_not_rated(api: Api) -> None:
    tid, org, tokens = in_person(api, players=2, rounds=1)
    first = seated(round_of(api, tid, 1)["tables"][0])[0]
    api.call("POST", f"/tournaments/{tid}/rounds/1/close", {"absent": [first], "reason": "gone"}, token=org)
    assert api.call("GET", f"/tournaments/{tid}").body["status"] == "finished"
    for pid in tokens:
        assert api.call("GET", f"/players/{pid}/ratings").body["pools"] == []


FORMATS: dict[str, dict[str, Any]] = {
    "swiss": {"format": "swiss", "rounds": 3},
    "round_robin": {"format": "round_robin"},
    "double_round_robin": {"format": "double_round_robin"},
    "knockout": {"format": "knockout", "third_place_match": True},
    "double_elimination": {"format": "double_elimination"},
    "groups_knockout": {"format": "groups_knockout", "group_size": 3, "advance_per_group": 1},
    "best_of_three": {"format": "swiss", "rounds": 2, "games_per_match": 3},
    "briscola": {"format": "swiss", "rounds": 2, "game": "briscola"},
}


def winning_games(settings: dict[str, Any], table: int) -> list[list[int]]:
    """A score the first seat wins, by the tournament's game and match length."""
    if settings.get("game") == "briscola":
        return [[61 + table, 59 - table]]
    return [[11, table]] * (settings.get("games_per_match", 1) // 2 + 1)


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_format_is_played_to_the_end_in_person(api: Api, name: str) -> None:
    settings = {**FORMATS[name], "play_mode": "in_person"}
    _, org = organizer(api)
    t = create_tournament(api, org, settings)
    tokens = enter_humans(api, t["id"], tuple(f"P{i}" for i in range(6)))
    if name == "swiss":  # a requested bye, in person as online
        asker = next(iter(tokens))
        assert (
            api.call("POST", f"/tournaments/{t['id']}/byes", {"round": 2}, token=tokens[asker]).status == 201
        )
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=org).status == 200
    for _ in range(20):
        body = api.call("GET", f"/tournaments/{t['id']}").body
        if body["status"] == "finished":
            break
        n = body["current_round"]
        rnd = round_of(api, t["id"], n)
        assert rnd["status"] == "open"
        for table in rnd["tables"]:
            if table["result"] is not None:
                continue
            assert table["mode"] == "in_person"
            assert table["games"] == []
            first, second = seated(table)
            games = winning_games(settings, table["table"])
            assert report(api, t["id"], n, table["table"], games, tokens[first]).status == 200
            answer = report(api, t["id"], n, table["table"], games, tokens[second])
            assert answer.status == 200, answer.body
        assert round_of(api, t["id"], n)["status"] == "closed"
    else:
        raise AssertionError(f"{name} did not finish")
    standings = api.call("GET", f"/tournaments/{t['id']}/standings")
    assert standings.status == 200
    assert len(standings.body["standings"]) == 6
    if name == "swiss":
        second_round = round_of(api, t["id"], 2)
        assert [b["id"] for b in second_round["requested_byes"]] == [asker]


def test_a_mixed_round_closes_once_its_online_match_and_its_reported_table_are_decided(api: Api) -> None:
    _, org = organizer(api)
    t = create_tournament(api, org, {"format": "swiss", "rounds": 1, "target": 1, "play_mode": "mixed"})
    tokens = enter_humans(api, t["id"], ("A", "B", "C", "D"))
    ids = list(tokens)
    for pid in ids[:2]:
        api.call("PUT", f"/tournaments/{t['id']}/entries/{pid}/online", {"online": True}, token=org)
    override = {"tables": [[ids[0], ids[1]], [ids[2], ids[3]]], "byes": []}
    assert api.call("PUT", f"/tournaments/{t['id']}/rounds/1/pairings", override, token=org).status == 200
    api.call("POST", f"/tournaments/{t['id']}/start", token=org)
    online, in_person_table = round_of(api, t["id"], 1)["tables"]
    assert (online["mode"], in_person_table["mode"]) == ("online", "in_person")
    assert_error(report(api, t["id"], 1, 1, [[1, 0]], tokens[ids[0]]), 409, "table_online")
    first, second = seated(in_person_table)
    report(api, t["id"], 1, 2, [[1, 0]], tokens[first])
    report(api, t["id"], 1, 2, [[1, 0]], tokens[second])
    assert round_of(api, t["id"], 1)["status"] == "open"  # the online match is still under way
    play_out(api, online["games"][0], tokens)
    services().pipeline.advance(t["id"])
    rnd = round_of(api, t["id"], 1)
    assert rnd["status"] == "closed"
    assert rnd["tables"][1]["result"] == [1.0, 0.0]
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "finished"


def test_an_entrant_excluded_during_an_in_person_round_forfeits_their_table(api: Api) -> None:
    tid, org, _ = in_person(api, players=4, rounds=2)
    _first, second = seated(round_of(api, tid, 1)["tables"][0])
    answer = api.call(
        "POST", f"/tournaments/{tid}/entries/{second}/exclude", {"reason": "conduct"}, token=org
    )
    assert answer.status == 200, answer.body
    services().pipeline.advance(tid)
    table = round_of(api, tid, 1)["tables"][0]
    assert table["result"] == [1.0, 0.0]
    assert table["forfeit"] is True
    assert table["reason"] == "withdrawn"


def test_no_report_once_the_tournament_is_cancelled(api: Api) -> None:
    tid, org, tokens = in_person(api, players=2, rounds=1)
    first = seated(round_of(api, tid, 1)["tables"][0])[0]
    assert api.call("POST", f"/tournaments/{tid}/cancel", token=org).status == 200
    assert_error(report(api, tid, 1, 1, [[11, 4]], tokens[first]), 409, "not_running")


def test_an_organizer_changes_a_result_after_the_round_closed(api: Api) -> None:
    tid, org, tokens = in_person(api, players=2, rounds=1)
    first, second = seated(round_of(api, tid, 1)["tables"][0])
    report(api, tid, 1, 1, [[11, 4]], tokens[first])
    report(api, tid, 1, 1, [[11, 4]], tokens[second])
    assert round_of(api, tid, 1)["status"] == "closed"
    body = {"games": [[6, 11]], "reason": "the score sheet was read the wrong way round"}
    changed = api.call("PUT", f"/tournaments/{tid}/rounds/1/tables/1/score", body, token=org)
    assert changed.status == 200, changed.body
    assert changed.body["result"] == [0.0, 1.0]
    standings = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert standings[0]["entrant"] == second
    entry = next(
        e
        for e in api.call("GET", f"/tournaments/{tid}/audit").body["audit"]
        if e["action"] == "result_entered"
    )
    assert entry["details"]["before"]["score"] == [[11, 4]]
    assert entry["details"]["after"]["result"] == [0.0, 1.0]


def test_a_close_retried_with_its_key_answers_as_the_first(api: Api) -> None:
    tid, org, _ = in_person(api, players=2, rounds=1)
    first = seated(round_of(api, tid, 1)["tables"][0])[0]
    url, body = f"/tournaments/{tid}/rounds/1/close", {"absent": [first], "reason": "gone"}
    key = {"Idempotency-Key": "close-1"}
    one = api.call("POST", url, body, token=org, headers=key)
    two = api.call("POST", url, body, token=org, headers=key)
    assert one.status == two.status == 200
    assert one.body == two.body
    assert_error(api.call("POST", url, body, token=org), 409, "round_closed")  # without the key: refused
    audit = api.call("GET", f"/tournaments/{tid}/audit").body["audit"]
    assert [e["action"] for e in audit].count("round_closed") == 1


def test_one_table_is_read_by_anyone(api: Api) -> None:
    tid, _, tokens = in_person(api, players=4, rounds=1)
    first = seated(round_of(api, tid, 1)["tables"][1])[0]
    report(api, tid, 1, 2, [[11, 5]], tokens[first])
    table = api.call("GET", f"/tournaments/{tid}/rounds/1/tables/2")
    assert table.status == 200, table.body
    assert (table.body["table"], table.body["state"], table.body["round"]) == (2, "reported", 1)
    assert table.body["reports"][0]["games"] == [[11, 5]]
    assert_error(api.call("GET", f"/tournaments/{tid}/rounds/1/tables/9"), 404, "table_not_found")

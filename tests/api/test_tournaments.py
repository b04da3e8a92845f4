"""Tournaments through the API: creation, entries, the organizer's actions, rounds, standings, exports."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error, count_stored
from tests.api.tournament_support import (
    create_tournament,
    enter_bots,
    enter_humans,
    organizer,
    play_move,
    play_out,
    play_round,
    run_pipeline,
    run_until_finished,
    services,
)

SWISS = {"format": "swiss", "rounds": 3, "target": 1}


# ---------------------------------------------------------------- creation and permissions


def test_only_organizers_create_open_tournaments(api: Api) -> None:
    _, player = api.register("Pia")
    assert_error(
        api.call("POST", "/tournaments", {"name": "T", "settings": SWISS}, token=player),
        403,
        "not_an_organizer",
    )
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    assert t["status"] == "registration"
    assert "deal_seed" not in json.dumps(t)
    assert api.call("GET", f"/tournaments/{t['id']}").body["id"] == t["id"]


def test_settings_are_validated_with_clear_messages(api: Api) -> None:
    _, olga = organizer(api)
    no_rounds = api.call("POST", "/tournaments", {"name": "T", "settings": {"format": "swiss"}}, token=olga)
    assert_error(no_rounds, 422, "validation_error")
    assert "rounds" in no_rounds.body["message"]
    even = api.call(
        "POST", "/tournaments", {"name": "T", "settings": {**SWISS, "games_per_match": 2}}, token=olga
    )
    assert_error(even, 422, "validation_error")
    three = api.call(
        "POST", "/tournaments", {"name": "T", "settings": {**SWISS, "options": {"players": 3}}}, token=olga
    )
    assert_error(three, 400, "unsupported_rules")
    bad_rule = api.call(
        "POST", "/tournaments", {"name": "T", "settings": {**SWISS, "preset": "nonsense"}}, token=olga
    )
    assert_error(bad_rule, 422, "invalid_rules")


def test_club_tournaments_belong_to_the_clubs_organizers(api: Api) -> None:
    _, olga = organizer(api)
    _, otto = organizer(api, "Otto")
    club = api.call("POST", "/clubs", {"name": "Circolo"}, token=olga).body
    t = create_tournament(api, olga, {**SWISS, "entry_policy": "club"}, club_id=club["id"])
    # An organizer of another club may not create or manage this club's tournaments.
    other = api.call(
        "POST", "/tournaments", {"name": "X", "settings": SWISS, "club_id": club["id"]}, token=otto
    )
    assert_error(other, 403, "not_club_organizer")
    assert_error(
        api.call("POST", f"/tournaments/{t['id']}/start", token=otto), 403, "not_tournament_organizer"
    )
    # Club entry policy: members enter, others do not.
    pia, pia_token = api.register("Pia")
    ugo, ugo_token = api.register("Ugo")
    api.call("POST", f"/clubs/{club['id']}/members", {"player_id": pia}, token=olga)
    assert api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=pia_token).status == 201
    assert_error(
        api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=ugo_token), 403, "not_a_member"
    )
    listed = api.call("GET", "/tournaments", query={"club": club["id"]}).body["tournaments"]
    assert [x["id"] for x in listed] == [t["id"]]
    assert ugo  # registered, not entered


def test_list_filters_by_status_with_a_cursor(api: Api) -> None:
    _, olga = organizer(api)
    made = [create_tournament(api, olga, SWISS, open_registration=i % 2 == 0)["id"] for i in range(5)]
    drafts = api.call("GET", "/tournaments", query={"status": "draft"}).body["tournaments"]
    assert sorted(x["id"] for x in drafts) == sorted(made[1::2])
    seen: list[str] = []
    cursor = None
    while True:
        query = {"limit": "2", **({"cursor": cursor} if cursor else {})}
        page = api.call("GET", "/tournaments", query=query).body
        seen += [x["id"] for x in page["tournaments"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert sorted(seen) == sorted(made)
    assert_error(api.call("GET", "/tournaments", query={"cursor": "garbage"}), 400, "invalid_cursor")


# ---------------------------------------------------------------- entries


def test_entries_cap_duplicates_and_invitation(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "max_entrants": 2})
    players = [api.register(name) for name in ("Ada", "Bea", "Cid")]
    assert api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=players[0][1]).status == 201
    assert_error(
        api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=players[0][1]), 409, "already_entered"
    )
    assert api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=players[1][1]).status == 201
    assert_error(
        api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=players[2][1]), 409, "tournament_full"
    )
    invite = create_tournament(api, olga, {**SWISS, "entry_policy": "invite"})
    assert_error(
        api.call("POST", f"/tournaments/{invite['id']}/entries", {}, token=players[2][1]),
        403,
        "invitation_only",
    )
    added = api.call("POST", f"/tournaments/{invite['id']}/entries", {"players": [players[2][0]]}, token=olga)
    assert added.status == 201, added.body
    # Players may not enter bots or set their own seeding rating.
    assert_error(
        api.call("POST", f"/tournaments/{t['id']}/entries", {"players": ["bot-greedy"]}, token=players[2][1]),
        403,
        "not_your_entry",
    )


def test_a_retried_entry_with_the_same_key_enters_once(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    _, token = api.register("Ada")
    headers = {"Idempotency-Key": "entry-1"}
    first = api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token, headers=headers)
    again = api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token, headers=headers)
    assert first.status == again.status == 201
    assert first.body == again.body
    assert api.call("GET", f"/tournaments/{t['id']}").body["entries"] == 1


def test_withdrawal_before_the_start_removes_the_entry(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    ada, token = api.register("Ada")
    api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token)
    withdrawn = api.call("DELETE", f"/tournaments/{t['id']}/entries", token=token)
    assert withdrawn.status == 200
    assert withdrawn.body["status"] == "withdrawn"
    assert api.call("GET", f"/tournaments/{t['id']}/entries").body["entries"] == []
    assert api.call("GET", f"/tournaments/{t['id']}").body["entries"] == 0
    # ... and the player may enter again.
    assert api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token).status == 201
    assert ada


def test_partnership_entries_are_pairs(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "preset": "scopone"})
    ada, ada_token = api.register("Ada")
    bea, _ = api.register("Bea")
    alone = api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=ada_token)
    assert_error(alone, 400, "wrong_team_size")
    pair = api.call("POST", f"/tournaments/{t['id']}/entries", {"players": [ada, bea]}, token=ada_token)
    assert pair.status == 201, pair.body
    assert pair.body["players"] == [ada, bea]
    assert pair.body["id"].startswith("e_")
    # Bea is entered through the pair: she cannot enter a second time.
    cid, _ = api.register("Cid")
    again = api.call("POST", f"/tournaments/{t['id']}/entries", {"players": [bea, cid]}, token=olga)
    assert_error(again, 409, "already_entered")


def test_an_entry_whose_write_lost_to_another_on_the_tournament_is_made_again_not_called_a_duplicate(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DynamoDB cancels a transaction when another one writes the tournament item at that moment: nothing
    of the entry is stored. Before, that answered 409 already_entered to someone who was not entered."""
    from scopa.application.ports.conflict import WriteConflict

    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS, open_registration=True)
    repo = services().tournaments.repo
    plain_add = repo.add_entry
    lost: list[int] = []

    def losing(times: int) -> Any:
        def add(*args: Any, **kwargs: Any) -> None:
            if len(lost) < times:
                lost.append(1)
                raise WriteConflict("TransactionCanceledException")  # written by nobody
            plain_add(*args, **kwargs)

        return add

    monkeypatch.setattr(repo, "add_entry", losing(1))
    ada, ada_token = api.register("Ada")
    entered = api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=ada_token)
    assert entered.status == 201, entered.body  # tried once more
    assert entered.body["players"] == [ada]
    lost.clear()
    monkeypatch.setattr(repo, "add_entry", losing(2))
    _, bea_token = api.register("Bea")
    refused = api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=bea_token)
    assert_error(refused, 409, "stale_version")  # twice: "enter again", never "already entered"


# ---------------------------------------------------------------- running a tournament


def test_a_swiss_of_bots_runs_to_the_end_through_the_pipeline(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    enter_bots(api, olga, t["id"], 7, kinds=("greedy", "random"))
    started = api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    assert started.status == 200, started.body
    assert started.body["rounds_planned"] == 3
    final = run_until_finished(api, t["id"])
    assert final["current_round"] == 3
    rounds = [api.call("GET", f"/tournaments/{t['id']}/rounds/{n}").body for n in (1, 2, 3)]
    met: set[frozenset[str]] = set()
    byes: list[str] = []
    for rnd in rounds:
        assert rnd["status"] == "closed"
        assert len(rnd["tables"]) == 3
        assert len(rnd["byes"]) == 1
        byes.append(rnd["byes"][0]["id"])
        for table in rnd["tables"]:
            pair = frozenset((table["first"]["id"], table["second"]["id"]))
            assert pair not in met  # no rematch in a 7-player, 3-round Swiss
            met.add(pair)
            assert sorted(table["result"]) == [0.0, 1.0]
            assert len(table["games"]) == 1
    assert len(set(byes)) == 3  # never a second bye
    standings = api.call("GET", f"/tournaments/{t['id']}/standings").body
    rows = standings["standings"]
    assert [r["rank"] for r in rows] == list(range(1, 8))
    assert sum(r["points"] for r in rows) == 3 * 3 + 3 * 1.0  # 3 tables and 1 bye a round
    points = [r["points"] for r in rows]
    assert points == sorted(points, reverse=True)
    # Every match is a real, finished match with the tournament's context.
    match_id = rounds[0]["tables"][0]["games"][0]
    match = api.call("GET", f"/matches/{match_id}").body
    assert match["status"] == "finished"
    assert match["tournament"] == {"tournament": t["id"], "round": 1, "table": 1, "game": 1}


def test_humans_play_their_tournament_matches_through_the_api(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "round_robin", "target": 1})
    tokens = {}
    for name in ("Ada", "Bea", "Cid"):
        pid, token = api.register(name)
        tokens[pid] = token
        assert api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token).status == 201
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    for number in (1, 2, 3):
        rnd = api.call("GET", f"/tournaments/{t['id']}/rounds/{number}").body
        assert len(rnd["tables"]) == 1
        assert len(rnd["byes"]) == 1
        table = rnd["tables"][0]
        # The player's own match list shows the tournament match.
        mine = api.call("GET", f"/players/{table['first']['id']}/matches").body["matches"]
        assert table["games"][0] in [m["id"] for m in mine]
        play_out(api, table["games"][0], tokens)
        run_pipeline()
    final = api.call("GET", f"/tournaments/{t['id']}").body
    assert final["status"] == "finished"


def test_best_of_three_plays_until_a_side_wins_two_games(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "knockout", "target": 1, "games_per_match": 3})
    enter_bots(api, olga, t["id"], 2, kinds=("greedy", "random"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    table = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"][0]
    assert 2 <= len(table["games"]) <= 3
    assert max(table["wins"]) == 2
    assert table["result"] == ([1.0, 0.0] if table["wins"][0] == 2 else [0.0, 1.0])
    # Who leads alternates from game to game, and each game has its own deals.
    first_game = api.call("GET", f"/matches/{table['games'][0]}/record").body
    second_game = api.call("GET", f"/matches/{table['games'][1]}/record").body
    assert first_game["first_dealer"] != second_game["first_dealer"]
    assert first_game["master_seed"] != second_game["master_seed"]


def test_duplicate_deals_give_every_table_the_same_cards(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 1, "duplicate_deals": True})
    enter_bots(api, olga, t["id"], 6)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    tables = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"]
    seeds = {api.call("GET", f"/matches/{x['games'][0]}/record").body["master_seed"] for x in tables}
    assert len(seeds) == 1


def test_round_deadline_adjudicates_unfinished_matches(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 1, "round_seconds": 3600, "target": 11})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_pipeline()
    rnd = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body
    assert rnd["status"] == "open"
    game = rnd["tables"][0]["games"][0]
    play_move(api, game, tokens)
    play_move(api, game, tokens)
    api.clock.advance(3601)
    run_pipeline()
    rnd = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body
    assert rnd["status"] == "closed"
    match = api.call("GET", f"/matches/{game}").body
    assert match["status"] == "finished"
    assert match["result"]["reason"] == "round_deadline"
    # Decided by the position at the deadline, and its result counts: a Swiss rates it (an arena's
    # grace-end adjudication counts for nobody and is not rated: tests/pipeline/test_arena.py).
    assert services().stores.matches.get_match(game).rating == "rated"
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "finished"


def test_a_no_show_loses_by_forfeit(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 1, "seconds_per_move": 60})
    for name in ("Ada", "Bea"):
        _, token = api.register(name)
        api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    api.clock.advance(61)
    run_pipeline()
    table = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"][0]
    assert table["forfeit"] is True
    assert table["result"] == [0.0, 1.0]  # the first player was to lead and never did


# ---------------------------------------------------------------- organizer actions


def test_pause_stops_the_pipeline_until_resumed(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cid", "Dan"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    play_round(api, t["id"], 1, tokens)
    assert api.call("POST", f"/tournaments/{t['id']}/pause", token=olga).body["paused"] is True
    run_pipeline()
    assert api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["status"] == "open"
    assert api.call("GET", f"/tournaments/{t['id']}").body["current_round"] == 1
    assert_error(api.call("POST", f"/tournaments/{t['id']}/advance", token=olga), 409, "paused")
    api.call("POST", f"/tournaments/{t['id']}/resume", token=olga)
    advanced = api.call("POST", f"/tournaments/{t['id']}/advance", token=olga)
    assert advanced.status == 200, advanced.body
    assert advanced.body["tournament"]["current_round"] == 2
    assert advanced.body["steps"][0] == "round 1 closed"


def test_a_hand_made_pairing_is_used_for_the_next_round(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cid", "Dan"))
    people = list(tokens)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    wrong = api.call(
        "PUT", f"/tournaments/{t['id']}/rounds/2/pairings", {"tables": [[people[0], people[1]]]}, token=olga
    )
    assert_error(wrong, 400, "invalid_pairing")
    stale = api.call("PUT", f"/tournaments/{t['id']}/rounds/1/pairings", {"tables": []}, token=olga)
    assert_error(stale, 409, "round_already_paired")
    tables = [[people[3], people[0]], [people[1], people[2]]]
    ok = api.call("PUT", f"/tournaments/{t['id']}/rounds/2/pairings", {"tables": tables}, token=olga)
    assert ok.status == 200, ok.body
    assert ok.body["next_round_override"] is True
    play_round(api, t["id"], 1, tokens)
    run_pipeline()
    rnd = api.call("GET", f"/tournaments/{t['id']}/rounds/2").body
    assert rnd["manual"] is True
    assert [[x["first"]["id"], x["second"]["id"]] for x in rnd["tables"]] == tables
    actions = [a["action"] for a in api.call("GET", f"/tournaments/{t['id']}/audit").body["audit"]]
    assert "pairing_overridden" in actions


def test_a_corrected_result_changes_the_standings_and_is_audited(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 1})
    enter_bots(api, olga, t["id"], 2)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    table = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"][0]
    loser = table["second"]["id"] if table["result"] == [1.0, 0.0] else table["first"]["id"]
    flipped = [table["result"][1], table["result"][0]]
    _, player = api.register("Pia")
    body = {"result": flipped, "reason": "scoring error reported by both players"}
    path = f"/tournaments/{t['id']}/rounds/1/tables/1/result"
    assert_error(api.call("POST", path, body, token=player), 403, "not_tournament_organizer")
    assert api.call("POST", path, body, token=olga).status == 200
    top = api.call("GET", f"/tournaments/{t['id']}/standings").body["standings"][0]
    assert top["entrant"] == loser
    audit = api.call("GET", f"/tournaments/{t['id']}/audit").body["audit"]
    correction = next(a for a in audit if a["action"] == "result_corrected")
    assert correction["details"]["before"] == table["result"]
    assert correction["details"]["after"] == flipped
    again = api.call("POST", path, body, token=olga)  # a retry: already so corrected, nothing more
    assert again.status == 200
    assert again.body["tables"][0]["result"] == flipped
    audit = api.call("GET", f"/tournaments/{t['id']}/audit").body["audit"]
    assert [a["action"] for a in audit].count("result_corrected") == 1
    # a result outside the four is refused by its schema (an enum), before the service sees it
    assert_error(api.call("POST", path, {**body, "result": [1, 1]}, token=olga), 422, "validation_error")


def test_withdrawal_after_the_start_stops_pairing_and_exclusion_forfeits(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 2})
    ids = {}
    for name in ("Ada", "Bea", "Cid", "Dan"):
        pid, token = api.register(name)
        ids[pid] = token
        api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    rnd = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body
    table = rnd["tables"][0]
    excluded = table["first"]["id"]
    out = api.call(
        "POST", f"/tournaments/{t['id']}/entries/{excluded}/exclude", {"reason": "abuse"}, token=olga
    )
    assert out.status == 200, out.body
    match = api.call("GET", f"/matches/{table['games'][0]}").body
    assert match["status"] == "finished"
    assert match["result"]["winners"] == [table["second"]["id"]]
    withdrawing = rnd["tables"][1]["first"]["id"]
    assert api.call("DELETE", f"/tournaments/{t['id']}/entries", token=ids[withdrawing]).status == 200
    play_out(api, rnd["tables"][1]["games"][0], ids)
    run_pipeline()
    second = api.call("GET", f"/tournaments/{t['id']}/rounds/2").body
    paired = {x["first"]["id"] for x in second["tables"]} | {x["second"]["id"] for x in second["tables"]}
    paired |= {b["id"] for b in second["byes"]}
    assert excluded not in paired
    assert withdrawing not in paired
    assert len(paired) == 2


def test_late_entry_joins_with_the_agreed_points(api: Api) -> None:
    _, olga = organizer(api)
    settings = {**SWISS, "rounds": 3, "late_entry_rounds": 2, "late_entry_points": 0.5}
    t = create_tournament(api, olga, settings)
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cid", "Dan"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    late, token = api.register("Lina")
    joined = api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token)
    assert joined.status == 201, joined.body
    assert joined.body["joined_round"] == 2
    play_round(api, t["id"], 1, tokens)
    run_pipeline()  # closes round 1, pairs round 2 with the late entrant
    standings = api.call("GET", f"/tournaments/{t['id']}/standings").body["standings"]
    assert next(r for r in standings if r["entrant"] == late)["points"] == 0.5
    second = api.call("GET", f"/tournaments/{t['id']}/rounds/2").body
    paired = {x["first"]["id"] for x in second["tables"]} | {x["second"]["id"] for x in second["tables"]}
    assert late in paired | {b["id"] for b in second["byes"]}
    # Round 2 has started: with late_entry_rounds = 2, entries are now closed.
    _, other = api.register("Otto")
    assert_error(api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=other), 409, "entries_closed")


# ---------------------------------------------------------------- standings and exports


@pytest.fixture
def finished(api: Api) -> dict[str, Any]:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 2})
    enter_bots(api, olga, t["id"], 5)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    return t


def test_exports_agree_with_the_standings(api: Api, finished: dict[str, Any]) -> None:
    tid = finished["id"]
    rows = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    answer = api.call("GET", f"/tournaments/{tid}/export", query={"format": "csv"})
    assert answer.status == 200
    assert answer.headers["Content-Type"].startswith("text/csv")
    parsed = list(csv.DictReader(io.StringIO(answer.body)))
    assert [r["entrant"] for r in parsed] == [r["entrant"] for r in rows]
    ndjson = api.call("GET", f"/tournaments/{tid}/export", query={"format": "ndjson"}).body
    lines = [json.loads(line) for line in ndjson.splitlines() if line]
    assert lines[0]["type"] == "tournament"
    assert sum(1 for x in lines if x["type"] == "standing") == 5
    assert sum(1 for x in lines if x["type"] == "game") == 4
    trf = api.call("GET", f"/tournaments/{tid}/export", query={"format": "trf"}).body
    assert sum(1 for line in trf.splitlines() if line.startswith("001")) == 5
    assert_error(
        api.call("GET", f"/tournaments/{tid}/export", query={"format": "xls"}), 422, "validation_error"
    )
    cross = api.call("GET", f"/tournaments/{tid}/crosstable").body
    assert len(cross["rows"]) == 5


def test_standings_after_an_earlier_round(api: Api, finished: dict[str, Any]) -> None:
    tid = finished["id"]
    after_one = api.call("GET", f"/tournaments/{tid}/standings", query={"round": "1"}).body
    assert after_one["after_round"] == 1
    assert sum(r["points"] for r in after_one["standings"]) == 2 + 1.0
    assert_error(api.call("GET", "/tournaments/t_missing/standings"), 404, "tournament_not_found")


def test_the_admin_manages_any_tournament_and_nothing_is_stored_twice(
    api: Api, finished: dict[str, Any]
) -> None:
    assert api.call("POST", f"/tournaments/{finished['id']}/cancel", token=ADMIN_TOKEN).status == 409
    assert count_stored("round") == 2
    assert count_stored("match") == 4


def test_a_knockout_gives_byes_to_the_top_seeds_and_ends_with_a_champion(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "knockout", "target": 1})
    seeds = enter_bots(api, olga, t["id"], 5, kinds=("greedy", "random"))  # ratings 2000, 1990, ...
    started = api.call("POST", f"/tournaments/{t['id']}/start", token=olga).body
    assert started["rounds_planned"] == 3
    final = run_until_finished(api, t["id"])
    assert final["current_round"] == 3
    first = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body
    assert sorted(b["id"] for b in first["byes"]) == sorted(seeds[:3])
    assert [{x["first"]["id"], x["second"]["id"]} for x in first["tables"]] == [{seeds[3], seeds[4]}]
    last = api.call("GET", f"/tournaments/{t['id']}/rounds/3").body
    assert len(last["tables"]) == 1
    table = last["tables"][0]
    champion = table["first"]["id"] if table["result"][0] > table["result"][1] else table["second"]["id"]
    top = api.call("GET", f"/tournaments/{t['id']}/standings").body["standings"][0]
    assert top["entrant"] == champion
    assert_error(
        api.call("PUT", f"/tournaments/{t['id']}/rounds/4/pairings", {"tables": []}, token=olga),
        400,
        "invalid_pairing",
    )


def test_forbidden_pairs_are_kept_apart_in_round_one(api: Api) -> None:
    _, olga = organizer(api)
    players = [api.register(name)[0] for name in ("Ada", "Bea", "Cid", "Dan")]
    # Dutch order would pair 1 v 3 and 2 v 4; Ada (1) and Cid (3) are family.
    settings = {**SWISS, "forbidden_pairs": [[players[0], players[2]]], "forbidden_rounds": 1}
    t = create_tournament(api, olga, settings, open_registration=True)
    for i, player in enumerate(players):
        body = {"players": [player], "rating": 2000 - 100 * i}
        assert api.call("POST", f"/tournaments/{t['id']}/entries", body, token=olga).status == 201
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    tables = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"]
    pairs = [{x["first"]["id"], x["second"]["id"]} for x in tables]
    assert {players[0], players[2]} not in pairs
    assert len(pairs) == 2


def test_late_entries_are_for_swiss_only(api: Api) -> None:
    _, olga = organizer(api)
    refused = api.call(
        "POST",
        "/tournaments",
        {"name": "T", "settings": {"format": "round_robin", "late_entry_rounds": 1}},
        token=olga,
    )
    assert_error(refused, 422, "validation_error")


def test_a_partnership_tournament_seats_partners_opposite(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "preset": "scopone", "rounds": 2})
    pairs = [[f"bot-greedy-{2 * i}", f"bot-random-{2 * i + 1}"] for i in range(4)]
    for pair in pairs:
        assert (
            api.call("POST", f"/tournaments/{t['id']}/entries", {"players": pair}, token=olga).status == 201
        )
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    entries = {
        e["id"]: e["players"] for e in api.call("GET", f"/tournaments/{t['id']}/entries").body["entries"]
    }
    for table in api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"]:
        match = api.call("GET", f"/matches/{table['games'][0]}").body
        seats = [s["player_id"] for s in match["seats"]]
        first, second = entries[table["first"]["id"]], entries[table["second"]["id"]]
        assert seats == [first[0], second[0], first[1], second[1]]  # partners sit opposite
        won_first = match["result"]["winner_side"] == 0
        assert table["result"] == ([1.0, 0.0] if won_first else [0.0, 1.0])
        assert table["points"] == match["result"]["scores"]


def test_a_tournament_starts_by_itself_at_its_start_time(api: Api) -> None:
    from datetime import UTC, datetime

    _, olga = organizer(api)
    start = datetime.fromtimestamp(api.clock.now() + 600, UTC).isoformat()
    t = create_tournament(api, olga, {**SWISS, "starts_at": start})
    enter_humans(api, t["id"], ("Ada", "Bea"))
    run_pipeline()
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "registration"
    api.clock.advance(601)
    report = run_pipeline()
    assert report["started"] == [t["id"]]
    after = api.call("GET", f"/tournaments/{t['id']}").body
    assert after["status"] == "running"
    assert after["current_round"] == 1


def test_the_cli_runs_the_same_pipeline(moto_api: Api, capsys: pytest.CaptureFixture[str]) -> None:
    from tools.cli import main

    api = moto_api  # the command runs on a DynamoDB table, as an operator's would
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    tokens = enter_humans(api, t["id"], ("Ada", "Bea"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    play_round(api, t["id"], 1, tokens)
    assert main(["pipeline", "--tournament", t["id"]]) == 0
    printed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])  # after the API's log lines
    assert printed["steps"][:2] == ["round 1 closed", "round 2 paired: 1 tables, 0 byes"]
    assert api.call("GET", f"/tournaments/{t['id']}").body["current_round"] == 2


def test_a_tournament_due_to_start_without_two_entrants_is_cancelled(api: Api) -> None:
    from datetime import UTC, datetime

    _, olga = organizer(api)
    start = datetime.fromtimestamp(api.clock.now() + 60, UTC).isoformat()
    t = create_tournament(api, olga, {**SWISS, "starts_at": start})
    enter_humans(api, t["id"], ("Ada",))
    api.clock.advance(61)
    report = run_pipeline()
    assert report["started"] == []
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "cancelled"
    audit = api.call("GET", f"/tournaments/{t['id']}/audit").body["audit"]
    assert any(a["action"] == "cancelled" and a["actor"] == "schedule" for a in audit)


def test_the_status_filter_names_every_status() -> None:
    from typing import get_args

    from api.routes.tournaments import Status
    from scopa.domain.tournaments.records import STATUSES

    assert set(get_args(Status)) == set(STATUSES)

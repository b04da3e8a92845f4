"""What an organizer relies on: an advance rates what it finished and audits only real changes, rounds out
of range are refused, the exports are typed, leaderboards break ties alike, round-robin byes score 0 by
default, seeding ratings are read at the start, and the TRF carries the round dates."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from scopa.domain.ratings.ledger import PlayerRating
from scopa.domain.ratings.pools import DEFAULT_POOLS
from scopa.domain.tournaments.settings import TournamentSettings
from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import (
    create_tournament,
    enter_bots,
    enter_humans,
    organizer,
    play_round,
    run_pipeline,
    run_until_finished,
    services,
)

SWISS = {"format": "swiss", "rounds": 2, "target": 1}
SCOPA_POOL = next(p for p in DEFAULT_POOLS if p.id == "scopa")


def _audit_actions(api: Api, tid: str) -> list[dict[str, Any]]:
    trail: list[dict[str, Any]] = api.call("GET", f"/tournaments/{tid}/audit", query={"limit": "100"}).body[
        "audit"
    ]
    return trail


def _set_elo(ratings: dict[str, float]) -> None:
    """Store Elo ratings for players straight in the scopa pool (a fixture: the leaderboard reads them)."""
    base = PlayerRating.initial(SCOPA_POOL)
    fresh = {
        pid: PlayerRating(
            elo=elo,
            elo_games=12,
            reached_2400=False,
            glicko_rating=base.glicko_rating,
            glicko_rd=base.glicko_rd,
            glicko_volatility=base.glicko_volatility,
            glicko_last_played=None,
            games=12,
        )
        for pid, elo in ratings.items()
    }
    services().stores.ratings.replace_all(SCOPA_POOL, fresh, {pid: pid for pid in ratings})


# ---------------------------------------------------------------- advance: rating and audit


def test_an_advance_rates_the_matches_it_finished_in_the_same_call(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cid", "Dan"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    play_round(api, t["id"], 1, tokens)
    assert api.call("GET", "/rankings/scopa").body["rows"] == []
    # The organizer's advance closes round 1 and, in the same call, rates its two matches: no clock moves.
    advanced = api.call("POST", f"/tournaments/{t['id']}/advance", token=olga)
    assert advanced.status == 200, advanced.body
    assert advanced.body["steps"][0] == "round 1 closed"
    assert advanced.body["steps"][-1] == "2 matches rated"
    rows = api.call("GET", "/rankings/scopa").body["rows"]
    assert sorted(r["player_id"] for r in rows) == sorted(tokens)
    assert sorted(r["elo"] for r in rows) == [1480.0, 1480.0, 1520.0, 1520.0]
    # Nothing is rated twice: neither a second advance nor the scheduled rating step.
    api.call("POST", f"/tournaments/{t['id']}/advance", token=olga)
    api.clock.advance(10)
    assert run_pipeline()["rated"] == 0
    assert all(r["games"] == 1 for r in api.call("GET", "/rankings/scopa").body["rows"])


def test_the_scheduled_run_rates_what_it_finished_in_the_same_run(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 1})
    enter_bots(api, olga, t["id"], 4)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)  # bots finish as their matches begin
    run_pipeline()  # closes round 1 and finishes the tournament: no clock moves before the leaderboard
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "finished"
    rows = api.call("GET", "/rankings/scopa").body["rows"]
    assert len(rows) == 4
    assert all(r["games"] == 1 for r in rows)


def test_an_advance_that_changes_nothing_writes_no_audit_entry(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    tokens = enter_humans(api, t["id"], ("Ada", "Bea"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    before = _audit_actions(api, t["id"])
    for _ in range(3):  # the match is under way: nothing to do
        idle = api.call("POST", f"/tournaments/{t['id']}/advance", token=olga)
        assert idle.status == 200
        assert idle.body["steps"] == []
    assert _audit_actions(api, t["id"]) == before
    play_round(api, t["id"], 1, tokens)
    assert api.call("POST", f"/tournaments/{t['id']}/advance", token=olga).body["steps"]
    after = _audit_actions(api, t["id"])
    assert [a["action"] for a in after[len(before) :]] == ["advanced"]


# ---------------------------------------------------------------- queries out of range


def test_standings_after_a_round_not_closed_are_refused(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 5})
    enter_bots(api, olga, t["id"], 6)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    path = f"/tournaments/{t['id']}/standings"
    for number in ("0", "3", "5"):
        answer = api.call("GET", path, query={"round": number})
        assert answer.status == 200
        assert answer.body["after_round"] == int(number)
    refused = assert_error(api.call("GET", path, query={"round": "8"}), 400, "round_out_of_range")
    assert refused["details"] == {"last_closed_round": 5, "rounds": 5}
    assert_error(api.call("GET", path, query={"round": "-1"}), 422, "validation_error")
    assert_error(api.call("GET", path, query={"round": "x"}), 422, "validation_error")
    # Before the start nothing is closed: only round 0 is there.
    fresh = create_tournament(api, olga, SWISS)
    assert api.call("GET", f"/tournaments/{fresh['id']}/standings", query={"round": "0"}).status == 200
    assert_error(
        api.call("GET", f"/tournaments/{fresh['id']}/standings", query={"round": "1"}),
        400,
        "round_out_of_range",
    )
    # The other round and page parameters of the tournament routes answer 4xx too.
    assert_error(api.call("GET", f"/tournaments/{t['id']}/rounds/6"), 404, "round_not_found")
    assert_error(api.call("GET", f"/tournaments/{t['id']}/rounds/0"), 422, "validation_error")
    assert_error(
        api.call("GET", f"/tournaments/{t['id']}/audit", query={"cursor": "nonsense"}), 400, "invalid_cursor"
    )
    assert_error(
        api.call("GET", f"/tournaments/{t['id']}/audit", query={"limit": "0"}), 422, "validation_error"
    )
    assert_error(api.call("GET", "/tournaments", query={"cursor": "nonsense"}), 400, "invalid_cursor")


# ---------------------------------------------------------------- exports


def test_every_export_gives_numbers_as_numbers(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 3})
    enter_bots(api, olga, t["id"], 5)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    ndjson = api.call("GET", f"/tournaments/{t['id']}/export", query={"format": "ndjson"}).body
    lines = [json.loads(line) for line in ndjson.splitlines()]
    head = lines[0]
    assert head["type"] == "tournament"
    assert head["rounds"] == 3
    assert head["rounds_played"] == 3
    assert head["entrants"] == 5
    for key in ("rounds", "rounds_played", "entrants"):
        assert type(head[key]) is int, key
    assert isinstance(head["round_dates"], list)
    assert len(head["round_dates"]) == 3
    for key in ("id", "name", "format", "status", "start", "end", "lot_seed"):
        assert isinstance(head[key], str), key
    kinds = {"standing": 0, "game": 0, "bye": 0}
    for line in lines[1:]:
        kinds[line["type"]] += 1
        if line["type"] == "standing":
            for key in ("rank", "played", "wins", "draws", "losses", "byes", "points_scored"):
                assert type(line[key]) is int, key
            assert isinstance(line["points"], int | float)
            assert not isinstance(line["points"], bool)
            assert isinstance(line["rating"], float)
            assert all(isinstance(v, int | float) for v in line["tiebreaks"].values())
        elif line["type"] == "game":
            for key in ("round", "table", "points_first", "points_second"):
                assert type(line[key]) is int, key
            assert isinstance(line["score_first"], float)
            assert isinstance(line["forfeit"], bool)
        else:
            assert type(line["round"]) is int
            assert isinstance(line["score"], float)
    assert kinds == {"standing": 5, "game": 6, "bye": 3}
    # The CSV has no types of its own: every numeric column parses as a number, no blank, no quotes.
    text = api.call("GET", f"/tournaments/{t['id']}/export", query={"format": "csv"}).body
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 5
    for row in rows:
        for key, value in row.items():
            if key not in ("entrant", "name"):
                float(value)  # raises on anything but a number
        for key in ("rank", "played", "wins", "draws", "losses", "points_scored", "points_conceded"):
            int(row[key])  # counts are whole numbers, written without a decimal point
        assert int(row["wins"]) + int(row["draws"]) + int(row["losses"]) == int(row["played"])


def test_the_trf_has_the_round_dates(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 3})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cid", "Dan"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    for number in (1, 2, 3):  # one round a day
        play_round(api, t["id"], number, tokens)
        api.clock.advance(86_400)
        run_pipeline()
    rounds = [api.call("GET", f"/tournaments/{t['id']}/rounds/{n}").body for n in (1, 2, 3)]
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "finished"
    trf = api.call("GET", f"/tournaments/{t['id']}/export", query={"format": "trf"}).body
    record = next(line for line in trf.splitlines() if line.startswith("132"))
    expected = [r["created_at"][2:10].replace("-", "/") for r in rounds]
    assert len(set(expected)) == 3  # three different days
    assert [record[91 + 10 * i : 99 + 10 * i] for i in range(3)] == expected  # YY/MM/DD from column 92


# ---------------------------------------------------------------- leaderboards


def test_the_global_and_the_club_leaderboard_break_ties_alike(api: Api) -> None:
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo", "open": True}, token=olga).body
    players = []
    for name in ("Ada", "Bea", "Cid", "Dan"):
        pid, token = api.register(name)
        api.call("POST", f"/clubs/{club['id']}/members", {"player_id": pid}, token=token)
        players.append(pid)
    # Three players tied on 1600.004 / 1600.0 (the same in hundredths), one below.
    _set_elo({players[0]: 1600.0, players[1]: 1600.004, players[2]: 1600.0, players[3]: 1500.0})
    everyone = [r["player_id"] for r in api.call("GET", "/rankings/scopa").body["rows"]]
    members = [
        r["player_id"] for r in api.call("GET", "/rankings/scopa", query={"club": club["id"]}).body["rows"]
    ]
    assert everyone == members
    assert members[:3] == sorted(players[:3], reverse=True)  # ties: the player id, in reverse order
    assert members[3] == players[3]


# ---------------------------------------------------------------- byes and seeding


def test_a_round_robin_bye_scores_nothing_unless_chosen() -> None:
    assert TournamentSettings(format="round_robin").bye_points == 0.0
    assert TournamentSettings(format="double_round_robin").bye_points == 0.0
    assert TournamentSettings(format="swiss", rounds=3).bye_points == 1.0
    assert TournamentSettings(format="knockout").bye_points == 1.0
    assert TournamentSettings(format="round_robin", bye_points=0.5).bye_points == 0.5
    assert TournamentSettings(format="round_robin", bye_points=1).bye_points == 1.0
    stored = TournamentSettings(format="round_robin").model_dump(mode="json")
    assert TournamentSettings.model_validate(stored).bye_points == 0.0


def test_a_round_robin_of_three_gives_its_byes_no_point(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "round_robin", "target": 1})
    assert t["settings"]["bye_points"] == 0.0
    enter_bots(api, olga, t["id"], 3)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    rows = api.call("GET", f"/tournaments/{t['id']}/crosstable").body["rows"]
    byes = [c for r in rows for c in r["cells"] if c["result"] == "B"]
    assert len(byes) == 3
    assert all(c["points"] == 0 for c in byes)
    assert sum(r["points"] for r in rows) == 3  # one point a table, none for the byes


def test_the_seeding_rating_is_read_at_the_start(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "rounds": 1})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea"))
    ada, bea = list(tokens)
    cid, _ = api.register("Cid")
    fixed = api.call(
        "POST", f"/tournaments/{t['id']}/entries", {"players": [cid], "rating": 1234}, token=olga
    )
    assert fixed.status == 201, fixed.body
    entries = {
        e["id"]: e["rating"] for e in api.call("GET", f"/tournaments/{t['id']}/entries").body["entries"]
    }
    assert entries == {ada: 1500.0, bea: 1500.0, cid: 1234.0}
    # Ratings move between the entry and the start ...
    _set_elo({ada: 1710.5, cid: 1900.0})
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    # ... and the start reads them again; the organizer's hand-set rating stays.
    entries = {
        e["id"]: e["rating"] for e in api.call("GET", f"/tournaments/{t['id']}/entries").body["entries"]
    }
    assert entries == {ada: 1710.5, bea: 1500.0, cid: 1234.0}
    export = api.call("GET", f"/tournaments/{t['id']}/export", query={"format": "ndjson"}).body
    seeded = {
        x["entrant"]: x["rating"] for x in map(json.loads, export.splitlines()) if x["type"] == "standing"
    }
    assert seeded[ada] == 1710.5

"""Club seasons over the API: the organizers' actions, each refusal with its code and message, the exports
parsed back, and the season standings against an independent recount from the tournaments' standings."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from typing import Any

import pytest

from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import (
    create_tournament,
    enter_bots,
    enter_humans,
    organizer,
    run_until_finished,
)

SWISS = {"format": "swiss", "rounds": 2, "target": 1}
SCALE = [10, 7, 5, 3, 2, 1]
RULES = {"points": SCALE, "best_of": 2, "participation": 1}
DATES = {"starts_on": "2027-01-01", "ends_on": "2027-03-31"}  # the test clock starts on 2027-01-15


def club_with_season(api: Api, rules: dict[str, Any] | None = None) -> tuple[str, str, dict[str, Any]]:
    """An organizer's token, their club's id and a season of it."""
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo"}, token=olga).body
    body = {"name": "Inverno", **DATES, "rules": rules if rules is not None else RULES}
    answer = api.call("POST", f"/clubs/{club['id']}/seasons", body, token=olga)
    assert answer.status == 201, answer.body
    return olga, club["id"], answer.body


def club_tournament(
    api: Api, token: str, club_id: str, bots: int, kinds: tuple[str, ...], **settings: Any
) -> str:
    t = create_tournament(api, token, {**SWISS, **settings}, club_id=club_id)
    enter_bots(api, token, t["id"], bots, kinds=kinds)
    return str(t["id"])


def finished_tournament(
    api: Api, token: str, club_id: str, bots: int, kinds: tuple[str, ...], **settings: Any
) -> str:
    tid = club_tournament(api, token, club_id, bots, kinds, **settings)
    assert api.call("POST", f"/tournaments/{tid}/start", token=token).status == 200
    run_until_finished(api, tid)
    return tid


def attach(api: Api, token: str, club_id: str, season_id: str, tid: str) -> Any:
    return api.call("PUT", f"/clubs/{club_id}/seasons/{season_id}/tournaments/{tid}", token=token)


def recount(api: Api, tournaments: list[str]) -> dict[str, tuple[float, int, int, int]]:
    """The season computed here its own simple way from each finished tournament's public standings:
    rows equal on points and every tie-break but the lot share their places and the average of their
    points; each player's two best events count, plus one point a finish. Per player: (points, wins
    among counted, best counted place, events played)."""
    finishes: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for tid in tournaments:
        if api.call("GET", f"/tournaments/{tid}").body["status"] != "finished":
            continue
        rows = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
        key = [(r["points"], sorted((k, v) for k, v in r["tiebreaks"].items() if k != "lot")) for r in rows]
        for i, row in enumerate(rows):
            first = min(j for j in range(len(rows)) if key[j] == key[i])
            size = sum(1 for k in key if k == key[i])
            points = sum(SCALE[p] if p < len(SCALE) else 0 for p in range(first, first + size)) / size
            finishes[row["entrant"]].append((points + 1, first + 1))
    out = {}
    for player, scores in finishes.items():
        best = sorted(scores, key=lambda s: (-s[0], s[1]))[:2]
        out[player] = (
            round(sum(p for p, _ in best), 6),
            sum(1 for _, place in best if place == 1),
            min(place for _, place in best),
            len(scores),
        )
    return out


def test_season_standings_equal_an_independent_recount(either_api: Api) -> None:
    api = either_api  # on SQLite and on DynamoDB (moto)
    olga, club, season = club_with_season(api)
    sid = season["id"]
    played = [
        finished_tournament(api, olga, club, 5, ("greedy",)),
        finished_tournament(api, olga, club, 6, ("greedy", "random")),
        finished_tournament(api, olga, club, 4, ("random",)),
        # only the lot after the points: entrants level on points share their places
        finished_tournament(api, olga, club, 6, ("random", "greedy"), tiebreaks=["lot"]),
    ]
    pending = club_tournament(api, olga, club, 3, ("greedy",))
    for tid in [*played, pending]:
        answer = attach(api, olga, club, sid, tid)
        assert answer.status == 200, answer.body
    table = api.call("GET", f"/clubs/{club}/seasons/{sid}/standings")
    assert table.status == 200, table.body
    body = table.body
    assert [e["status"] for e in body["events"]] == ["finished"] * 4 + ["pending"]
    assert body["tiebreaks"] == ["wins", "best", "played", "head_to_head", "lot"]
    expected = recount(api, [*played, pending])
    rows = body["rows"]
    assert {r["player"]: (r["points"], r["wins"], r["best"], r["played"]) for r in rows} == expected
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
    keys = [(-r["points"], -r["wins"], r["best"], -r["played"]) for r in rows]
    assert keys == sorted(keys)  # the chain's first four keys, in the order the API ranks
    assert all(s["tournament"] != pending for r in rows for s in r["events"])
    assert any(s["shared"] > 1 for r in rows for s in r["events"])  # the recount covers shared places
    # the exports hold the same table
    text = api.call("GET", f"/clubs/{club}/seasons/{sid}/export", query={"format": "csv"})
    assert text.status == 200
    assert text.headers["Content-Type"].startswith("text/csv")
    parsed = list(csv.DictReader(io.StringIO(text.body)))
    assert [(r["player"], float(r["points"])) for r in parsed] == [(r["player"], r["points"]) for r in rows]
    assert list(parsed[0])[-5:] == [*played, pending]
    lines = [
        json.loads(x)
        for x in api.call(
            "GET", f"/clubs/{club}/seasons/{sid}/export", query={"format": "ndjson"}
        ).body.splitlines()
    ]
    assert lines[0]["type"] == "season"
    assert lines[0]["rules"]["best_of"] == 2
    assert [x["player"] for x in lines[1:]] == [r["player"] for r in rows]
    assert [x["points"] for x in lines[1:]] == [r["points"] for r in rows]


def test_rules_edited_rescore_and_detached_events_stop_counting(api: Api) -> None:
    olga, club, season = club_with_season(api)
    sid = season["id"]
    tid = finished_tournament(api, olga, club, 4, ("greedy",))
    assert attach(api, olga, club, sid, tid).status == 200
    again = attach(api, olga, club, sid, tid)  # attaching again changes nothing
    assert again.body["tournaments"] == [tid]
    assert again.body["version"] == 2
    edit = {"rules": {"scale": "field"}, "version": 2}
    answer = api.call("PATCH", f"/clubs/{club}/seasons/{sid}", edit, token=olga)
    assert answer.status == 200, answer.body
    rows = api.call("GET", f"/clubs/{club}/seasons/{sid}/standings").body["rows"]
    assert sorted(r["points"] for r in rows) == pytest.approx(sorted(rows_points_by_field(api, tid)))
    answer = api.call("DELETE", f"/clubs/{club}/seasons/{sid}/tournaments/{tid}", token=olga)
    assert answer.status == 200, answer.body
    assert api.call("GET", f"/clubs/{club}/seasons/{sid}/standings").body["rows"] == []
    listed = api.call("GET", f"/clubs/{club}/seasons").body["seasons"]
    assert [(s["id"], s["tournaments"]) for s in listed] == [(sid, [])]


def rows_points_by_field(api: Api, tid: str) -> list[float]:
    """Field-size points (n - place + 1), places shared by rows equal on all but the lot averaged."""
    rows = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    n = len(rows)
    key = [(r["points"], sorted((k, v) for k, v in r["tiebreaks"].items() if k != "lot")) for r in rows]
    out = []
    for i in range(n):
        places = [j + 1 for j in range(n) if key[j] == key[i]]
        out.append(sum(n - p + 1 for p in places) / len(places))
    return out


def test_a_keyed_creation_is_made_once(api: Api) -> None:
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo"}, token=olga).body["id"]
    body = {"name": "Estate", **DATES}
    first = api.call("POST", f"/clubs/{club}/seasons", body, token=olga, headers={"Idempotency-Key": "k-1"})
    second = api.call("POST", f"/clubs/{club}/seasons", body, token=olga, headers={"Idempotency-Key": "k-1"})
    assert first.status == second.status == 201
    assert first.body == second.body
    assert len(api.call("GET", f"/clubs/{club}/seasons").body["seasons"]) == 1
    assert first.body["rules"]["points"] == [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
    other = api.call(
        "POST",
        f"/clubs/{club}/seasons",
        {**body, "name": "B"},
        token=olga,
        headers={"Idempotency-Key": "k-1"},
    )
    assert_error(other, 422, "idempotency_key_reused")


def test_who_may_run_a_season(api: Api) -> None:
    olga, club, season = club_with_season(api)
    sid = season["id"]
    _, pia = api.register("Pia")
    body = {"name": "Mia", **DATES}
    refused = assert_error(
        api.call("POST", f"/clubs/{club}/seasons", body, token=pia), 403, "not_club_organizer"
    )
    assert "organizers" in refused["message"]
    assert_error(api.call("POST", f"/clubs/{club}/seasons", body), 401, "unauthorized")
    assert_error(
        api.call("PATCH", f"/clubs/{club}/seasons/{sid}", {"name": "X"}, token=pia), 403, "not_club_organizer"
    )
    tid = club_tournament(api, olga, club, 2, ("greedy",))
    assert_error(attach(api, pia, club, sid, tid), 403, "not_club_organizer")
    assert_error(
        api.call("DELETE", f"/clubs/{club}/seasons/{sid}/tournaments/{tid}", token=pia),
        403,
        "not_club_organizer",
    )
    # everyone reads
    assert api.call("GET", f"/clubs/{club}/seasons/{sid}").status == 200


def test_each_refusal_has_its_code_and_message(either_api: Api) -> None:
    api = either_api  # on SQLite and on DynamoDB (moto)
    olga, club, season = club_with_season(api, {"events": 1})
    sid = season["id"]
    base = f"/clubs/{club}/seasons"

    def refused(answer: Any, status: int, code: str, words: str) -> None:
        body = assert_error(answer, status, code)
        assert words in body["message"], body["message"]

    refused(api.call("GET", "/clubs/c_none/seasons"), 404, "club_not_found", "no club")
    refused(api.call("GET", f"{base}/s_none"), 404, "season_not_found", "no season")
    refused(api.call("GET", f"{base}/s_none/standings"), 404, "season_not_found", "no season")
    backwards = {"name": "X", "starts_on": "2027-03-01", "ends_on": "2027-02-01"}
    refused(api.call("POST", base, backwards, token=olga), 400, "invalid_season_dates", "ends on or after")
    no_day = {"name": "X", "starts_on": "2027-02-30", "ends_on": "2027-03-01"}
    refused(api.call("POST", base, no_day, token=olga), 400, "invalid_season_dates", "YYYY-MM-DD")
    rising = {"name": "X", **DATES, "rules": {"points": [10, 12]}}
    refused(api.call("POST", base, rising, token=olga), 400, "invalid_season_rules", "points:")
    too_many = {"name": "X", **DATES, "rules": {"best_of": 3, "events": 2}}
    refused(api.call("POST", base, too_many, token=olga), 400, "invalid_season_rules", "best_of:")
    rising_edit = {"rules": {"points": [1, 2]}}
    refused(
        api.call("PATCH", f"{base}/{sid}", rising_edit, token=olga), 400, "invalid_season_rules", "points:"
    )
    unknown = {"name": "X", **DATES, "rules": {"scale": "elo"}}
    refused(api.call("POST", base, unknown, token=olga), 422, "validation_error", "scale")
    refused(attach(api, olga, club, sid, "t_none"), 404, "tournament_not_found", "no tournament")
    other_club = api.call("POST", "/clubs", {"name": "Altro"}, token=olga).body["id"]
    foreign = club_tournament(api, olga, other_club, 2, ("greedy",))
    refused(attach(api, olga, club, sid, foreign), 400, "tournament_of_another_club", "club's own")
    cancelled = club_tournament(api, olga, club, 2, ("greedy",))
    assert api.call("POST", f"/tournaments/{cancelled}/cancel", token=olga).status == 200
    refused(attach(api, olga, club, sid, cancelled), 400, "tournament_cancelled", "cancelled")
    first = club_tournament(api, olga, club, 2, ("greedy",))
    assert attach(api, olga, club, sid, first).status == 200
    second = club_tournament(api, olga, club, 2, ("greedy",))
    refused(attach(api, olga, club, sid, second), 409, "season_full", "1 events")
    refused(
        api.call("DELETE", f"{base}/{sid}/tournaments/{second}", token=olga),
        404,
        "tournament_not_in_season",
        "not in this season",
    )
    stale = api.call("PATCH", f"{base}/{sid}", {"name": "Y", "version": 1}, token=olga)
    refused(stale, 409, "season_changed", "someone else changed")
    assert stale.body["details"] == {"version": 2}
    shrink = api.call("PATCH", f"{base}/{sid}", {"rules": {"events": 1}, "version": 2}, token=olga)
    assert shrink.status == 200, shrink.body
    # a season of last year refuses a tournament started this year
    past = {"name": "2026", "starts_on": "2026-01-01", "ends_on": "2026-12-31"}
    old = api.call("POST", base, past, token=olga).body["id"]
    started = finished_tournament(api, olga, club, 2, ("greedy",))
    refused(attach(api, olga, club, old, started), 400, "tournament_outside_season", "outside the season")
    refused(api.call("GET", f"{base}/{sid}/export", query={"format": "xls"}), 422, "validation_error", "csv")
    # nothing half-written: the season holds the one tournament it took
    assert api.call("GET", f"{base}/{sid}").body["tournaments"] == [first]


def test_each_player_of_a_pair_gets_the_pairs_place(api: Api) -> None:
    olga, club, season = club_with_season(api, {"points": [10, 6, 3], "participation": 1})
    t = create_tournament(api, olga, {**SWISS, "rounds": 1, "preset": "scopone"}, club_id=club)
    pairs = [[f"bot-greedy-{2 * i + 1}", f"bot-random-{2 * i + 2}"] for i in range(3)]
    for pair in pairs:
        answer = api.call("POST", f"/tournaments/{t['id']}/entries", {"players": pair}, token=olga)
        assert answer.status == 201, answer.body
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    run_until_finished(api, t["id"])
    assert attach(api, olga, club, season["id"], t["id"]).status == 200
    final = api.call("GET", f"/tournaments/{t['id']}/standings").body["standings"]
    entries = {
        e["id"]: e["players"] for e in api.call("GET", f"/tournaments/{t['id']}/entries").body["entries"]
    }
    rows = api.call("GET", f"/clubs/{club}/seasons/{season['id']}/standings").body["rows"]
    places = {r["player"]: r["events"][0]["place"] for r in rows}
    assert len(rows) == 6
    for row in final:
        for player in entries[row["entrant"]]:
            assert places[player] <= row["rank"]  # the pair's place (shared when tied on all but the lot)
        assert len({places[p] for p in entries[row["entrant"]]}) == 1
    names = {r["player"]: r["name"] for r in rows}
    entry_names = {e["name"] for e in api.call("GET", f"/tournaments/{t['id']}/entries").body["entries"]}
    assert not set(names.values()) & entry_names  # each player's own name, not the pair's
    assert len(set(names.values())) == 6


def test_an_excluded_entrant_scores_nothing_and_the_places_close_up(api: Api) -> None:
    olga, club, season = club_with_season(api, {"points": [10, 6, 3, 1]})
    tid = club_tournament(api, olga, club, 4, ("greedy",))
    pia = next(iter(enter_humans(api, tid, ("Pia",))))  # her game holds the first round open
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    excluded = api.call(
        "POST", f"/tournaments/{tid}/entries/{pia}/exclude", {"reason": "left the venue"}, token=olga
    )
    assert excluded.status == 200, excluded.body
    run_until_finished(api, tid)
    ranked = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert pia in {r["entrant"] for r in ranked}  # the tournament keeps her in its standings
    assert attach(api, olga, club, season["id"], tid).status == 200
    table = api.call("GET", f"/clubs/{club}/seasons/{season['id']}/standings").body
    rows = table["rows"]
    assert pia not in {r["player"] for r in rows}
    assert sorted(r["player"] for r in rows) == [f"bot-greedy-{i}" for i in range(1, 5)]
    places = sorted(r["events"][0]["place"] for r in rows)
    assert places[0] == 1
    assert max(places) <= 4  # the places close up behind the excluded entrant
    assert table["events"][0]["field"] == 4

"""Player-requested byes in a Swiss, through the API: asking, taking back, the refusals, and a
tournament whose pairing leaves the askers out and scores them (standings, crosstable, TRF)."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import (
    create_tournament,
    enter_bots,
    enter_humans,
    organizer,
    run_until_finished,
)

SWISS = {"format": "swiss", "rounds": 3, "target": 1}


def _setup(api: Api, settings: dict[str, Any] | None = None) -> tuple[str, str, dict[str, str]]:
    _, olga = organizer(api)
    t = create_tournament(api, olga, settings or SWISS)
    humans = enter_humans(api, t["id"], ("Ada", "Bea"))
    return t["id"], olga, humans


def test_a_player_asks_for_a_bye_and_takes_it_back(api: Api) -> None:
    tid, _, humans = _setup(api)
    ada, token = next(iter(humans.items()))
    asked = api.call("POST", f"/tournaments/{tid}/byes", {"round": 2}, token=token)
    assert asked.status == 201, asked.body
    assert asked.body["id"] == ada
    assert asked.body["requested_byes"] == [2]
    again = api.call("POST", f"/tournaments/{tid}/byes", {"round": 2}, token=token)
    assert again.status == 201
    assert again.body["requested_byes"] == [2]
    entries = api.call("GET", f"/tournaments/{tid}/entries").body["entries"]
    assert {e["id"]: e["requested_byes"] for e in entries}[ada] == [2]
    back = api.call("DELETE", f"/tournaments/{tid}/byes/2", token=token)
    assert back.status == 200, back.body
    assert back.body["requested_byes"] == []
    assert_error(api.call("DELETE", f"/tournaments/{tid}/byes/2", token=token), 404, "bye_not_found")
    audit = api.call("GET", f"/tournaments/{tid}/audit").body
    actions = [a["action"] for a in audit["audit"]]
    assert "bye_requested" in actions
    assert "bye_cancelled" in actions


def test_bye_requests_are_refused_with_clear_codes(api: Api) -> None:
    tid, olga, humans = _setup(api, {**SWISS, "max_requested_byes": 1})
    (ada, ada_token), (bea, bea_token) = humans.items()
    # Not an entrant, or someone else's entry.
    _, outsider = api.register("Out")
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 1}, token=outsider), 404, "entrant_not_found"
    )
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 1, "entrant": ada}, token=bea_token),
        403,
        "not_your_entry",
    )
    assert_error(api.call("POST", f"/tournaments/{tid}/byes", {"round": 1}), 401, "unauthorized")
    # A round the tournament does not have; a malformed round.
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 4}, token=ada_token), 400, "round_out_of_range"
    )
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 0}, token=ada_token), 422, "validation_error"
    )
    # Over the limit.
    assert api.call("POST", f"/tournaments/{tid}/byes", {"round": 3}, token=ada_token).status == 201
    body = assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 2}, token=ada_token), 409, "too_many_byes"
    )
    assert body["details"] == {"requested": [3], "max": 1}
    # An organizer asks for anyone.
    by_olga = api.call("POST", f"/tournaments/{tid}/byes", {"round": 2, "entrant": bea}, token=olga)
    assert by_olga.status == 201
    assert by_olga.body["requested_byes"] == [2]
    # A round already paired.
    enter_bots(api, olga, tid, 2)
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    assert api.call("GET", f"/tournaments/{tid}").body["current_round"] >= 1
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 1}, token=ada_token),
        409,
        "round_already_paired",
    )


def test_requested_byes_are_only_for_a_swiss(api: Api) -> None:
    tid, _, humans = _setup(api, {"format": "round_robin", "target": 1})
    token = next(iter(humans.values()))
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 1}, token=token), 400, "byes_not_offered"
    )


def test_settings_take_zero_or_half_a_point(api: Api) -> None:
    _, olga = organizer(api)
    bad = api.call(
        "POST", "/tournaments", {"name": "T", "settings": {**SWISS, "requested_bye_points": 1}}, token=olga
    )
    assert bad.status == 422, bad.body
    zero = create_tournament(api, olga, {**SWISS, "requested_bye_points": 0})
    assert zero["settings"]["requested_bye_points"] == 0
    assert create_tournament(api, olga, SWISS)["settings"]["requested_bye_points"] == 0.5


def test_a_swiss_leaves_the_askers_out_and_scores_them(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "max_requested_byes": 2})
    tid = t["id"]
    ids = enter_bots(api, olga, tid, 6)
    asker, other = ids[0], ids[3]
    for number in (2, 3):
        answer = api.call("POST", f"/tournaments/{tid}/byes", {"round": number, "entrant": asker}, token=olga)
        assert answer.status == 201, answer.body
    assert (
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 3, "entrant": other}, token=olga).status == 201
    )
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    final = run_until_finished(api, tid)
    assert final["status"] == "finished"
    rounds = [api.call("GET", f"/tournaments/{tid}/rounds/{n}").body for n in (1, 2, 3)]
    seated = [{x for tb in r["tables"] for x in (tb["first"]["id"], tb["second"]["id"])} for r in rounds]
    assert asker in seated[0]
    assert asker not in seated[1]
    assert asker not in seated[2]
    assert other not in seated[2]
    assert [[b["id"] for b in r["requested_byes"]] for r in rounds] == [[], [asker], sorted([asker, other])]
    # Round 2: five entrants left, so one pairing bye as well; round 3: four, none.
    assert [len(r["byes"]) for r in rounds] == [0, 1, 0]
    assert rounds[1]["byes"][0]["id"] != asker
    rows = {r["entrant"]: r for r in api.call("GET", f"/tournaments/{tid}/standings").body["standings"]}
    assert rows[asker]["requested_byes"] == 2
    assert rows[asker]["byes"] == 0
    won_round_1 = next(
        tb["result"] for tb in rounds[0]["tables"] if asker in (tb["first"]["id"], tb["second"]["id"])
    )
    first = next(tb for tb in rounds[0]["tables"] if asker in (tb["first"]["id"], tb["second"]["id"]))
    own = won_round_1[0] if first["first"]["id"] == asker else won_round_1[1]
    assert rows[asker]["points"] == own + 2 * 0.5
    cross = api.call("GET", f"/tournaments/{tid}/crosstable").body
    row = next(r for r in cross["rows"] if r["entrant"] == asker)
    assert [c["result"] for c in row["cells"]][1:] == ["R", "R"]
    trf = api.call("GET", f"/tournaments/{tid}/export", query={"format": "trf"}).body
    line = next(x for x in trf.splitlines() if x.startswith("001    1 "))  # the top seed: the asker
    assert line[101:111] == "0000 - H  "
    assert line[111:121] == "0000 - H  "

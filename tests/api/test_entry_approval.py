"""Entries that wait for an organizer's approval, and the check-in before the start, through the API.

Only approved entries are paired; entrants who did not check in are withdrawn (removed) at the start, in
one audit entry, so no format pairs, scores or rates them. Every refusal answers its listed code.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, organizer, run_pipeline

SWISS = {"format": "swiss", "rounds": 3, "target": 1}


def _ids(api: Api, tournament_id: str) -> dict[str, str]:
    """{entrant id: status} as the entries list gives it."""
    return {
        e["id"]: e["status"] for e in api.call("GET", f"/tournaments/{tournament_id}/entries").body["entries"]
    }


def _audit(api: Api, tournament_id: str) -> list[dict[str, Any]]:
    return list(api.call("GET", f"/tournaments/{tournament_id}/audit").body["audit"])


def _paired(api: Api, tournament_id: str, number: int) -> set[str]:
    rnd = api.call("GET", f"/tournaments/{tournament_id}/rounds/{number}").body
    seated = {x for table in rnd["tables"] for x in (table["first"]["id"], table["second"]["id"])}
    return seated | {b["id"] for b in rnd["byes"]}


def approvals_scenario(api: Api) -> None:
    """Players' entries wait; organizers approve or refuse them; the unapproved are withdrawn at the start."""
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "approve_entries": True})
    base = f"/tournaments/{t['id']}"
    (ada, ada_t), (bea, bea_t), (cid, cid_t), (eve, eve_t) = [
        api.register(name) for name in ("Ada", "Bea", "Cid", "Eve")
    ]
    dan, _ = api.register("Dan")
    for token in (ada_t, bea_t, cid_t, eve_t):
        answer = api.call("POST", f"{base}/entries", {}, token=token)
        assert answer.status == 201, answer.body
        assert answer.body["status"] == "requested"
    by_organizer = api.call("POST", f"{base}/entries", {"players": [dan]}, token=olga)
    assert by_organizer.body["status"] == "active"  # an organizer's entry needs no approval
    assert_error(api.call("POST", f"{base}/start", token=olga), 409, "too_few_entrants")

    assert_error(
        api.call("POST", f"{base}/entries/{ada}/approve", token=bea_t), 403, "not_tournament_organizer"
    )
    assert_error(api.call("POST", f"{base}/entries/{ada}/approve"), 401, "unauthorized")
    assert_error(
        api.call("POST", f"{base}/entries/{ada}/refuse", token=ada_t), 403, "not_tournament_organizer"
    )
    assert_error(api.call("POST", f"{base}/entries/nobody/approve", token=olga), 404, "entrant_not_found")
    assert_error(
        api.call("POST", "/tournaments/t_none/entries/x/approve", token=olga), 404, "tournament_not_found"
    )
    for player in (ada, bea):
        approved = api.call("POST", f"{base}/entries/{player}/approve", token=olga)
        assert approved.status == 200, approved.body
        assert approved.body["status"] == "active"
    assert_error(api.call("POST", f"{base}/entries/{ada}/approve", token=olga), 409, "not_requested")
    assert_error(api.call("POST", f"{base}/entries/{dan}/refuse", token=olga), 409, "not_requested")
    refused = api.call("POST", f"{base}/entries/{cid}/refuse", token=olga)
    assert refused.status == 200
    assert refused.body["status"] == "withdrawn"
    assert_error(api.call("POST", f"{base}/entries/{cid}/refuse", token=olga), 404, "entrant_not_found")
    assert _ids(api, t["id"]) == {ada: "active", bea: "active", dan: "active", eve: "requested"}
    # The standings list no entry that still waits.
    rows = api.call("GET", f"{base}/standings").body["standings"]
    assert {r["entrant"] for r in rows} == {ada, bea, dan}

    started = api.call("POST", f"{base}/start", token=olga)
    assert started.status == 200, started.body
    assert _paired(api, t["id"], 1) == {ada, bea, dan}
    assert _ids(api, t["id"]) == {ada: "active", bea: "active", dan: "active"}
    assert api.call("GET", base).body["entries"] == 3
    assert_error(api.call("POST", f"{base}/entries/{eve}/approve", token=olga), 404, "entrant_not_found")
    actions = {(a["action"], str(a["details"].get("entrant", ""))) for a in _audit(api, t["id"])}
    assert {("entry_approved", ada), ("entry_approved", bea), ("entry_refused", cid)} <= actions
    dropped = next(a for a in _audit(api, t["id"]) if a["action"] == "withdrawn_at_start")
    assert dropped["details"] == {"not_approved": [eve], "not_checked_in": []}


def test_entries_wait_for_approval_and_only_approved_ones_play(api: Api) -> None:
    approvals_scenario(api)


def test_approvals_on_dynamodb(moto_api: Api) -> None:
    approvals_scenario(moto_api)


def test_a_late_entry_waits_for_approval_while_late_entries_are_taken(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "approve_entries": True, "late_entry_rounds": 2})
    base = f"/tournaments/{t['id']}"
    for name in ("Ada", "Bea"):
        player, _ = api.register(name)
        api.call("POST", f"{base}/entries", {"players": [player]}, token=olga)
    api.call("POST", f"{base}/start", token=olga)
    late, late_t = api.register("Lia")
    assert api.call("POST", f"{base}/entries", {}, token=late_t).body["status"] == "requested"
    approved = api.call("POST", f"{base}/entries/{late}/approve", token=olga)
    assert approved.status == 200
    assert approved.body["joined_round"] == 2
    # Once the late entries have closed, a waiting entry can no longer be approved.
    t2 = create_tournament(api, olga, {**SWISS, "approve_entries": True, "late_entry_rounds": 2})
    base2 = f"/tournaments/{t2['id']}"
    for name in ("Max", "Ned"):
        player, _ = api.register(name)
        api.call("POST", f"{base2}/entries", {"players": [player]}, token=olga)
    api.call("POST", f"{base2}/start", token=olga)
    api.call("POST", f"{base2}/entries", {}, token=late_t)
    api.call("POST", f"{base2}/cancel", token=olga)
    assert_error(api.call("POST", f"{base2}/entries/{late}/approve", token=olga), 409, "tournament_over")
    assert_error(api.call("POST", f"{base2}/entries/{late}/refuse", token=olga), 409, "tournament_over")


def check_in_scenario(api: Api) -> None:
    """The window opens check_in_minutes before starts_at; the schedule's start withdraws the no-shows."""
    _, olga = organizer(api)
    opens_in = 3600 - 30 * 60
    starts = datetime.fromtimestamp(api.clock.now() + 3600, UTC).isoformat()
    t = create_tournament(api, olga, {**SWISS, "starts_at": starts, "check_in_minutes": 30})
    base = f"/tournaments/{t['id']}"
    (ada, ada_t), (bea, bea_t), (cid, cid_t) = [api.register(n) for n in ("Ada", "Bea", "Cid")]
    for token in (ada_t, bea_t, cid_t):
        assert api.call("POST", f"{base}/entries", {}, token=token).status == 201
    early = assert_error(api.call("POST", f"{base}/check-in", token=ada_t), 409, "check_in_not_open")
    assert datetime.fromisoformat(early["details"]["opens_at"]).timestamp() == api.clock.now() + opens_in
    assert_error(api.call("POST", f"{base}/check-in"), 401, "unauthorized")
    _, outsider_t = api.register("Out")
    api.clock.advance(opens_in)
    assert_error(api.call("POST", f"{base}/check-in", token=outsider_t), 404, "entrant_not_found")
    assert_error(api.call("POST", "/tournaments/t_none/check-in", token=ada_t), 404, "tournament_not_found")
    first = api.call("POST", f"{base}/check-in", token=ada_t)
    assert first.status == 200, first.body
    assert first.body["checked_in_at"] is not None
    api.clock.advance(5)
    again = api.call("POST", f"{base}/check-in", token=ada_t)
    assert again.status == 200
    assert again.body["checked_in_at"] == first.body["checked_in_at"]
    assert api.call("POST", f"{base}/check-in", token=bea_t).status == 200
    listed = {e["id"]: e["checked_in_at"] for e in api.call("GET", f"{base}/entries").body["entries"]}
    assert listed[ada]
    assert listed[bea]
    assert listed[cid] is None

    api.clock.advance(30 * 60)
    assert run_pipeline()["started"] == [t["id"]]
    assert _ids(api, t["id"]) == {ada: "active", bea: "active"}
    assert _paired(api, t["id"], 1) == {ada, bea}
    dropped = next(a for a in _audit(api, t["id"]) if a["action"] == "withdrawn_at_start")
    assert dropped["actor"] == "schedule"
    assert dropped["details"] == {"not_approved": [], "not_checked_in": [cid]}
    assert_error(api.call("POST", f"{base}/check-in", token=cid_t), 404, "entrant_not_found")


def test_check_in_before_the_start_and_no_shows_are_withdrawn(api: Api) -> None:
    check_in_scenario(api)


def test_check_in_on_dynamodb(moto_api: Api) -> None:
    check_in_scenario(moto_api)


def test_check_in_refusals(api: Api) -> None:
    _, olga = organizer(api)
    no_start = api.call(
        "POST", "/tournaments", {"name": "T", "settings": {**SWISS, "check_in_minutes": 30}}, token=olga
    )
    assert_error(no_start, 422, "validation_error")
    assert "starts_at" in no_start.body["message"]
    plain = create_tournament(api, olga, SWISS)
    _, ada_t = api.register("Ada")
    api.call("POST", f"/tournaments/{plain['id']}/entries", {}, token=ada_t)
    assert_error(api.call("POST", f"/tournaments/{plain['id']}/check-in", token=ada_t), 409, "no_check_in")
    starts = datetime.fromtimestamp(api.clock.now() + 600, UTC).isoformat()
    t = create_tournament(api, olga, {**SWISS, "starts_at": starts, "check_in_minutes": 60})
    api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=ada_t)
    api.call("POST", f"/tournaments/{t['id']}/cancel", token=olga)
    assert_error(api.call("POST", f"/tournaments/{t['id']}/check-in", token=ada_t), 409, "check_in_closed")


def test_too_few_ready_entrants_cancel_a_scheduled_start(api: Api) -> None:
    _, olga = organizer(api)
    starts = datetime.fromtimestamp(api.clock.now() + 600, UTC).isoformat()
    t = create_tournament(api, olga, {**SWISS, "starts_at": starts, "check_in_minutes": 60})
    for name in ("Ada", "Bea"):
        _, token = api.register(name)
        api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token)
    _, ada_t = api.register("Cid")
    api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=ada_t)
    api.call("POST", f"/tournaments/{t['id']}/check-in", token=ada_t)
    assert_error(api.call("POST", f"/tournaments/{t['id']}/start", token=olga), 409, "too_few_entrants")
    api.clock.advance(601)
    assert run_pipeline()["started"] == []
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "cancelled"


def test_a_late_applicant_refused_after_the_start_is_listed_nowhere(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "approve_entries": True, "late_entry_rounds": 2})
    base = f"/tournaments/{t['id']}"
    players = []
    for name in ("Ada", "Bea"):
        player, _ = api.register(name)
        players.append(player)
        api.call("POST", f"{base}/entries", {"players": [player]}, token=olga)
    api.call("POST", f"{base}/start", token=olga)
    late, late_t = api.register("Lia")
    api.call("POST", f"{base}/entries", {}, token=late_t)
    refused = api.call("POST", f"{base}/entries/{late}/refuse", token=olga)
    assert refused.status == 200, refused.body
    assert refused.body["status"] == "refused"
    assert {r["entrant"] for r in api.call("GET", f"{base}/standings").body["standings"]} == set(players)
    crosstable = api.call("GET", f"{base}/crosstable").body
    assert late not in str(crosstable)
    exported = api.call("GET", f"{base}/export?format=ndjson").body
    assert late not in str(exported)


def test_an_arena_entry_waiting_for_approval_is_approved_while_the_window_is_open(api: Api) -> None:
    _, olga = organizer(api)
    arena = {"format": "arena", "arena_minutes": 10, "target": 1, "approve_entries": True}
    t = create_tournament(api, olga, arena)
    base = f"/tournaments/{t['id']}"
    for name in ("Ada", "Bea"):
        player, _ = api.register(name)
        api.call("POST", f"{base}/entries", {"players": [player]}, token=olga)
    assert api.call("POST", f"{base}/start", token=olga).status == 200
    late, late_t = api.register("Lia")
    assert api.call("POST", f"{base}/entries", {}, token=late_t).body["status"] == "requested"
    leaderboard = api.call("GET", f"{base}/arena").body
    assert late not in str(leaderboard)  # waiting: not on the leaderboard
    approved = api.call("POST", f"{base}/entries/{late}/approve", token=olga)
    assert approved.status == 200, approved.body
    assert approved.body["status"] == "active"

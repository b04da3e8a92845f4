"""Clubs: who founds them, who joins, who manages members."""

from __future__ import annotations

from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error
from tests.api.tournament_support import organizer


def test_an_organizer_founds_a_club_and_becomes_its_organizer(api: Api) -> None:
    olga, token = organizer(api)
    answer = api.call("POST", "/clubs", {"name": "Circolo Scopa Napoli", "open": True}, token=token)
    assert answer.status == 201, answer.body
    club = answer.body
    members = api.call("GET", f"/clubs/{club['id']}/members").body["members"]
    assert [(m["player_id"], m["role"]) for m in members] == [(olga, "organizer")]
    listed = api.call("GET", "/clubs").body["clubs"]
    assert [c["id"] for c in listed] == [club["id"]]


def test_a_plain_player_cannot_found_a_club(api: Api) -> None:
    _, token = api.register("Pia")
    assert_error(api.call("POST", "/clubs", {"name": "Mine"}, token=token), 403, "not_an_organizer")
    assert_error(api.call("POST", "/clubs", {"name": "Mine"}), 401, "unauthorized")


def test_players_join_an_open_club_but_not_a_closed_one(api: Api) -> None:
    _, olga = organizer(api)
    open_club = api.call("POST", "/clubs", {"name": "Aperto", "open": True}, token=olga).body
    closed = api.call("POST", "/clubs", {"name": "Chiuso"}, token=olga).body
    pia, token = api.register("Pia")
    joined = api.call("POST", f"/clubs/{open_club['id']}/members", {"player_id": pia}, token=token)
    assert joined.status == 201, joined.body
    assert joined.body["role"] == "member"
    refused = api.call("POST", f"/clubs/{closed['id']}/members", {"player_id": pia}, token=token)
    assert_error(refused, 403, "not_club_organizer")
    # Joining an open club does not make anyone an organizer of it.
    promote = api.call(
        "POST", f"/clubs/{open_club['id']}/members", {"player_id": pia, "role": "organizer"}, token=token
    )
    assert_error(promote, 403, "not_club_organizer")


def test_organizers_add_and_remove_members_and_members_leave(api: Api) -> None:
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo"}, token=olga).body
    pia, pia_token = api.register("Pia")
    ugo, _ = api.register("Ugo")
    for player in (pia, ugo):
        assert (
            api.call("POST", f"/clubs/{club['id']}/members", {"player_id": player}, token=olga).status == 201
        )
    # A member cannot remove another member, but can leave.
    assert_error(
        api.call("DELETE", f"/clubs/{club['id']}/members/{ugo}", token=pia_token), 403, "not_club_organizer"
    )
    assert api.call("DELETE", f"/clubs/{club['id']}/members/{pia}", token=pia_token).status == 204
    assert api.call("DELETE", f"/clubs/{club['id']}/members/{ugo}", token=olga).status == 204
    left = {m["player_id"] for m in api.call("GET", f"/clubs/{club['id']}/members").body["members"]}
    assert pia not in left
    assert ugo not in left
    assert_error(api.call("DELETE", f"/clubs/{club['id']}/members/{ugo}", token=olga), 409, "not_a_member")


def test_organizers_edit_their_club_and_nobody_else_does(api: Api) -> None:
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo", "description": "old"}, token=olga).body
    pia, pia_token = api.register("Pia")
    api.call("POST", f"/clubs/{club['id']}/members", {"player_id": pia}, token=olga)
    change = {"name": "  Circolo  del Settebello ", "open": True}
    edited = api.call("PATCH", f"/clubs/{club['id']}", change, token=olga)
    assert edited.status == 200, edited.body
    assert (edited.body["name"], edited.body["description"], edited.body["open"]) == (
        "Circolo del Settebello",
        "old",  # left out: unchanged
        True,
    )
    assert edited.body["version"] == 1
    assert api.call("GET", f"/clubs/{club['id']}").body == {**edited.body, "your_role": None}
    path = f"/clubs/{club['id']}"
    assert_error(api.call("PATCH", path, {"open": False}, token=pia_token), 403, "not_club_organizer")
    assert_error(api.call("PATCH", path, {"open": False}), 401, "unauthorized")
    assert_error(api.call("PATCH", "/clubs/c_missing", {"open": False}, token=olga), 404, "club_not_found")
    for bad in ({"name": ""}, {"description": "x" * 501}, {"founded": 1900}, {"open": [1]}):
        assert_error(api.call("PATCH", path, bad, token=olga), 422, "validation_error")
    admin = api.call("PATCH", path, {"description": "by the federation"}, token=ADMIN_TOKEN)
    assert admin.body["description"] == "by the federation"


def test_two_organizers_editing_different_fields_both_keep_their_change(api: Api) -> None:
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo", "description": "old"}, token=olga).body
    assert club["version"] == 0
    path = f"/clubs/{club['id']}"
    ugo, ugo_token = api.register("Ugo")
    api.call("POST", f"{path}/members", {"player_id": ugo, "role": "organizer"}, token=olga)
    # Both read version 0; Olga renames, Ugo (without a version) opens the club: neither undoes the other.
    renamed = api.call("PATCH", path, {"name": "Circolo nuovo", "version": 0}, token=olga)
    assert (renamed.status, renamed.body["version"]) == (200, 1), renamed.body
    opened = api.call("PATCH", path, {"open": True}, token=ugo_token)
    assert opened.status == 200, opened.body
    both = ("Circolo nuovo", "old", True, 2)
    fields = ("name", "description", "open", "version")
    assert tuple(opened.body[f] for f in fields) == both
    # Ugo sends the version he read: the club moved on, so his edit is refused and nothing is written.
    stale = api.call("PATCH", path, {"description": "mine", "version": 0}, token=ugo_token)
    assert_error(stale, 409, "club_changed")
    assert stale.body["details"] == {"version": 2}
    assert_error(api.call("PATCH", path, {"version": 1}, token=ugo_token), 409, "club_changed")
    now = api.call("GET", path).body
    assert tuple(now[f] for f in fields) == both
    # An edit of nothing writes nothing: the version stays.
    assert api.call("PATCH", path, {"version": 2}, token=olga).body["version"] == 2
    current = api.call("PATCH", path, {"description": "new", "version": 2}, token=ugo_token)
    assert (current.body["description"], current.body["version"]) == ("new", 3)
    for bad in ({"version": -1}, {"version": "2"}, {"version": 1.5}, {"version": True}):
        assert_error(api.call("PATCH", path, bad, token=olga), 422, "validation_error")
    # A club that does not exist is 404 with or without a version.
    missing = api.call("PATCH", "/clubs/c_missing", {"open": False, "version": 0}, token=olga)
    assert_error(missing, 404, "club_not_found")


def test_a_club_tells_its_caller_their_own_role(api: Api) -> None:
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo"}, token=olga).body
    path = f"/clubs/{club['id']}"
    pia, pia_token = api.register("Pia")
    api.call("POST", f"{path}/members", {"player_id": pia}, token=olga)
    _, stranger = api.register("Ugo")
    roles = {
        "organizer": api.call("GET", path, token=olga),
        "member": api.call("GET", path, token=pia_token),
        "stranger": api.call("GET", path, token=stranger),
        "anonymous": api.call("GET", path),
        "admin": api.call("GET", path, token=ADMIN_TOKEN),  # no player: a member of no club
    }
    assert {who: (a.status, a.body["your_role"]) for who, a in roles.items()} == {
        "organizer": (200, "organizer"),
        "member": (200, "member"),
        "stranger": (200, None),
        "anonymous": (200, None),
        "admin": (200, None),
    }
    assert roles["member"].body == {**club, "your_role": "member"}
    api.call("POST", f"{path}/members", {"player_id": pia, "role": "organizer"}, token=olga)
    assert api.call("GET", path, token=pia_token).body["your_role"] == "organizer"
    api.call("DELETE", f"{path}/members/{pia}", token=pia_token)
    assert api.call("GET", path, token=pia_token).body["your_role"] is None
    assert_error(api.call("GET", path, token="not-a-token"), 401, "unauthorized")


def test_the_admin_founds_a_club_without_becoming_a_member(api: Api) -> None:
    club = api.call("POST", "/clubs", {"name": "Federazione"}, token=ADMIN_TOKEN).body
    assert api.call("GET", f"/clubs/{club['id']}/members").body["members"] == []
    olga, _ = api.register("Olga")
    made = api.call(
        "POST", f"/clubs/{club['id']}/members", {"player_id": olga, "role": "organizer"}, token=ADMIN_TOKEN
    )
    assert made.status == 201, made.body
    assert made.body["role"] == "organizer"


def test_unknown_clubs_and_bots(api: Api) -> None:
    _, olga = organizer(api)
    assert_error(api.call("GET", "/clubs/c_missing"), 404, "club_not_found")
    club = api.call("POST", "/clubs", {"name": "Circolo"}, token=olga).body
    bot = api.call("POST", f"/clubs/{club['id']}/members", {"player_id": "bot-greedy"}, token=olga)
    assert_error(bot, 400, "bot_player")


def test_players_ask_to_join_a_closed_club_and_its_organizers_decide(api: Api) -> None:
    olga_id, olga = organizer(api)
    _, otto = organizer(api, "Otto")
    club = api.call("POST", "/clubs", {"name": "Chiuso"}, token=olga).body["id"]
    open_club = api.call("POST", "/clubs", {"name": "Aperto", "open": True}, token=olga).body["id"]
    pia, pia_t = api.register("Pia")
    ugo, ugo_t = api.register("Ugo")
    base = f"/clubs/{club}/join-requests"

    asked = api.call("POST", base, token=pia_t)
    assert asked.status == 201, asked.body
    assert (asked.body["player_id"], asked.body["name"], asked.body["status"]) == (pia, "Pia", "pending")
    again = api.call("POST", base, token=pia_t)
    assert again.body == asked.body  # asking again while pending changes nothing
    assert api.call("POST", base, token=ugo_t).status == 201
    assert_error(api.call("POST", base), 401, "unauthorized")
    assert_error(api.call("POST", base, token=ADMIN_TOKEN), 403, "forbidden")
    assert_error(api.call("POST", f"/clubs/{open_club}/join-requests", token=pia_t), 409, "club_is_open")
    assert_error(api.call("POST", "/clubs/c_none/join-requests", token=pia_t), 404, "club_not_found")
    assert_error(api.call("POST", base, token=olga), 409, "already_a_member")

    # The organizers see every request; a player only their own.
    listed = api.call("GET", base, token=olga).body["requests"]
    assert sorted(r["player_id"] for r in listed) == sorted([pia, ugo])
    assert [r["player_id"] for r in api.call("GET", base, token=ugo_t).body["requests"]] == [ugo]
    assert api.call("GET", base, token=otto).body["requests"] == []
    assert_error(api.call("GET", base), 401, "unauthorized")

    # Only the club's organizers decide; a decided or unknown request is refused.
    assert_error(api.call("POST", f"{base}/{pia}/approve", token=ugo_t), 403, "not_club_organizer")
    assert_error(api.call("POST", f"{base}/{pia}/approve", token=otto), 403, "not_club_organizer")
    assert_error(api.call("POST", f"{base}/{pia}/refuse"), 401, "unauthorized")
    assert_error(api.call("POST", f"{base}/p_nobody/approve", token=olga), 404, "join_request_not_found")
    approved = api.call("POST", f"{base}/{pia}/approve", token=olga)
    assert approved.status == 200, approved.body
    assert (approved.body["player_id"], approved.body["role"]) == (pia, "member")
    assert_error(api.call("POST", f"{base}/{pia}/approve", token=olga), 404, "join_request_not_found")
    members = {m["player_id"] for m in api.call("GET", f"/clubs/{club}/members").body["members"]}
    assert members == {olga_id, pia}

    refused = api.call("POST", f"{base}/{ugo}/refuse", token=olga)
    assert refused.status == 200, refused.body
    assert (refused.body["status"], refused.body["decided_by"]) == ("refused", olga_id)
    assert refused.body["decided_at"] is not None
    assert_error(api.call("POST", f"{base}/{ugo}/approve", token=olga), 409, "join_request_decided")
    assert_error(api.call("POST", f"{base}/{ugo}/refuse", token=olga), 409, "join_request_decided")
    assert [r["status"] for r in api.call("GET", base, token=ugo_t).body["requests"]] == ["refused"]
    # A refused player may ask again.
    assert api.call("POST", base, token=ugo_t).body["status"] == "pending"


def test_approving_the_request_of_a_player_added_by_hand_keeps_their_role(api: Api) -> None:
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Chiuso"}, token=olga).body["id"]
    pia, pia_t = api.register("Pia")
    base = f"/clubs/{club}/join-requests"
    assert api.call("POST", base, token=pia_t).status == 201
    added = api.call("POST", f"/clubs/{club}/members", {"player_id": pia, "role": "organizer"}, token=olga)
    assert added.status in (200, 201), added.body
    assert_error(api.call("POST", f"{base}/{pia}/approve", token=olga), 409, "already_a_member")
    roles = {m["player_id"]: m["role"] for m in api.call("GET", f"/clubs/{club}/members").body["members"]}
    assert roles[pia] == "organizer"  # not demoted by the approval
    refused = api.call("POST", f"{base}/{pia}/refuse", token=olga)  # the stale request is closed this way
    assert refused.status == 200, refused.body
    assert_error(api.call("POST", f"{base}/{pia}/refuse", token=olga), 409, "join_request_decided")

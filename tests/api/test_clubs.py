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
    assert api.call("GET", f"/clubs/{club['id']}").body == edited.body
    path = f"/clubs/{club['id']}"
    assert_error(api.call("PATCH", path, {"open": False}, token=pia_token), 403, "not_club_organizer")
    assert_error(api.call("PATCH", path, {"open": False}), 401, "unauthorized")
    assert_error(api.call("PATCH", "/clubs/c_missing", {"open": False}, token=olga), 404, "club_not_found")
    for bad in ({"name": ""}, {"description": "x" * 501}, {"founded": 1900}, {"open": [1]}):
        assert_error(api.call("PATCH", path, bad, token=olga), 422, "validation_error")
    admin = api.call("PATCH", path, {"description": "by the federation"}, token=ADMIN_TOKEN)
    assert admin.body["description"] == "by the federation"


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

"""Guests through the API: organizers make and list them, enter them like anyone, hand out a one-time
claim code; redeeming it makes an account of the same id (history kept). Each refusal has its code."""

from __future__ import annotations

import io

from scopa.application.services.guests import CLAIM_HOURS, CLAIM_TRIES
from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, organizer

SWISS = {"format": "swiss", "rounds": 3, "target": 1}


def new_guest(api: Api, token: str, name: str = "Nonna Pina") -> str:
    answer = api.call("POST", "/guests", {"name": name}, token=token)
    assert answer.status == 201, answer.body
    guest_id: str = answer.body["id"]
    return guest_id


def test_organizers_make_and_list_guests_entered_like_any_player(api: Api) -> None:
    olga_id, olga = organizer(api)
    _, otto = organizer(api, "Otto")
    _, ada = api.register("Ada")
    assert_error(api.call("POST", "/guests", {"name": "Pina"}), 401, "unauthorized")
    assert_error(api.call("POST", "/guests", {"name": "Pina"}, token=ada), 403, "not_an_organizer")
    assert_error(api.call("POST", "/guests", {"name": "Pina"}, token=ADMIN_TOKEN), 403, "forbidden")
    assert_error(api.call("POST", "/guests", {"name": "\u0007"}, token=olga), 400, "invalid_name")
    assert_error(api.call("POST", "/guests", {"name": "Pina", "x": 1}, token=olga), 422, "validation_error")

    keyed = {"Idempotency-Key": "guest-1"}
    first = api.call("POST", "/guests", {"name": "Nonna Pina"}, token=olga, headers=keyed)
    again = api.call("POST", "/guests", {"name": "Nonna Pina"}, token=olga, headers=keyed)
    assert first.status == again.status == 201
    assert first.body == again.body  # a retry finds the same guest
    guest = first.body["id"]
    assert (first.body["name"], first.body["kind"], first.body["role"]) == ("Nonna Pina", "person", "player")
    assert [g["id"] for g in api.call("GET", "/guests", token=olga).body["guests"]] == [guest]
    assert api.call("GET", "/guests", token=otto).body["guests"] == []
    assert_error(api.call("GET", "/guests", token=ada), 403, "not_an_organizer")
    # Found by name like anyone, and entered by an organizer like anyone.
    named = api.call("GET", "/players", query={"name": "nonna pina"}).body["players"]
    assert [p["id"] for p in named] == [guest]
    t = create_tournament(api, olga, SWISS)
    entered = api.call("POST", f"/tournaments/{t['id']}/entries", {"players": [guest]}, token=olga)
    assert entered.status == 201, entered.body
    assert olga_id != guest


def test_a_claim_code_makes_the_guest_an_account_of_the_same_id(api: Api) -> None:
    _, olga = organizer(api)
    _, otto = organizer(api, "Otto")
    ada_id, ada = api.register("Ada")
    guest = new_guest(api, olga)
    t = create_tournament(api, olga, SWISS)
    assert api.call("POST", f"/tournaments/{t['id']}/entries", {"players": [guest]}, token=olga).status == 201

    assert_error(api.call("POST", f"/guests/{guest}/claim", {"code": "AAAA-BBBB"}), 409, "no_claim_pending")
    assert api.call("GET", f"/players/{guest}").body["guest"] is True
    assert api.call("GET", f"/players/{ada_id}").body["guest"] is False
    page = api.call("GET", f"/web/players/{guest}")
    assert page.status == 200
    assert 'id="guest-mark"' in page.body
    assert (
        "Ospite: un giocatore senza account"
        in api.call("GET", f"/web/players/{guest}", query={"lang": "it"}).body
    )
    assert_error(api.call("POST", f"/guests/{guest}/claim-code", token=otto), 403, "not_your_guest")
    assert_error(api.call("POST", f"/guests/{ada_id}/claim-code", token=olga), 409, "not_a_guest")
    assert_error(api.call("POST", "/guests/p_nobody/claim-code", token=olga), 404, "player_not_found")
    issued = api.call("POST", f"/guests/{guest}/claim-code", token=olga)
    assert issued.status == 201, issued.body
    code = issued.body["code"]
    assert len(code) == 9
    assert code[4] == "-"
    assert issued.body["claim_path"] == f"/guests/{guest}/claim"

    assert_error(api.call("POST", "/guests/p_nobody/claim", {"code": code}), 404, "player_not_found")
    assert_error(api.call("POST", f"/guests/{guest}/claim", {"code": " - "}), 422, "validation_error")
    wrong = assert_error(
        api.call("POST", f"/guests/{guest}/claim", {"code": "AAAA-AAAA"}), 403, "wrong_claim_code"
    )
    assert wrong["details"] == {"tries_left": CLAIM_TRIES - 1}
    # Typed loosely (lower case, no dash): the same code.
    claimed = api.call("POST", f"/guests/{guest}/claim", {"code": code.lower().replace("-", " ")})
    assert claimed.status == 200, claimed.body
    token = claimed.body["token"]
    assert claimed.body["player"]["id"] == guest
    me = api.call("GET", "/me", token=token).body
    assert (me["id"], me["name"], me["guest"]) == (guest, "Nonna Pina", False)
    assert 'id="guest-mark"' not in api.call("GET", f"/web/players/{guest}").body
    # Its entry is still its own: the claimed account withdraws it itself.
    assert api.call("DELETE", f"/tournaments/{t['id']}/entries", token=token).status == 200
    # Spent: neither the code nor the organizer work on it now.
    assert_error(api.call("POST", f"/guests/{guest}/claim", {"code": code}), 409, "no_claim_pending")
    assert_error(api.call("POST", f"/guests/{guest}/claim-code", token=olga), 409, "not_a_guest")
    assert api.call("GET", "/guests", token=olga).body["guests"] == []
    assert ada  # (an account of its own, untouched)


def test_a_claim_code_expires_is_locked_after_wrong_tries_and_can_be_replaced(api: Api) -> None:
    _, olga = organizer(api)
    guest = new_guest(api, olga)
    old = api.call("POST", f"/guests/{guest}/claim-code", token=olga).body["code"]
    new = api.call("POST", f"/guests/{guest}/claim-code", token=olga).body["code"]
    if old != new:  # the new code replaces the old one
        assert_error(api.call("POST", f"/guests/{guest}/claim", {"code": old}), 403, "wrong_claim_code")
    api.clock.advance(CLAIM_HOURS * 3600)
    assert_error(api.call("POST", f"/guests/{guest}/claim", {"code": new}), 409, "claim_expired")

    code = api.call("POST", f"/guests/{guest}/claim-code", token=olga).body["code"]
    for _ in range(CLAIM_TRIES):
        assert_error(
            api.call("POST", f"/guests/{guest}/claim", {"code": "ZZZZ-ZZZZ"}), 403, "wrong_claim_code"
        )
    # Locked: even the right code is refused until the organizer issues a new one.
    assert_error(api.call("POST", f"/guests/{guest}/claim", {"code": code}), 409, "claim_locked")
    assert api.call("DELETE", f"/guests/{guest}/claim-code", token=olga).status == 204
    assert_error(api.call("POST", f"/guests/{guest}/claim", {"code": code}), 409, "no_claim_pending")
    fresh = api.call("POST", f"/guests/{guest}/claim-code", token=olga).body["code"]
    assert api.call("POST", f"/guests/{guest}/claim", {"code": fresh}).status == 200


def test_no_code_or_token_reaches_the_logs(api: Api, json_log: io.StringIO) -> None:
    _, olga = organizer(api)
    guest = new_guest(api, olga)
    code = api.call("POST", f"/guests/{guest}/claim-code", token=olga).body["code"]
    api.call("POST", f"/guests/{guest}/claim", {"code": "WRONG-CODE"})
    token = api.call("POST", f"/guests/{guest}/claim", {"code": code}).body["token"]
    logged = json_log.getvalue()
    assert logged  # the requests were logged
    assert code not in logged
    assert code.replace("-", "") not in logged
    assert token not in logged


def test_the_organizer_renames_a_guest(api: Api) -> None:
    _, olga = organizer(api)
    _, otto = organizer(api, "Otto")
    ada_id, _ = api.register("Ada")
    guest = new_guest(api, olga, "Pina")
    url = f"/guests/{guest}/name"
    assert_error(api.call("PUT", url, {"name": "Giuseppina"}, token=otto), 403, "not_your_guest")
    assert_error(api.call("PUT", f"/guests/{ada_id}/name", {"name": "X"}, token=olga), 409, "not_a_guest")
    assert_error(api.call("PUT", url, {"name": "\u200b"}, token=olga), 400, "invalid_name")
    renamed = api.call("PUT", url, {"name": "Giuseppina"}, token=olga)
    assert renamed.status == 200, renamed.body
    assert renamed.body["name"] == "Giuseppina"
    assert api.call("GET", "/players", query={"name": "Pina"}).body["players"] == []
    assert [p["id"] for p in api.call("GET", "/players", query={"name": "giuseppina"}).body["players"]] == [
        guest
    ]

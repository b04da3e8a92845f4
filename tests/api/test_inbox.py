"""The inbox over REST: invitations to the caller, the caller's own pending challenges, their open seeks;
and the same JSON that the push side sends (``inbox_answer``, ``lobby_answer``)."""

from __future__ import annotations

from api import context
from api.answers.lobby import inbox_answer, lobby_answer
from scopa.application.auth import Caller
from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error, new_match


def test_the_inbox_lists_invitations_challenges_and_seeks(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    cid, cid_token = api.register("Cid")
    # Given Ada challenged Bea, Cid challenged Ada, and Bea has an open seek
    ada_to_bea = api.call(
        "POST", "/challenges", {"opponent": bea, "target": 16, "rated": False}, token=ada_token
    ).body
    api.clock.advance(1)
    cid_to_ada = api.call(
        "POST", "/challenges", {"opponent": ada, "time_control": {"days_per_move": 1}}, token=cid_token
    ).body
    seek = api.call("POST", "/lobby/seeks", {}, token=bea_token).body

    ada_inbox = api.call("GET", "/inbox", token=ada_token)
    assert ada_inbox.status == 200, ada_inbox.body
    assert ada_inbox.body == {
        "invitations": [
            {
                "id": cid_to_ada["id"],
                "from": {"player_id": cid, "name": "Cid"},
                "game": "scopa",
                "preset": "classic",
                "target": None,  # the preset's own
                "time_control": {"seconds_per_move": 86_400, "days_per_move": 1},
                "rated": True,
                "created_at": cid_to_ada["created_at"],
                "expires_at": cid_to_ada["expires_at"],
            }
        ],
        "challenges": [
            {
                "id": ada_to_bea["id"],
                "from": {"player_id": ada, "name": "Ada"},
                "game": "scopa",
                "preset": "classic",
                "target": 16,
                "time_control": ada_to_bea["time_control"],
                "rated": False,
                "created_at": ada_to_bea["created_at"],
                "expires_at": ada_to_bea["expires_at"],
                "awaiting": ["Bea"],
            }
        ],
        "seeks": [],
    }
    bea_inbox = api.call("GET", "/inbox", token=bea_token).body
    assert [i["id"] for i in bea_inbox["invitations"]] == [ada_to_bea["id"]]
    assert bea_inbox["challenges"] == []
    assert bea_inbox["seeks"] == [seek]

    # When Ada accepts Cid's, Bea declines Ada's, and Bea's seek is taken, every list empties
    api.call("POST", f"/matches/{cid_to_ada['id']}/accept", token=ada_token)
    api.call("POST", f"/matches/{ada_to_bea['id']}/decline", token=bea_token)
    api.call("POST", f"/lobby/seeks/{seek['id']}/accept", token=cid_token)
    empty: dict[str, list[object]] = {"invitations": [], "challenges": [], "seeks": []}
    assert api.call("GET", "/inbox", token=ada_token).body == empty
    assert api.call("GET", "/inbox", token=bea_token).body == empty
    assert api.call("GET", "/inbox", token=cid_token).body == empty


def test_the_inbox_leaves_out_withdrawn_and_expired_invitations(api: Api) -> None:
    _ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    withdrawn = api.call("POST", "/challenges", {"opponent": bea}, token=ada_token).body
    short = api.call("POST", "/challenges", {"opponent": bea, "expires_in": 300}, token=ada_token).body
    api.clock.advance(1)
    long = api.call("POST", "/challenges", {"opponent": bea, "expires_in": 7 * 86_400}, token=ada_token).body
    api.call("POST", f"/matches/{withdrawn['id']}/withdraw", token=ada_token)
    ids = [i["id"] for i in api.call("GET", "/inbox", token=bea_token).body["invitations"]]
    assert ids == [long["id"], short["id"]]  # newest first
    api.clock.advance(299)  # expired, though nobody has read it since
    assert [i["id"] for i in api.call("GET", "/inbox", token=bea_token).body["invitations"]] == [long["id"]]
    assert [c["id"] for c in api.call("GET", "/inbox", token=ada_token).body["challenges"]] == [long["id"]]
    api.clock.advance(7 * 86_400)
    assert api.call("GET", "/inbox", token=bea_token).body["invitations"] == []


def test_a_four_player_invitation_awaits_everyone_not_yet_accepted(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    others = [api.register(name) for name in ("Bea", "Cid", "Dan")]
    match = new_match(api, ada_token, [ada, others[0][0], others[1][0], others[2][0]], preset="scopone")
    api.call("POST", f"/matches/{match['id']}/accept", token=others[0][1])
    challenge = api.call("GET", "/inbox", token=ada_token).body["challenges"][0]
    assert sorted(challenge["awaiting"]) == ["Cid", "Dan"]
    assert api.call("GET", "/inbox", token=others[0][1]).body["invitations"] == []  # Bea accepted
    assert len(api.call("GET", "/inbox", token=others[2][1]).body["invitations"]) == 1


def test_the_inbox_is_for_players_only(api: Api) -> None:
    assert_error(api.call("GET", "/inbox"), 401, "unauthorized")
    assert_error(api.call("GET", "/inbox", token=ADMIN_TOKEN), 403, "forbidden")


def test_the_push_renderers_answer_what_the_routes_do(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    api.call("POST", "/challenges", {"opponent": bea}, token=ada_token)
    api.call("POST", "/lobby/seeks", {"rated": False}, token=bea_token)
    svc = context.services()
    assert inbox_answer(svc, Caller(bea, "player")) == api.call("GET", "/inbox", token=bea_token).body
    assert inbox_answer(svc, Caller(ada, "player")) == api.call("GET", "/inbox", token=ada_token).body
    assert lobby_answer(svc, Caller(None, "anonymous")) == api.call("GET", "/lobby/seeks").body

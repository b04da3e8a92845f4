"""Challenges and invitations over REST: a named opponent, accept or decline, withdraw, and expiry."""

from __future__ import annotations

from typing import Any

from scopa.application.clock import epoch_of
from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error, new_match
from tests.api.tournament_support import organizer, play_out, run_pipeline

DAY = 86_400


def challenge(api: Api, token: str, opponent: str, **body: Any) -> dict[str, Any]:
    answer = api.call("POST", "/challenges", {"opponent": opponent, **body}, token=token)
    assert answer.status == 201, answer.body
    made: dict[str, Any] = answer.body
    return made


def test_a_challenge_waits_for_the_opponent_who_accepts(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    # Given Ada challenges Bea to an unrated game to 21, expiring in an hour
    made = challenge(api, ada_token, bea, target=21, rated=False, expires_in=3600)
    assert made["status"] == "pending"
    assert made["rated"] is False
    assert made["rules"]["target"] == 21
    assert epoch_of(made["expires_at"]) == api.clock.now() + 3600
    assert {s["player_id"]: s["accepted"] for s in made["seats"]} == {ada: True, bea: False}
    # When Bea accepts, Then the match starts and no longer expires
    accepted = api.call("POST", f"/matches/{made['id']}/accept", token=bea_token)
    assert accepted.status == 200, accepted.body
    assert accepted.body["status"] == "active"
    assert accepted.body["expires_at"] is None
    assert_error(
        api.call("POST", f"/matches/{made['id']}/withdraw", token=ada_token), 409, "match_not_pending"
    )


def test_a_declined_challenge_ends_there(api: Api) -> None:
    _ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    made = challenge(api, ada_token, bea)
    declined = api.call("POST", f"/matches/{made['id']}/decline", token=bea_token).body
    assert declined["status"] == "declined"
    assert declined["expires_at"] is None
    assert_error(api.call("POST", f"/matches/{made['id']}/accept", token=bea_token), 409, "match_not_pending")


def test_only_the_creator_withdraws_and_only_while_pending(api: Api) -> None:
    _ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    _, cid_token = api.register("Cid")
    made = challenge(api, ada_token, bea)
    assert_error(api.call("POST", f"/matches/{made['id']}/withdraw"), 401, "unauthorized")
    assert_error(api.call("POST", f"/matches/{made['id']}/withdraw", token=bea_token), 403, "not_the_creator")
    assert_error(api.call("POST", f"/matches/{made['id']}/withdraw", token=cid_token), 403, "not_the_creator")
    assert_error(api.call("POST", "/matches/m_none/withdraw", token=ada_token), 404, "match_not_found")
    withdrawn = api.call("POST", f"/matches/{made['id']}/withdraw", token=ada_token)
    assert withdrawn.status == 200, withdrawn.body
    assert withdrawn.body["status"] == "withdrawn"
    assert withdrawn.body["version"] == made["version"] + 1
    assert_error(api.call("POST", f"/matches/{made['id']}/accept", token=bea_token), 409, "match_not_pending")
    assert_error(
        api.call("POST", f"/matches/{made['id']}/withdraw", token=ada_token), 409, "match_not_pending"
    )
    listed = api.call("GET", f"/players/{bea}/matches").body["matches"]
    assert [(m["id"], m["status"]) for m in listed] == [(made["id"], "withdrawn")]


def test_an_unanswered_challenge_expires_once(api: Api) -> None:
    _, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    made = challenge(api, ada_token, bea, expires_in=300)
    api.clock.advance(299)
    assert api.call("GET", f"/matches/{made['id']}").body["status"] == "pending"
    api.clock.advance(1)
    seen = api.call("GET", f"/matches/{made['id']}").body
    assert seen["status"] == "expired"
    assert seen["expires_at"] is None
    assert seen["version"] == made["version"] + 1
    again = api.call("GET", f"/matches/{made['id']}").body
    assert again["version"] == seen["version"]  # saved once
    assert_error(
        api.call("POST", f"/matches/{made['id']}/accept", token=bea_token), 409, "invitation_expired"
    )
    assert_error(
        api.call("POST", f"/matches/{made['id']}/withdraw", token=ada_token), 409, "match_not_pending"
    )


def test_an_invitation_answered_late_is_expired_first(api: Api) -> None:
    _, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    made = challenge(api, ada_token, bea)
    assert epoch_of(made["expires_at"]) == api.clock.now() + DAY  # a day by default
    api.clock.advance(DAY)
    late = api.call("POST", f"/matches/{made['id']}/accept", token=bea_token)
    assert_error(late, 409, "invitation_expired")
    assert api.call("GET", f"/matches/{made['id']}").body["status"] == "expired"


def test_post_matches_invitations_expire_too_but_games_against_bots_do_not(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    invited = new_match(api, ada_token, [ada, bea])
    assert epoch_of(invited["expires_at"]) == api.clock.now() + DAY
    against_bot = new_match(api, ada_token, [ada, "bot-greedy"])
    assert against_bot["status"] == "active"
    assert against_bot["expires_at"] is None
    api.clock.advance(DAY + 1)
    assert_error(
        api.call("POST", f"/matches/{invited['id']}/accept", token=bea_token), 409, "invitation_expired"
    )


def test_challenges_are_for_other_humans(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, _ = api.register("Bea")
    assert_error(
        api.call("POST", "/challenges", {"opponent": "bot-greedy"}, token=ada_token), 400, "challenge_a_bot"
    )
    assert_error(
        api.call("POST", "/challenges", {"opponent": ada}, token=ada_token), 400, "challenge_yourself"
    )
    assert_error(
        api.call("POST", "/challenges", {"opponent": "p_nobody"}, token=ada_token), 404, "player_not_found"
    )
    assert_error(api.call("POST", "/challenges", {"opponent": bea}), 401, "unauthorized")
    assert_error(api.call("POST", "/challenges", {"opponent": bea}, token=ADMIN_TOKEN), 403, "forbidden")
    for expires_in in (299, 7 * DAY + 1):
        body = {"opponent": bea, "expires_in": expires_in}
        assert api.call("POST", "/challenges", body, token=ada_token).status == 422
    assert api.call("POST", "/challenges", {"opponent": bea, "agreed": [bea]}, token=ada_token).status == 422
    four = api.call("POST", "/challenges", {"opponent": bea, "preset": "scopone"}, token=ada_token)
    assert_error(four, 400, "wrong_player_count")


def test_an_organizers_challenge_still_waits_for_the_opponent(api: Api) -> None:
    olga, olga_token = organizer(api)
    bea, _ = api.register("Bea")
    made = challenge(api, olga_token, bea)
    assert made["status"] == "pending"
    assert {s["player_id"]: s["accepted"] for s in made["seats"]} == {olga: True, bea: False}


def test_a_keyed_challenge_is_made_once(api: Api) -> None:
    _, ada_token = api.register("Ada")
    bea, _ = api.register("Bea")
    key = {"Idempotency-Key": "challenge-1"}
    first = api.call("POST", "/challenges", {"opponent": bea}, token=ada_token, headers=key)
    again = api.call("POST", "/challenges", {"opponent": bea}, token=ada_token, headers=key)
    assert first.status == again.status == 201
    assert first.body["id"] == again.body["id"]
    assert len(api.call("GET", f"/players/{bea}/matches").body["matches"]) == 1


def test_an_unrated_challenge_is_never_rated(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    made = challenge(api, ada_token, bea, target=1, rated=False)
    api.call("POST", f"/matches/{made['id']}/accept", token=bea_token)
    final = play_out(api, made["id"], {ada: ada_token, bea: bea_token})
    assert final["status"] == "finished"
    assert final["rated"] is False
    api.clock.advance(10)
    assert run_pipeline()["rated"] == 0
    assert api.call("GET", "/rankings/scopa").body["rows"] == []

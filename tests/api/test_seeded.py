"""A match whose creator chose the seed: everyone is told, and it never counts for the rankings."""

from __future__ import annotations

from typing import Any

from scopa.adapters.dynamodb import keys
from tests.api.conftest import (
    Api,
    api_on_moto,  # noqa: F401 (this module looks at DynamoDB items)
)
from tests.api.support import SEED, assert_error, new_match, play, stored_match
from tests.api.tournament_support import create_tournament, enter_humans, organizer, run_pipeline


def begin_and_resign(api: Api, match_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    """The player to move plays one card (so the game has begun), then the other resigns."""
    state = api.call("GET", f"/matches/{match_id}").body
    mover = state["turn_player_id"]
    view = api.call("GET", f"/matches/{match_id}", token=tokens[mover]).body
    assert play(api, view, tokens[mover]).status == 200
    other = next(pid for pid in tokens if pid != mover)
    answer = api.call("POST", f"/matches/{match_id}/resign", token=tokens[other])
    assert answer.status == 200, answer.body
    body: dict[str, Any] = answer.body
    return body


def test_an_invitee_sees_the_seed_was_chosen_before_accepting(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    seeded = new_match(api, ada_token, [ada, bea], seed=SEED)
    plain = new_match(api, ada_token, [ada, bea])
    invited = api.call("GET", f"/matches/{seeded['id']}", token=bea_token).body
    assert (invited["status"], invited["seeded"]) == ("pending", True)
    assert api.call("GET", f"/matches/{plain['id']}", token=bea_token).body["seeded"] is False


def test_a_seeded_match_is_finished_but_never_rated_and_the_same_match_unseeded_is(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    tokens = {ada: ada_token, bea: bea_token}

    seeded = new_match(api, ada_token, [ada, bea], seed=SEED)
    api.call("POST", f"/matches/{seeded['id']}/accept", token=bea_token)
    final = begin_and_resign(api, seeded["id"], tokens)
    assert (final["status"], final["seeded"]) == ("finished", True)
    assert final["result"]["reason"] == "resigned"
    item = stored_match(seeded["id"])
    assert "rating" not in item
    assert keys.GSI1_PK not in item  # never queued for the rating step
    api.clock.advance(10)  # past the settling time
    assert run_pipeline()["rated"] == 0
    assert api.call("GET", "/rankings/scopa").body["rows"] == []
    for token in tokens.values():
        assert_error(
            api.call("GET", "/rankings/scopa", query={"around": "me"}, token=token), 404, "not_rated"
        )

    plain = new_match(api, ada_token, [ada, bea])
    api.call("POST", f"/matches/{plain['id']}/accept", token=bea_token)
    assert begin_and_resign(api, plain["id"], tokens)["seeded"] is False
    api.clock.advance(10)
    assert run_pipeline()["rated"] == 1
    rows = api.call("GET", "/rankings/scopa").body["rows"]
    assert {r["player_id"] for r in rows} == {ada, bea}
    history = api.call("GET", f"/players/{ada}/ratings").body["pools"][0]["history"]
    assert [h["match_id"] for h in history] == [plain["id"]]


def test_a_tournament_match_uses_the_tournaments_secret_seeds_so_is_not_seeded(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 1, "target": 11})
    enter_humans(api, t["id"], ("Ada", "Bea"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    match_id = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"][0]["games"][0]
    assert api.call("GET", f"/matches/{match_id}").body["seeded"] is False

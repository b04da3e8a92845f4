"""A first walk through the API: register, start a match against a bot, play it to the end."""

from tests.api.conftest import Api


def test_a_player_plays_a_whole_match_against_the_greedy_bot(api: Api) -> None:
    me, token = api.register("Ada")
    created = api.call("POST", "/matches", {"players": [me, "bot-greedy"], "seed": "ab" * 32}, token=token)
    assert created.status == 201, created.body
    match = created.body
    assert match["status"] == "active"
    moves = 0
    while match["status"] == "active":
        assert match["turn_player_id"] == me
        move = match["view"]["legal_moves"][0]
        answer = api.call(
            "POST",
            f"/matches/{match['id']}/moves",
            {"card": move["card"], "take": move["take"], "version": match["version"]},
            token=token,
        )
        assert answer.status == 200, answer.body
        match = answer.body
        moves += 1
    assert match["result"]["reason"] == "target"
    record = api.call("GET", f"/matches/{match['id']}/record")
    assert record.status == 200
    assert record.body["result"]["scores"] == match["result"]["scores"]

"""The finished deal in the match answer, and GET /matches/{id}/deals: the finished deals, by pages."""

from __future__ import annotations

from typing import Any

from api import context
from tests.api.conftest import Api
from tests.api.support import SEED, assert_error, new_match, play, two_humans


def play_until_a_deal_ends(api: Api, match: dict[str, Any], token: str) -> dict[str, Any]:
    """Play the first legal move against the bot until an answer shows a finished deal."""
    while match["view"]["finished_deal"] is None:
        answer = play(api, match, token)
        assert answer.status == 200, answer.body
        match = answer.body
        assert match["status"] == "active"
    return match


def every_deal(api: Api, match_id: str, limit: int) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = []
    query = {"limit": str(limit)}
    while True:
        page = api.call("GET", f"/matches/{match_id}/deals", query=query)
        assert page.status == 200, page.body
        assert len(page.body["deals"]) <= limit
        deals += page.body["deals"]
        if page.body["next_cursor"] is None:
            return deals
        query = {"limit": str(limit), "cursor": page.body["next_cursor"]}


def test_the_answer_shows_the_finished_deal_until_the_next_move(api: Api) -> None:
    # Given a game against the bot played until the first deal ends
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED, target=21)
    match = play_until_a_deal_ends(api, match, token)

    # Then the answer shows that deal: its 36 plays, the leftovers, the count and the scores
    shown = match["view"]["finished_deal"]
    assert shown["deal"] == 1
    assert match["view"]["deal"] == 2
    assert len(shown["moves"]) == 36
    assert shown["count"]["totals"] == match["view"]["deal_history"][0]
    assert shown["scores"] == match["view"]["scores"]
    assert sum(shown["count"]["cards"]) == 40
    assert set(shown["leftovers"]) == {"seat", "side", "cards"}
    # The bot may already have led the next deal: the human has not played in it yet
    assert all(m["seat"] != match["your_seat"] for m in match["view"]["deal_moves"])
    # And a spectator and a later read see the same
    assert api.call("GET", f"/matches/{match['id']}").body["view"]["finished_deal"] == shown
    assert api.call("GET", f"/matches/{match['id']}", token=token).body["view"]["finished_deal"] == shown

    # When the human plays in the new deal (and the bot answers), the finished deal is gone
    after = play(api, match, token).body
    assert after["view"]["finished_deal"] is None
    # And the history has it, the deal under way is not listed
    assert api.call("GET", f"/matches/{match['id']}/deals").body == {"deals": [shown], "next_cursor": None}


def test_the_history_pages_through_every_finished_deal_and_matches_the_record(api: Api) -> None:
    # Given a whole game against the bot
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    while match["status"] == "active":
        match = play(api, match, token).body
    record = api.call("GET", f"/matches/{match['id']}/record").body

    # When anyone reads the finished deals, one or two a page
    deals = every_deal(api, match["id"], 2)
    assert every_deal(api, match["id"], 1) == deals

    # Then they are every deal of the record, oldest first, the last one as the final answer shows it
    assert len(deals) == len(record["deals"]) >= 2
    assert [d["deal"] for d in deals] == list(range(1, len(deals) + 1))
    for deal, recorded in zip(deals, record["deals"], strict=True):
        assert [{k: m[k] for k in ("seat", "card", "take")} for m in deal["moves"]] == recorded["moves"]
        assert deal["count"]["totals"] == recorded["points"]
    assert deals[-1] == match["view"]["finished_deal"]
    assert deals[-1]["scores"] == match["result"]["scores"]
    assert match["view"]["deal_moves"] == []  # the last deal is shown once, as the finished deal


def test_a_bad_cursor_is_refused(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    other = new_match(api, token, [me, "bot-random"], seed=SEED)
    for started in (match, other):
        game = started
        while game["status"] == "active":
            game = play(api, game, token).body
    first = api.call("GET", f"/matches/{match['id']}/deals", query={"limit": "1"}).body
    assert first["next_cursor"]

    for cursor in ("nonsense", first["next_cursor"] + "x", "ZGVhbHM6bV8xOjE="):
        answer = api.call("GET", f"/matches/{match['id']}/deals", query={"cursor": cursor})
        assert_error(answer, 400, "invalid_cursor")
    # A cursor of another match's deals does not page this one
    answer = api.call("GET", f"/matches/{other['id']}/deals", query={"cursor": first["next_cursor"]})
    assert_error(answer, 400, "invalid_cursor")
    assert_error(api.call("GET", "/matches/m_none/deals"), 404, "match_not_found")


def test_history_of_a_match_under_way_between_two_people(api: Api) -> None:
    match, tokens = two_humans(api)
    assert api.call("GET", f"/matches/{match['id']}/deals").body == {"deals": [], "next_cursor": None}
    # Play the first deal through, each seat its first legal move
    while match["view"].get("finished_deal") is None:
        mover = match["turn_player_id"]
        seen = api.call("GET", f"/matches/{match['id']}", token=tokens[mover]).body
        answer = play(api, seen, tokens[mover])
        assert answer.status == 200, answer.body
        match = answer.body
    # Both seats see it, whoever leads the next deal, until both have played a card of it
    for token in tokens.values():
        view = api.call("GET", f"/matches/{match['id']}", token=token).body["view"]
        assert view["finished_deal"] == match["view"]["finished_deal"]
    leader = match["turn_player_id"]
    led = play(
        api, api.call("GET", f"/matches/{match['id']}", token=tokens[leader]).body, tokens[leader]
    ).body
    assert led["view"]["finished_deal"] == match["view"]["finished_deal"]
    deals = api.call("GET", f"/matches/{match['id']}/deals", token=tokens[leader]).body["deals"]
    assert deals == [match["view"]["finished_deal"]]
    stored = context.services().stores.matches.get_match(match["id"])
    assert stored is not None
    assert "finished" in stored.state

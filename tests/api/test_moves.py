"""Moves: legal and illegal moves, turns, versions, idempotent retries, resignation."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest

from tests.api.conftest import (
    ADMIN_TOKEN,
    Api,
    api_on_moto,  # noqa: F401 (this module looks at DynamoDB items)
)
from tests.api.support import (
    SEED,
    assert_error,
    hidden_cards,
    new_match,
    play,
    stored_document,
    stored_match,
    stored_state,
    two_humans,
    words,
)

RANKS = "A234567JQK"


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


Finder = Callable[[dict[str, Any]], dict[str, Any] | None]


def position_where(api: Api, finder: Finder) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """Play first legal moves against a bot until ``finder`` returns an illegal move for the view.

    Returns the match answer at that point, the player's token and the illegal move. Several seeds are
    tried in turn, so the test does not hang on one deal of the engine.
    """
    me, token = api.register("Ada")
    for i in range(20):
        match = new_match(api, token, [me, "bot-random"], seed=f"{i:02x}" * 32)
        while match["status"] == "active":
            found = finder(match["view"])
            if found is not None:
                return match, token, found
            answer = play(api, match, token)
            assert answer.status == 200, answer.body
            match = answer.body
    raise AssertionError("no position found")


def lay_a_card_that_can_capture(view: dict[str, Any]) -> dict[str, Any] | None:
    moves = view["legal_moves"]
    lay_options = {m["card"] for m in moves if m["kind"] == "lay"}
    for m in moves:
        if m["kind"] != "lay" and m["card"] not in lay_options:
            return {"card": m["card"], "take": []}
    return None


def take_cards_that_do_not_add_up(view: dict[str, Any]) -> dict[str, Any] | None:
    for card in view["hand"]:
        for other in view["table"]:
            if rank(card) not in (1, rank(other)):
                return {"card": card, "take": [other]}
    return None


def take_a_sum_when_the_same_rank_lies_on_the_table(view: dict[str, Any]) -> dict[str, Any] | None:
    table = view["table"]
    for card in view["hand"]:
        if not any(rank(t) == rank(card) for t in table):
            continue
        for size in (2, 3):
            for combo in combinations(table, size):
                if sum(rank(t) for t in combo) == rank(card):
                    return {"card": card, "take": list(combo)}
    return None


def take_a_card_that_is_not_on_the_table(view: dict[str, Any]) -> dict[str, Any] | None:
    hand = view["hand"]
    return {"card": hand[0], "take": [hand[-1]]} if len(hand) > 1 else None


# --------------------------------------------------------------------------- legal moves


def test_a_legal_move_is_applied_and_the_bot_answers_in_the_same_request(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    move = match["view"]["legal_moves"][0]

    answer = play(api, match, token, move)

    assert answer.status == 200
    after = answer.body
    assert after["version"] == match["version"] + 1
    assert after["turn_player_id"] == me  # the bot has already answered
    view = after["view"]
    assert view["moves_played"] == match["view"]["moves_played"] + 2
    assert move["card"] not in view["hand"]
    assert view["last_move"]["seat"] != after["your_seat"]  # the last move is the bot's
    stored = stored_match(match["id"])
    assert int(stored["version"]["N"]) == after["version"]
    moves = stored_document(match["id"])["moves"]
    assert len(moves) == 2
    assert moves[0].startswith(f"{after['your_seat']}:{move['card']}")
    # A later read shows the same thing.
    assert api.call("GET", f"/matches/{match['id']}", token=token).body == after


def test_the_take_may_list_the_cards_in_any_order(api: Api) -> None:
    def multi_card_capture(view: dict[str, Any]) -> dict[str, Any] | None:
        for m in view["legal_moves"]:
            if len(m["take"]) >= 2:
                return {"card": m["card"], "take": m["take"][::-1]}
        return None

    match, token, move = position_where(api, multi_card_capture)
    answer = play(api, match, token, move)
    assert answer.status == 200, answer.body


# --------------------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    ("finder", "rule"),
    [
        (lay_a_card_that_can_capture, "must_capture"),
        (take_cards_that_do_not_add_up, "capture_does_not_add_up"),
        (take_a_sum_when_the_same_rank_lies_on_the_table, "must_take_single_card"),
        (take_a_card_that_is_not_on_the_table, "card_not_on_table"),
    ],
)
def test_an_illegal_move_is_refused_naming_the_rule(api: Api, finder: Finder, rule: str) -> None:
    match, token, move = position_where(api, finder)

    answer = play(api, match, token, move)

    body = assert_error(answer, 422, "illegal_move")
    assert body["details"] == {"rule": rule}
    # Nothing changed: same version, same hand.
    again = api.call("GET", f"/matches/{match['id']}", token=token).body
    assert again["version"] == match["version"]
    assert again["view"]["hand"] == match["view"]["hand"]
    assert int(stored_match(match["id"])["version"]["N"]) == match["version"]


def test_a_card_not_in_the_hand_is_refused_without_saying_where_it_is(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    seat = match["your_seat"]
    state_hidden = hidden_cards(match["id"], seat)
    state = stored_state(match["id"])
    opponent_hand = state["hands"][1 - seat]
    in_opponents_hand, in_stock = opponent_hand[:2], state["deck"][-2:]
    assert {in_opponents_hand, in_stock} <= state_hidden

    answers = [play(api, match, token, {"card": card, "take": []}) for card in (in_opponents_hand, in_stock)]

    bodies = [assert_error(a, 422, "illegal_move") for a in answers]
    assert all(b["details"] == {"rule": "card_not_in_hand"} for b in bodies)
    assert bodies[0]["message"] == bodies[1]["message"]  # the same answer wherever the card is
    assert not (words(bodies[0]["message"]) & state_hidden)


@pytest.mark.parametrize("card", ["zz", "7x", "11d", "Z"])
def test_an_unknown_card_is_refused(api: Api, card: str) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    assert_error(play(api, match, token, {"card": card, "take": []}), 422, "invalid_input")
    unknown_take = {"card": match["view"]["hand"][0], "take": ["??"]}
    assert_error(play(api, match, token, unknown_take), 422, "invalid_input")


def test_a_move_out_of_turn_is_a_conflict(api: Api) -> None:
    match, tokens = two_humans(api)
    waiting = next(p for p in tokens if p != match["turn_player_id"])
    view = api.call("GET", f"/matches/{match['id']}", token=tokens[waiting]).body
    move = {"card": view["view"]["hand"][0], "take": [], "version": match["version"]}

    answer = api.call("POST", f"/matches/{match['id']}/moves", move, token=tokens[waiting])

    body = assert_error(answer, 409, "not_your_turn")
    assert body["details"] == {"turn": match["turn"]}


def test_a_stale_version_is_a_conflict_that_tells_the_current_version(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    after = play(api, match, token).body

    stale = play(api, {**after, "version": match["version"]}, token)

    body = assert_error(stale, 409, "stale_version")
    assert body["details"] == {"version": after["version"]}
    ahead = play(api, {**after, "version": after["version"] + 5}, token)
    assert assert_error(ahead, 409, "stale_version")["details"] == {"version": after["version"]}


def test_only_the_seated_players_move(api: Api) -> None:
    me, token = api.register("Ada")
    _, other = api.register("Mallory")
    match = new_match(api, token, [me, "bot-greedy"])
    assert_error(play(api, match, other), 403, "not_a_participant")
    assert_error(play(api, match, ""), 401, "unauthorized")  # no token at all
    assert_error(play(api, match, ADMIN_TOKEN), 403, "forbidden")
    assert_error(play(api, {**match, "id": "m_missing"}, token), 404, "match_not_found")
    assert api.call("GET", f"/matches/{match['id']}").body["version"] == match["version"]


# --------------------------------------------------------------------------- idempotent retries


def test_a_retried_move_gets_the_first_answer_and_is_applied_once(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    move = match["view"]["legal_moves"][0]
    body = {"card": move["card"], "take": move["take"], "version": match["version"]}
    key = {"Idempotency-Key": "move-0001"}
    path = f"/matches/{match['id']}/moves"

    first = api.call("POST", path, body, token=token, headers=key)
    retry = api.call("POST", path, body, token=token, headers=key)

    assert first.status == retry.status == 200
    assert retry.body == first.body
    stored = stored_match(match["id"])
    assert int(stored["version"]["N"]) == first.body["version"] == match["version"] + 1
    assert len(stored_document(match["id"])["moves"]) == 2  # one human move and the bot's answer, once

    other = match["view"]["legal_moves"][-1]
    reused = api.call(
        "POST", path, {**body, "card": other["card"], "take": other["take"]}, token=token, headers=key
    )
    assert_error(reused, 422, "idempotency_key_reused")
    reused_version = api.call(
        "POST", path, {**body, "version": first.body["version"]}, token=token, headers=key
    )
    assert_error(reused_version, 422, "idempotency_key_reused")
    assert int(stored_match(match["id"])["version"]["N"]) == first.body["version"]


def test_a_key_is_remembered_until_the_next_move(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    path = f"/matches/{match['id']}/moves"
    first_move = match["view"]["legal_moves"][0]
    first_body = {"card": first_move["card"], "take": first_move["take"], "version": match["version"]}
    after = api.call("POST", path, first_body, token=token, headers={"Idempotency-Key": "k1"}).body
    play(api, after, token)  # a later move without a key replaces the remembered request

    late_retry = api.call("POST", path, first_body, token=token, headers={"Idempotency-Key": "k1"})

    assert_error(late_retry, 409, "stale_version")  # not applied a second time either


def test_another_players_key_is_not_their_answer(api: Api) -> None:
    match, tokens = two_humans(api)
    mover = match["turn_player_id"]
    waiting = next(p for p in tokens if p != mover)
    view = api.call("GET", f"/matches/{match['id']}", token=tokens[mover]).body
    legal = view["view"]["legal_moves"][0]
    body = {"card": legal["card"], "take": legal["take"], "version": match["version"]}
    key = {"Idempotency-Key": "shared-key"}
    path = f"/matches/{match['id']}/moves"
    assert api.call("POST", path, body, token=tokens[mover], headers=key).status == 200

    copied = api.call("POST", path, body, token=tokens[waiting], headers=key)

    assert_error(copied, 409, "stale_version")  # treated as the waiting player's own (stale) request


# --------------------------------------------------------------------------- resignation


def test_resigning_ends_the_match_for_the_other_side(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])

    answer = api.call("POST", f"/matches/{match['id']}/resign", token=token)

    assert answer.status == 200
    assert answer.body["status"] == "finished"
    assert answer.body["version"] == match["version"] + 1
    assert answer.body["result"]["reason"] == "resigned"
    assert answer.body["result"]["winners"] == ["bot-greedy"]
    assert answer.body["turn"] is None
    assert answer.body["deadline"] is None
    assert_error(api.call("POST", f"/matches/{match['id']}/resign", token=token), 409, "match_finished")
    assert_error(play(api, answer.body | {"view": match["view"]}, token), 409, "match_finished")


def test_only_a_seated_player_resigns(api: Api) -> None:
    me, token = api.register("Ada")
    _, other = api.register("Mallory")
    match = new_match(api, token, [me, "bot-greedy"])
    assert_error(api.call("POST", f"/matches/{match['id']}/resign", token=other), 403, "not_a_participant")
    assert_error(api.call("POST", f"/matches/{match['id']}/resign"), 401, "unauthorized")
    assert_error(api.call("POST", "/matches/m_missing/resign", token=token), 404, "match_not_found")
    assert api.call("GET", f"/matches/{match['id']}").body["status"] == "active"


def test_resigning_out_of_turn_is_allowed(api: Api) -> None:
    match, tokens = two_humans(api)
    waiting = next(p for p in tokens if p != match["turn_player_id"])
    answer = api.call("POST", f"/matches/{match['id']}/resign", token=tokens[waiting])
    assert answer.status == 200
    assert answer.body["result"]["winners"] == [match["turn_player_id"]]

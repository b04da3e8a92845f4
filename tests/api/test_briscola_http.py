"""Briscola over HTTP: a whole match between two people and one against a bot, the rules, the lobby, the
record and the finished games, illegal moves refused with their rule, and no hidden card in any answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scopa.domain.games import GAMES, names
from scopa.domain.games.briscola.cards import CODES
from tests.api.conftest import Answer, Api
from tests.api.support import SEED, assert_error, new_match, stored_state, words
from tools.cli import main


def briscola_hidden(state: dict[str, Any], seat: int | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may not know in a stored Briscola state: the stock and the
    other hands (all open in scoperta), but never the turned-up trump (public even once drawn) nor
    chiamata's called card (announced)."""
    if not state or state.get("result") is not None:
        return set() if state else set(CODES)
    deck = state["deck"]
    hidden = {deck[i : i + 2] for i in range(2 * state["drawn"], len(deck), 2)}
    if not state["rules"].get("scoperta"):
        for other, hand in enumerate(state["hands"]):
            if other != seat:
                hidden |= {hand[i : i + 2] for i in range(0, len(hand), 2)}
    if state["trump"] >= 0:
        hidden.discard(CODES[state["trump"]])
    called = state["chiamata"][1]
    if called >= 0:  # chiamata's called card is announced to the table (its holder is the secret)
        hidden.discard(CODES[called])
    return hidden


def scanned(answer: Answer, match_id: str) -> Answer:
    """The answer, after checking that no card hidden from its caller's seat (``your_seat``; null: a
    spectator) appears in it as a word."""
    assert answer.status == 200, answer.body
    seat = answer.body["your_seat"]
    hidden = briscola_hidden(stored_state(match_id), seat)
    # The caller's legal calls name every card of the rank bid, wherever it lies: no holding shown.
    view = answer.body["view"]
    moves = [m for m in view.get("legal_moves", []) if "call" not in m]
    text = json.dumps({**answer.body, "view": {**view, "legal_moves": moves}})
    leaked = words(text) & hidden
    assert not leaked, f"hidden cards {sorted(leaked)} shown to seat {seat}"
    return answer


def move(api: Api, match: dict[str, Any], token: str, card: str) -> Answer:
    body = {"card": card, "version": match["version"]}
    return api.call("POST", f"/matches/{match['id']}/moves", body, token=token)


def test_the_openapi_documents_the_game_field_as_an_enum_of_the_games(api: Api) -> None:
    assert set(names()) == set(GAMES)  # the request models take the registry's names
    spec = api.call("GET", "/openapi.json").body
    schema = spec["components"]["schemas"]["CreateMatch"]["properties"]["game"]
    assert set(schema["enum"]) == set(GAMES)
    assert schema["default"] == "scopa"
    assert "briscola" in schema["description"]
    params = spec["paths"]["/rules"]["get"]["parameters"]
    assert [p["name"] for p in params] == ["game"]


def test_rules_are_served_per_game(api: Api) -> None:
    briscola = api.call("GET", "/rules", query={"game": "briscola"}).body
    assert briscola["game"] == "briscola"
    assert {"classic", "partnership", "chiamata", "best_of_three"} <= {p["name"] for p in briscola["presets"]}
    assert {"hand_size", "decks", "chiamata", "points_target"} <= set(briscola["options"])
    scopa = api.call("GET", "/rules").body
    assert scopa["game"] == "scopa"
    assert "scopone" in {p["name"] for p in scopa["presets"]}
    assert_error(api.call("GET", "/rules", query={"game": "poker"}), 422, "validation_error")


def test_a_match_is_refused_with_rules_of_another_game_or_an_unknown_game(api: Api) -> None:
    me, token = api.register("Ada")
    refused = api.call(
        "POST",
        "/matches",
        {"players": [me, "bot-random"], "game": "briscola", "preset": "scopone"},
        token=token,
    )
    assert assert_error(refused, 422, "invalid_rules")["message"].startswith("briscola rules:")
    refused = api.call(
        "POST", "/matches", {"players": [me, "bot-random"], "game": "briscola", "target": 21}, token=token
    )
    assert "briscola" in assert_error(refused, 422, "invalid_rules")["message"]
    unknown = api.call("POST", "/matches", {"players": [me, "bot-random"], "game": "poker"}, token=token)
    assert_error(unknown, 422, "validation_error")


def test_a_whole_briscola_match_between_two_people(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    _, eve_token = api.register("Eve")
    tokens = {ada: ada_token, bob: bob_token}
    created = new_match(api, ada_token, [ada, bob], game="briscola", seed=SEED)
    assert created["game"] == "briscola"
    assert created["status"] == "pending"
    assert created["view"]["game"] == "briscola"
    assert "hand" not in created["view"]
    match = scanned(api.call("POST", f"/matches/{created['id']}/accept", token=bob_token), created["id"]).body
    assert match["status"] == "active"
    match_id = match["id"]
    moves = 0
    while match["status"] == "active":
        seat = match["turn"]
        player = match["seats"][seat]["player_id"]
        token = tokens[player]
        mine = scanned(api.call("GET", f"/matches/{match_id}", token=token), match_id).body
        assert mine["view"]["your_turn"] is True
        waiting = 1 - seat
        theirs = api.call("GET", f"/matches/{match_id}", token=tokens[match["seats"][waiting]["player_id"]])
        scanned(theirs, match_id)
        # (the scan is not vacuous: the mover's hand is hidden from the other seat)
        own = set(mine["view"]["hand"]) - {mine["view"]["trump_card"]}
        assert own <= briscola_hidden(stored_state(match_id), waiting)
        scanned(api.call("GET", f"/matches/{match_id}", token=eve_token), match_id)
        card = mine["view"]["legal_moves"][moves % len(mine["view"]["legal_moves"])]["card"]
        answer = move(api, mine, token, card)
        assert answer.status == 200, answer.body
        match = scanned(answer, match_id).body
        moves += 1
    assert moves == 40  # one game: every card of the deck played
    assert match["status"] == "finished"
    assert match["result"]["reason"] == "best_of"
    assert match["view"]["status"] == "finished"
    points = match["view"]["game_history"][-1][0]
    assert sum(points) == 120
    deals = api.call("GET", f"/matches/{match_id}/deals").body["deals"]
    assert len(deals) == len(match["view"]["game_history"])
    assert deals[-1]["points"] == points
    assert sum(len(t["cards"]) for t in deals[-1]["tricks"]) == 40


def test_a_briscola_match_against_a_bot_its_record_replays_and_the_lobby_speaks_briscola(
    api: Api, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-strong"], game="briscola", preset="best_of_three", seed=SEED)
    assert match["status"] == "active"
    match_id = match["id"]
    while match["status"] == "active":
        assert match["turn"] == match["your_seat"]
        answer = move(api, match, token, match["view"]["legal_moves"][0]["card"])
        assert answer.status == 200, answer.body
        match = scanned(answer, match_id).body
    assert max(match["result"]["scores"]) == 2
    record = api.call("GET", f"/matches/{match_id}/record").body
    assert record["game"] == "briscola"
    assert record["format"] == "briscola-record/1"
    assert len(record["games"]) >= 2
    assert "deals" not in record
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    capsys.readouterr()  # the API's metric lines so far
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


def test_illegal_briscola_moves_answer_with_their_rule(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    created = new_match(api, ada_token, [ada, bob], game="briscola", seed=SEED)
    match = api.call("POST", f"/matches/{created['id']}/accept", token=bob_token).body
    tokens = {ada: ada_token, bob: bob_token}
    seat = match["turn"]
    mover = tokens[match["seats"][seat]["player_id"]]
    waiter = tokens[match["seats"][1 - seat]["player_id"]]
    mine = api.call("GET", f"/matches/{match['id']}", token=mover).body
    hand = mine["view"]["hand"]
    not_mine = next(c for c in CODES if c not in hand and c != mine["view"]["trump_card"])
    refused = assert_error(move(api, mine, mover, not_mine), 422, "illegal_move")
    assert refused["details"] == {"rule": "card_not_in_hand"}
    assert not_mine not in refused["message"]
    theirs = api.call("GET", f"/matches/{match['id']}", token=waiter).body
    assert_error(move(api, theirs, waiter, hand[0]), 409, "not_your_turn")
    bid = api.call(
        "POST", f"/matches/{match['id']}/moves", {"bid": "K", "version": mine["version"]}, token=mover
    )
    assert assert_error(bid, 422, "illegal_move")["details"] == {"rule": "not_bidding_now"}
    both = api.call(
        "POST", f"/matches/{match['id']}/moves", {"card": hand[0], "bid": "K", "version": 1}, token=mover
    )
    assert_error(both, 422, "validation_error")
    assert move(api, mine, mover, hand[0]).status == 200
    assert_error(move(api, mine, mover, hand[1]), 409, "stale_version")


def test_seeks_and_challenges_carry_the_game(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    seek = api.call("POST", "/lobby/seeks", {"game": "briscola", "preset": "classic"}, token=ada_token)
    assert seek.status == 201, seek.body
    assert seek.body["game"] == "briscola"
    listed = api.call("GET", "/lobby/seeks").body["items"]
    assert [s["game"] for s in listed] == ["briscola"]
    four = api.call("POST", "/lobby/seeks", {"game": "briscola", "preset": "partnership"}, token=ada_token)
    assert_error(four, 400, "seek_for_two")
    taken = api.call("POST", f"/lobby/seeks/{seek.body['id']}/accept", token=bob_token)
    assert taken.status in (200, 201), taken.body
    assert taken.body["game"] == "briscola"
    assert taken.body["view"]["game"] == "briscola"
    challenge = api.call(
        "POST",
        "/challenges",
        {"opponent": bob, "game": "briscola", "preset": "best_of_three"},
        token=ada_token,
    )
    assert challenge.status == 201, challenge.body
    assert challenge.body["game"] == "briscola"
    inbox = api.call("GET", "/inbox", token=bob_token).body
    assert [i["game"] for i in inbox["invitations"]] == ["briscola"]
    mine = api.call("GET", "/inbox", token=ada_token).body
    assert [c["game"] for c in mine["challenges"]] == ["briscola"]
    scopa = api.call("POST", "/challenges", {"opponent": ada}, token=bob_token)
    assert scopa.body["game"] == "scopa"


def test_a_rated_briscola_match_is_rated_into_its_own_pool(api: Api) -> None:
    from tests.api.tournament_support import run_pipeline

    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    tokens = {ada: ada_token, bea: bea_token}
    match = new_match(api, ada_token, [ada, bea], game="briscola")
    match = api.call("POST", f"/matches/{match['id']}/accept", token=bea_token).body
    while match["status"] == "active":
        token = tokens[match["turn_player_id"]]
        mine = api.call("GET", f"/matches/{match['id']}", token=token).body
        answer = move(api, mine, token, mine["view"]["legal_moves"][0]["card"])
        assert answer.status == 200, answer.body
        match = answer.body
    api.clock.advance(10)  # past the settling time
    assert run_pipeline()["rated"] == 1
    pools = {p["id"]: p for p in api.call("GET", "/rankings").body["pools"]}
    assert pools["briscola-1v1"]["game"] == "briscola"
    assert pools["briscola-2v2"]["players_per_side"] == 2
    assert pools["scopa"]["game"] == "scopa"
    rows = api.call("GET", "/rankings/briscola-1v1").body["rows"]
    winner = match["result"]["winners"][0]
    assert [r["player_id"] for r in rows] == [winner, bea if winner == ada else ada]
    assert rows[0]["elo"] == 1520.0
    assert api.call("GET", "/rankings/scopa").body["rows"] == []
    assert api.call("GET", "/rankings/briscola-2v2").body["rows"] == []


def test_a_chiamata_match_with_bids_and_a_call_over_http(api: Api) -> None:
    me, token = api.register("Ada")
    bots = ["bot-random", "bot-greedy", "bot-random-2", "bot-greedy-2"]
    match = new_match(api, token, [me, *bots], game="briscola", preset="chiamata", seed=SEED)
    kinds: set[str] = set()
    while match["status"] == "active":
        assert match["turn"] == match["your_seat"]
        chosen = match["view"]["legal_moves"][-1]
        kinds |= set(chosen)
        answer = api.call(
            "POST", f"/matches/{match['id']}/moves", {**chosen, "version": match["version"]}, token=token
        )
        match = scanned(answer, match["id"]).body
    assert {"bid", "card"} <= kinds  # Ada bid (or passed) and played cards through the same route
    assert match["result"]["reason"] == "best_of"
    assert len(match["result"]["scores"]) == 5  # chiamata scores each seat

"""A third game registered from outside the service plays through the API, the lobby, a tournament of
bots run by the pipeline to its end, the ratings and its pages, with no file of the service changed for
it: its engine (``alta.py``, with its own move model ``AltaMove`` and deal model ``AltaDeal``, which the API
reads moves with and gives finished deals in) and its pages (``alta_pages/``) are registered by
``conftest.py``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scopa.domain.games import GAMES, UnknownGame, lookup, names, register
from scopa.domain.ratings.pools import pool_for
from tests.api.conftest import Api
from tests.api.support import assert_error, new_match
from tests.api.tournament_support import (
    create_tournament,
    enter_bots,
    organizer,
    run_pipeline,
    run_until_finished,
)
from tests.third_game.alta import AltaEngine


def test_the_registry_takes_a_game_from_outside_and_names_an_unknown_one(alta: AltaEngine) -> None:
    assert lookup("alta") is alta
    assert list(GAMES)[:2] == ["scopa", "briscola"]
    assert names() == ("scopa", "briscola", "alta")
    with pytest.raises(ValueError, match="already registered"):
        register(AltaEngine())
    with pytest.raises(UnknownGame, match=r"unknown game .poker.*alta"):
        lookup("poker")
    pool = pool_for("classic", 2, game="alta")
    assert pool is not None
    assert pool.id == "alta"


def play_out(api: Api, match: dict[str, Any], tokens: dict[str, str]) -> dict[str, Any]:
    while match["status"] == "active":
        token = tokens[match["turn_player_id"]]
        mine = api.call("GET", f"/matches/{match['id']}", token=token).body
        assert mine["view"]["your_turn"] is True
        card = mine["view"]["legal_moves"][0]["card"]
        answer = api.call(
            "POST", f"/matches/{match['id']}/moves", {"card": card, "version": mine["version"]}, token=token
        )
        assert answer.status == 200, answer.body
        match = answer.body
    return match


def test_an_alta_match_through_the_api(api: Api) -> None:
    rules = api.call("GET", "/rules", query={"game": "alta"}).body
    assert [p["name"] for p in rules["presets"]] == ["classic"]
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    tokens = {ada: ada_token, bob: bob_token}
    created = new_match(api, ada_token, [ada, bob], game="alta")
    assert created["game"] == "alta"
    match = api.call("POST", f"/matches/{created['id']}/accept", token=bob_token).body
    assert match["status"] == "active"
    seat = match["turn"]
    mover = tokens[match["seats"][seat]["player_id"]]
    waiter = tokens[match["seats"][1 - seat]["player_id"]]
    mine = api.call("GET", f"/matches/{match['id']}", token=mover).body
    assert len(mine["view"]["hand"]) == 3
    theirs = api.call("GET", f"/matches/{match['id']}", token=waiter).body
    assert set(theirs["view"]["hand"]).isdisjoint(mine["view"]["hand"])  # each seat sees its own hand
    refused = api.call(
        "POST", f"/matches/{match['id']}/moves", {"card": "9", "version": mine["version"]}, token=mover
    )
    assert assert_error(refused, 422, "illegal_move")["details"] == {"rule": "card_not_in_hand"}
    assert_error(
        api.call(
            "POST",
            f"/matches/{match['id']}/moves",
            {"card": theirs["view"]["hand"][0], "version": mine["version"]},
            token=waiter,
        ),
        409,
        "not_your_turn",
    )
    match = play_out(api, match, tokens)
    assert match["status"] == "finished"
    assert sorted(match["result"]["scores"]) in ([0, 3], [1, 2])
    record = api.call("GET", f"/matches/{match['id']}/record").body
    assert record["format"] == "alta-record/1"
    assert lookup("alta").verify_record(record)["ok"] is True
    (deal,) = api.call("GET", f"/matches/{match['id']}/deals").body["deals"]
    assert set(deal) == {"tricks", "winner"}  # Alta's own deal model (AltaDeal), not a built-in game's
    assert deal["winner"] == match["result"]["winner_side"]


def test_an_alta_move_is_read_by_alta_s_own_move_model(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    match = new_match(api, ada_token, [ada, "bot-random"], game="alta")
    mine = api.call("GET", f"/matches/{match['id']}", token=ada_token).body
    card = mine["view"]["legal_moves"][0]["card"]
    moves = f"/matches/{match['id']}/moves"
    # a field of Scopa's moves passes the union of the games' models, and Alta's own model refuses it
    take = api.call("POST", moves, {"card": card, "take": [], "version": mine["version"]}, token=ada_token)
    assert assert_error(take, 422, "invalid_input")["message"] == "an alta move is {'card': '3'}"
    # a card as a number: only Alta's model takes it (Scopa's and Briscola's want a code)
    played = api.call("POST", moves, {"card": int(card), "version": mine["version"]}, token=ada_token)
    assert played.status == 200, played.body
    assert card not in played.body["view"]["hand"]


def test_the_document_describes_alta_s_move_and_deal_models_from_the_registry(api: Api) -> None:
    schemas = api.call("GET", "/openapi.json").body["components"]["schemas"]
    moves = [ref["$ref"].rsplit("/", 1)[1] for ref in schemas["PlayMove"]["anyOf"]]
    assert moves == ["ScopaMove", "BriscolaMove", "AltaMove"]
    deals = [
        d["items"]["$ref"].rsplit("/", 1)[1] for d in schemas["MatchDeals"]["properties"]["deals"]["anyOf"]
    ]
    assert deals == ["FinishedDeal", "FinishedGame", "AltaDeal"]
    assert lookup("alta").move_model.__name__ == "AltaMove"


def test_an_alta_match_against_a_house_bot_and_a_seek_in_the_lobby(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-random"], game="alta")
    assert play_out(api, match, {me: token})["status"] == "finished"
    _, bob_token = api.register("Bob")
    seek = api.call("POST", "/lobby/seeks", {"game": "alta", "preset": "classic"}, token=token)
    assert seek.status == 201, seek.body
    assert [s["game"] for s in api.call("GET", "/lobby/seeks").body["items"]] == ["alta"]
    taken = api.call("POST", f"/lobby/seeks/{seek.body['id']}/accept", token=bob_token)
    assert taken.status in (200, 201), taken.body
    assert taken.body["game"] == "alta"
    assert taken.body["view"]["game"] == "alta"


def test_an_alta_match_s_pages_show_the_table_and_never_a_hand(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    match = new_match(api, ada_token, [ada, bob], game="alta")
    match = api.call("POST", f"/matches/{match['id']}/accept", token=bob_token).body
    live = api.call("GET", f"/web/matches/{match['id']}")
    assert live.status == 200, live.body
    seated = " v ".join(seat["name"] for seat in match["seats"])  # the seats are drawn by lot
    assert f'<h1 id="alta">Alta: {seated}</h1>' in live.body
    assert '<p id="trick"></p>' in live.body  # nothing played yet, and no hand to show
    assert '<p id="tricks">Tricks won: 0 – 0</p>' in live.body
    assert "hand" not in api.call("GET", f"/matches/{match['id']}").body["view"]  # what the page is given
    play = api.call("GET", f"/web/play/{match['id']}")
    assert play.status == 200, play.body
    assert '<a id="rules-link" href="/web/rules/alta/classic">' in play.body
    rules = api.call("GET", "/web/rules/alta/classic", query={"lang": "it"})
    assert rules.status == 200
    assert "Sei carte, tre a testa; la carta più alta prende la presa." in rules.body
    assert '<a href="/web/rules/alta/classic">classic</a>' in api.call("GET", "/web/rules").body


def test_a_tournament_of_alta_bots_runs_to_its_end(api: Api) -> None:
    _, token = organizer(api)
    tournament = create_tournament(api, token, {"game": "alta", "preset": "classic", "format": "round_robin"})
    enter_bots(api, token, tournament["id"], 4, kinds=("greedy", "random"))
    started = api.call("POST", f"/tournaments/{tournament['id']}/start", token=token)
    assert started.status == 200, started.body
    finished = run_until_finished(api, tournament["id"])
    assert finished["status"] == "finished"
    rows = api.call("GET", f"/tournaments/{tournament['id']}/standings").body["standings"]
    assert sum(r["points"] for r in rows) == 6  # four entrants meet once: six matches, a point each
    shown = api.call("GET", f"/web/tournaments/{tournament['id']}")
    assert shown.status == 200, shown.body
    linked = re.findall(r'href="/web/matches/([^"]+)"', shown.body)
    assert len(set(linked)) == 6  # each of its matches, drawn by Alta's pages
    assert '<h1 id="alta">' in api.call("GET", f"/web/matches/{linked[0]}").body


def test_a_rated_alta_match_is_rated_in_alta_s_own_pool(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    match = new_match(api, ada_token, [ada, bea], game="alta")
    match = api.call("POST", f"/matches/{match['id']}/accept", token=bea_token).body
    match = play_out(api, match, {ada: ada_token, bea: bea_token})
    api.clock.advance(10)  # past the settling time
    assert run_pipeline()["rated"] == 1
    pools = {p["id"]: p for p in api.call("GET", "/rankings").body["pools"]}
    assert pools["alta"]["game"] == "alta"
    rows = api.call("GET", "/rankings/alta").body["rows"]
    assert rows[0]["player_id"] == match["result"]["winners"][0]
    assert rows[0]["elo"] == 1520.0
    assert api.call("GET", "/rankings/scopa").body["rows"] == []


def test_an_alta_tournament_played_in_person_asks_alta_to_check_its_scores(api: Api) -> None:
    _, token = organizer(api)
    settings = {"game": "alta", "preset": "classic", "format": "round_robin", "play_mode": "in_person"}
    tournament = create_tournament(api, token, settings)
    tid = tournament["id"]
    players = {}
    for name in ("Ada", "Bea"):
        pid, player_token = api.register(name)
        assert api.call("POST", f"/tournaments/{tid}/entries", {}, token=player_token).status == 201
        players[pid] = player_token
    assert api.call("POST", f"/tournaments/{tid}/start", token=token).status == 200
    table = api.call("GET", f"/tournaments/{tid}/rounds/1").body["tables"][0]
    first, second = table["first"]["id"], table["second"]["id"]
    url = f"/tournaments/{tid}/rounds/1/tables/1/reports"
    refused = api.call("POST", url, {"games": [[2, 2]]}, token=players[first])
    body = assert_error(refused, 422, "impossible_score")  # Alta's own rule: three tricks a game
    assert body["details"] == {"rule": "card_points_total"}
    assert api.call("POST", url, {"games": [[2, 1]]}, token=players[first]).status == 200
    assert api.call("POST", url, {"games": [[2, 1]]}, token=players[second]).status == 200
    rows = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert {r["entrant"]: r["points"] for r in rows} == {first: 1, second: 0}

"""Errors: bad JSON, validation, unknown routes, the 500 answer, and no secret in any error or log line."""

from __future__ import annotations

import io
import json
import logging
from typing import Any

import pytest

from scopa.application.services.matches import MatchService
from tests.api.conftest import ADMIN_TOKEN, Answer, Api
from tests.api.support import (
    ERROR_KEYS,
    assert_error,
    hidden_cards,
    new_match,
    play,
    two_humans,
    words,
)
from tests.common import strings_in

# --------------------------------------------------------------------------- bad JSON


@pytest.mark.parametrize(
    ("method", "path", "raw"),
    [
        ("POST", "/players", "{bad"),
        ("POST", "/players", '{"name": "Ada"'),
        ("POST", "/players", "{'name': 'Ada'}"),
        ("POST", "/matches", "not json at all"),
        ("POST", "/matches/m_x/moves", '{"card": "7d", "take": [], "version": 1,}'),
        ("PUT", "/players/p_x/role", "{"),
    ],
)
def test_a_body_that_is_not_json_is_a_bad_request(bare_api: Api, method: str, path: str, raw: str) -> None:
    body = assert_error(
        bare_api.call(method, path, raw_body=raw, headers={"content-type": "application/json"}),
        400,
        "invalid_json",
    )
    assert body["details"] == {}


# --------------------------------------------------------------------------- validation

MOVE = {"card": "7d", "take": [], "version": 1}
PLAYERS = {"players": ["p_a", "p_b"]}

VALIDATION: list[tuple[str, str, dict[str, Any]]] = [
    # (method, path, call keywords): each one breaks a documented limit of a model or parameter
    ("POST", "/players", {"body": {"name": "Ada", "admin": True}}),
    ("POST", "/players", {"body": {"name": "x" * 10_000}}),
    ("POST", "/players", {"body": {"name": 5}}),
    ("POST", "/players", {"body": {"name": ""}}),
    ("POST", "/players", {"body": {}}),
    ("POST", "/players", {"body": ["Ada"]}),
    ("POST", "/players", {"body": {"name": "Ada"}, "headers": {"Idempotency-Key": "k" * 129}}),
    ("POST", "/matches", {"body": {"players": ["p_a"]}}),
    ("POST", "/matches", {"body": {"players": [f"p{i}" for i in range(9)]}}),
    ("POST", "/matches", {"body": {**PLAYERS, "target": 0}}),
    ("POST", "/matches", {"body": {**PLAYERS, "target": -11}}),
    ("POST", "/matches", {"body": {**PLAYERS, "target": 10**30}}),
    ("POST", "/matches", {"body": {**PLAYERS, "seed": "not-hex"}}),
    ("POST", "/matches", {"body": {**PLAYERS, "seed": "ab" * 65}}),
    ("POST", "/matches", {"body": {**PLAYERS, "preset": "p" * 41}}),
    ("POST", "/matches", {"body": {**PLAYERS, "time_control": {"seconds_per_move": 1}}}),
    ("POST", "/matches", {"body": {**PLAYERS, "time_control": {"seconds_per_move": 10**12}}}),
    ("POST", "/matches", {"body": {**PLAYERS, "time_control": {"days_per_move": -1}}}),
    ("POST", "/matches", {"body": {**PLAYERS, "time_control": {}}}),
    ("POST", "/matches", {"body": {**PLAYERS, "time_control": {"seconds_per_move": 60, "days_per_move": 1}}}),
    ("POST", "/matches", {"body": {**PLAYERS, "colour": "white"}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "version": -1}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "version": 0}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "version": 10**10}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "version": 10**400}}),
    ("POST", "/matches/m_x/moves", {"raw_body": '{"card": "7d", "take": [], "version": 1e400}'}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "version": "one"}}),
    ("POST", "/matches/m_x/moves", {"body": {"card": "7d", "take": []}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "card": ""}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "card": "7d" * 50}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "take": ["Ad"] * 21}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "take": "Ad"}}),
    ("POST", "/matches/m_x/moves", {"body": {**MOVE, "cheat": True}}),
    ("PUT", "/players/p_x/role", {"body": {"role": "king"}}),
    ("GET", "/matches/m_x", {"query": {"after_version": "-1"}}),
    ("GET", "/matches/m_x", {"query": {"after_version": "x"}}),
    ("GET", "/matches/m_x", {"query": {"after_version": "1", "wait": "21"}}),
    ("GET", "/matches/m_x", {"query": {"after_version": "1", "wait": "-1"}}),
    ("GET", "/players/p_x/matches", {"query": {"limit": "0"}}),
    ("GET", "/players/p_x/matches", {"query": {"limit": "101"}}),
    ("GET", "/players/p_x/matches", {"query": {"limit": "1" + "0" * 30}}),
    ("GET", "/players/p_x/matches", {"query": {"cursor": "c" * 3000}}),
]


@pytest.mark.parametrize(("method", "path", "call"), VALIDATION)
def test_invalid_requests_are_refused_with_the_problem_located(
    bare_api: Api, method: str, path: str, call: dict[str, Any]
) -> None:
    answer = bare_api.call(method, path, **call)

    body = assert_error(answer, 422, "validation_error")
    problems = body["details"]["errors"]
    assert problems
    assert all(set(p) == {"location", "type", "message"} for p in problems)
    assert all(p["location"].split(".")[0] in ("body", "query", "header", "headers") for p in problems)
    assert len(json.dumps(body)) < 4_000  # a huge input is not echoed back


def test_huge_and_unknown_rule_options_are_refused(api: Api) -> None:
    me, token = api.register("Ada")
    players = [me, "bot-greedy"]
    for options in ({"target": 10**30}, {"players": 10**30}, {"hand_size": -5}, {"x" * 1000: 1}):
        answer = api.call("POST", "/matches", {"players": players, "options": options}, token=token)
        body = assert_error(answer, 422, "invalid_rules")
        assert len(body["message"]) < 2_000


# --------------------------------------------------------------------------- routes and the last resort


@pytest.mark.parametrize(("method", "path"), [("GET", "/nowhere"), ("PATCH", "/no/such/path")])
def test_unknown_routes_are_not_found(bare_api: Api, method: str, path: str) -> None:
    assert_error(bare_api.call(method, path), 404, "route_not_found")


@pytest.mark.parametrize(
    ("method", "path"), [("GET", "/matches"), ("PATCH", "/me"), ("DELETE", "/players/p_x")]
)
def test_known_paths_refuse_other_methods_with_405(bare_api: Api, method: str, path: str) -> None:
    assert_error(bare_api.call(method, path), 405, "method_not_allowed")  # see tests/api/test_contract.py


def test_an_unexpected_error_is_a_bare_500(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the storage engine melted at /internal/path")

    monkeypatch.setattr(MatchService, "get", broken)

    answer = api.call("GET", "/matches/m_x")

    body = assert_error(answer, 500, "internal_error")
    assert body["message"] == "something went wrong"
    assert isinstance(body["details"]["request_id"], str)
    assert "melted" not in json.dumps(body)


# --------------------------------------------------------------------------- no secrets in errors or logs


def test_no_error_or_log_line_shows_a_token_or_a_hidden_card(
    api: Api, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str], json_log: io.StringIO
) -> None:
    caplog.set_level(logging.INFO)
    tokens: list[str] = [ADMIN_TOKEN]
    errors: list[tuple[Answer, set[str]]] = []  # each error answer, with the cards hidden from its caller

    def expect_error(answer: Answer, status: int, code: str, hidden: set[str] | None = None) -> None:
        assert_error(answer, status, code)
        errors.append((answer, hidden or set()))

    # Players and tokens, with a registration retried under an Idempotency-Key
    match, by_player = two_humans(api)
    tokens.extend(by_player.values())
    ada, bob = list(by_player)
    first = api.call("POST", "/players", {"name": "Carol"}, headers={"Idempotency-Key": "reg-carol"})
    api.call("POST", "/players", {"name": "Carol"}, headers={"Idempotency-Key": "reg-carol"})
    carol, carol_token = first.body["player"]["id"], first.body["token"]
    tokens.append(carol_token)
    rotated = api.call("POST", "/me/token", token=carol_token).body["token"]
    tokens.append(rotated)
    expect_error(api.call("GET", "/me", token=carol_token), 401, "unauthorized")  # the retired token
    expect_error(api.call("GET", "/me", headers={"authorization": f"Basic {rotated}"}), 401, "unauthorized")
    issued = api.call("POST", f"/players/{carol}/token", token=ADMIN_TOKEN).body["token"]
    tokens.append(issued)
    expect_error(api.call("POST", f"/players/{carol}/token", token=issued), 403, "forbidden")
    api.call("DELETE", "/me/token", token=issued)
    expect_error(api.call("GET", "/me", token=issued), 401, "unauthorized")

    # Moves that fail in every way, against the match between Ada and Bob
    mover = match["turn_player_id"]
    waiting = bob if mover == ada else ada
    mover_view = api.call("GET", f"/matches/{match['id']}", token=by_player[mover]).body
    seat = mover_view["your_seat"]
    hidden = hidden_cards(match["id"], seat)
    for card in sorted(hidden)[:6]:  # cards of the other hand and of the stock
        expect_error(
            play(api, mover_view, by_player[mover], {"card": card, "take": []}), 422, "illegal_move", hidden
        )
    table = mover_view["view"]["table"]
    wrong_take = {"card": mover_view["view"]["hand"][0], "take": sorted(hidden)[:2]}
    expect_error(play(api, mover_view, by_player[mover], wrong_take), 422, "illegal_move", hidden)
    waiting_view = api.call("GET", f"/matches/{match['id']}", token=by_player[waiting]).body
    waiting_hidden = hidden_cards(match["id"], waiting_view["your_seat"])
    expect_error(
        play(api, waiting_view, by_player[waiting], {"card": waiting_view["view"]["hand"][0], "take": table}),
        409,
        "not_your_turn",
        waiting_hidden,
    )
    expect_error(play(api, {**mover_view, "version": 99}, by_player[mover]), 409, "stale_version", hidden)
    expect_error(
        play(api, mover_view, by_player[mover], {"card": "zz", "take": []}), 422, "invalid_input", hidden
    )
    spectator = new_match(api, by_player[ada], [ada, "bot-strong"])
    expect_error(
        play(api, spectator, by_player[bob]), 403, "not_a_participant", hidden_cards(spectator["id"], None)
    )
    assert play(api, mover_view, by_player[mover]).status == 200

    # The checks: no error answer holds a token or a card hidden from its caller ...
    for answer, hidden_then in errors:
        assert set(answer.body) == ERROR_KEYS
        text = json.dumps(answer.body)
        assert not any(t in text for t in tokens), text
        assert not (words(answer.body["message"]) & hidden_then), answer.body
        assert not (set(strings_in(answer.body["details"])) & hidden_then), answer.body

    # ... and no log line either (the handler's JSON lines on stdout and the records seen by logging)
    out = capsys.readouterr()
    lines = json_log.getvalue() + out.out + out.err
    records = caplog.records
    assert any(r.getMessage() == "move applied" for r in records)  # the capture saw the handler's logs
    assert "move applied" in lines
    all_hidden = hidden_cards(match["id"], None) | hidden
    for t in tokens:
        assert t not in lines
        assert t not in caplog.text
    for record in records:
        values = [str(v) for v in record.__dict__.values() if isinstance(v, str | int)]
        assert not any(t in v for t in tokens for v in values), record.__dict__
        assert not (set(values) & all_hidden), record.__dict__
    for line in lines.splitlines():
        if line.startswith("{"):
            logged = json.loads(line)
            assert not ({"state", "hand", "hands", "deck", "body", "token", "authorization"} & set(logged))
            assert not any(words(s) & all_hidden for s in strings_in(logged) if s not in ("_aws",)), line

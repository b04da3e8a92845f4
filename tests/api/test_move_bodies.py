"""Move bodies x games: every body answers as it did when the service had one move model for every game.

Since each game brings its own move model (Scopa: ``ScopaMove``, Briscola: ``BriscolaMove``), the API
takes the union of them and the match's game reads the body with its own. The table below was recorded
on the service of before (one ``PlayMove`` with every game's fields): status, error code and, for a keyed
move that was applied, the body digest the match keeps for retries (the idempotency record, which the
stored items of the golden run hold). ``C`` stands for a legal card, ``T`` for its capture and ``V`` for
the match version, filled in from the match the body is posted to.
"""

from __future__ import annotations

from typing import Any

import pytest

from api import context
from tests.api.conftest import Api
from tests.api.support import new_match

SEEDS = {"scopa": "ab" * 32, "briscola": "cd" * 32}


def _fill(template: Any, card: str, take: list[str], version: int) -> Any:
    if template == "C":
        return card
    if template == "T":
        return take
    if template == "V":
        return version
    if template == "V+1":
        return version + 1
    if template == "V.0":
        return float(version)
    if isinstance(template, dict):
        return {k: _fill(v, card, take, version) for k, v in template.items()}
    if isinstance(template, list):
        return [_fill(v, card, take, version) for v in template]
    return template


CASES: list[tuple[str, Any]] = [
    ("card_take", {"card": "C", "take": "T", "version": "V"}),
    ("card_alone", {"card": "C", "version": "V"}),
    ("card_float_version", {"card": "C", "take": "T", "version": "V.0"}),
    ("card_signal", {"card": "C", "take": "T", "signal": "ace", "version": "V"}),
    ("card_nulls", {"card": "C", "take": "T", "signal": None, "bid": None, "call": None, "version": "V"}),
    ("card_wrong_take", {"card": "C", "take": ["Zz"], "version": "V"}),
    ("card_unknown", {"card": "Zz", "version": "V"}),
    ("card_too_long", {"card": "7dddd", "version": "V"}),
    ("card_number", {"card": 7, "version": "V"}),
    ("card_null_only", {"card": None, "version": "V"}),
    ("take_null", {"card": "C", "take": None, "version": "V"}),
    ("take_string", {"card": "C", "take": "3s", "version": "V"}),
    ("take_too_many", {"card": "C", "take": ["3s"] * 21, "version": "V"}),
    ("signal_too_long", {"card": "C", "signal": "x" * 21, "version": "V"}),
    ("signal_number", {"card": "C", "signal": 3, "version": "V"}),
    ("bid_rank", {"bid": "K", "version": "V"}),
    ("bid_points", {"bid": 70, "version": "V"}),
    ("bid_pass_stale", {"bid": "pass", "version": "V+1"}),
    ("bid_bool", {"bid": True, "version": "V"}),
    ("call", {"call": "Kd", "version": "V"}),
    ("call_empty", {"call": "", "version": "V"}),
    ("card_and_bid", {"card": "C", "bid": "K", "version": "V"}),
    ("nothing", {"version": "V"}),
    ("no_version", {"card": "C"}),
    ("version_string", {"card": "C", "version": "3"}),
    ("version_zero", {"card": "C", "version": 0}),
    ("version_stale", {"card": "C", "take": "T", "version": "V+1"}),
    ("extra_field", {"card": "C", "version": "V", "kind": "lay"}),
    ("array", [{"card": "C", "version": "V"}]),
    ("string", "7d"),
]

# Recorded on the service of before (one PlayMove for every game): [200, the body digest kept for retries]
# or [status, code, message] (no message for validation_error: pydantic's wording names the model).
EXPECTED: dict[str, dict[str, list[Any]]] = {
    "card_take": {
        "scopa": [200, "ef087da2c0e9874e2ee60b4a0c9df34f"],
        "briscola": [200, "e6ff084a1818722b4b5d616902fd7708"],
    },
    "card_alone": {
        "scopa": [
            422,
            "illegal_move",
            "4c can capture (4d), so it may not be laid on the table; play it to capture or play another card",  # noqa: E501
        ],
        "briscola": [200, "e6ff084a1818722b4b5d616902fd7708"],
    },
    "card_float_version": {
        "scopa": [200, "ef087da2c0e9874e2ee60b4a0c9df34f"],
        "briscola": [200, "e6ff084a1818722b4b5d616902fd7708"],
    },
    "card_signal": {
        "scopa": [200, "3fbe0a4177ca17d003a6383e566414b9"],
        "briscola": [422, "illegal_move", "signals are not allowed in this game"],
    },
    "card_nulls": {
        "scopa": [200, "ef087da2c0e9874e2ee60b4a0c9df34f"],
        "briscola": [200, "e6ff084a1818722b4b5d616902fd7708"],
    },
    "card_wrong_take": {
        "scopa": [422, "invalid_input", "'Zz': unknown rank 'Z' (ranks: A 2 3 4 5 6 7 J Q K, or 1-10)"],
        "briscola": [200, "41c6e637ff74c68f8b212a1558fd5a98"],
    },
    "card_unknown": {
        "scopa": [422, "invalid_input", "'Zz': unknown rank 'Z' (ranks: A 2 3 4 5 6 7 J Q K, or 1-10)"],
        "briscola": [422, "invalid_input", "'Zz': unknown rank 'Z' (ranks: A 2 3 4 5 6 7 J Q K, or 1-10)"],
    },
    "card_too_long": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "card_number": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "card_null_only": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "take_null": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "take_string": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "take_too_many": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "signal_too_long": {
        "scopa": [422, "validation_error", None],
        "briscola": [422, "validation_error", None],
    },
    "signal_number": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "bid_rank": {
        "scopa": [
            422,
            "invalid_input",
            "a move is an object with 'card' and optional 'take', e.g. {'card': '7d'}",
        ],
        "briscola": [422, "illegal_move", "there is no auction going on"],
    },
    "bid_points": {
        "scopa": [
            422,
            "invalid_input",
            "a move is an object with 'card' and optional 'take', e.g. {'card': '7d'}",
        ],
        "briscola": [422, "illegal_move", "there is no auction going on"],
    },
    "bid_pass_stale": {
        "scopa": [409, "stale_version", "the match is at version 1, not 2: read it again"],
        "briscola": [409, "stale_version", "the match is at version 1, not 2: read it again"],
    },
    "bid_bool": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "call": {
        "scopa": [
            422,
            "invalid_input",
            "a move is an object with 'card' and optional 'take', e.g. {'card': '7d'}",
        ],
        "briscola": [422, "illegal_move", "a card is called only by the auction's winner after it"],
    },
    "call_empty": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "card_and_bid": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "nothing": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "no_version": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "version_string": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "version_zero": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "version_stale": {
        "scopa": [409, "stale_version", "the match is at version 1, not 2: read it again"],
        "briscola": [409, "stale_version", "the match is at version 1, not 2: read it again"],
    },
    "extra_field": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
    "array": {
        "scopa": [
            422,
            "illegal_move",
            "4c can capture (4d), so it may not be laid on the table; play it to capture or play another card",  # noqa: E501
        ],
        "briscola": [200, "e6ff084a1818722b4b5d616902fd7708"],
    },
    "string": {"scopa": [422, "validation_error", None], "briscola": [422, "validation_error", None]},
}


def post(api: Api, game: str, template: Any, key: str | None = "k-1") -> list[Any]:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-random"], game=game, seed=SEEDS[game])
    if match["turn_player_id"] != me:
        match = api.call("GET", f"/matches/{match['id']}", token=token).body
    mine = api.call("GET", f"/matches/{match['id']}", token=token).body
    assert mine["view"]["your_turn"], mine
    legal = mine["view"]["legal_moves"][0]
    body = _fill(template, legal["card"], legal.get("take", []), mine["version"])
    answer = api.call(
        "POST",
        f"/matches/{match['id']}/moves",
        body,
        token=token,
        headers={"Idempotency-Key": key} if key else None,
    )
    kept = context.services().stores.matches.get_match(match["id"])
    assert kept is not None
    if answer.status == 200:
        return [200, (kept.idempotency or {}).get("body")]
    # a refusal's message too, but pydantic's wording of a body no model takes (it names each field)
    message = None if answer.code == "validation_error" else answer.body["message"]
    return [answer.status, answer.code, message]


@pytest.mark.parametrize("game", ["scopa", "briscola"])
@pytest.mark.parametrize(("name", "template"), CASES, ids=[name for name, _ in CASES])
def test_a_move_body_answers_as_it_did_with_one_model_for_every_game(
    api: Api, game: str, name: str, template: Any
) -> None:
    assert post(api, game, template) == EXPECTED[name][game]


def test_a_key_again_with_a_body_of_another_game_is_refused_as_a_reused_key(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-random"], seed=SEEDS["scopa"])
    legal = match["view"]["legal_moves"][0]
    moves, key = f"/matches/{match['id']}/moves", {"Idempotency-Key": "k-2"}
    body = {"card": legal["card"], "take": legal["take"], "version": match["version"]}
    first = api.call("POST", moves, body, token=token, headers=key)
    assert first.status == 200, first.body
    assert api.call("POST", moves, body, token=token, headers=key).body == first.body  # answered again
    # Scopa's model refuses a bid, but the key was used with another body: that is said first, as before
    bid = api.call("POST", moves, {"bid": "K", "version": match["version"]}, token=token, headers=key)
    assert [bid.status, bid.code] == [422, "idempotency_key_reused"], bid.body

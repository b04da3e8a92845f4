"""Bad input, case by case: each gets a clear 4xx in the documented ``{code, message, details}`` shape.

Invalid and undecodable JSON, bodies too big or nested too deep, unicode names (right-to-left, emoji,
combining marks, NUL and invisible characters), negative and huge numbers, unknown cards, rule options and
presets. In process (the handler on moto) and, where the HTTP layer matters, over the local server.
``tests/api/test_errors.py`` holds the validation limits of each model; these are the hostile inputs.
"""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import urlsplit

import pytest

from api.handler import handler
from tests.api.conftest import ADMIN_TOKEN, Answer, Api
from tests.api.support import ERROR_KEYS, assert_error, new_match
from tests.fuzz.conftest import World
from tools.apigw import FakeLambdaContext, http_event
from tools.local_server import MAX_BODY_BYTES

DEEP = "[" * 50_000 + "]" * 50_000  # far beyond the JSON decoder's recursion limit


def short_error(answer: Answer, status: int, code: str) -> dict[str, Any]:
    """An error of the documented shape that does not echo a huge input back."""
    body = assert_error(answer, status, code)
    assert len(json.dumps(body)) < 4_000
    return body


# --------------------------------------------------------------------------- bodies


@pytest.mark.parametrize(
    ("path", "raw"),
    [
        ("/players", DEEP),
        ("/matches/m_x/moves", '{"card": ' + "[" * 20_000 + "]" * 20_000 + "}"),
        ("/matches", '{"players": ' + '{"a": ' * 10_000 + "1" + "}" * 10_001),
    ],
)
def test_json_nested_too_deep_is_bad_json_not_a_crash(bare_api: Api, path: str, raw: str) -> None:
    answer = bare_api.call("POST", path, raw_body=raw, headers={"content-type": "application/json"})

    body = short_error(answer, 400, "invalid_json")
    assert body["message"] == "the request body is nested too deeply"


def test_a_body_that_is_not_utf8_is_bad_json(bare_api: Api) -> None:
    # API Gateway hands a body that is not text over base64-encoded; the local server does the same.
    event = http_event(
        "POST", "/players", raw_body=b"\xff\xfe{\x00", headers={"content-type": "application/json"}
    )
    assert event["isBase64Encoded"] is True

    out = handler(event, FakeLambdaContext())

    short_error(Answer(out["statusCode"], json.loads(out["body"])), 400, "invalid_json")


def test_a_huge_json_payload_is_refused_without_being_echoed(api: Api) -> None:
    _, token = api.register("Ada")
    huge = {
        "/players": {"name": "x" * 2_000_000},
        "/matches": {"players": ["p_x"] * 200_000},
        "/matches/m_x/moves": {"card": "7d", "take": ["Ad"] * 200_000, "version": 1},
        "/clubs": {"name": "Club", "description": "y" * 1_000_000},
    }
    for path, payload in huge.items():
        short_error(api.call("POST", path, payload, token=token), 422, "validation_error")


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("name", "stored"),
    [
        ("مرحبا بالعالم", "مرحبا بالعالم"),  # right to left
        ("שלום Ada", "שלום Ada"),  # mixed directions
        ("🂡 Ada 🃏", "🂡 Ada 🃏"),  # emoji outside the basic plane
        ("Nicolo\u0300", "Nicolò"),  # a combining grave, normalised to one character
        ("  Ada \t  Lovelace ", "Ada Lovelace"),  # spaces trimmed and folded
        ("李小龍", "李小龍"),
        ("🂡" * 40, "🂡" * 40),  # 40 characters, 160 bytes in UTF-8
    ],
)
def test_unicode_names_are_kept_as_written(api: Api, name: str, stored: str) -> None:
    answer = api.call("POST", "/players", {"name": name})

    assert answer.status == 201, answer.body
    assert answer.body["player"]["name"] == stored
    profile = api.call("GET", f"/players/{answer.body['player']['id']}")
    assert profile.body["name"] == stored


@pytest.mark.parametrize(
    "name",
    [
        "Ada\x00",  # NUL
        "\x00",
        "Ada\x1b[31m",  # a terminal escape
        "\u202eadA",  # right-to-left override: would show another name
        "Ada\u200b",  # zero-width space
        "\u2066Ada\u2069",  # directional isolates
        "\ufeffAda",  # byte-order mark
        "\u0301\u0301",  # combining marks with nothing to sit on
        "\u0301Ada",
        "   ",
        "\ue000",  # private use
    ],
)
def test_names_that_hide_or_fake_something_are_refused(bare_api: Api, name: str) -> None:
    requests: list[tuple[str, dict[str, Any], str | None]] = [
        ("/players", {"name": name}, None),
        ("/clubs", {"name": name}, ADMIN_TOKEN),
        ("/tournaments", {"name": name, "settings": {"format": "swiss", "rounds": 3}}, ADMIN_TOKEN),
    ]
    for path, body, who in requests:
        answer = bare_api.call("POST", path, body, token=who)
        assert_error(answer, 400, "invalid_name")
        assert name.strip() == "" or name not in answer.body["message"]


def test_a_name_over_the_documented_length_is_refused_by_the_schema(bare_api: Api) -> None:
    for path, who in (("/players", None), ("/clubs", ADMIN_TOKEN)):
        assert_error(bare_api.call("POST", path, {"name": "🂡" * 41}, token=who), 422, "validation_error")


@pytest.mark.parametrize("raw_version", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(api: Api, raw_version: str) -> None:
    raw = '{"card": "7d", "take": [], "version": ' + raw_version + "}"
    answer = api.call(
        "POST", "/matches/m_x/moves", raw_body=raw, headers={"content-type": "application/json"}
    )
    short_error(answer, 400, "invalid_json")


def test_a_lone_surrogate_is_not_a_string(bare_api: Api) -> None:
    raw = '{"name": "Ada\\ud800"}'
    answer = bare_api.call("POST", "/players", raw_body=raw, headers={"content-type": "application/json"})

    body = short_error(answer, 422, "validation_error")
    assert body["details"]["errors"][0]["location"] == "body.name"


# --------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    "raw_version",
    [
        "0",
        "-1",
        "1e400",
        "-1e400",
        "1.5",
        "true",
        '"1"',
        "null",
        "[1]",
        str(2**64),
    ],
)
def test_a_move_version_must_be_a_plain_positive_integer(api: Api, raw_version: str) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    move = match["view"]["legal_moves"][0]
    raw = json.dumps({"card": move["card"], "take": move["take"]})[:-1] + f', "version": {raw_version}}}'

    answer = api.call(
        "POST",
        f"/matches/{match['id']}/moves",
        raw_body=raw,
        headers={"content-type": "application/json"},
        token=token,
    )

    body = short_error(answer, 422, "validation_error")
    assert [p["location"] for p in body["details"]["errors"]] == ["body.version"]
    assert api.call("GET", f"/matches/{match['id']}", token=token).body["version"] == match["version"]


NUMBERS: list[tuple[str, str, dict[str, Any]]] = [
    # (method, path, call keywords): a number out of range, negative, huge or not finite, in every place
    ("GET", "/matches/m_x", {"query": {"after_version": "-5"}}),
    ("GET", "/matches/m_x", {"query": {"after_version": "1", "wait": "nan"}}),
    ("GET", "/matches/m_x", {"query": {"after_version": "1", "wait": "inf"}}),
    ("GET", "/matches/m_x", {"query": {"after_version": "1", "wait": "1e308"}}),
    ("GET", "/matches/m_x", {"query": {"after_version": "1", "wait": "-0.5"}}),
    ("GET", "/clubs", {"query": {"limit": "-1"}}),
    ("GET", "/clubs", {"query": {"limit": "1e3"}}),
    ("GET", "/tournaments", {"query": {"limit": str(2**70)}}),
    ("GET", "/rankings/scopa", {"query": {"limit": "-5"}}),
    ("GET", "/players/p_x/ratings", {"query": {"points": "0"}}),
    ("GET", "/players/p_x/ratings", {"query": {"points": "9" * 40}}),
    ("GET", "/tournaments/t_x/rounds/-1", {}),
    ("GET", "/tournaments/t_x/rounds/" + "9" * 40, {}),
    ("GET", "/tournaments/t_x/standings", {"query": {"round": "-1"}}),
    ("POST", "/tournaments/t_x/rounds/1/tables/-3/result", {"body": {"result": [1, 0], "reason": "typo"}}),
    ("POST", "/tournaments/t_x/entries", {"body": {"rating": -1}}),
    ("POST", "/tournaments/t_x/entries", {"body": {"rating": 1e308}}),
    ("POST", "/matches", {"body": {"players": ["p_a", "p_b"], "target": -1}}),
    ("POST", "/matches", {"body": {"players": ["p_a", "p_b"], "time_control": {"seconds_per_move": -60}}}),
    ("POST", "/matches", {"body": {"players": ["p_a", "p_b"], "time_control": {"days_per_move": 10**9}}}),
    ("POST", "/tournaments", {"body": {"name": "T", "settings": {"format": "swiss", "rounds": -1}}}),
    ("POST", "/tournaments", {"body": {"name": "T", "settings": {"format": "swiss", "rounds": 10**9}}}),
    (
        "POST",
        "/tournaments",
        {"body": {"name": "T", "settings": {"format": "swiss", "rounds": 3, "target": -3}}},
    ),
    (
        "POST",
        "/tournaments",
        {"body": {"name": "T", "settings": {"format": "swiss", "rounds": 3, "seconds_per_move": -1}}},
    ),
]


@pytest.mark.parametrize(("method", "path", "call"), NUMBERS)
def test_negative_huge_and_endless_numbers_are_refused(
    api: Api, method: str, path: str, call: dict[str, Any]
) -> None:
    answer = api.call(method, path, token=ADMIN_TOKEN, **call)

    body = short_error(answer, 422, "validation_error")
    assert all(p["location"].split(".")[0] in ("body", "query", "path") for p in body["details"]["errors"])


# --------------------------------------------------------------------------- cards, options, presets


@pytest.mark.parametrize("card", ["zz", "7x", "11d", "0d", "7d7d", "🂡", "\x00", "d7", "7 d"])
def test_an_unknown_card_is_named_as_such(api: Api, card: str) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    in_hand = match["view"]["hand"][0]
    for move in ({"card": card, "take": []}, {"card": in_hand, "take": [card]}):
        answer = api.call(
            "POST", f"/matches/{match['id']}/moves", {**move, "version": match["version"]}, token=token
        )
        body = short_error(answer, 422, "invalid_input")
        assert "card" in body["message"] or "rank" in body["message"] or "suit" in body["message"]
    assert api.call("GET", f"/matches/{match['id']}", token=token).body["version"] == match["version"]


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"preset": "nope"}, "invalid_rules"),
        ({"preset": ""}, "invalid_rules"),
        ({"preset": "classic\x00"}, "invalid_rules"),
        ({"options": {"nope": 1}}, "invalid_rules"),
        ({"options": {"target": "eleven"}}, "invalid_rules"),
        ({"options": {"target": -1}}, "invalid_rules"),
        ({"options": {"hand_size": 10**6}}, "invalid_rules"),
        ({"options": {"players": 10**30}}, "invalid_rules"),
        ({"options": {"capture": {"nested": [1, 2, 3]}}}, "invalid_rules"),
        ({"options": [1]}, "validation_error"),
        ({"options": "classic"}, "validation_error"),
    ],
)
def test_unknown_rule_options_and_presets_are_refused(api: Api, extra: dict[str, Any], code: str) -> None:
    me, token = api.register("Ada")

    answer = api.call("POST", "/matches", {"players": [me, "bot-greedy"], **extra}, token=token)

    short_error(answer, 422, code)
    settings = {"format": "swiss", "rounds": 3, **extra}
    created = api.call("POST", "/tournaments", {"name": "Cup", "settings": settings}, token=ADMIN_TOKEN)
    short_error(created, 422, code)


# --------------------------------------------------------------------------- over HTTP


def _raw_http(world: World, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, Any]:
    parts = urlsplit(world.url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        conn.request(
            method, path, body=body, headers={"Authorization": f"Bearer {world.player_token}", **headers}
        )
        answer = conn.getresponse()
        text = answer.read()
        return answer.status, json.loads(text) if text else None
    finally:
        conn.close()


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/players", b"x" * (MAX_BODY_BYTES + 1), 413, "payload_too_large"),
        (
            "/matches/{match}/moves",
            b'{"card": "' + b"7" * (MAX_BODY_BYTES * 2) + b'"}',
            413,
            "payload_too_large",
        ),
        (
            "/matches/{match}/moves",
            b"[" * (MAX_BODY_BYTES // 2) + b"]" * (MAX_BODY_BYTES // 2),
            400,
            "invalid_json",
        ),
        ("/matches/{match}/moves", b"\xc3\x28\xa0\xa1", 400, "invalid_json"),
        ("/matches/{match}/moves", b'{"card": "7d", "take": [], "version": NaN}', 400, "invalid_json"),
        ("/players", b'{"name": "Ada\\u0000"}', 400, "invalid_name"),
        ("/players", json.dumps({"name": "\u202eevil"}).encode(), 400, "invalid_name"),
    ],
)
def test_hostile_bodies_over_http_get_a_clear_4xx(
    world: World, path: str, body: bytes, status: int, code: str
) -> None:
    got, answer = _raw_http(
        world, "POST", path.format(match=world.match_id), body, {"Content-Type": "application/json"}
    )

    assert got == status, answer
    assert set(answer) == ERROR_KEYS
    assert answer["code"] == code
    assert len(json.dumps(answer)) < 4_000
    # The server is still up and answers the next request on a new connection.
    assert _raw_http(world, "GET", "/health", b"", {}) == (200, {"ok": True})

"""Request bodies take the JSON types their schema states, on every route: no coercion the document does
not publish. A boolean is ``true`` or ``false`` (not ``0``, ``1`` or ``"true"``), a number is not a string
or a boolean, a date-time is an RFC 3339 string, not a unix time. The one reading JSON Schema itself makes
is kept: ``3.0`` is the integer 3."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error

SWISS = {"format": "swiss", "rounds": 3}

#: (method, path, body, the field the refusal names): each value is one pydantic's lax mode took.
LAX: list[tuple[str, str, dict[str, Any], str]] = [
    ("POST", "/clubs", {"name": "Club", "open": 0}, "body.open"),
    ("POST", "/clubs", {"name": "Club", "open": "true"}, "body.open"),
    ("POST", "/clubs", {"name": "Club", "open": 1.0}, "body.open"),
    ("PATCH", "/clubs/c_x", {"open": 1}, "body.open"),
    ("PATCH", "/clubs/c_x", {"version": "3"}, "body.version"),
    ("PATCH", "/clubs/c_x", {"version": True}, "body.version"),
    ("POST", "/tournaments", {"name": "Cup", "open_registration": 0}, "body.open_registration"),
    ("POST", "/tournaments", {"name": "Cup", "settings": {**SWISS, "rounds": "3"}}, "body.settings.rounds"),
    ("POST", "/tournaments", {"name": "Cup", "settings": {**SWISS, "approve_entries": 1}}, "body.settings"),
    ("POST", "/tournaments", {"name": "Cup", "settings": {**SWISS, "bye_points": "1"}}, "body.settings"),
    (
        "POST",
        "/tournaments",
        {"name": "Cup", "settings": {**SWISS, "starts_at": 1_900_000_000}},
        "body.settings",
    ),
    (
        "POST",
        "/tournaments",
        {"name": "Cup", "settings": {**SWISS, "starts_at": "1900000000"}},
        "body.settings",
    ),
    ("PUT", "/tournaments/t_x/settings", {**SWISS, "streaks": "false"}, "body"),
    ("PUT", "/tournaments/t_x/settings", {**SWISS, "max_entrants": "16"}, "body"),
    ("PUT", "/tournaments/t_x/settings", {**SWISS, "forbidden_pairs": [[1, 2]]}, "body"),
    ("POST", "/matches", {"players": ["p_a", "p_b"], "target": "11"}, "body.target"),
    ("POST", "/matches", {"players": ["p_a", "p_b"], "time_control": {"seconds_per_move": "60"}}, "body"),
    ("POST", "/lobby/seeks", {"rated": 0}, "body.rated"),
    ("POST", "/lobby/seeks", {"expires_in": "3600"}, "body.expires_in"),
    ("POST", "/challenges", {"opponent": "p_b", "rated": "false"}, "body.rated"),
    ("POST", "/tournaments/t_x/entries", {"rating": "1500"}, "body.rating"),
    ("POST", "/tournaments/t_x/entries", {"rating": True}, "body.rating"),
    ("POST", "/tournaments/t_x/byes", {"round": "2"}, "body.round"),
    ("PUT", "/tournaments/t_x/entries/p_x/paused", {"paused": 1}, "body.paused"),
    (
        "POST",
        "/tournaments/t_x/rounds/1/tables/1/result",
        {"result": ["1", 0], "reason": "typo"},
        "body.result",
    ),
    ("PUT", "/tournaments/t_x/rounds/1/pairings", {"tables": [[1, 2]]}, "body.tables"),
    ("POST", "/matches/m_x/moves", {"bid": True, "version": 2}, "body.bid"),
    ("POST", "/matches/m_x/moves", {"card": "7d", "take": [], "version": "2"}, "body.version"),
]


@pytest.mark.parametrize(("method", "path", "body", "field"), LAX)
def test_a_value_of_another_json_type_is_refused(
    api: Api, method: str, path: str, body: dict[str, Any], field: str
) -> None:
    answer = api.call(method, path, body, token=ADMIN_TOKEN)

    problems = assert_error(answer, 422, "validation_error")["details"]["errors"]
    assert any(p["location"].startswith(field) for p in problems), problems


@pytest.mark.parametrize(
    "options",
    [{"re_bello": 1}, {"target": "21"}, {"napola": "true"}, {"hand_size": True}],
)
def test_rule_options_are_as_strict_as_bodies(api: Api, options: dict[str, Any]) -> None:
    me, token = api.register("Ada")

    answer = api.call("POST", "/matches", {"players": [me, "bot-greedy"], "options": options}, token=token)

    assert_error(answer, 422, "invalid_rules")
    settings = {**SWISS, "options": options}
    created = api.call("POST", "/tournaments", {"name": "Cup", "settings": settings}, token=ADMIN_TOKEN)
    assert_error(created, 422, "invalid_rules")


def test_a_number_without_a_fraction_is_the_integer_json_schema_calls_it(api: Api) -> None:
    settings = {"format": "swiss", "rounds": 3.0, "max_entrants": 16.0, "starts_at": "2031-03-01T18:00:00Z"}
    body = {"name": "Cup", "settings": {**settings, "options": {"target": 21.0}}, "open_registration": True}

    answer = api.call("POST", "/tournaments", body, token=ADMIN_TOKEN)

    assert answer.status == 201, answer.body
    stored = answer.body["settings"]
    assert (stored["rounds"], stored["max_entrants"]) == (3, 16)
    assert isinstance(stored["rounds"], int)
    club = api.call("POST", "/clubs", {"name": "Club", "open": True}, token=ADMIN_TOKEN)
    assert club.status == 201
    assert club.body["open"] is True

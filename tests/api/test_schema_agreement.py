"""A body the published document calls valid is taken, and one it refuses is refused: the document's JSON
schema (what a client and the fuzzer read) and the service's validation agree, case by case, on the
bodies where they once disagreed."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from jsonschema_rs import Draft202012Validator

from api import openapi
from api.app import app
from api.models import CorrectResult
from tests.api.conftest import ADMIN_TOKEN, Api

SWISS = {"format": "swiss", "rounds": 3}


@cache
def _document() -> dict[str, Any]:
    return openapi.document(app)


def schema_says_valid(component: str, body: Any) -> bool:
    document = _document()
    schema = {"$ref": f"#/components/schemas/{component}", "components": document["components"]}
    return bool(Draft202012Validator(schema, validate_formats=True).is_valid(body))


#: (settings, valid): each once taken or refused by one side only.
SETTINGS: list[tuple[dict[str, Any], bool]] = [
    ({**SWISS, "bracket_reset": False}, False),
    ({"format": "double_elimination", "bracket_reset": False}, True),
    ({**SWISS, "third_place_match": True}, False),
    ({"format": "knockout", "third_place_match": True}, True),
    ({"format": "groups_knockout", "group_size": 5, "advance_per_group": 5}, False),
    ({"format": "groups_knockout", "group_size": 5, "advance_per_group": 4}, True),
    ({"format": "groups_knockout", "advance_per_group": 4}, False),  # the default group of 4
    ({"format": "groups_knockout", "advance_per_group": 3}, True),
    ({**SWISS, "group_size": 6}, False),
    ({**SWISS, "advance_per_group": 2, "group_size": 4}, True),
    ({**SWISS, "check_in_minutes": 30}, False),
    ({**SWISS, "check_in_minutes": 30, "starts_at": "2031-03-01T18:00:00+01:00"}, True),
    ({**SWISS, "check_in_minutes": 0}, True),
    ({**SWISS, "bye_points": None}, False),  # null was read as "the format's default"
    ({"format": "round_robin", "bye_points": 0.5}, True),
    ({**SWISS, "starts_at": "2031-03-01T18:00:00"}, False),  # no offset
    ({**SWISS, "rounds": 3.0}, True),
    ({"format": "arena", "arena_minutes": 60, "tiebreaks": ["wins"]}, False),
    ({"format": "knockout", "late_entry_rounds": 1}, False),
]


@pytest.mark.parametrize(("settings", "valid"), SETTINGS)
def test_tournament_settings_are_taken_exactly_when_their_schema_says_so(
    api: Api, settings: dict[str, Any], valid: bool
) -> None:
    assert schema_says_valid("TournamentSettings", settings) is valid

    answer = api.call("POST", "/tournaments", {"name": "Cup", "settings": settings}, token=ADMIN_TOKEN)

    assert (answer.status == 201) is valid, answer.body
    if not valid:
        assert answer.status == 422, answer.body
        assert answer.body["code"] == "validation_error"


@pytest.mark.parametrize(
    ("result", "valid"),
    [
        ([1, 0], True),
        ([0.5, 0.5], True),
        ([0, 0], True),
        ([1, 1], False),
        ([0.5, 0], False),
        ([2, -1], False),
    ],
)
def test_a_corrected_result_is_one_of_the_four_the_schema_lists(result: list[float], valid: bool) -> None:
    body = {"result": result, "reason": "a typo"}
    assert schema_says_valid("CorrectResult", body) is valid
    try:
        CorrectResult.model_validate(body)
        taken = True
    except ValueError:
        taken = False
    assert taken is valid


@pytest.mark.parametrize(
    ("digits", "valid"), [(32, True), (33, False), (34, True), (128, True), (130, False)]
)
def test_a_seed_is_whole_bytes_in_hex_as_its_pattern_says(api: Api, digits: int, valid: bool) -> None:
    me, token = api.register("Ada")
    body = {"players": [me, "bot-greedy"], "seed": "a" * digits}
    assert schema_says_valid("CreateMatch", body) is valid

    answer = api.call("POST", "/matches", body, token=token)

    assert (answer.status == 201) is valid, answer.body
    if not valid:
        assert (answer.status, answer.body["code"]) == (422, "validation_error")

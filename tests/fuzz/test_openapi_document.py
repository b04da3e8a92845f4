"""The OpenAPI document says what the service answers: real success statuses and one error shape."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.handler import app


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    schema = app.get_openapi_json_schema(title="Scopa service", version="0.1.0")
    loaded: dict[str, Any] = json.loads(schema) if isinstance(schema, str) else schema
    return loaded


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(m.upper(), p, op) for p, ops in document["paths"].items() for m, op in ops.items()]


def test_every_error_is_documented_in_the_one_error_shape(document: dict[str, Any]) -> None:
    error = {"$ref": "#/components/schemas/ErrorBody"}
    assert document["components"]["schemas"]["ErrorBody"]["required"] == ["code", "message", "details"]
    for method, path, op in operations(document):
        errors = {int(s): r for s, r in op["responses"].items() if int(s) >= 400}
        assert {422, 500} <= set(errors), (method, path)
        for status, answer in errors.items():
            assert answer["content"]["application/json"]["schema"] == error, (method, path, status)
        if "requestBody" in op:
            assert {400, 413} <= set(errors), (method, path)
    assert "HTTPValidationError" not in json.dumps(document["paths"])


def test_success_statuses_are_the_ones_the_routes_answer(document: dict[str, Any]) -> None:
    success = {(m, p): {int(s) for s in op["responses"] if int(s) < 400} for m, p, op in operations(document)}
    assert all(len(codes) == 1 for codes in success.values()), success
    created = {k for k, codes in success.items() if codes == {201}}
    assert created == {
        ("POST", "/players"),
        ("POST", "/matches"),
        ("POST", "/clubs"),
        ("POST", "/clubs/{club_id}/members"),
        ("POST", "/clubs/{club_id}/webhooks"),
        ("POST", "/tournaments"),
        ("POST", "/tournaments/{tournament_id}/entries"),
        ("POST", "/lobby/seeks"),
        ("POST", "/lobby/seeks/{seek_id}/accept"),
        ("POST", "/challenges"),
    }
    assert {k for k, codes in success.items() if codes == {204}} == {
        ("DELETE", "/me/token"),
        ("DELETE", "/clubs/{club_id}/members/{player_id}"),
        ("DELETE", "/lobby/seeks/{seek_id}"),
        ("DELETE", "/clubs/{club_id}/webhooks/{hook_id}"),
    }
    export = document["paths"]["/tournaments/{tournament_id}/export"]["get"]["responses"]["200"]["content"]
    assert set(export) == {"text/csv; charset=utf-8", "application/x-ndjson", "text/plain; charset=utf-8"}


def test_profiles_and_match_answers_are_closed(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    for name in (
        "PlayerProfile",
        "Registration",
        "NewToken",
        "MatchAnswer",
        "Seat",
        "SeekAnswer",
        "InboxAnswer",
    ):
        assert schemas[name]["additionalProperties"] is False, name
    assert "token_hash" not in schemas["PlayerProfile"]["properties"]
    assert {"state", "deck", "hands", "seed"}.isdisjoint(schemas["MatchAnswer"]["properties"])
    move = document["paths"]["/matches/{match_id}/moves"]["post"]["responses"]["200"]
    assert move["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/MatchAnswer"}

"""The OpenAPI document says what the service answers: real success statuses and one error shape."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from api.app import app


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
        ("POST", "/guests"),
        ("POST", "/guests/{player_id}/claim-code"),
        ("POST", "/admin/bots"),
        ("POST", "/matches"),
        ("POST", "/clubs"),
        ("POST", "/clubs/{club_id}/members"),
        ("POST", "/clubs/{club_id}/join-requests"),
        ("POST", "/clubs/{club_id}/webhooks"),
        ("POST", "/clubs/{club_id}/seasons"),
        ("POST", "/tournaments"),
        ("POST", "/tournaments/{tournament_id}/entries"),
        ("POST", "/tournaments/{tournament_id}/byes"),
        ("POST", "/lobby/seeks"),
        ("POST", "/lobby/seeks/{seek_id}/accept"),
        ("POST", "/challenges"),
    }
    assert {k for k, codes in success.items() if codes == {204}} == {
        ("DELETE", "/me/token"),
        ("DELETE", "/guests/{player_id}/claim-code"),
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


# ---------------------------------------------------------------- what generators need


def committed() -> dict[str, Any]:
    from tools.spec import SPEC

    loaded: dict[str, Any] = json.loads(SPEC.read_text(encoding="utf-8"))
    return loaded


def test_operation_ids_are_unique_readable_and_the_committed_ones(document: dict[str, Any]) -> None:
    ids = [op["operationId"] for _m, _p, op in operations(document)]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in ids), ids
    assert {"register_player", "get_match", "play_move", "list_seeks"} <= set(ids)
    spec_ids = {op["operationId"] for _m, _p, op in operations(committed())}
    assert set(ids) == spec_ids, "operation ids changed: run `make spec` and review docs/openapi.json"


def test_every_operation_has_one_declared_tag(document: dict[str, Any]) -> None:
    declared = {t["name"] for t in document["tags"]}
    assert declared >= {"players", "matches", "lobby", "clubs", "tournaments", "rankings", "admin", "system"}
    used = set()
    for method, path, op in operations(document):
        assert len(op.get("tags", [])) == 1, (method, path)
        assert op["tags"][0] in declared, (method, path)
        used.add(op["tags"][0])
    assert used == declared


def test_token_routes_name_the_bearer_scheme(document: dict[str, Any]) -> None:
    assert document["components"]["securitySchemes"]["bearer"]["type"] == "http"
    assert document["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    security = {(m, p): op.get("security") for m, p, op in operations(document)}
    bearer: list[dict[str, list[str]]] = [{"bearer": []}]
    maybe: list[dict[str, list[str]]] = [{}, {"bearer": []}]
    assert security[("POST", "/matches/{match_id}/moves")] == bearer
    assert security[("GET", "/me")] == bearer
    assert security[("PUT", "/players/{player_id}/role")] == bearer
    assert security[("GET", "/matches/{match_id}")] == maybe
    assert security[("GET", "/rankings/{pool}")] == maybe
    assert security[("POST", "/players")] is None
    assert security[("GET", "/health")] is None
    assert all(s in (None, bearer, maybe) for s in security.values()), security
    # Every route that reads the caller says so: it documents 401 (a bad token) as a possible answer.
    for (method, path), sec in security.items():
        op = document["paths"][path][method.lower()]
        if sec is not None:
            assert "401" in op["responses"], (method, path)


def test_the_committed_document_is_valid_openapi_and_the_live_one() -> None:
    from openapi_spec_validator import validate

    from tools.spec import live

    spec = committed()
    validate(spec)  # raises, naming the bad part, on an invalid OpenAPI 3.1 document
    assert live() == json.dumps(spec, indent=2, sort_keys=True, ensure_ascii=False) + "\n", (
        "the API's OpenAPI document differs from docs/openapi.json: run `make spec` and review the diff"
    )


def test_every_error_code_the_service_answers_is_listed_under_its_status(document: dict[str, Any]) -> None:
    import ast
    from pathlib import Path

    from api.responses import ERROR_CODES

    statuses = {"BadRequest": 400, "Unauthorized": 401, "Forbidden": 403, "NotFound": 404, "Conflict": 409}
    raised: set[tuple[int, str]] = set()
    for source in Path("shared/scopa/application").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in statuses:
                code = next(
                    (
                        str(k.value.value)
                        for k in node.keywords
                        if k.arg == "code" and isinstance(k.value, ast.Constant)
                    ),
                    None,
                )
                raised.add((statuses[name], code or name.lower().replace("badrequest", "bad_request")))
    assert len(raised) > 60
    missing = {(status, code) for status, code in raised if code not in ERROR_CODES[status]}
    assert not missing, missing
    for method, path, op in operations(document):
        for status, answer in op["responses"].items():
            if int(status) >= 400:
                assert answer["x-error-codes"] == list(ERROR_CODES[int(status)]), (method, path, status)


def test_every_bound_is_written_in_json_schema_words(document: dict[str, Any]) -> None:
    """Pydantic writes an optional constrained integer's bounds as "ge"/"le" keys, which no JSON Schema
    reader knows: a client (and schemathesis) then takes any integer as valid, and the service refuses it."""
    raw = {"ge", "le", "gt", "lt", "min_length", "max_length", "multiple_of"}
    found: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            in_schema = not path.endswith("/properties")  # there keys are field names
            found.extend(f"{path}/{key}" for key in node if in_schema and key in raw)
            for key, value in node.items():
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}/{i}")

    walk(document, "")
    assert found == []

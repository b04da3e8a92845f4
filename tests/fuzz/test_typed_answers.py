"""Every JSON answer is a model: the document's success schemas are the models the routes return."""

from __future__ import annotations

import inspect
import json
import typing
from typing import Any

import pytest
from aws_lambda_powertools.event_handler import Response
from pydantic import BaseModel

from api.app import app

REF = "#/components/schemas/"
# Parts that belong to the game or are free-form by nature: a seat's view, the rules, a record's deals...
OPEN_FIELDS = {
    ("MatchAnswer", "rules"),
    ("MatchAnswer", "options"),
    ("MatchAnswer", "view"),
    ("MatchAnswer", "tournament"),
    ("MatchListItem", "result"),
    ("MatchRecord", "rules"),
    ("MatchRecord", "deals"),
    ("MatchRecord", "games"),  # a Briscola record's games, as deals are Scopa's
    ("MatchRecord", "result"),
    ("MatchRecord", "end"),
    ("RulePreset", "options"),
    ("RuleOption", "default"),
    ("Tournament", "settings"),
    ("AuditRecord", "details"),
}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    schema = app.get_openapi_json_schema(title="Scopa service", version="0.1.0")
    loaded: dict[str, Any] = json.loads(schema) if isinstance(schema, str) else schema
    return loaded


def success_schemas(document: dict[str, Any]) -> list[tuple[str, str, int, dict[str, Any]]]:
    found = []
    for path, operations in document["paths"].items():
        for method, op in operations.items():
            for status, answer in op["responses"].items():
                media = answer.get("content", {}).get("application/json")
                if int(status) < 300 and media is not None:
                    found.append((method.upper(), path, int(status), media["schema"]))
    return found


def test_every_json_success_answer_is_a_named_model(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    answers = success_schemas(document)
    assert len(answers) >= 40  # every JSON route of the API, not a few
    for method, path, status, schema in answers:
        assert set(schema) == {"$ref"}, (method, path, status, schema)
        name = schema["$ref"].removeprefix(REF)
        assert schemas[name]["type"] == "object", (method, path, name)
        assert schemas[name]["properties"], (method, path, name)
    # Only the export answers something other than JSON, and every route that answers has a schema.
    for path, operations in document["paths"].items():
        for method, op in operations.items():
            for status, answer in op["responses"].items():
                if int(status) < 300 and int(status) != 204:
                    assert answer.get("content"), (method, path, status)
                    if "application/json" not in answer["content"]:
                        assert path.endswith("/export"), (method, path)


def test_answer_models_are_closed_and_typed_all_the_way_down(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    seen: set[str] = set()
    todo = [s["$ref"].removeprefix(REF) for *_, s in success_schemas(document)]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        model = schemas[name]
        assert model.get("additionalProperties") is False, name
        for field, prop in model["properties"].items():
            refs = [r.removeprefix(REF) for r in _refs(prop)]
            todo.extend(refs)
            if (name, field) in OPEN_FIELDS:
                continue
            assert _typed(prop), (name, field, prop)
    assert {"MatchAnswer", "Seat", "Tournament", "Round", "Standing", "Rating", "PlayerProfile"} <= seen


def _refs(prop: Any) -> list[str]:
    if isinstance(prop, dict):
        own = [prop["$ref"]] if "$ref" in prop else []
        return own + [r for v in prop.values() for r in _refs(v)]
    if isinstance(prop, list):
        return [r for v in prop for r in _refs(v)]
    return []


def _typed(prop: dict[str, Any]) -> bool:
    """A field's schema says what it holds: a scalar type, a model, or arrays and unions of those."""
    if "$ref" in prop:
        return True
    if "anyOf" in prop:
        return all(_typed(p) for p in prop["anyOf"])
    kind = prop.get("type")
    if kind == "array":
        return _typed(prop.get("items", {}))
    if kind == "object":
        extra = prop.get("additionalProperties")
        return isinstance(extra, dict) and _typed(extra)
    return kind in ("string", "integer", "number", "boolean", "null") or "const" in prop or "enum" in prop


def test_every_json_route_returns_its_model() -> None:
    """The success schema comes from the return type, so a route must declare the model it returns."""
    checked = 0
    app.include_all()
    for route in app._static_routes + app._dynamic_routes:
        if not route.include_in_schema:
            continue
        returned = typing.get_type_hints(route.func)["return"]
        if typing.get_origin(returned) is Response:
            (returned,) = typing.get_args(returned)
        if returned in (str, type(None)):  # the export (text) and the 204s
            continue
        assert inspect.isclass(returned), (route.path, returned)
        assert issubclass(returned, BaseModel), (route.path, returned)
        checked += 1
    assert checked >= 40

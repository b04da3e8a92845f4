"""Request and answer parts that belong to the games: the union of the registered games' models.

A field typed ``Annotated[..., OneGameModel(pick)]`` takes what one of the registered games' models
(``pick(engine)``: its move model, its deal model) takes, and the OpenAPI document describes it as
``anyOf`` those models in the registry's order. The registry is read when a value is validated or the
document is built, not at import: a game registered later (a test's) joins, and a cold start loads no
engine for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, GetCoreSchemaHandler, GetJsonSchemaHandler, ValidationError
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from scopa.domain.games import GameEngine


def registered_models(pick: Callable[[GameEngine], type[BaseModel]]) -> list[type[BaseModel]]:
    """``pick``'s model of every registered game, in the registry's order, each once."""
    from scopa.domain.games import GAMES  # loads the engines: only when a body or the document needs them

    models: list[type[BaseModel]] = []
    for engine in GAMES.values():
        model = pick(engine)
        if model not in models:
            models.append(model)
    return models


def _core_schema(model: type[BaseModel]) -> CoreSchema:
    if not model.__pydantic_complete__:
        model.model_rebuild()  # a deferred model is built on first use
    return model.__pydantic_core_schema__


@dataclass(frozen=True)
class OneGameModel:
    """A value one of the games' models takes (``many``: a list of values one model takes): validated into
    the first model (in the registry's order) that takes it; when none does, the errors of the model that
    came closest (fewest errors)."""

    pick: Callable[[GameEngine], type[BaseModel]]
    many: bool = False

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_plain_validator_function(self.validate)

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        members: list[CoreSchema | tuple[CoreSchema, str]] = [
            core_schema.list_schema(_core_schema(model)) if self.many else _core_schema(model)
            for model in registered_models(self.pick)
        ]
        return handler(core_schema.union_schema(members))

    def validate(self, value: Any) -> Any:
        failures: list[ValidationError] = []
        for model in registered_models(self.pick):
            try:
                if self.many:
                    return [model.model_validate(item) for item in _items(value)]
                return model.model_validate(value)
            except ValidationError as exc:
                failures.append(exc)
        raise min(failures, key=lambda exc: exc.error_count())


def _items(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise PydanticCustomError("list_type", "Input should be a valid list")
    return value

"""The names of the card games as a type for request models and settings, without loading an engine.

``GameName`` takes the name of any registered game (:mod:`scopa.domain.games`; a game registered at
runtime included), and its JSON Schema is the enum of the built-in games, in their order: the committed
OpenAPI document describes the games the service ships with.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError

from scopa.domain.games import BUILT_IN, names


def _registered(value: str) -> str:
    known = names()
    if value not in known:
        expected = " or ".join(
            [", ".join(repr(n) for n in known[:-1]), repr(known[-1])] if len(known) > 1 else [repr(known[0])]
        )
        raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})
    return value


class _BuiltInEnum:
    """Describes the name as the enum of the built-in games (what the ``Literal`` of old described)."""

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        schema = handler(core_schema)
        schema["enum"] = list(BUILT_IN)
        return schema


#: A registered game's name (an enum of the built-in games in the OpenAPI).
GameName = Annotated[str, AfterValidator(_registered), _BuiltInEnum()]
GAME_NAMES: tuple[str, ...] = BUILT_IN

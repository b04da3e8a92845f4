"""Health, the rule presets and options, and the OpenAPI document."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.answers.system import Health, Rules
from api.models import GAME_DESCRIPTION
from api.responses import documented
from scopa.domain.game_names import GameName

router = Router()


@router.get("/health", operation_id="get_health", tags=["system"], summary="Liveness", responses=documented())
def health() -> Health:
    return Health(ok=True)


@router.get(
    "/rules",
    operation_id="get_rules",
    tags=["system"],
    summary="A game's rule presets and every option with its default",
    responses=documented(),
)
def rules(game: Annotated[GameName, Query(description=GAME_DESCRIPTION)] = "scopa") -> Rules:
    return Rules.of_game(game)

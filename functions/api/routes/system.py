"""Health, the rule presets and options, and the OpenAPI document."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.api_gateway import Router

from api.answers.system import Health, Rules
from api.responses import documented

router = Router()


@router.get("/health", summary="Liveness", responses=documented())
def health() -> Health:
    return Health(ok=True)


@router.get("/rules", summary="Rule presets and every option with its default", responses=documented())
def rules() -> Rules:
    return Rules.of_game()

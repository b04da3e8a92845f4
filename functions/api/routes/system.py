"""Health, the rule presets and options, and the OpenAPI document."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler.api_gateway import Router

from api import answers
from api.responses import documented
from scopa.domain.rules import PRESET_DESCRIPTIONS, PRESETS, RuleSet

router = Router()


@router.get("/health", summary="Liveness", responses=documented(model=answers.Health))
def health() -> dict[str, Any]:
    return {"ok": True}


@router.get("/rules", summary="Rule presets and every option with its default", responses=documented())
def rules() -> dict[str, Any]:
    return {
        "presets": [
            {"name": name, "description": PRESET_DESCRIPTIONS[name], "options": PRESETS[name]}
            for name in PRESETS
        ],
        "options": {
            name: {"default": info.default, "description": info.description}
            for name, info in RuleSet.model_fields.items()
        },
    }

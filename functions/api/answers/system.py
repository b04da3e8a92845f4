"""Health and the rule presets."""

from __future__ import annotations

from typing import Any

from api.answers.common import Closed
from scopa.domain.rules import PRESET_DESCRIPTIONS, PRESETS, RuleSet


class Health(Closed):
    ok: bool


class RulePreset(Closed):
    name: str
    description: str
    options: dict[str, Any]  # the preset's options over the defaults (rules belong to the game)


class RuleOption(Closed):
    default: Any
    description: str


class Rules(Closed):
    """Every preset with the options it sets, and every option with its default."""

    presets: list[RulePreset]
    options: dict[str, RuleOption]

    @classmethod
    def of_game(cls) -> Rules:
        return cls(
            presets=[
                RulePreset(name=name, description=PRESET_DESCRIPTIONS[name], options=PRESETS[name])
                for name in PRESETS
            ],
            options={
                name: RuleOption(default=info.default, description=info.description)
                for name, info in RuleSet.model_fields.items()
            },
        )

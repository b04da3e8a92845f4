"""Health and the rule presets."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from api.answers.common import Closed


def _rule_sets(game: str) -> tuple[dict[str, dict[str, Any]], dict[str, str], type[BaseModel]]:
    """A game's presets, their descriptions and its rule model (whose fields are the options); imported
    when asked for, not at the API's cold start."""
    if game == "briscola":
        from scopa.domain.games.briscola import rules as briscola_rules

        return briscola_rules.PRESETS, briscola_rules.PRESET_DESCRIPTIONS, briscola_rules.BriscolaRules
    from scopa.domain.games.scopa import rules as scopa_rules

    return scopa_rules.PRESETS, scopa_rules.PRESET_DESCRIPTIONS, scopa_rules.RuleSet


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
    """One game's presets with the options each sets, and every option with its default."""

    game: str
    presets: list[RulePreset]
    options: dict[str, RuleOption]

    @classmethod
    def of_game(cls, game: str = "scopa") -> Rules:
        presets, descriptions, model = _rule_sets(game)
        return cls(
            game=game,
            presets=[
                RulePreset(name=name, description=descriptions[name], options=presets[name])
                for name in presets
            ],
            options={
                name: RuleOption(default=info.default, description=info.description or "")
                for name, info in model.model_fields.items()
            },
        )

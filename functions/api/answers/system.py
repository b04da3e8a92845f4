"""Health and the rule presets."""

from __future__ import annotations

from typing import Any

from api.answers.common import Closed


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
        from scopa.domain.games import lookup  # the engines load when asked, not at the API's cold start

        engine = lookup(game)
        return cls(
            game=game,
            presets=[
                RulePreset(name=name, description=engine.preset_descriptions[name], options=dict(options))
                for name, options in engine.presets.items()
            ],
            options={
                name: RuleOption(default=info.default, description=info.description or "")
                for name, info in engine.rules_model.model_fields.items()
            },
        )

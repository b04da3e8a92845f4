from typing import Literal

RulesRulesGetGame = Literal["briscola", "scopa"]

RULES_RULES_GET_GAME_VALUES: set[RulesRulesGetGame] = {
    "briscola",
    "scopa",
}


def check_rules_rules_get_game(value: str) -> RulesRulesGetGame:
    if value in RULES_RULES_GET_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_RULES_GET_GAME_VALUES!r}")

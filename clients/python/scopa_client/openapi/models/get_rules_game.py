from typing import Literal

GetRulesGame = Literal["briscola", "scopa"]

GET_RULES_GAME_VALUES: set[GetRulesGame] = {
    "briscola",
    "scopa",
}


def check_get_rules_game(value: str) -> GetRulesGame:
    if value in GET_RULES_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_RULES_GAME_VALUES!r}")

from typing import Literal

CreateMatchGame = Literal["briscola", "scopa"]

CREATE_MATCH_GAME_VALUES: set[CreateMatchGame] = {
    "briscola",
    "scopa",
}


def check_create_match_game(value: str) -> CreateMatchGame:
    if value in CREATE_MATCH_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_MATCH_GAME_VALUES!r}")

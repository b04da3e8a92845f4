from typing import Literal

CreateSeekGame = Literal["briscola", "scopa"]

CREATE_SEEK_GAME_VALUES: set[CreateSeekGame] = {
    "briscola",
    "scopa",
}


def check_create_seek_game(value: str) -> CreateSeekGame:
    if value in CREATE_SEEK_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_SEEK_GAME_VALUES!r}")

from typing import Literal

CreateChallengeGame = Literal["briscola", "scopa"]

CREATE_CHALLENGE_GAME_VALUES: set[CreateChallengeGame] = {
    "briscola",
    "scopa",
}


def check_create_challenge_game(value: str) -> CreateChallengeGame:
    if value in CREATE_CHALLENGE_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_CHALLENGE_GAME_VALUES!r}")

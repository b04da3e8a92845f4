from typing import Literal

LeaderboardAnswerBy = Literal["elo", "glicko"]

LEADERBOARD_ANSWER_BY_VALUES: set[LeaderboardAnswerBy] = {
    "elo",
    "glicko",
}


def check_leaderboard_answer_by(value: str) -> LeaderboardAnswerBy:
    if value in LEADERBOARD_ANSWER_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LEADERBOARD_ANSWER_BY_VALUES!r}")

from typing import Literal

GetLeaderboardBy = Literal["elo", "glicko"]

GET_LEADERBOARD_BY_VALUES: set[GetLeaderboardBy] = {
    "elo",
    "glicko",
}


def check_get_leaderboard_by(value: str) -> GetLeaderboardBy:
    if value in GET_LEADERBOARD_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_LEADERBOARD_BY_VALUES!r}")

from typing import Literal

LeaderboardRankingsPoolGetBy = Literal["elo", "glicko"]

LEADERBOARD_RANKINGS_POOL_GET_BY_VALUES: set[LeaderboardRankingsPoolGetBy] = {
    "elo",
    "glicko",
}


def check_leaderboard_rankings_pool_get_by(value: str) -> LeaderboardRankingsPoolGetBy:
    if value in LEADERBOARD_RANKINGS_POOL_GET_BY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LEADERBOARD_RANKINGS_POOL_GET_BY_VALUES!r}"
    )

from typing import Literal

PoolPlayersPerSide = Literal[1, 2]

POOL_PLAYERS_PER_SIDE_VALUES: set[PoolPlayersPerSide] = {
    1,
    2,
}


def check_pool_players_per_side(value: int) -> PoolPlayersPerSide:
    if value in POOL_PLAYERS_PER_SIDE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POOL_PLAYERS_PER_SIDE_VALUES!r}")

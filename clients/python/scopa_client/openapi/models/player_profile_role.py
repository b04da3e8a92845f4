from typing import Literal

PlayerProfileRole = Literal["admin", "organizer", "player"]

PLAYER_PROFILE_ROLE_VALUES: set[PlayerProfileRole] = {
    "admin",
    "organizer",
    "player",
}


def check_player_profile_role(value: str) -> PlayerProfileRole:
    if value in PLAYER_PROFILE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_PROFILE_ROLE_VALUES!r}")

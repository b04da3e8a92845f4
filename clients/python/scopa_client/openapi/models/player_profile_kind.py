from typing import Literal

PlayerProfileKind = Literal["bot", "house_bot", "person"]

PLAYER_PROFILE_KIND_VALUES: set[PlayerProfileKind] = {
    "bot",
    "house_bot",
    "person",
}


def check_player_profile_kind(value: str) -> PlayerProfileKind:
    if value in PLAYER_PROFILE_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_PROFILE_KIND_VALUES!r}")

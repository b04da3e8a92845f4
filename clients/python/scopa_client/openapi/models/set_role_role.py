from typing import Literal

SetRoleRole = Literal["organizer", "player"]

SET_ROLE_ROLE_VALUES: set[SetRoleRole] = {
    "organizer",
    "player",
}


def check_set_role_role(value: str) -> SetRoleRole:
    if value in SET_ROLE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SET_ROLE_ROLE_VALUES!r}")

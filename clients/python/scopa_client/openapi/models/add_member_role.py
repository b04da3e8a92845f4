from typing import Literal

AddMemberRole = Literal["member", "organizer"]

ADD_MEMBER_ROLE_VALUES: set[AddMemberRole] = {
    "member",
    "organizer",
}


def check_add_member_role(value: str) -> AddMemberRole:
    if value in ADD_MEMBER_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADD_MEMBER_ROLE_VALUES!r}")

from typing import Literal

ClubMemberRole = Literal["member", "organizer"]

CLUB_MEMBER_ROLE_VALUES: set[ClubMemberRole] = {
    "member",
    "organizer",
}


def check_club_member_role(value: str) -> ClubMemberRole:
    if value in CLUB_MEMBER_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLUB_MEMBER_ROLE_VALUES!r}")

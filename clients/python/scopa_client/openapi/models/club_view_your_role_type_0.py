from typing import Literal

ClubViewYourRoleType0 = Literal["member", "organizer"]

CLUB_VIEW_YOUR_ROLE_TYPE_0_VALUES: set[ClubViewYourRoleType0] = {
    "member",
    "organizer",
}


def check_club_view_your_role_type_0(value: str) -> ClubViewYourRoleType0:
    if value in CLUB_VIEW_YOUR_ROLE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLUB_VIEW_YOUR_ROLE_TYPE_0_VALUES!r}")

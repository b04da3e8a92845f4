from typing import Literal

ListTournamentsStatusType0 = Literal["cancelled", "draft", "finished", "registration", "running"]

LIST_TOURNAMENTS_STATUS_TYPE_0_VALUES: set[ListTournamentsStatusType0] = {
    "cancelled",
    "draft",
    "finished",
    "registration",
    "running",
}


def check_list_tournaments_status_type_0(value: str) -> ListTournamentsStatusType0:
    if value in LIST_TOURNAMENTS_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TOURNAMENTS_STATUS_TYPE_0_VALUES!r}")

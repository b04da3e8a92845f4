from typing import Literal

ListTournamentsTournamentsGetStatusType0 = Literal[
    "cancelled", "draft", "finished", "registration", "running"
]

LIST_TOURNAMENTS_TOURNAMENTS_GET_STATUS_TYPE_0_VALUES: set[ListTournamentsTournamentsGetStatusType0] = {
    "cancelled",
    "draft",
    "finished",
    "registration",
    "running",
}


def check_list_tournaments_tournaments_get_status_type_0(
    value: str,
) -> ListTournamentsTournamentsGetStatusType0:
    if value in LIST_TOURNAMENTS_TOURNAMENTS_GET_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TOURNAMENTS_TOURNAMENTS_GET_STATUS_TYPE_0_VALUES!r}"
    )

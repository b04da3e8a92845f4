from typing import Literal

TournamentStatus = Literal["cancelled", "draft", "finished", "registration", "running"]

TOURNAMENT_STATUS_VALUES: set[TournamentStatus] = {
    "cancelled",
    "draft",
    "finished",
    "registration",
    "running",
}


def check_tournament_status(value: str) -> TournamentStatus:
    if value in TOURNAMENT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_STATUS_VALUES!r}")

from typing import Literal

SeasonEventAnswerStatus = Literal["cancelled", "finished", "pending"]

SEASON_EVENT_ANSWER_STATUS_VALUES: set[SeasonEventAnswerStatus] = {
    "cancelled",
    "finished",
    "pending",
}


def check_season_event_answer_status(value: str) -> SeasonEventAnswerStatus:
    if value in SEASON_EVENT_ANSWER_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEASON_EVENT_ANSWER_STATUS_VALUES!r}")

from typing import Literal

MatchAnswerStatus = Literal["active", "declined", "expired", "finished", "pending", "withdrawn"]

MATCH_ANSWER_STATUS_VALUES: set[MatchAnswerStatus] = {
    "active",
    "declined",
    "expired",
    "finished",
    "pending",
    "withdrawn",
}


def check_match_answer_status(value: str) -> MatchAnswerStatus:
    if value in MATCH_ANSWER_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_ANSWER_STATUS_VALUES!r}")

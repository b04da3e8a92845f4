from typing import Literal

SeekAnswerStatus = Literal["expired", "open", "taken", "withdrawn"]

SEEK_ANSWER_STATUS_VALUES: set[SeekAnswerStatus] = {
    "expired",
    "open",
    "taken",
    "withdrawn",
}


def check_seek_answer_status(value: str) -> SeekAnswerStatus:
    if value in SEEK_ANSWER_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEEK_ANSWER_STATUS_VALUES!r}")

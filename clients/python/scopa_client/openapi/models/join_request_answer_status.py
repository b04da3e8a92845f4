from typing import Literal

JoinRequestAnswerStatus = Literal["pending", "refused"]

JOIN_REQUEST_ANSWER_STATUS_VALUES: set[JoinRequestAnswerStatus] = {
    "pending",
    "refused",
}


def check_join_request_answer_status(value: str) -> JoinRequestAnswerStatus:
    if value in JOIN_REQUEST_ANSWER_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOIN_REQUEST_ANSWER_STATUS_VALUES!r}")

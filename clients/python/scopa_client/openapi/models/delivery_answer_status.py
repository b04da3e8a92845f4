from typing import Literal

DeliveryAnswerStatus = Literal["delivered", "dropped", "failed", "pending", "retrying"]

DELIVERY_ANSWER_STATUS_VALUES: set[DeliveryAnswerStatus] = {
    "delivered",
    "dropped",
    "failed",
    "pending",
    "retrying",
}


def check_delivery_answer_status(value: str) -> DeliveryAnswerStatus:
    if value in DELIVERY_ANSWER_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELIVERY_ANSWER_STATUS_VALUES!r}")

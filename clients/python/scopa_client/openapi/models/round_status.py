from typing import Literal

RoundStatus = Literal["closed", "open"]

ROUND_STATUS_VALUES: set[RoundStatus] = {
    "closed",
    "open",
}


def check_round_status(value: str) -> RoundStatus:
    if value in ROUND_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROUND_STATUS_VALUES!r}")

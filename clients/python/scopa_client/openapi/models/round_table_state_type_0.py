from typing import Literal

RoundTableStateType0 = Literal["confirmed", "disputed", "reported", "waiting"]

ROUND_TABLE_STATE_TYPE_0_VALUES: set[RoundTableStateType0] = {
    "confirmed",
    "disputed",
    "reported",
    "waiting",
}


def check_round_table_state_type_0(value: str) -> RoundTableStateType0:
    if value in ROUND_TABLE_STATE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROUND_TABLE_STATE_TYPE_0_VALUES!r}")

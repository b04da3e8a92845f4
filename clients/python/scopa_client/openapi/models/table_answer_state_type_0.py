from typing import Literal

TableAnswerStateType0 = Literal["confirmed", "disputed", "reported", "waiting"]

TABLE_ANSWER_STATE_TYPE_0_VALUES: set[TableAnswerStateType0] = {
    "confirmed",
    "disputed",
    "reported",
    "waiting",
}


def check_table_answer_state_type_0(value: str) -> TableAnswerStateType0:
    if value in TABLE_ANSWER_STATE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TABLE_ANSWER_STATE_TYPE_0_VALUES!r}")

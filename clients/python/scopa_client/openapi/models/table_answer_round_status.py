from typing import Literal

TableAnswerRoundStatus = Literal["closed", "open"]

TABLE_ANSWER_ROUND_STATUS_VALUES: set[TableAnswerRoundStatus] = {
    "closed",
    "open",
}


def check_table_answer_round_status(value: str) -> TableAnswerRoundStatus:
    if value in TABLE_ANSWER_ROUND_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TABLE_ANSWER_ROUND_STATUS_VALUES!r}")

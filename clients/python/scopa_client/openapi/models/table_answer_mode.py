from typing import Literal

TableAnswerMode = Literal["in_person", "online"]

TABLE_ANSWER_MODE_VALUES: set[TableAnswerMode] = {
    "in_person",
    "online",
}


def check_table_answer_mode(value: str) -> TableAnswerMode:
    if value in TABLE_ANSWER_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TABLE_ANSWER_MODE_VALUES!r}")

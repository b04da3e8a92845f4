from typing import Literal

RoundTableMode = Literal["in_person", "online"]

ROUND_TABLE_MODE_VALUES: set[RoundTableMode] = {
    "in_person",
    "online",
}


def check_round_table_mode(value: str) -> RoundTableMode:
    if value in ROUND_TABLE_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROUND_TABLE_MODE_VALUES!r}")

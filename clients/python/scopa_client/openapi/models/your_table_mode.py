from typing import Literal

YourTableMode = Literal["in_person", "online"]

YOUR_TABLE_MODE_VALUES: set[YourTableMode] = {
    "in_person",
    "online",
}


def check_your_table_mode(value: str) -> YourTableMode:
    if value in YOUR_TABLE_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {YOUR_TABLE_MODE_VALUES!r}")

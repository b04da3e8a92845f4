from typing import Literal

CrossTableCellSideType0 = Literal["first", "second"]

CROSS_TABLE_CELL_SIDE_TYPE_0_VALUES: set[CrossTableCellSideType0] = {
    "first",
    "second",
}


def check_cross_table_cell_side_type_0(value: str) -> CrossTableCellSideType0:
    if value in CROSS_TABLE_CELL_SIDE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CROSS_TABLE_CELL_SIDE_TYPE_0_VALUES!r}")

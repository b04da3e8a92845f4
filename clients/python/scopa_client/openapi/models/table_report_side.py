from typing import Literal

TableReportSide = Literal[0, 1]

TABLE_REPORT_SIDE_VALUES: set[TableReportSide] = {
    0,
    1,
}


def check_table_report_side(value: int) -> TableReportSide:
    if value in TABLE_REPORT_SIDE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TABLE_REPORT_SIDE_VALUES!r}")

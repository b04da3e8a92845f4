from typing import Literal

ImportEntriesFormat = Literal["csv", "list"]

IMPORT_ENTRIES_FORMAT_VALUES: set[ImportEntriesFormat] = {
    "csv",
    "list",
}


def check_import_entries_format(value: str) -> ImportEntriesFormat:
    if value in IMPORT_ENTRIES_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {IMPORT_ENTRIES_FORMAT_VALUES!r}")

from typing import Literal

EntryStatus = Literal["active", "excluded", "refused", "requested", "withdrawn"]

ENTRY_STATUS_VALUES: set[EntryStatus] = {
    "active",
    "excluded",
    "refused",
    "requested",
    "withdrawn",
}


def check_entry_status(value: str) -> EntryStatus:
    if value in ENTRY_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ENTRY_STATUS_VALUES!r}")

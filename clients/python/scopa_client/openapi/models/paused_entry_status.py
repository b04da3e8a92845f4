from typing import Literal

PausedEntryStatus = Literal["active", "excluded", "refused", "requested", "withdrawn"]

PAUSED_ENTRY_STATUS_VALUES: set[PausedEntryStatus] = {
    "active",
    "excluded",
    "refused",
    "requested",
    "withdrawn",
}


def check_paused_entry_status(value: str) -> PausedEntryStatus:
    if value in PAUSED_ENTRY_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PAUSED_ENTRY_STATUS_VALUES!r}")

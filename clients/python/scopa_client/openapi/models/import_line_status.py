from typing import Literal

ImportLineStatus = Literal[
    "already_entered", "duplicate", "entered", "guest_created", "invalid", "namesake", "refused", "unknown"
]

IMPORT_LINE_STATUS_VALUES: set[ImportLineStatus] = {
    "already_entered",
    "duplicate",
    "entered",
    "guest_created",
    "invalid",
    "namesake",
    "refused",
    "unknown",
}


def check_import_line_status(value: str) -> ImportLineStatus:
    if value in IMPORT_LINE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {IMPORT_LINE_STATUS_VALUES!r}")

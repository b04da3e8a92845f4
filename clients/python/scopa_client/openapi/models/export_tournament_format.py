from typing import Literal

ExportTournamentFormat = Literal["csv", "ndjson", "trf"]

EXPORT_TOURNAMENT_FORMAT_VALUES: set[ExportTournamentFormat] = {
    "csv",
    "ndjson",
    "trf",
}


def check_export_tournament_format(value: str) -> ExportTournamentFormat:
    if value in EXPORT_TOURNAMENT_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_TOURNAMENT_FORMAT_VALUES!r}")

from typing import Literal

ExportTournamentsTournamentIdExportGetFormat = Literal["csv", "ndjson", "trf"]

EXPORT_TOURNAMENTS_TOURNAMENT_ID_EXPORT_GET_FORMAT_VALUES: set[
    ExportTournamentsTournamentIdExportGetFormat
] = {
    "csv",
    "ndjson",
    "trf",
}


def check_export_tournaments_tournament_id_export_get_format(
    value: str,
) -> ExportTournamentsTournamentIdExportGetFormat:
    if value in EXPORT_TOURNAMENTS_TOURNAMENT_ID_EXPORT_GET_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXPORT_TOURNAMENTS_TOURNAMENT_ID_EXPORT_GET_FORMAT_VALUES!r}"
    )

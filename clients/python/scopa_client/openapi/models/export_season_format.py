from typing import Literal

ExportSeasonFormat = Literal["csv", "ndjson"]

EXPORT_SEASON_FORMAT_VALUES: set[ExportSeasonFormat] = {
    "csv",
    "ndjson",
}


def check_export_season_format(value: str) -> ExportSeasonFormat:
    if value in EXPORT_SEASON_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_SEASON_FORMAT_VALUES!r}")

from typing import Literal

TournamentSettingsFormat = Literal[
    "arena", "double_elimination", "double_round_robin", "groups_knockout", "knockout", "round_robin", "swiss"
]

TOURNAMENT_SETTINGS_FORMAT_VALUES: set[TournamentSettingsFormat] = {
    "arena",
    "double_elimination",
    "double_round_robin",
    "groups_knockout",
    "knockout",
    "round_robin",
    "swiss",
}


def check_tournament_settings_format(value: str) -> TournamentSettingsFormat:
    if value in TOURNAMENT_SETTINGS_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_SETTINGS_FORMAT_VALUES!r}")

from typing import Literal

TournamentSettingsPlayMode = Literal["in_person", "mixed", "online"]

TOURNAMENT_SETTINGS_PLAY_MODE_VALUES: set[TournamentSettingsPlayMode] = {
    "in_person",
    "mixed",
    "online",
}


def check_tournament_settings_play_mode(value: str) -> TournamentSettingsPlayMode:
    if value in TOURNAMENT_SETTINGS_PLAY_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_SETTINGS_PLAY_MODE_VALUES!r}")

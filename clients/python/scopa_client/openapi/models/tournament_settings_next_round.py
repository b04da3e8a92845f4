from typing import Literal

TournamentSettingsNextRound = Literal["at_once", "by_organizer"]

TOURNAMENT_SETTINGS_NEXT_ROUND_VALUES: set[TournamentSettingsNextRound] = {
    "at_once",
    "by_organizer",
}


def check_tournament_settings_next_round(value: str) -> TournamentSettingsNextRound:
    if value in TOURNAMENT_SETTINGS_NEXT_ROUND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_SETTINGS_NEXT_ROUND_VALUES!r}")

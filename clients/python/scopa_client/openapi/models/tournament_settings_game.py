from typing import Literal

TournamentSettingsGame = Literal["briscola", "scopa"]

TOURNAMENT_SETTINGS_GAME_VALUES: set[TournamentSettingsGame] = {
    "briscola",
    "scopa",
}


def check_tournament_settings_game(value: str) -> TournamentSettingsGame:
    if value in TOURNAMENT_SETTINGS_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_SETTINGS_GAME_VALUES!r}")

from typing import Literal

TournamentSettingsTiebreaksType0Item = Literal[
    "buchholz",
    "buchholz_cut1",
    "direct_encounter",
    "game_point_difference",
    "lot",
    "points_scored",
    "sonneborn_berger",
    "wins",
]

TOURNAMENT_SETTINGS_TIEBREAKS_TYPE_0_ITEM_VALUES: set[TournamentSettingsTiebreaksType0Item] = {
    "buchholz",
    "buchholz_cut1",
    "direct_encounter",
    "game_point_difference",
    "lot",
    "points_scored",
    "sonneborn_berger",
    "wins",
}


def check_tournament_settings_tiebreaks_type_0_item(value: str) -> TournamentSettingsTiebreaksType0Item:
    if value in TOURNAMENT_SETTINGS_TIEBREAKS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TOURNAMENT_SETTINGS_TIEBREAKS_TYPE_0_ITEM_VALUES!r}"
    )

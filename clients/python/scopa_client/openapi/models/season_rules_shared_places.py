from typing import Literal

SeasonRulesSharedPlaces = Literal["average", "best"]

SEASON_RULES_SHARED_PLACES_VALUES: set[SeasonRulesSharedPlaces] = {
    "average",
    "best",
}


def check_season_rules_shared_places(value: str) -> SeasonRulesSharedPlaces:
    if value in SEASON_RULES_SHARED_PLACES_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEASON_RULES_SHARED_PLACES_VALUES!r}")

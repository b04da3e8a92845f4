from typing import Literal

SeasonRulesScale = Literal["field", "table"]

SEASON_RULES_SCALE_VALUES: set[SeasonRulesScale] = {
    "field",
    "table",
}


def check_season_rules_scale(value: str) -> SeasonRulesScale:
    if value in SEASON_RULES_SCALE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEASON_RULES_SCALE_VALUES!r}")

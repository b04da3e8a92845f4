from typing import Literal

EnterScoreForfeitType0 = Literal["both", "first", "second"]

ENTER_SCORE_FORFEIT_TYPE_0_VALUES: set[EnterScoreForfeitType0] = {
    "both",
    "first",
    "second",
}


def check_enter_score_forfeit_type_0(value: str) -> EnterScoreForfeitType0:
    if value in ENTER_SCORE_FORFEIT_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ENTER_SCORE_FORFEIT_TYPE_0_VALUES!r}")

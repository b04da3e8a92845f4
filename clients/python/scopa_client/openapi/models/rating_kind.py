from typing import Literal

RatingKind = Literal["bot", "house_bot", "person"]

RATING_KIND_VALUES: set[RatingKind] = {
    "bot",
    "house_bot",
    "person",
}


def check_rating_kind(value: str) -> RatingKind:
    if value in RATING_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RATING_KIND_VALUES!r}")

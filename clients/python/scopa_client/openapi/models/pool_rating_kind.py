from typing import Literal

PoolRatingKind = Literal["bot", "house_bot", "person"]

POOL_RATING_KIND_VALUES: set[PoolRatingKind] = {
    "bot",
    "house_bot",
    "person",
}


def check_pool_rating_kind(value: str) -> PoolRatingKind:
    if value in POOL_RATING_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POOL_RATING_KIND_VALUES!r}")

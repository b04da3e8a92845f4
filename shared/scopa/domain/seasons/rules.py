"""A season's scoring rules: points per place, participation points, best N of M events, shared places.

One validated, frozen pydantic model, strict as a request body: the API takes it as is, the service
stores it as JSON, the standings read it. What the JSON schema states (types, bounds) pydantic checks;
the two relations it cannot state for any list (points never rising, N within M) are named by
:meth:`SeasonRules.contradiction`, which the service turns into a refusal naming the setting.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from scopa.domain.json_values import Integral

#: Points for places 1 to 10 by default (the motor-racing table clubs know); later places score 0.
DEFAULT_POINTS: tuple[float, ...] = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
MAX_EVENTS = 100  # a season's events: its standings read each one
MAX_SCALE = 64

Scale = Literal["table", "field"]
SharedPlaces = Literal["average", "best"]
PointValue = Annotated[float, Field(ge=0, le=1000)]  # strict: a number, never a boolean or a string


class SeasonRules(BaseModel):
    """How a season scores its events (docs/seasons.md)."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        strict=True,
        json_schema_extra={
            "examples": [
                {"scale": "table", "points": [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], "best_of": 6, "events": 10},
                {"scale": "field", "participation": 1, "shared_places": "best"},
            ]
        },
    )

    scale: Scale = Field(
        "table",
        description="table: `points` by place; field: the field's size minus the place plus one (last: 1)",
    )
    points: list[PointValue] = Field(
        default_factory=lambda: list(DEFAULT_POINTS),
        min_length=1,
        max_length=MAX_SCALE,
        description="with scale table: the points of places 1, 2, ... (never rising); later places score 0",
    )
    participation: PointValue = Field(0, le=100, description="added to every finish in a finished event")
    best_of: Annotated[int, Field(ge=1, le=MAX_EVENTS), Integral] | None = Field(
        None, description="N: only a player's best N events count (null: all)"
    )
    events: Annotated[int, Field(ge=1, le=MAX_EVENTS), Integral] | None = Field(
        None, description="M: how many events the season has at most (null: up to 100)"
    )
    shared_places: SharedPlaces = Field(
        "average",
        description="places shared in an event's final standings: the average of their points, or the best",
    )

    def contradiction(self) -> str | None:
        """Why these rules contradict themselves, naming the setting; None when they do not."""
        if any(later > earlier for earlier, later in itertools.pairwise(self.points)):
            return "points: a later place never scores more than an earlier one"
        if self.best_of is not None and self.events is not None and self.best_of > self.events:
            return "best_of: N cannot exceed the season's events M"
        return None

    @property
    def event_cap(self) -> int:
        return self.events if self.events is not None else MAX_EVENTS

    def place_points(self, place: int, field: int) -> Fraction:
        """Points of one place (1-based) in a field of ``field`` entrants, without participation."""
        if self.scale == "field":
            return Fraction(max(field - place + 1, 0))
        return Fraction(self.points[place - 1]) if place <= len(self.points) else Fraction(0)

    def finish_points(self, place: int, shared: int, field: int) -> Fraction:
        """Points of a finish at ``place`` shared by ``shared`` entrants (places place..place+shared-1):
        their points' average, or the best of them; plus participation."""
        if self.shared_places == "best" or shared == 1:
            base = self.place_points(place, field)
        else:
            base = (
                sum((self.place_points(p, field) for p in range(place, place + shared)), Fraction(0)) / shared
            )
        return base + Fraction(self.participation)

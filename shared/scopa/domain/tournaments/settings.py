"""A tournament's settings: format, rules, match length, clock, schedule, entry policy, scoring.

One validated, frozen pydantic model: the API takes it as the request body, the service stores it as is,
and the pipeline reads it. Strict, as a request body (:mod:`scopa.domain.json_values`). Contradictions are
refused here, with a message naming the setting.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from scopa.domain.game_names import GameName
from scopa.domain.json_values import Integral, JsonDateTime, JsonInt

Format = Literal[
    "swiss",
    "round_robin",
    "double_round_robin",
    "knockout",
    "double_elimination",
    "groups_knockout",
    "arena",
]
EntryPolicy = Literal["open", "club", "invite"]
TiebreakName = Literal[
    "buchholz",
    "buchholz_cut1",
    "sonneborn_berger",
    "direct_encounter",
    "wins",
    "game_point_difference",
    "points_scored",
    "lot",
]

MAX_ENTRANTS = 2000  # a round of this many is one ~100 KB item; pairing itself scales further
DEFAULT_TIEBREAKS: dict[str, tuple[TiebreakName, ...]] = {
    "swiss": (
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
        "direct_encounter",
        "wins",
        "game_point_difference",
        "lot",
    ),
    "round_robin": ("direct_encounter", "sonneborn_berger", "wins", "game_point_difference", "lot"),
    "double_round_robin": ("direct_encounter", "sonneborn_berger", "wins", "game_point_difference", "lot"),
    "knockout": ("wins", "game_point_difference", "points_scored", "lot"),
    "double_elimination": ("wins", "game_point_difference", "points_scored", "lot"),
    # the group tables are ranked as round robins; the overall standings put the knockout's placings first
    "groups_knockout": ("direct_encounter", "sonneborn_berger", "wins", "game_point_difference", "lot"),
    "arena": ("lot",),  # an arena ranks by score, then performance (scopa.domain.tournaments.arena)
}
#: Formats whose later rounds follow a bracket (no hand-made pairing of those rounds).
ELIMINATION: tuple[Format, ...] = ("knockout", "double_elimination", "groups_knockout")


def _when_format(formats: tuple[str, ...], then: dict[str, Any], otherwise: dict[str, Any]) -> dict[str, Any]:
    """``then`` for these formats, ``otherwise`` for the others; no ``format`` is the default, a Swiss."""
    is_one: dict[str, Any] = {"properties": {"format": {"enum": list(formats)}}}
    if "swiss" not in formats:
        is_one["required"] = ["format"]
    return {"if": is_one, "then": then, "else": otherwise}


def _smaller_than_group(size: int) -> dict[str, Any]:
    """advance_per_group below a group_size of ``size`` (4, the default, also when group_size is absent)."""
    group: dict[str, Any] = {"properties": {"group_size": {"const": size}}, "required": ["group_size"]}
    if size == 4:
        group = {"anyOf": [group, {"not": {"required": ["group_size"]}}]}
    return {"allOf": [group, {"properties": {"advance_per_group": {"maximum": size - 1}}}]}


#: The checks of ``TournamentSettings._consistent`` in JSON Schema words: a Swiss names its rounds, the
#: other formats derive them and take no late entries; an arena names its length, plays single games and
#: takes no tie-breaks, the other formats have no length; a bracket reset is double elimination's, a
#: third-place match the knockouts', group sizes groups_knockout's (fewer advance than a group holds);
#: a check-in needs a start time.
_STATED: list[dict[str, Any]] = [
    _when_format(
        ("swiss",),
        {"required": ["rounds"], "properties": {"rounds": {"type": "integer"}}},
        {"properties": {"rounds": {"type": "null"}, "late_entry_rounds": {"const": 0}}},
    ),
    _when_format(
        ("arena",),
        {
            "required": ["arena_minutes"],
            "properties": {
                "arena_minutes": {"type": "integer"},
                "games_per_match": {"const": 1},
                "tiebreaks": {"type": "null"},
            },
        },
        {"properties": {"arena_minutes": {"type": "null"}}},
    ),
    _when_format(("double_elimination",), {}, {"properties": {"bracket_reset": {"const": True}}}),
    _when_format(
        ("knockout", "groups_knockout"), {}, {"properties": {"third_place_match": {"const": False}}}
    ),
    _when_format(
        ("groups_knockout",),
        {"anyOf": [_smaller_than_group(size) for size in range(3, 9)]},
        {"properties": {"group_size": {"const": 4}, "advance_per_group": {"const": 2}}},
    ),
    {
        "if": {"properties": {"check_in_minutes": {"exclusiveMinimum": 0}}, "required": ["check_in_minutes"]},
        "then": {"required": ["starts_at"], "properties": {"starts_at": {"type": "string"}}},
    },
]


class TournamentSettings(BaseModel):
    """Everything an organizer chooses. Defaults: a 5-round Swiss of classic Scopa to 11, one game a round."""

    # Every check of _consistent, stated in the JSON schema too (the API's OpenAPI document), so a client
    # can know a body valid before sending it: see _STATED below.
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=True,
        defer_build=True,  # validators built by the first use, not by every API cold start
        json_schema_extra=lambda schema: schema.update(allOf=_STATED),
    )

    format: Format = Field(
        "swiss",
        description="swiss, round_robin, double_round_robin, knockout, double_elimination, groups_knockout "
        "or arena (a time window)",
    )
    rounds: Annotated[int, Field(ge=1, le=50), Integral] | None = Field(
        None, description="Swiss rounds (required for swiss; derived for the other formats)"
    )
    game: GameName = Field("scopa", description="the card game of every match: scopa or briscola")
    preset: str = Field(
        "classic", max_length=40, description="the game's rule preset of every match (GET /rules?game=)"
    )
    options: dict[str, Any] = Field(default_factory=dict, description="single rule options over the preset")
    target: Annotated[int, Field(ge=1, le=1000), Integral] | None = Field(
        None, description="Scopa: points to win a game (default: the preset's)"
    )
    games_per_match: JsonInt = Field(
        1,
        ge=1,
        le=9,
        description="best of N games (odd): 1 is a single game to the target",
        json_schema_extra={"not": {"multipleOf": 2}},
    )
    seconds_per_move: JsonInt = Field(
        86_400, ge=5, le=30 * 86_400, description="each move's time limit; an overdue player loses on time"
    )
    starts_at: JsonDateTime | None = Field(
        None,
        description="when round 1 starts by itself (ISO 8601 with offset); null: the organizer starts it",
    )
    round_seconds: Annotated[int, Field(ge=60, le=60 * 86_400), Integral] | None = Field(
        None,
        description="each round's length; unfinished matches are adjudicated at its end. "
        "null: a round ends when all its matches end",
    )
    max_entrants: JsonInt = Field(256, ge=2, le=MAX_ENTRANTS, description="the player cap")
    entry_policy: EntryPolicy = Field(
        "open",
        description="open: anyone enters; club: the club's members; invite: the organizer enters people",
    )
    approve_entries: bool = Field(
        False, description="a player's entry waits for an organizer's approval; only approved entries play"
    )
    check_in_minutes: JsonInt = Field(
        0,
        ge=0,
        le=7 * 24 * 60,
        description="entrants check in during this many minutes before starts_at; "
        "those who did not are withdrawn at the start (0: no check-in)",
    )
    late_entry_rounds: JsonInt = Field(
        0, ge=0, le=50, description="late entries are taken until this many rounds have started"
    )
    late_entry_points: float = Field(0.0, ge=0, le=1, description="match points for each round missed")
    bye_points: float = Field(
        1.0,
        ge=0,
        le=1,
        description="match points for a pairing bye: by default 1 (a win) in a Swiss or a knockout "
        "(single or double elimination), 0 in a round robin or groups (the entrant who sits out); 1 or "
        "0.5 to choose otherwise",
    )
    requested_bye_points: float = Field(
        0.5,
        ge=0,
        le=0.5,
        multiple_of=0.5,
        description="Swiss: match points for a bye a player asked for: 0.5 (the half-point bye of "
        "FIDE-rated opens, the default) or 0",
    )
    max_requested_byes: JsonInt = Field(
        1, ge=0, le=50, description="Swiss: byes one entrant may ask for (0: none); see POST .../byes"
    )
    arena_minutes: Annotated[int, Field(ge=5, le=24 * 60), Integral] | None = Field(
        None, description="arena: the window's length from the start (required for arena)"
    )
    arena_grace_seconds: JsonInt = Field(
        120,
        ge=0,
        le=3600,
        description="arena: games under way at the window's end count if they finish this long after it",
    )
    streaks: bool = Field(
        True, description="arena: after two wins in a row, wins score double (4) until a game is not won"
    )
    tiebreaks: list[TiebreakName] | None = Field(
        None,
        max_length=8,
        description="tie-breaks in order (default per format); the lot always comes last",
        json_schema_extra={"uniqueItems": True},
    )
    bracket_reset: bool = Field(
        True,
        description="double elimination: when the losers' bracket winner takes the grand final, one more "
        "match decides (both have lost once)",
    )
    third_place_match: bool = Field(
        False,
        description="knockout and groups_knockout: the semi-finals' losers play for third place in the "
        "final's round (none when a semi-final was a bye, as with fewer than 4 in the bracket)",
    )
    group_size: JsonInt = Field(
        4, ge=3, le=8, description="groups_knockout: the largest group (entrants dealt into groups by seed)"
    )
    advance_per_group: JsonInt = Field(
        2, ge=1, le=7, description="groups_knockout: how many of each group go on to the knockout"
    )
    duplicate_deals: bool = Field(
        False, description="every table of a round plays the same deals (same seeds), so luck is shared"
    )
    forbidden_pairs: list[Annotated[tuple[str, str], Field(strict=False)]] = Field(
        default_factory=list, max_length=500, description="player ids never to be paired (Swiss)"
    )
    forbidden_rounds: Annotated[int, Field(ge=1, le=50), Integral] | None = Field(
        1, description="forbidden pairs apply for this many rounds (null: all rounds)"
    )

    @model_validator(mode="before")
    @classmethod
    def _bye_points_of_format(cls, data: Any) -> Any:
        """A round robin's bye scores nothing unless the organizer says otherwise (FIDE and Challonge
        round robins give none); a Swiss or knockout bye scores a win."""
        if isinstance(data, dict) and "bye_points" not in data:  # null is not a number: refused below
            round_robin = data.get("format") in ("round_robin", "double_round_robin", "groups_knockout")
            data = {**data, "bye_points": 0.0 if round_robin else 1.0}
        return data

    @field_validator("starts_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("starts_at needs a time-zone offset, for example 2026-12-01T18:00:00+01:00")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.format == "swiss" and self.rounds is None:
            raise ValueError("a Swiss tournament needs a number of rounds")
        if self.format != "swiss" and self.rounds is not None:
            raise ValueError(f"rounds are derived from the entrants in a {self.format} tournament")
        if self.games_per_match % 2 == 0:
            raise ValueError("games_per_match must be odd (best of 1, 3, 5, ...)")
        if self.tiebreaks is not None and len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise ValueError("a tie-break is listed twice")
        if self.check_in_minutes and self.starts_at is None:
            raise ValueError("a check-in needs a start time (starts_at)")
        if self.format != "double_elimination" and not self.bracket_reset:
            raise ValueError("bracket_reset is a double_elimination setting")
        if self.third_place_match and self.format not in ("knockout", "groups_knockout"):
            raise ValueError("third_place_match is a knockout and groups_knockout setting")
        if self.format == "groups_knockout" and self.advance_per_group >= self.group_size:
            raise ValueError(
                f"advance_per_group ({self.advance_per_group}) must be smaller than group_size "
                f"({self.group_size}): some of each group are knocked out"
            )
        if self.format != "groups_knockout" and (self.group_size != 4 or self.advance_per_group != 2):
            raise ValueError("group_size and advance_per_group are groups_knockout settings")
        if (self.format == "arena") != (self.arena_minutes is not None):
            raise ValueError("arena_minutes is the length of an arena, and only of an arena")
        if self.format == "arena" and self.games_per_match != 1:
            raise ValueError("an arena plays single games (games_per_match 1)")
        if self.format == "arena" and self.tiebreaks is not None:
            raise ValueError("an arena ranks by score, then performance: it takes no tie-breaks")
        if self.format != "swiss" and self.late_entry_rounds:
            raise ValueError(f"late entries are for Swiss tournaments; a {self.format} is fixed at the start")
        return self

    @property
    def tiebreak_order(self) -> tuple[TiebreakName, ...]:
        chosen = tuple(self.tiebreaks) if self.tiebreaks is not None else DEFAULT_TIEBREAKS[self.format]
        return chosen if "lot" in chosen else (*chosen, "lot")

    def rule_options(self) -> dict[str, Any]:
        """The options every match is created with (the target folded in)."""
        options = dict(self.options)
        if self.target is not None:
            options["target"] = self.target
        return options

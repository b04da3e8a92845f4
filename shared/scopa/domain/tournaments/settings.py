"""A tournament's settings: format, rules, match length, clock, schedule, entry policy, scoring.

One validated, frozen pydantic model: the API takes it as the request body, the service stores it as is,
and the pipeline reads it. Strict, as a request body (:mod:`scopa.domain.json_values`). Contradictions are
refused here, with a message naming the setting.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    field_validator,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from scopa.domain.game_names import GameName
from scopa.domain.json_values import Integral, JsonDateTime, JsonInt

if TYPE_CHECKING:
    from scopa.domain.tournaments.formats.base import TournamentFormat

EntryPolicy = Literal["open", "club", "invite"]
#: online: every table an engine match; in_person: real tables, results reported; mixed: a table is online
#: only when both its entrants are marked online (docs/in-person.md).
PlayMode = Literal["online", "in_person", "mixed"]
#: When every table of a round is decided: pair the next round at once, or when the organizer advances.
NextRound = Literal["at_once", "by_organizer"]
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

#: Entrants a tournament takes at most unless its format says otherwise (``TournamentFormat.max_entrants``):
#: pairing a Swiss or a bracket of this many takes seconds; a round of them is about 200 KB stored.
MAX_ENTRANTS = 2000
#: An arena's cap: its waves pair whoever is waiting, in linear time, and a wave too big for one DynamoDB
#: item is stored in parts (docs/scale.md measures the 10,000-player Arena).
ARENA_MAX_ENTRANTS = 10_000
DEFAULT_FORMAT = "swiss"  # a body without ``format``


def _format_error(value: Any) -> PydanticCustomError:
    """The error a Literal of the format names gives (a ``literal_error`` listing them), kept for clients."""
    from scopa.domain.tournaments.formats.registry import format_names

    names = [repr(n) for n in format_names()]
    expected = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})


class _FormatName(str):
    """A format's name: one of the registry's (:mod:`scopa.domain.tournaments.formats`), asked at each
    validation so a format registered later is accepted; the JSON schema lists the built-in ones, as the
    Literal it replaced did."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        def check(value: Any) -> str:
            from scopa.domain.tournaments.formats.registry import format_names

            if not isinstance(value, str) or value not in format_names():
                raise _format_error(value)
            return value

        return core_schema.no_info_plain_validator_function(
            check, serialization=core_schema.plain_serializer_function_ser_schema(str)
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        from scopa.domain.tournaments.formats.registry import built_in

        return {"enum": [f.name for f in built_in()], "type": "string"}


#: A tournament format's name (see :func:`scopa.domain.tournaments.formats.format_names`).
FormatName = Annotated[str, _FormatName]
Format = FormatName  # the older name


def _when_format(formats: tuple[str, ...], then: dict[str, Any], otherwise: dict[str, Any]) -> dict[str, Any]:
    """``then`` for these formats, ``otherwise`` for the others; no ``format`` is the default, a Swiss."""
    is_one: dict[str, Any] = {"properties": {"format": {"enum": list(formats)}}}
    if DEFAULT_FORMAT not in formats:
        is_one["required"] = ["format"]
    return {"if": is_one, "then": then, "else": otherwise}


def _caps(formats: tuple[TournamentFormat, ...]) -> list[tuple[int, tuple[str, ...]]]:
    """The formats by their entrant cap, for the caps below the field's own maximum."""
    caps = sorted({f.max_entrants for f in formats if f.max_entrants < ARENA_MAX_ENTRANTS})
    return [(cap, tuple(f.name for f in formats if f.max_entrants == cap)) for cap in caps]


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
def _stated(schema: dict[str, Any]) -> None:
    """Add the checks to the settings' JSON schema, each format-specific setting asked of the formats."""
    from scopa.domain.tournaments.formats.registry import built_in, taking

    schema["allOf"] = [
        _when_format(
            taking("rounds"),
            {"required": ["rounds"], "properties": {"rounds": {"type": "integer"}}},
            {"properties": {"rounds": {"type": "null"}, "late_entry_rounds": {"const": 0}}},
        ),
        _when_format(
            taking("arena_minutes"),
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
        _when_format(taking("bracket_reset"), {}, {"properties": {"bracket_reset": {"const": True}}}),
        _when_format(
            taking("third_place_match"), {}, {"properties": {"third_place_match": {"const": False}}}
        ),
        _when_format(
            taking("group_size"),
            {"anyOf": [_smaller_than_group(size) for size in range(3, 9)]},
            {"properties": {"group_size": {"const": 4}, "advance_per_group": {"const": 2}}},
        ),
        *(
            _when_format(names, {"properties": {"max_entrants": {"maximum": cap}}}, {})
            for cap, names in _caps(built_in())
        ),
        _when_format(
            tuple(f.name for f in built_in() if f.in_person_refused is not None),
            {"properties": {"play_mode": {"const": "online"}}},
            {},
        ),
        {
            "if": {
                "properties": {"check_in_minutes": {"exclusiveMinimum": 0}},
                "required": ["check_in_minutes"],
            },
            "then": {"required": ["starts_at"], "properties": {"starts_at": {"type": "string"}}},
        },
    ]


class TournamentSettings(BaseModel):
    """Everything an organizer chooses. Defaults: a 5-round Swiss of classic Scopa to 11, one game a round."""

    # Every check of _consistent, stated in the JSON schema too (the API's OpenAPI document), so a client
    # can know a body valid before sending it: see _stated above.
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=True,
        defer_build=True,  # validators built by the first use, not by every API cold start
        json_schema_extra=_stated,
    )

    format: FormatName = Field(
        DEFAULT_FORMAT,
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
    max_entrants: JsonInt = Field(
        256,
        ge=2,
        le=ARENA_MAX_ENTRANTS,
        description=f"the player cap: at most {MAX_ENTRANTS:,} ({ARENA_MAX_ENTRANTS:,} for an arena)",
    )
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
    play_mode: PlayMode = Field(
        "online",
        description="online: every table is a match played here; in_person: played at real tables, "
        "the players report the results; mixed: in person except tables whose two entrants are marked "
        "online",
    )
    next_round: NextRound = Field(
        "at_once",
        description="when every table of a round is decided: pair the next round at once, or "
        "by_organizer (when an organizer advances the tournament)",
    )
    forbidden_rounds: Annotated[int, Field(ge=1, le=50), Integral] | None = Field(
        1, description="forbidden pairs apply for this many rounds (null: all rounds)"
    )

    @model_validator(mode="before")
    @classmethod
    def _bye_points_of_format(cls, data: Any) -> Any:
        """The format's bye points unless the organizer says otherwise: a round robin's bye scores nothing
        (FIDE and Challonge round robins give none); a Swiss or knockout bye scores a win."""
        from scopa.domain.tournaments.formats.registry import format_named, format_names

        if isinstance(data, dict) and "bye_points" not in data:  # null is not a number: refused below
            name = data.get("format", DEFAULT_FORMAT)
            known = isinstance(name, str) and name in format_names()
            data = {**data, "bye_points": format_named(name).default_bye_points if known else 1.0}
        return data

    @field_validator("starts_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("starts_at needs a time-zone offset, for example 2026-12-01T18:00:00+01:00")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        """Refuse contradictions: a setting of another format, then the checks of every format, then the
        format's own checks (:meth:`TournamentFormat.check_settings`)."""
        from scopa.domain.tournaments.formats.registry import format_named

        fmt = format_named(self.format)
        for setting, (unset, refusal) in _FORMAT_SETTINGS.items():
            if setting not in fmt.takes and unset(self):
                raise ValueError(refusal.format(format=self.format))
        if self.games_per_match % 2 == 0:
            raise ValueError("games_per_match must be odd (best of 1, 3, 5, ...)")
        if self.tiebreaks is not None and len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise ValueError("a tie-break is listed twice")
        if self.check_in_minutes and self.starts_at is None:
            raise ValueError("a check-in needs a start time (starts_at)")
        if self.max_entrants > fmt.max_entrants:
            raise ValueError(f"max_entrants: a {self.format} tournament takes at most {fmt.max_entrants:,}")
        if self.play_mode != "online" and fmt.in_person_refused is not None:
            raise ValueError(f"play_mode {self.play_mode}: {fmt.in_person_refused}")
        fmt.check_settings(self)
        return self

    @property
    def format_rules(self) -> TournamentFormat:
        """The format these settings play (the registry's object, asked instead of the name)."""
        from scopa.domain.tournaments.formats.registry import format_named

        return format_named(self.format)

    @property
    def tiebreak_order(self) -> tuple[TiebreakName, ...]:
        chosen = tuple(self.tiebreaks) if self.tiebreaks is not None else self.format_rules.default_tiebreaks
        return chosen if "lot" in chosen else (*chosen, "lot")

    def rule_options(self) -> dict[str, Any]:
        """The options every match is created with (the target folded in)."""
        options = dict(self.options)
        if self.target is not None:
            options["target"] = self.target
        return options


def _set(name: str, default: Any) -> Any:
    """A check that setting ``name`` is away from ``default`` (set, for a format that does not take it)."""
    return lambda settings: getattr(settings, name) != default


#: The format-specific settings (``FormatSetting``): when one is set for a format that does not take it,
#: and what the refusal says (``{format}``: the format's name).
_FORMAT_SETTINGS: dict[str, tuple[Callable[[TournamentSettings], bool], str]] = {
    "rounds": (_set("rounds", None), "rounds are derived from the entrants in a {format} tournament"),
    "bracket_reset": (_set("bracket_reset", True), "bracket_reset is a double_elimination setting"),
    "third_place_match": (
        _set("third_place_match", False),
        "third_place_match is a knockout and groups_knockout setting",
    ),
    "group_size": (
        lambda s: s.group_size != 4 or s.advance_per_group != 2,
        "group_size and advance_per_group are groups_knockout settings",
    ),
    "arena_minutes": (
        _set("arena_minutes", None),
        "arena_minutes is the length of an arena, and only of an arena",
    ),
    "late_entry_rounds": (
        _set("late_entry_rounds", 0),
        "late entries are for Swiss tournaments; a {format} is fixed at the start",
    ),
}

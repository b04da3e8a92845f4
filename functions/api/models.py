"""Request bodies as pydantic models: the resolver validates them and documents them in OpenAPI.

Every body is strict (``strict=True``): it takes the JSON types its schema states and nothing pydantic
would coerce (``0`` is not ``false``, ``"3"`` is not 3); an integer takes ``3.0``, as JSON Schema's
``integer`` does (:mod:`scopa.domain.json_values`). Each is built on first use (``defer_build``): a cold
start does not build the validators of every body, only a request builds its own (docs/deploying.md,
"Cold start").
"""

from __future__ import annotations

import sys
import unicodedata
from functools import cache
from itertools import groupby
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, RootModel, field_validator, model_validator

from api.game_models import OneGameModel
from scopa.domain.game_names import GameName
from scopa.domain.games import GameEngine
from scopa.domain.json_values import Integral, JsonInt
from scopa.domain.seasons.rules import SeasonRules
from scopa.domain.tournaments.settings import TournamentSettings


def _move_model(engine: GameEngine) -> type[BaseModel]:
    return engine.move_model


GAME_DESCRIPTION = (
    "the card game: scopa (default) or briscola; presets and options belong to the game (GET /rules?game=)"
)


# ---------------------------------------------------------------- constraints the document states

#: The characters a name may not hold (Unicode categories Cc, Cf, Cs, Co, Cn), as the service checks them
#: (scopa.application.services.players.clean_name); whitespace is allowed: runs of it become one space.
_REFUSED = ("Cc", "Cf", "Cs", "Co", "Cn")
NAME_MAX = 40


def _ranges(keep: list[bool]) -> str:
    """A regex character class body of the code points whose ``keep`` is true, as ranges."""
    parts: list[str] = []
    code = 0
    for inside, run in groupby(keep):
        length = sum(1 for _ in run)
        if inside:
            last = code + length - 1
            parts.append(_escape(code) if length == 1 else f"{_escape(code)}-{_escape(last)}")
        code += length
    return "".join(parts)


def _escape(code: int) -> str:
    """``\\uXXXX`` in the Basic Plane (Python and ECMAScript read it alike); beyond, the character."""
    return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)


@cache
def name_pattern() -> str:
    """Exactly the names the service takes (before the length check): a visible first character that is
    not a combining mark, then anything but control, format, private-use and unassigned characters.
    Built once, when the OpenAPI document is (about a second: every code point is looked at)."""
    categories = list(map(unicodedata.category, map(chr, range(sys.maxunicode + 1))))
    space = [chr(code).isspace() for code in range(0x3001)]  # U+3000 is the last space character
    space += [False] * (len(categories) - len(space))
    allowed = [s or c not in _REFUSED for s, c in zip(space, categories, strict=True)]
    first = [
        a and not s and not c.startswith("M") for a, s, c in zip(allowed, space, categories, strict=True)
    ]
    return f"^\\s*[{_ranges(first)}][{_ranges(allowed)}]*$"


def _name_schema(schema: dict[str, Any]) -> None:
    schema["pattern"] = name_pattern()


def Name(description: str) -> Any:  # a field factory, named like the type it describes
    return Field(
        min_length=1,
        max_length=NAME_MAX,
        description=description + f" (1 to {NAME_MAX} characters; no control or invisible characters)",
        json_schema_extra=_name_schema,
    )


class RegisterPlayer(BaseModel):
    model_config = ConfigDict(
        extra="forbid", strict=True, defer_build=True, json_schema_extra={"examples": [{"name": "Ada"}]}
    )
    name: str = Name("display name")


class CreateBotAccount(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={"examples": [{"name": "Deep Scopa"}]},
    )
    name: str = Name("the bot's display name")


class SetRole(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    role: Literal["player", "organizer"]


def _one_clock(schema: dict[str, Any]) -> None:
    """Exactly one of the two is an integer (the other absent or null)."""
    schema["oneOf"] = [
        {"required": [name], "properties": {name: {"type": "integer"}}}
        for name in ("seconds_per_move", "days_per_move")
    ]
    schema["examples"] = [{"seconds_per_move": 60}, {"days_per_move": 3}]


class TimeControl(BaseModel):
    """Seconds per move for live play, or days per move for correspondence play: exactly one of them."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True, json_schema_extra=_one_clock)
    seconds_per_move: Annotated[int, Field(ge=5, le=86_400), Integral] | None = None
    days_per_move: Annotated[int, Field(ge=1, le=30), Integral] | None = None

    @model_validator(mode="after")
    def _one(self) -> Self:
        if (self.seconds_per_move is None) == (self.days_per_move is None):
            raise ValueError("give exactly one of seconds_per_move and days_per_move")
        return self

    @property
    def seconds(self) -> int:
        return (
            self.seconds_per_move if self.seconds_per_move is not None else (self.days_per_move or 0) * 86_400
        )


class CreateMatch(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={
            "examples": [
                {"players": ["p_0123456789abcdef", "bot-greedy"], "time_control": {"days_per_move": 3}},
                {"game": "briscola", "players": ["p_0123456789abcdef", "bot-strong"], "preset": "classic"},
            ]
        },
    )
    game: GameName = Field("scopa", description=GAME_DESCRIPTION)
    players: list[str] = Field(
        min_length=2,
        max_length=8,
        description="player ids (house bots: bot-random, bot-greedy, bot-strong); for partnerships "
        "[a1, a2, b1, b2], partners first (Scopa: 2 to 4 players; Briscola: 2 to 8)",
    )
    preset: str = Field("classic", max_length=40, description="the game's rule preset, see GET /rules?game=")
    options: dict[str, Any] | None = Field(None, description="single rule options over the preset")
    target: Annotated[int, Field(ge=1, le=1000), Integral] | None = Field(
        None, description="Scopa: points to win"
    )
    time_control: TimeControl | None = None
    seed: str | None = Field(
        None,
        pattern=r"^(?:[0-9a-fA-F]{2}){16,64}$",
        description="a given master seed (duplicate deals, tests): 16 to 64 bytes in hex",
    )


class PlayMove(RootModel[Annotated[BaseModel, OneGameModel(_move_model)]]):
    """One move at the match ``version`` it answers, in the move model of the match's game (ScopaMove,
    BriscolaMove: each game brings its own). The match's own game reads it: a body only another game's
    model takes is refused as ``invalid_input``, after the checks of seat, turn and version."""

    model_config = ConfigDict(defer_build=True)

    def fields(self) -> dict[str, Any]:
        """The body as given (its values as the model read them), for the match's game to read."""
        return self.root.model_dump(exclude_unset=True)


class CreateClub(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={"examples": [{"name": "Circolo del Tressette", "open": True}]},
    )
    name: str = Name("the club's name")
    description: str = Field("", max_length=500)
    open: bool = Field(False, description="anyone may join by themselves")


class UpdateClub(BaseModel):
    """A club's editable fields; those left out stay as they are."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={"examples": [{"description": "Giovedì sera"}]},
    )
    name: str | None = Field(
        None,
        min_length=1,
        max_length=NAME_MAX,
        description=f"the club's new name (1 to {NAME_MAX} characters)",
        json_schema_extra=_name_schema,
    )
    description: str | None = Field(None, max_length=500)
    open: bool | None = Field(None, description="anyone may join by themselves")
    version: Annotated[int, Field(ge=0, le=10**9), Integral] | None = Field(
        None,
        description="the club's version as the editor read it: 409 club_changed if someone edited it since",
    )


DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"
SeasonDate = Field(
    pattern=DATE_PATTERN,
    min_length=10,
    max_length=10,
    examples=["2027-01-01"],
    description="YYYY-MM-DD",
    json_schema_extra={"format": "date"},
)


class CreateSeason(BaseModel):
    """A club season: its dates (both inclusive) and how it scores its events (docs/seasons.md)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={
            "examples": [
                {
                    "name": "Inverno 2027",
                    "starts_on": "2027-01-01",
                    "ends_on": "2027-03-31",
                    "rules": {"points": [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], "best_of": 6, "events": 10},
                }
            ]
        },
    )
    name: str = Name("the season's name")
    starts_on: str = SeasonDate
    ends_on: str = SeasonDate
    rules: SeasonRules = Field(default_factory=SeasonRules)


class UpdateSeason(BaseModel):
    """A season's editable fields; those left out stay as they are (``rules`` is replaced whole)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={"examples": [{"rules": {"best_of": 8}, "version": 3}]},
    )
    name: str | None = Field(
        None,
        min_length=1,
        max_length=NAME_MAX,
        description=f"the season's new name (1 to {NAME_MAX} characters)",
        json_schema_extra=_name_schema,
    )
    starts_on: str | None = Field(
        None, pattern=DATE_PATTERN, min_length=10, max_length=10, json_schema_extra={"format": "date"}
    )
    ends_on: str | None = Field(
        None, pattern=DATE_PATTERN, min_length=10, max_length=10, json_schema_extra={"format": "date"}
    )
    rules: SeasonRules | None = None
    version: Annotated[int, Field(ge=1, le=10**9), Integral] | None = Field(
        None,
        description="the version the editor read: 409 season_changed if someone edited the season since",
    )


class AddMember(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    player_id: str = Field(min_length=1, max_length=64)
    role: Literal["member", "organizer"] = "member"


class CreateTournament(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={
            "examples": [{"name": "Winter Swiss", "settings": {"format": "swiss", "rounds": 5, "target": 11}}]
        },
    )
    name: str = Name("the tournament's name")
    club_id: str | None = Field(None, max_length=64, description="the club it belongs to; null: open")
    settings: TournamentSettings = Field(default_factory=lambda: TournamentSettings(rounds=5))
    open_registration: bool = Field(True, description="take entries at once (false: a draft)")


class Enter(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    players: list[str] | None = Field(
        None, min_length=1, max_length=2, description="the caller by default; partners for two-a-side"
    )
    rating: float | None = Field(None, ge=0, le=4000, description="organizers: the seeding rating")


class RequestBye(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    round: JsonInt = Field(ge=1, le=1000, description="the round to sit out (not paired yet)")
    entrant: str | None = Field(
        None, max_length=64, description="organizers: whose bye (default: the caller's own entry)"
    )


class Pause(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    paused: bool = Field(description="true: not paired until false again (a game under way is played out)")


class Exclude(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    reason: str = Field(min_length=1, max_length=300)


class ManualPairing(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    tables: list[Annotated[tuple[str, str], Field(strict=False)]] = Field(
        max_length=1000, description="[first, second]: first leads"
    )
    byes: list[str] = Field(default_factory=list, max_length=1000)


#: A table's match points, [first, second], as an organizer may set them.
RESULTS: tuple[list[float], ...] = ([1, 0], [0, 1], [0.5, 0.5], [0, 0])


class CorrectResult(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    result: tuple[float, float] = Field(
        strict=False,  # a JSON array is a list: the pair's numbers stay strict
        description="match points [first, second]: [1,0], [0,1], [0.5,0.5], [0,0]",
        json_schema_extra={"enum": [list(r) for r in RESULTS]},
    )
    reason: str = Field(min_length=1, max_length=300)

    @field_validator("result")
    @classmethod
    def _a_result(cls, value: tuple[float, float]) -> tuple[float, float]:
        if list(value) not in RESULTS:
            raise ValueError("a result is [1, 0], [0, 1], [0.5, 0.5] or [0, 0]")
        return value


class CreateSeek(BaseModel):
    """An open seek in the lobby: anyone but its creator may accept it."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    game: GameName = Field("scopa", description=GAME_DESCRIPTION)
    preset: str = Field(
        "classic", max_length=40, description="a two-player rule preset, see GET /rules?game="
    )
    target: Annotated[int, Field(ge=1, le=1000), Integral] | None = Field(
        None, description="Scopa: points to win; null: the preset's"
    )
    time_control: TimeControl | None = None
    rated: bool = Field(True, description="false: a friendly game, never rated")
    expires_in: JsonInt = Field(3600, ge=60, le=86_400, description="seconds the seek stays open")


class CreateChallenge(BaseModel):
    """A challenge to a named player: an invitation they accept or decline from their inbox."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    opponent: str = Field(min_length=1, max_length=64, description="the challenged player's id (not a bot)")
    game: GameName = Field("scopa", description=GAME_DESCRIPTION)
    preset: str = Field("classic", max_length=40, description="rule preset, see GET /rules?game=")
    target: Annotated[int, Field(ge=1, le=1000), Integral] | None = Field(
        None, description="Scopa: points to win; null: the preset's"
    )
    time_control: TimeControl | None = None
    rated: bool = Field(True, description="false: a friendly game, never rated")
    expires_in: JsonInt = Field(
        86_400, ge=300, le=7 * 86_400, description="seconds the opponent has to accept (default a day)"
    )


# ---------------------------------------------------------------- guests and imports


class CreateGuest(BaseModel):
    """A guest: a player without an account, made and managed by the calling organizer."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={"examples": [{"name": "Nonna Pina"}]},
    )
    name: str = Name("the guest's display name")


class ClaimGuest(BaseModel):
    """The one-time claim code the organizer handed over (case, spaces and dashes ignored)."""

    model_config = ConfigDict(
        extra="forbid", strict=True, defer_build=True, json_schema_extra={"examples": [{"code": "K7QM-3XPA"}]}
    )
    code: str = Field(
        min_length=1, max_length=20, pattern=r"[A-Za-z0-9]", description="the code, e.g. K7QM-3XPA"
    )


class ImportEntries(BaseModel):
    """Entrants to enter from a pasted list or a CSV (docs/guests.md#import)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={
            "examples": [
                {"format": "list", "text": "Ada Rossi\nBruno Neri\nNonna Pina\n", "create_guests": True},
                {"format": "csv", "text": "name,rating,club\nAda Rossi,1620,Circolo\n", "dry_run": True},
            ]
        },
    )
    format: Literal["list", "csv"] = Field(
        "list",
        description="list: one name per line (blank lines and lines starting with # skipped); csv: a header "
        "line naming the columns name (required), rating, player_id, club",
    )
    text: str = Field(
        max_length=64_000,
        description="the list or the CSV text (at most 500 entrants, 200 characters a line)",
    )
    create_guests: bool = Field(False, description="enter each unknown name as a new guest of the caller")
    dry_run: bool = Field(False, description="match and report only: nothing is written")


# ---------------------------------------------------------------- tables played in person

#: One game's points as a table reports it: [first, second]. Negative numbers reach the game's check,
#: which refuses them by name (negative_score); the bounds only keep numbers sane.
GamePoints = Annotated[int, Field(ge=-1000, le=100_000), Integral]
GamePair = Annotated[tuple[GamePoints, GamePoints], Field(strict=False)]
GAMES_DESCRIPTION = (
    "one [first, second] pair per game of the match, in table order: Scopa's points, Briscola's card "
    "points; checked by the game's rules (target, ties, 120 card points, best of N)"
)


class ReportScore(BaseModel):
    """A player's report of their table's games."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={"examples": [{"games": [[11, 7]]}, {"games": [[11, 9], [6, 11], [12, 10]]}]},
    )
    games: list[GamePair] = Field(min_length=1, max_length=30, description=GAMES_DESCRIPTION)


class EnterScore(BaseModel):
    """An organizer's entry of a table's result: the games, or a forfeit; always with a reason."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={
            "examples": [
                {"games": [[11, 8]], "reason": "dispute settled: both players agreed at the desk"},
                {"forfeit": "second", "reason": "did not come back after the break"},
            ],
            # exactly one of the two, as _one checks
            "oneOf": [
                {
                    "required": ["games"],
                    "properties": {"games": {"type": "array"}, "forfeit": {"type": "null"}},
                },
                {
                    "required": ["forfeit"],
                    "properties": {"forfeit": {"type": "string"}, "games": {"type": "null"}},
                },
            ],
        },
    )
    games: list[GamePair] | None = Field(None, min_length=1, max_length=30, description=GAMES_DESCRIPTION)
    forfeit: Literal["first", "second", "both"] | None = Field(
        None, description="who forfeits (loses without play); both: nobody scores"
    )
    reason: str = Field(min_length=1, max_length=300, description="kept in the audit trail")

    @model_validator(mode="after")
    def _one(self) -> Self:
        if (self.games is None) == (self.forfeit is None):
            raise ValueError("give either games or forfeit, not both")
        return self


class CloseRound(BaseModel):
    """An organizer closes a round: undecided tables are forfeited against the absent entrants."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        defer_build=True,
        json_schema_extra={"examples": [{"absent": ["p_3f2a9c"], "reason": "left before round 3"}]},
    )
    absent: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(
        default_factory=list, max_length=1000, description="entrant ids absent from their table"
    )
    reason: str = Field(min_length=1, max_length=300, description="kept in the audit trail")


class SetOnline(BaseModel):
    """Mixed play: whether an entrant plays online (a table of two online entrants is an online match)."""

    model_config = ConfigDict(
        extra="forbid", strict=True, defer_build=True, json_schema_extra={"examples": [{"online": True}]}
    )
    online: bool

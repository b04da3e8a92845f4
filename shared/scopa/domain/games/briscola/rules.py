"""Briscola's rule set: every option of issue 16 as a validated option, and named presets.

Unknown options are refused, values are range-checked, and combinations that cannot be played together are
refused with a message naming the options (docs/briscola.md gives the reasons for each default).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from scopa.domain.games.briscola.cards import FACES, removed_cards
from scopa.domain.games.common.errors import RuleSetError
from scopa.domain.json_values import Integral, JsonInt

MatchKind = Literal["best_of", "points"]

#: Signals partners may send with a card when ``signals`` is on (information only: nothing checks them).
SIGNALS: tuple[str, ...] = ("ace", "three", "king", "high_trumps", "low_trumps", "no_trumps", "nothing")


class BriscolaRules(BaseModel):
    """All options of one Briscola match. The defaults are two players, three cards a hand, one game."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    players: Literal[2, 3, 4, 5, 6, 8] = Field(
        2, description="2 or 3 alone; 4, 6 or 8 in partnerships of two (partners opposite); 5: chiamata"
    )
    hand_size: JsonInt = Field(
        3, ge=1, le=20, description="cards in a hand (seed 004 says 9 for two players)"
    )
    decks: Literal[1, 2] = Field(1, description="40-card decks in play; two for six or more players")
    chiamata: bool = Field(False, description="five players: an auction, a called card, a secret partner")
    scoperta: bool = Field(False, description="hands are played face up (Briscola scoperta)")
    signals: bool = Field(False, description="partners may send a signal with a card (information only)")
    match: MatchKind = Field("best_of", description="best_of N games, or to a points target")
    games: JsonInt = Field(1, ge=1, le=15, description="best_of: the N of best of N (odd)")
    points_target: Annotated[int, Field(ge=1, le=100_000), Integral] | None = Field(
        None, description="points: card points (chiamata: match points) to reach"
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if (self.players == 5) != self.chiamata:
            raise ValueError(
                "chiamata is the five-player game: players 5 needs chiamata and chiamata needs 5"
            )
        if self.chiamata and self.decks != 1:
            raise ValueError("chiamata is played with one deck (decks 1)")
        if self.players >= 6 and self.decks != 2:
            raise ValueError(f"players ({self.players}): six or more players use both decks (decks 2)")
        dealt = self.players * self.hand_size
        if self.chiamata:
            if dealt != self.deck_size:
                raise ValueError(
                    f"chiamata deals the whole deck: hand_size must be {self.deck_size // self.players}"
                )
        elif dealt + 1 > self.deck_size:
            raise ValueError(
                f"players ({self.players}) x hand_size ({self.hand_size}) leaves no card to turn up "
                f"from a deck of {self.deck_size}"
            )
        if self.signals and (self.players not in (4, 6, 8)):
            raise ValueError("signals are between partners: players 4, 6 or 8 (chiamata partners are secret)")
        if self.match == "best_of":
            if self.games % 2 == 0:
                raise ValueError(f"games ({self.games}) must be odd: best of an odd number")
            if self.points_target is not None:
                raise ValueError("points_target goes with match 'points', not 'best_of'")
        else:
            if self.points_target is None:
                raise ValueError("match 'points' needs a points_target")
            if self.games != 1:
                raise ValueError("games goes with match 'best_of', not 'points'")
        return self

    # ------------------------------------------------------------------ derived facts

    @property
    def removed(self) -> tuple[int, ...]:
        return removed_cards(self.players, self.decks)

    @property
    def deck_size(self) -> int:
        return FACES * self.decks - len(removed_cards(self.players, self.decks))

    @property
    def total_points(self) -> int:
        return 120 * self.decks

    @property
    def sides(self) -> int:
        """Scoring sides of the match: partnerships of two from four players; chiamata scores each seat."""
        if self.chiamata or self.players <= 3:
            return self.players
        return self.players // 2

    def side_of(self, seat: int) -> int:
        """A seat's side in the match (partners sit opposite: seat ``s`` and ``s + players / 2``)."""
        return seat % self.sides

    @property
    def partnerships(self) -> bool:
        return not self.chiamata and self.players >= 4

    def to_options(self) -> dict[str, Any]:
        """The options that differ from the defaults: the compact, stable form for records and APIs."""
        return self.model_dump(exclude_defaults=True, mode="json")


PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "nine_cards": {"hand_size": 9},
    "three_players": {"players": 3},
    "partnership": {"players": 4},
    "six_players": {"players": 6, "decks": 2},
    "eight_players": {"players": 8, "decks": 2},
    "chiamata": {"players": 5, "chiamata": True, "hand_size": 8},
    "scoperta": {"scoperta": True},
    "best_of_three": {"games": 3},
}
PRESET_DESCRIPTIONS = {
    "classic": "two players, three cards a hand, one game (a 60-60 draw is replayed)",
    "nine_cards": "two players with nine cards each, as seed 004 writes it",
    "three_players": "three alone, one two taken out (39 cards, 13 tricks)",
    "partnership": "four players in two partnerships, partners opposite",
    "six_players": "six players in three partnerships, two decks, two twos taken out",
    "eight_players": "eight players in four partnerships, two decks",
    "chiamata": "five players, eight cards each: an auction, a called card, its holder the secret partner",
    "scoperta": "two players, hands face up",
    "best_of_three": "two players, best of three games",
}


def make_rules(preset: str = "classic", options: Mapping[str, Any] | None = None) -> BriscolaRules:
    """A rule set from a preset plus single options; :class:`RuleSetError` names what is wrong."""
    if preset not in PRESETS:
        raise RuleSetError(f"unknown briscola preset '{preset}'; presets: {', '.join(PRESETS)}")
    merged = {**PRESETS[preset], **dict(options or {})}
    try:
        return BriscolaRules(**merged)
    except ValidationError as exc:
        raise RuleSetError(_describe(exc)) from None
    except TypeError as exc:  # options that are not a mapping of names
        raise RuleSetError(f"rules: {exc}") from None


def rules_from_options(options: Mapping[str, Any]) -> BriscolaRules:
    return make_rules("classic", options)


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "rules"
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = f"unknown option (options: {', '.join(BriscolaRules.model_fields)})"
        parts.append(f"{where}: {msg}")
    return "; ".join(parts)

"""The rule set: every default of RULES.md and every variant as a validated option, plus named presets.

One engine plays every variant; a :class:`RuleSet` says which. Unknown options are rejected (``extra``
is forbidden), values are type-checked strictly (``true`` for a flag, never ``1``: the options come as
JSON) and range-checked, and combinations that cannot be played together are refused
with a message naming both options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from scopa.domain.games.common.errors import RuleSetError
from scopa.domain.json_values import Integral, JsonInt

CaptureRule = Literal["sum", "fifteen", "sum_or_fifteen"]
CaptureChoice = Literal["any", "fewest_cards"]
AceTakesAll = Literal["off", "unless_ace_on_table", "always"]
Leftovers = Literal["last_capturer", "last_player", "dealer"]
Leader = Literal["dealer_right", "dealer"]
TieRule = Literal["play_on", "count_order"]
PrimieraScale = Literal["standard", "faces_zero", "faces_by_rank", "most_sevens"]
MissingSuit = Literal["counts", "no_primiera", "incomplete_loses"]


class RuleSet(BaseModel):
    """All rule options of one game. Defaults are classic two-player Scopa to 11."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    # Table and deal
    players: Literal[2, 3, 4] = Field(2, description="2 alone, 3 alone, or 4 in two partnerships")
    hand_size: JsonInt = Field(3, ge=1, le=20, description="cards dealt to each player per hand")
    table_cards: JsonInt = Field(4, ge=0, le=10, description="cards dealt face up at the start of a deal")
    void_deal_kings: Annotated[int, Field(ge=1, le=4), Integral] | None = Field(
        3,
        description="re-deal when the first table cards hold at least this many kings; null: never",
    )
    leader: Leader = Field("dealer_right", description="who plays first in a deal")
    # Captures
    capture: CaptureRule = Field(
        "sum", description="sum: equal rank or a sum; fifteen: card plus taken cards make 15; both (cirulla)"
    )
    single_card_precedence: bool = Field(True, description="an equal-rank card must be taken before any sum")
    capture_choice: CaptureChoice = Field(
        "any", description="any: the player picks any legal set; fewest_cards: only sets with fewest cards"
    )
    forced_capture: bool = Field(True, description="a card that can capture may not be laid on the table")
    ace_takes_all: AceTakesAll = Field("off", description="scopa d'assi: an ace sweeps the table")
    ace_sweep_is_scopa: bool = Field(False, description="the ace's sweep scores a scopa (cirulla)")
    leftovers_to: Leftovers = Field("last_capturer", description="who takes the table at the end of a deal")
    # Scoring
    primiera_scale: PrimieraScale = Field("standard", description="values of the primiera")
    primiera_missing_suit: MissingSuit = Field("counts", description="what a side missing a suit gets")
    re_bello: bool = Field(False, description="the king of coins is a point")
    settebello_di_coppe: bool = Field(False, description="the seven of cups is a point (Calabria)")
    napola: bool = Field(False, description="a run of coins from the ace (A-2-3 at least) scores its length")
    napola_all_coins_wins: bool = Field(False, description="taking all ten coins wins the game at once")
    cirulla_bonuses: bool = Field(
        False, description="cirulla hand and dealer bonuses, the seven of cups as wildcard"
    )
    cirulla_runs: bool = Field(
        False, description="cirulla grande (J-Q-K of coins, 5) and piccola (A-2-3, 3+)"
    )
    # Winning
    target: JsonInt = Field(11, ge=1, le=1000, description="points needed to win the game")
    tie_rule: TieRule = Field("play_on", description="a tie at or above the target: play on, or count order")
    cappotto: Annotated[int, Field(ge=1, le=1000), Integral] | None = Field(
        None, description="a side leading N to 0 wins at once"
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        n_hand_cards = self.players * self.hand_size
        if self.table_cards + n_hand_cards > 40:
            raise ValueError(
                f"players ({self.players}) x hand_size ({self.hand_size}) + table_cards ({self.table_cards}) "
                "needs more than 40 cards"
            )
        if (40 - self.table_cards) % n_hand_cards:
            raise ValueError(
                f"the {40 - self.table_cards} cards left after the table_cards ({self.table_cards}) do not "
                f"divide into hands of players ({self.players}) x hand_size ({self.hand_size})"
            )
        if self.void_deal_kings is not None and self.void_deal_kings > self.table_cards:
            raise ValueError(
                f"void_deal_kings ({self.void_deal_kings}) cannot exceed table_cards ({self.table_cards})"
            )
        if self.ace_sweep_is_scopa and self.ace_takes_all == "off":
            raise ValueError("ace_sweep_is_scopa needs ace_takes_all to be on")
        if self.napola_all_coins_wins and not self.napola:
            raise ValueError("napola_all_coins_wins needs napola")
        if self.napola and self.cirulla_runs:
            raise ValueError("napola and cirulla_runs both score the run of coins from the ace: choose one")
        if self.cirulla_bonuses and self.hand_size != 3:
            raise ValueError(f"cirulla_bonuses are for three-card hands, hand_size is {self.hand_size}")
        if self.cappotto is not None and self.cappotto >= self.target:
            raise ValueError(f"cappotto ({self.cappotto}) must be below the target ({self.target})")
        if self.capture == "fifteen" and not self.single_card_precedence and self.capture_choice != "any":
            raise ValueError(
                "capture_choice fewest_cards has no meaning beside capture 'fifteen' without sums"
            )
        return self

    # ------------------------------------------------------------------ derived facts

    @property
    def sides(self) -> int:
        """Number of scoring sides: partners pool their cards in the four-player game."""
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    @property
    def hands_per_deal(self) -> int:
        return (40 - self.table_cards) // (self.players * self.hand_size)

    def to_options(self) -> dict[str, Any]:
        """The options that differ from the defaults: the compact, stable form for records and APIs."""
        return self.model_dump(exclude_defaults=True, mode="json")


# ---------------------------------------------------------------------- presets

PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "scopa_d_assi": {"ace_takes_all": "unless_ace_on_table"},
    "re_bello": {"re_bello": True},
    "napola": {"napola": True, "target": 21},
    "scopone": {"players": 4, "hand_size": 9, "table_cards": 4},
    "scopone_scientifico": {"players": 4, "hand_size": 10, "table_cards": 0, "void_deal_kings": None},
    "scopa_a_quindici": {"capture": "fifteen", "single_card_precedence": False},
    "cirulla": {
        "capture": "sum_or_fifteen",
        "single_card_precedence": False,
        "ace_takes_all": "unless_ace_on_table",
        "ace_sweep_is_scopa": True,
        "cirulla_bonuses": True,
        "cirulla_runs": True,
        "target": 51,
    },
}
PRESET_ALIASES = {"escoba": "scopa_a_quindici", "scopa": "classic", "asso_piglia_tutto": "scopa_d_assi"}

PRESET_DESCRIPTIONS = {
    "classic": "Scopa for two (four in partnerships with players=4): 3 cards a hand, 4 on the table, to 11",
    "scopa_d_assi": "an ace sweeps the table (not a scopa); a burnt ace takes only the ace on the table",
    "re_bello": "the king of coins is a point, like the settebello",
    "napola": "a run of coins from the ace scores its length; to 21",
    "scopone": "four players in partnerships, 9 cards each and 4 to the table, one hand per deal",
    "scopone_scientifico": "four players in partnerships, 10 cards each, none to the table",
    "scopa_a_quindici": "a card takes any set that makes 15 together with it (escoba)",
    "cirulla": "free choice of sums and fifteens, the ace sweeps as a scopa, hand and dealer bonuses; to 51",
}


def preset_names() -> list[str]:
    return list(PRESETS)


def make_rules(preset: str = "classic", options: Mapping[str, Any] | None = None) -> RuleSet:
    """A rule set from a preset name plus single options that override it.

    Raises :class:`RuleSetError` naming the unknown preset, the unknown option, or the contradiction.
    """
    key = PRESET_ALIASES.get(preset, preset)
    if key not in PRESETS:
        raise RuleSetError(
            f"unknown rule preset '{preset}'; presets: {', '.join([*PRESETS, *PRESET_ALIASES])}"
        )
    merged = {**PRESETS[key], **dict(options or {})}
    try:
        return RuleSet(**merged)
    except ValidationError as exc:
        raise RuleSetError(describe_validation_error(exc)) from None


def rules_from_options(options: Mapping[str, Any]) -> RuleSet:
    """Rebuild a rule set from :meth:`RuleSet.to_options` output."""
    return make_rules("classic", options)


def describe_validation_error(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "rules"
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = f"unknown option (options: {', '.join(RuleSet.model_fields)})"
        parts.append(f"{where}: {msg}")
    return "; ".join(parts)

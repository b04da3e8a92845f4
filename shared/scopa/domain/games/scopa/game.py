""":class:`ScopaEngine`, Scopa behind the game-neutral :class:`~scopa.domain.games.base.GameEngine`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from scopa.domain.games.base import PoolSpec
from scopa.domain.games.common.bot import Bot
from scopa.domain.games.common.cards import parse_card
from scopa.domain.games.common.engine import DealtGameEngine
from scopa.domain.games.common.moves import MoveModel
from scopa.domain.games.common.table_score import TableScore
from scopa.domain.games.scopa import engine, storage, table_score, views
from scopa.domain.games.scopa.bots import make_bot
from scopa.domain.games.scopa.deals import FinishedDeal
from scopa.domain.games.scopa.moves import ScopaMove
from scopa.domain.games.scopa.record import RecordBuilder, replay
from scopa.domain.games.scopa.rules import (
    PRESET_ALIASES,
    PRESET_DESCRIPTIONS,
    PRESETS,
    RuleSet,
    make_rules,
    rules_from_options,
)
from scopa.domain.games.scopa.state import Move, ScopaState, parse_mask_string

#: The two-player presets rated one against one, and (played by four) two against two.
TWO_PLAYER_PRESETS = ("classic", "scopa_d_assi", "re_bello", "napola", "scopa_a_quindici", "cirulla")


class ScopaEngine(DealtGameEngine[ScopaState, Move]):
    """:class:`~scopa.domain.games.base.GameEngine` for Scopa and all its variants."""

    name = "scopa"
    presets = PRESETS
    preset_descriptions = PRESET_DESCRIPTIONS
    rules_model: type[BaseModel] = RuleSet
    deal_model: type[BaseModel] = FinishedDeal
    move_model: type[MoveModel] = ScopaMove

    def validate_rules(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        return make_rules(preset, options).to_options()

    def effective_rules(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return rules_from_options(options).model_dump(mode="json")

    def canonical_preset(self, preset: str) -> str:
        return PRESET_ALIASES.get(preset, preset)

    def rating_pools(self) -> tuple[PoolSpec, ...]:
        return (
            PoolSpec("scopa", "Scopa (one against one)", TWO_PLAYER_PRESETS, 1),
            PoolSpec(
                "scopone",
                "Scopone (two against two)",
                ("scopone", "scopone_scientifico", *TWO_PLAYER_PRESETS),
                2,
            ),
        )

    def players(self, rules: Mapping[str, Any]) -> int:
        return rules_from_options(rules).players

    def new_state(
        self, rules: Mapping[str, Any], master_seed: str | None, first_dealer: int
    ) -> dict[str, Any]:
        return engine.new_match(rules_from_options(rules), master_seed, first_dealer).to_json()

    def waiting_view(self, rules: Mapping[str, Any], master_seed: str | None, status: str) -> dict[str, Any]:
        return views.waiting_view(rules_from_options(rules), master_seed, status)

    def make_bot(self, kind: str, seed: int | None) -> Bot:
        return make_bot(kind, seed=seed)

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        s = self.load(state)
        return views.spectator_view(s) if seat is None else views.seat_view(s, seat)

    def verify_record(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return replay(dict(record)).to_json()

    def check_table_score(
        self, rules: Mapping[str, Any], games_per_match: int, games: Sequence[tuple[int, int]]
    ) -> TableScore:
        return table_score.check_table_score(rules_from_options(rules), games_per_match, games)

    def compact_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return storage.compact(state)

    def expand_state(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        return storage.expand(stored)

    # -------------------------------------------------------------- DealtGameEngine's hooks

    def load(self, state: Mapping[str, Any]) -> ScopaState:
        return ScopaState.from_json(dict(state))

    def parse_move(self, move: Mapping[str, Any]) -> Move:
        return Move.from_json(dict(move))

    def parse_logged(self, text: str) -> Move:
        """``card>taken``, as ``str(Move)`` writes it."""
        played, _, taken = text.partition(">")
        return Move(parse_card(played), parse_mask_string(taken))

    def start(self, like: ScopaState) -> ScopaState:
        return engine.new_match(like.rules, like.master_seed, like.first_dealer)

    def play(self, state: ScopaState, move: Move, seat: int) -> ScopaState:
        return engine.apply_move(state, move, seat)

    def end(self, state: ScopaState, seat: int, reason: str) -> ScopaState:
        return engine.end_match(state, seat, reason)

    def moves(self, state: ScopaState) -> list[Move]:
        return engine.legal_moves(state)

    def side_of(self, state: ScopaState, seat: int) -> int:
        return state.side_of(seat)

    def players_of(self, state: ScopaState) -> int:
        return state.rules.players

    def builder(self, state: ScopaState, seats: list[str]) -> RecordBuilder:
        return RecordBuilder.start(state, seats)

    def finished_deal(
        self, before: ScopaState, seat: int, move: Move, after: ScopaState, found: int
    ) -> dict[str, Any] | None:
        if after.leftovers is not None and len(after.deal_totals) > found:
            return views.finished_deal(after)
        return None

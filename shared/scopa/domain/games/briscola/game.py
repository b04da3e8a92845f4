""":class:`BriscolaEngine`, Briscola behind the game-neutral :class:`~scopa.domain.games.GameEngine`.

A "game" of the match layer is a whole Briscola match as the rules define it (one game, best of N, or to a
points target), so the outcome always names a winner: a 60-60 game is a draw *inside* the match and
another game is dealt (the deal passes on), so the match layer never sees a draw. The outcome's scores
are games won per side (best of N), card points per side (to a points target), or chiamata's match
points per seat (chiamata sides change every game, so each seat is a side of its own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from scopa.domain.games.base import PoolSpec
from scopa.domain.games.briscola import engine, table_score, views
from scopa.domain.games.briscola.bots import make_bot
from scopa.domain.games.briscola.cards import trick_winner
from scopa.domain.games.briscola.deals import FinishedGame
from scopa.domain.games.briscola.moves import BriscolaMove
from scopa.domain.games.briscola.record import RecordBuilder, replay
from scopa.domain.games.briscola.rules import (
    PRESET_DESCRIPTIONS,
    PRESETS,
    BriscolaRules,
    make_rules,
    rules_from_options,
)
from scopa.domain.games.briscola.state import BriscolaState, Move, Trick
from scopa.domain.games.common.bot import Bot
from scopa.domain.games.common.engine import DealtGameEngine
from scopa.domain.games.common.moves import MoveModel
from scopa.domain.games.common.table_score import TableScore

#: The two-player presets rated one against one, and (played by four) two against two.
TWO_PLAYER_PRESETS = ("classic", "nine_cards", "scoperta", "best_of_three")


class BriscolaEngine(DealtGameEngine[BriscolaState, Move]):
    """:class:`~scopa.domain.games.base.GameEngine` for Briscola and all its variants."""

    name = "briscola"
    presets = PRESETS
    preset_descriptions = PRESET_DESCRIPTIONS
    rules_model: type[BaseModel] = BriscolaRules
    deal_model: type[BaseModel] = FinishedGame
    move_model: type[MoveModel] = BriscolaMove

    def validate_rules(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        return make_rules(preset, options).to_options()

    def effective_rules(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return rules_from_options(options).model_dump(mode="json")

    def canonical_preset(self, preset: str) -> str:
        return preset

    def rating_pools(self) -> tuple[PoolSpec, ...]:
        return (
            PoolSpec("briscola-1v1", "Briscola (one against one)", TWO_PLAYER_PRESETS, 1),
            PoolSpec("briscola-2v2", "Briscola (two against two)", ("partnership", *TWO_PLAYER_PRESETS), 2),
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

    # -------------------------------------------------------------- DealtGameEngine's hooks

    def load(self, state: Mapping[str, Any]) -> BriscolaState:
        return BriscolaState.from_json(dict(state))

    def parse_move(self, move: Mapping[str, Any]) -> Move:
        return Move.from_json(dict(move))

    def parse_logged(self, text: str) -> Move:
        """``Ad`` (or a bid, a call), as ``str(Move)`` writes it."""
        return Move.parse(text)

    def start(self, like: BriscolaState) -> BriscolaState:
        return engine.new_match(like.rules, like.master_seed, like.first_dealer)

    def play(self, state: BriscolaState, move: Move, seat: int) -> BriscolaState:
        return engine.apply_move(state, move, seat)

    def end(self, state: BriscolaState, seat: int, reason: str) -> BriscolaState:
        return engine.end_match(state, seat, reason)

    def moves(self, state: BriscolaState) -> list[Move]:
        return engine.legal_moves(state)

    def side_of(self, state: BriscolaState, seat: int) -> int:
        return state.rules.side_of(seat)

    def players_of(self, state: BriscolaState) -> int:
        return state.rules.players

    def builder(self, state: BriscolaState, seats: list[str]) -> RecordBuilder:
        return RecordBuilder.start(state, seats)

    def finished_deal(
        self, before: BriscolaState, seat: int, move: Move, after: BriscolaState, found: int
    ) -> dict[str, Any] | None:
        """A Briscola "deal" is one game of the match (the game under way is never listed)."""
        if len(after.history) > len(before.history):
            return _finished_game(before, seat, after)
        return None


def _finished_game(before: BriscolaState, seat: int, after: BriscolaState) -> dict[str, Any]:
    """The game that ``seat``'s last card finished: ``before`` is the state with that card still in hand
    (every hand holds one card at the last trick, so the card played is the one left in the seat's hand,
    whichever copy a two-deck move named)."""
    card = before.hands[seat].bit_length() - 1
    cards = (*before.trick, card)
    winner = (before.leader + trick_winner(cards, before.trump_suit)) % before.rules.players
    tricks = (*before.tricks, Trick(before.leader, cards, winner))
    return views.describe_game(len(after.history), tricks, after.history[-1], after.match_scores)

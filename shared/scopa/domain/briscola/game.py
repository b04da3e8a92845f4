""":class:`BriscolaEngine`, Briscola behind the game-neutral :class:`~scopa.domain.games.GameEngine`.

A "game" of the match layer is a whole Briscola match as the rules define it (one game, best of N, or to a
points target), so the outcome always names a winner: a 60-60 game is a draw *inside* the match and
another game is dealt (the deal passes on), so the match layer never sees a draw. The outcome's scores
are games won per side (best of N), card points per side (to a points target), or chiamata's match
points per seat (chiamata sides change every game, so each seat is a side of its own).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scopa.domain.briscola import engine, views
from scopa.domain.briscola.record import RecordBuilder, replay
from scopa.domain.briscola.rules import make_rules, rules_from_options
from scopa.domain.briscola.state import BriscolaState, Move
from scopa.domain.errors import RecordError

if TYPE_CHECKING:
    from scopa.domain.games import Outcome


def load(state: Mapping[str, Any]) -> BriscolaState:
    return BriscolaState.from_json(dict(state))


class BriscolaEngine:
    """:class:`~scopa.domain.games.GameEngine` for Briscola and all its variants."""

    name = "briscola"

    def validate_rules(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        return make_rules(preset, options).to_options()

    def players(self, rules: Mapping[str, Any]) -> int:
        return rules_from_options(rules).players

    def new_state(
        self, rules: Mapping[str, Any], master_seed: str | None, first_dealer: int
    ) -> dict[str, Any]:
        return engine.new_match(rules_from_options(rules), master_seed, first_dealer).to_json()

    def turn(self, state: Mapping[str, Any]) -> int | None:
        s = load(state)
        return None if s.finished else s.turn

    def apply(
        self, state: Mapping[str, Any], seat: int, move: Mapping[str, Any]
    ) -> tuple[dict[str, Any], str]:
        parsed = Move.from_json(dict(move))
        after = engine.apply_move(load(state), parsed, seat)
        return after.to_json(), f"{seat}:{parsed}"

    def legal_moves(self, state: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [m.to_json() for m in engine.legal_moves(load(state))]

    def resign(self, state: Mapping[str, Any], seat: int, reason: str) -> dict[str, Any]:
        return engine.end_match(load(state), seat, reason).to_json()

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        s = load(state)
        return views.spectator_view(s) if seat is None else views.seat_view(s, seat)

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        from scopa.domain.games import Outcome

        s = load(state)
        if s.result is None:
            return None
        return Outcome(
            winner_side=s.result.winner,
            side_of_seat=tuple(s.rules.side_of(seat) for seat in range(s.rules.players)),
            scores=s.result.scores,
            reason=s.result.reason,
            cards_played=s.moves_played,
        )

    def verify_record(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return replay(dict(record)).to_json()

    def record(self, final_state: Mapping[str, Any], log: list[str], seats: list[str]) -> dict[str, Any]:
        final = load(final_state)
        if final.result is None:
            raise RecordError("the record is available when the game has ended")
        state = engine.new_match(final.rules, final.master_seed, final.first_dealer)
        builder = RecordBuilder.start(state, seats)
        for entry in log:
            seat_text, _, move_text = entry.partition(":")
            move = Move.parse(move_text)
            after = engine.apply_move(state, move, int(seat_text))
            builder.add(state, move, after)
            state = after
        if not state.finished and final.result.loser_seat is not None:
            state = engine.end_match(state, final.result.loser_seat, final.result.reason)
        return builder.finish(state)

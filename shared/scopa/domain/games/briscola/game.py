""":class:`BriscolaEngine`, Briscola behind the game-neutral :class:`~scopa.domain.games.GameEngine`.

A "game" of the match layer is a whole Briscola match as the rules define it (one game, best of N, or to a
points target), so the outcome always names a winner: a 60-60 game is a draw *inside* the match and
another game is dealt (the deal passes on), so the match layer never sees a draw. The outcome's scores
are games won per side (best of N), card points per side (to a points target), or chiamata's match
points per seat (chiamata sides change every game, so each seat is a side of its own).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scopa.domain.games.base import Outcome
from scopa.domain.games.briscola import engine, views
from scopa.domain.games.briscola.bots import make_bot
from scopa.domain.games.briscola.cards import trick_winner
from scopa.domain.games.briscola.record import RecordBuilder, replay
from scopa.domain.games.briscola.rules import make_rules, rules_from_options
from scopa.domain.games.briscola.shuffle import new_master_seed
from scopa.domain.games.briscola.state import BriscolaState, Move, Trick
from scopa.domain.games.common.bot import Bot
from scopa.domain.games.common.errors import RecordError


def load(state: Mapping[str, Any]) -> BriscolaState:
    return BriscolaState.from_json(dict(state))


class BriscolaEngine:
    """:class:`~scopa.domain.games.GameEngine` for Briscola and all its variants."""

    name = "briscola"

    def validate_rules(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        return make_rules(preset, options).to_options()

    def players(self, rules: Mapping[str, Any]) -> int:
        return rules_from_options(rules).players

    def new_seed(self) -> str:
        return new_master_seed()

    def new_state(
        self, rules: Mapping[str, Any], master_seed: str | None, first_dealer: int
    ) -> dict[str, Any]:
        return engine.new_match(rules_from_options(rules), master_seed, first_dealer).to_json()

    def dealt_from(self, state: Mapping[str, Any]) -> tuple[str, int]:
        s = load(state)
        return s.master_seed, s.first_dealer

    def waiting_view(self, rules: Mapping[str, Any], master_seed: str | None, status: str) -> dict[str, Any]:
        return views.waiting_view(rules_from_options(rules), master_seed, status)

    def make_bot(self, kind: str, seed: int | None) -> Bot:
        return make_bot(kind, seed=seed)

    def turn(self, state: Mapping[str, Any]) -> int | None:
        if not state:  # not dealt yet
            return None
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
        if not state:  # not dealt yet
            return None
        s = load(state)
        if s.result is None:
            return None
        return Outcome(
            winner_side=s.result.winner,
            side_of_seat=tuple(s.rules.side_of(seat) for seat in range(s.rules.players)),
            scores=s.result.scores,
            reason=s.result.reason,
            cards_played=s.moves_played,
            loser_seat=s.result.loser_seat,
        )

    def finished_deals(self, state: Mapping[str, Any], log: list[str]) -> list[dict[str, Any]]:
        """Every finished game of the match, oldest first, replayed from its log (a Briscola "deal" is one
        game of the match; the game under way is never listed)."""
        if not state:
            return []
        current = load(state)
        s = engine.new_match(current.rules, current.master_seed, current.first_dealer)
        games: list[dict[str, Any]] = []
        for entry in log:
            seat, move = _log_entry(entry)
            after = engine.apply_move(s, move, seat)
            if len(after.history) > len(s.history):
                games.append(_finished_game(s, seat, after))
            s = after
        return games

    def verify_record(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return replay(dict(record)).to_json()

    def record(self, final_state: Mapping[str, Any], log: list[str], seats: list[str]) -> dict[str, Any]:
        final = load(final_state)
        if final.result is None:
            raise RecordError("the record is available when the game has ended")
        state = engine.new_match(final.rules, final.master_seed, final.first_dealer)
        builder = RecordBuilder.start(state, seats)
        for entry in log:
            seat, move = _log_entry(entry)
            after = engine.apply_move(state, move, seat)
            builder.add(state, move, after)
            state = after
        if not state.finished and final.result.loser_seat is not None:
            state = engine.end_match(state, final.result.loser_seat, final.result.reason)
        return builder.finish(state)


def _log_entry(entry: str) -> tuple[int, Move]:
    """A move of the match's log (``"seat:Ad"``, as :meth:`BriscolaEngine.apply` writes it)."""
    seat_text, _, move_text = entry.partition(":")
    return int(seat_text), Move.parse(move_text)


def _finished_game(before: BriscolaState, seat: int, after: BriscolaState) -> dict[str, Any]:
    """The game that ``seat``'s last card finished: ``before`` is the state with that card still in hand
    (every hand holds one card at the last trick, so the card played is the one left in the seat's hand,
    whichever copy a two-deck move named)."""
    card = before.hands[seat].bit_length() - 1
    cards = (*before.trick, card)
    winner = (before.leader + trick_winner(cards, before.trump_suit)) % before.rules.players
    tricks = (*before.tricks, Trick(before.leader, cards, winner))
    return views.describe_game(len(after.history), tricks, after.history[-1], after.match_scores)

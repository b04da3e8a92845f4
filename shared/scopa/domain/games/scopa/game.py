""":class:`ScopaEngine`, Scopa behind the game-neutral :class:`~scopa.domain.games.base.GameEngine`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scopa.domain.games.base import Outcome
from scopa.domain.games.common.bot import Bot
from scopa.domain.games.common.cards import parse_card
from scopa.domain.games.common.errors import RecordError
from scopa.domain.games.common.shuffle import new_master_seed
from scopa.domain.games.scopa import engine, views
from scopa.domain.games.scopa.bots import make_bot
from scopa.domain.games.scopa.record import RecordBuilder, replay
from scopa.domain.games.scopa.rules import make_rules, rules_from_options
from scopa.domain.games.scopa.state import GameState, Move, parse_mask_string


class ScopaEngine:
    """:class:`GameEngine` for Scopa and all its variants."""

    name = "scopa"

    def validate_rules(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        return make_rules(preset, options).to_options()

    def players(self, rules: Mapping[str, Any]) -> int:
        return rules_from_options(rules).players

    def new_seed(self) -> str:
        return new_master_seed()

    def new_state(
        self, rules: Mapping[str, Any], master_seed: str | None, first_dealer: int
    ) -> dict[str, Any]:
        return engine.new_game(rules_from_options(rules), master_seed, first_dealer).to_json()

    def dealt_from(self, state: Mapping[str, Any]) -> tuple[str, int]:
        s = _load(state)
        return s.master_seed, s.first_dealer

    def waiting_view(self, rules: Mapping[str, Any], master_seed: str | None, status: str) -> dict[str, Any]:
        return views.waiting_view(rules_from_options(rules), master_seed, status)

    def make_bot(self, kind: str, seed: int | None) -> Bot:
        return make_bot(kind, seed=seed)

    def turn(self, state: Mapping[str, Any]) -> int | None:
        if not state:  # not dealt yet
            return None
        s = _load(state)
        return None if s.finished else s.turn

    def apply(
        self, state: Mapping[str, Any], seat: int, move: Mapping[str, Any]
    ) -> tuple[dict[str, Any], str]:
        parsed = Move.from_json(dict(move))
        after = engine.apply_move(_load(state), parsed, seat)
        return after.to_json(), f"{seat}:{parsed}"

    def legal_moves(self, state: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [m.to_json() for m in engine.legal_moves(_load(state))]

    def resign(self, state: Mapping[str, Any], seat: int, reason: str) -> dict[str, Any]:
        return engine.end_game(_load(state), seat, reason).to_json()

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        s = _load(state)
        return views.spectator_view(s) if seat is None else views.seat_view(s, seat)

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        if not state:  # not dealt yet
            return None
        s = _load(state)
        if s.result is None:
            return None
        return Outcome(
            winner_side=s.result.winner,
            side_of_seat=tuple(s.side_of(seat) for seat in range(s.rules.players)),
            scores=s.result.scores,
            reason=s.result.reason,
            cards_played=s.moves_played,
            loser_seat=s.result.loser_seat,
        )

    def finished_deals(self, state: Mapping[str, Any], log: list[str]) -> list[dict[str, Any]]:
        if not state:
            return []
        current = _load(state)
        s = engine.new_game(current.rules, current.master_seed, current.first_dealer)
        deals: list[dict[str, Any]] = []
        for entry in log:
            seat, move = _log_entry(entry)
            s = engine.apply_move(s, move, seat)
            if s.leftovers is not None and len(s.deal_totals) > len(deals):
                found = views.finished_deal(s)
                assert found is not None
                deals.append(found)
        return deals

    def verify_record(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return replay(dict(record)).to_json()

    def record(self, final_state: Mapping[str, Any], log: list[str], seats: list[str]) -> dict[str, Any]:
        final = _load(final_state)
        if final.result is None:
            raise RecordError("the record is available when the game has ended")
        state = engine.new_game(final.rules, final.master_seed, final.first_dealer)
        builder = RecordBuilder.start(state, seats)
        for entry in log:
            seat, move = _log_entry(entry)
            after = engine.apply_move(state, move, seat)
            builder.add(state, move, after)
            state = after
        if not state.finished and final.result.loser_seat is not None:
            state = engine.end_game(state, final.result.loser_seat, final.result.reason)
        return builder.finish(state)


def _log_entry(entry: str) -> tuple[int, Move]:
    """A move of the match's log (``"seat:card>taken"``, as :meth:`ScopaEngine.apply` writes it)."""
    seat_text, _, move_text = entry.partition(":")
    played, _, taken = move_text.partition(">")
    return int(seat_text), Move(parse_card(played), parse_mask_string(taken))


def _load(state: Mapping[str, Any]) -> GameState:
    return GameState.from_json(dict(state))

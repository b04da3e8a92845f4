"""The interface every card game offers to the match, tournament and rating layers.

Those layers store a game's state as JSON, ask whose turn it is, apply a move given as JSON, show a
seat's view, and read the outcome; they never import a game's internals. A second game (Briscola, say)
is added by writing another :class:`GameEngine` and registering it in :data:`GAMES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from scopa.domain import engine, views
from scopa.domain.bots import make_bot
from scopa.domain.bots.base import Bot
from scopa.domain.briscola.game import BriscolaEngine
from scopa.domain.cards import parse_card
from scopa.domain.errors import RecordError
from scopa.domain.game_names import GAME_NAMES, GameName
from scopa.domain.record import RecordBuilder, replay
from scopa.domain.rules import make_rules, rules_from_options
from scopa.domain.shuffle import new_master_seed
from scopa.domain.state import GameState, Move, parse_mask_string


@dataclass(frozen=True)
class Outcome:
    """A finished game in game-neutral terms."""

    winner_side: int
    side_of_seat: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    cards_played: int  # 0 means the game was decided before any card was played (not rated)
    loser_seat: int | None = None  # the seat that resigned or ran out of time (None: played to the end)

    def winners(self) -> list[int]:
        return [seat for seat, side in enumerate(self.side_of_seat) if side == self.winner_side]


class GameEngine(Protocol):
    name: str

    def validate_rules(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """Check a preset plus options; return the canonical options. Raises a ``ScopaError``."""
        ...

    def players(self, rules: Mapping[str, Any]) -> int: ...

    def new_seed(self) -> str:
        """A fresh secret master seed: the match keeps it until every seat has accepted, then deals."""
        ...

    def new_state(
        self, rules: Mapping[str, Any], master_seed: str | None, first_dealer: int
    ) -> dict[str, Any]: ...

    def dealt_from(self, state: Mapping[str, Any]) -> tuple[str, int]:
        """The master seed and first dealer a state was dealt from (``new_state`` gives it again)."""
        ...

    def waiting_view(self, rules: Mapping[str, Any], master_seed: str | None, status: str) -> dict[str, Any]:
        """Anyone's view of a game not dealt: the rules and the first deal's shuffle commitment only."""
        ...

    def make_bot(self, kind: str, seed: int | None) -> Bot:
        """A house bot of this game (``random``, ``greedy`` or ``strong``) that chooses from this game's
        seat view. Raises ``ValueError`` for an unknown kind."""
        ...

    def turn(self, state: Mapping[str, Any]) -> int | None: ...

    def apply(
        self, state: Mapping[str, Any], seat: int, move: Mapping[str, Any]
    ) -> tuple[dict[str, Any], str]:
        """The state after ``seat`` plays ``move``, and a compact log entry of the move for the record."""
        ...

    def legal_moves(self, state: Mapping[str, Any]) -> list[dict[str, Any]]: ...

    def resign(self, state: Mapping[str, Any], seat: int, reason: str) -> dict[str, Any]: ...

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]: ...

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None: ...

    def finished_deals(self, state: Mapping[str, Any], log: list[str]) -> list[dict[str, Any]]:
        """Every finished deal of a game, oldest first, replayed from its log (the current deal is not
        finished: never listed)."""
        ...

    def verify_record(self, record: Mapping[str, Any]) -> dict[str, Any]: ...

    def record(self, final_state: Mapping[str, Any], log: list[str], seats: list[str]) -> dict[str, Any]:
        """The full game record of a finished game from its log entries."""
        ...


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


GAMES: dict[str, GameEngine] = {"scopa": ScopaEngine(), "briscola": BriscolaEngine()}

if set(GAME_NAMES) != set(GAMES):  # pragma: no cover - fails at import when a game is added
    raise ImportError("GameName must list exactly the games of GAMES")

__all__ = ["GAMES", "GameEngine", "GameName", "Outcome", "RecordBuilder", "ScopaEngine"]

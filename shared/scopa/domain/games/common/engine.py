"""The part of a :class:`~scopa.domain.games.base.GameEngine` every dealt card game here shares.

A game's state is a typed value dumped to JSON; a move is logged as ``"seat:move"``; the record, the
finished deals and a resignation are all a replay of that log from the state's seed. A game supplies
how to load, start, play, end and describe its own state (the abstract methods below) and inherits the
rest, so Scopa and Briscola (and a game added later) replay their logs with the same code.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from typing import Any, Generic, Protocol, TypeVar

from scopa.domain.games.base import Outcome
from scopa.domain.games.common.errors import RecordError
from scopa.domain.games.common.shuffle import new_master_seed


class _Result(Protocol):
    @property
    def winner(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def reason(self) -> str: ...
    @property
    def loser_seat(self) -> int | None: ...


class DealtState(Protocol):
    """What the shared code reads of a game's state."""

    @property
    def master_seed(self) -> str: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    @property
    def moves_played(self) -> int: ...
    @property
    def result(self) -> _Result | None: ...

    def to_json(self) -> dict[str, Any]: ...


class LoggedMove(Protocol):
    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=DealtState)
M = TypeVar("M", bound=LoggedMove)
S_contra = TypeVar("S_contra", contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)


class DealtGameEngine(ABC, Generic[S, M]):
    """A :class:`~scopa.domain.games.base.GameEngine` built on a typed state and a logged move."""

    name: str

    # ------------------------------------------------------------------------- what each game supplies

    @abstractmethod
    def load(self, state: Mapping[str, Any]) -> S:
        """The typed state of its JSON."""

    @abstractmethod
    def parse_move(self, move: Mapping[str, Any]) -> M:
        """A move of the API's JSON (raises the game's error on a malformed one)."""

    @abstractmethod
    def parse_logged(self, text: str) -> M:
        """A move as :meth:`apply` logs it (``str(move)``)."""

    @abstractmethod
    def start(self, like: S) -> S:
        """The state ``like`` was dealt from: the same rules, master seed and first dealer."""

    @abstractmethod
    def play(self, state: S, move: M, seat: int) -> S:
        """The state after ``seat`` plays ``move`` (raises ``IllegalMove``)."""

    @abstractmethod
    def end(self, state: S, seat: int, reason: str) -> S:
        """The state after ``seat`` resigns or runs out of time."""

    @abstractmethod
    def moves(self, state: S) -> list[M]:
        """The legal moves of the player to move."""

    @abstractmethod
    def side_of(self, state: S, seat: int) -> int:
        """The side ``seat`` plays for."""

    @abstractmethod
    def players_of(self, state: S) -> int:
        """How many seats the state's rules have."""

    @abstractmethod
    def builder(self, state: S, seats: list[str]) -> RecordBuilder[S, M]:
        """A record of the match dealt as ``state``, with its players' names."""

    @abstractmethod
    def finished_deal(self, before: S, seat: int, move: M, after: S, found: int) -> dict[str, Any] | None:
        """The deal ``move`` finished (``found`` deals were finished before it), or None."""

    # ------------------------------------------------------------------------------------ shared code

    def new_seed(self) -> str:
        return new_master_seed()

    def dealt_from(self, state: Mapping[str, Any]) -> tuple[str, int]:
        s = self.load(state)
        return s.master_seed, s.first_dealer

    def turn(self, state: Mapping[str, Any]) -> int | None:
        if not state:  # not dealt yet
            return None
        s = self.load(state)
        return None if s.finished else s.turn

    def apply(
        self, state: Mapping[str, Any], seat: int, move: Mapping[str, Any]
    ) -> tuple[dict[str, Any], str]:
        parsed = self.parse_move(move)
        after = self.play(self.load(state), parsed, seat)
        return after.to_json(), f"{seat}:{parsed}"

    def legal_moves(self, state: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [m.to_json() for m in self.moves(self.load(state))]

    def resign(self, state: Mapping[str, Any], seat: int, reason: str) -> dict[str, Any]:
        return self.end(self.load(state), seat, reason).to_json()

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        if not state:  # not dealt yet
            return None
        s = self.load(state)
        if s.result is None:
            return None
        return Outcome(
            winner_side=s.result.winner,
            side_of_seat=tuple(self.side_of(s, seat) for seat in range(self.players_of(s))),
            scores=s.result.scores,
            reason=s.result.reason,
            cards_played=s.moves_played,
            loser_seat=s.result.loser_seat,
        )

    def replay_log(self, like: S, log: list[str]) -> Iterator[tuple[S, int, M, S]]:
        """Every logged move from the deal ``like`` started with: (before, seat, move, after)."""
        state = self.start(like)
        for entry in log:
            seat_text, _, move_text = entry.partition(":")
            seat, move = int(seat_text), self.parse_logged(move_text)
            after = self.play(state, move, seat)
            yield state, seat, move, after
            state = after

    def finished_deals(self, state: Mapping[str, Any], log: list[str]) -> list[dict[str, Any]]:
        if not state:
            return []
        deals: list[dict[str, Any]] = []
        for before, seat, move, after in self.replay_log(self.load(state), log):
            found = self.finished_deal(before, seat, move, after, len(deals))
            if found is not None:
                deals.append(found)
        return deals

    def record(self, final_state: Mapping[str, Any], log: list[str], seats: list[str]) -> dict[str, Any]:
        final = self.load(final_state)
        if final.result is None:
            raise RecordError("the record is available when the game has ended")
        state = self.start(final)
        builder = self.builder(state, seats)
        for before, _, move, after in self.replay_log(final, log):
            builder.add(before, move, after)
            state = after
        if not state.finished and final.result.loser_seat is not None:
            state = self.end(state, final.result.loser_seat, final.result.reason)
        return builder.finish(state)

    def compact_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return dict(state)  # stored whole unless the game knows better

    def expand_state(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        return dict(stored)


class RecordBuilder(Protocol[S_contra, M_contra]):
    """A game's record under construction, one move at a time."""

    def add(self, before: S_contra, move: M_contra, after: S_contra) -> None: ...
    def finish(self, final: S_contra) -> dict[str, Any]: ...

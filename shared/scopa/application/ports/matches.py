"""Matches: the entity, the summary a player's list shows, and the port that stores them.

A match is written whole and conditioned on its version, so a stale or concurrent move loses with
:class:`~scopa.application.ports.conflict.WriteConflict` and never applies twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

MatchStatus = Literal["pending", "active", "finished", "declined", "withdrawn", "expired"]
#: A match waiting for players ends as declined (an invited player said no), withdrawn (its creator took
#: it back) or expired (nobody answered by ``expires_at``); none of them was played.


@dataclass
class Match:
    """A match as stored: the engine state plus who plays, the clock and the request bookkeeping."""

    id: str
    game: str
    rules: dict[str, Any]
    seats: list[str]  # player id per seat
    names: list[str]  # display name per seat
    status: MatchStatus
    version: int
    state: dict[str, Any]  # the engine's full state (secret: never leaves the service as is); {} until dealt
    moves: list[str]  # every play of the game, "seat:card>taken", for the record
    created_at: str
    updated_at: str
    created_by: str
    move_seconds: int
    deadline: int | None = None  # epoch seconds by which the player to move must move
    accepted: list[bool] = field(default_factory=list)
    idempotency: dict[str, Any] | None = None  # the last keyed move: Once.recorded
    preset: str = "classic"
    context: dict[str, Any] | None = None  # where the match belongs: {"tournament", "round", "table", "game"}
    rating: str | None = None  # "pending" once finished and rateable, "rated" after the rating step
    origin: dict[str, str] | None = None  # the creating request's Idempotency-Key digest and body hash
    seeded: bool = False  # its creator chose the master seed, so knew the decks: never rated
    # Not dealt while pending: the secret master seed and first dealer the deal will come from (None once
    # dealt, when the state holds them). Never in an answer or a log line.
    master_seed: str | None = None
    first_dealer: int | None = None
    timed: bool = True  # a move clock runs (False: one human and no time control asked for: no deadline)
    rated: bool = True  # False: agreed as a friendly game, never rated
    expires_at: int | None = None  # epoch seconds by which a pending match must be accepted by all
    # Lost on time: the move deadline that passed, when the game was decided (``updated_at`` is when the
    # loss was seen and saved, by a read, the sweep or the pipeline: up to a minute later).
    timed_out_at: int | None = None


@dataclass
class MatchSummary:
    """What a list of a player's matches shows."""

    id: str
    created_at: str
    status: str
    names: list[str]
    seats: list[str]
    preset: str
    result: dict[str, Any] | None


#: Seconds the deadline index rounds a deadline down to. A deadline moves with every move (now + the move
#: clock), so an index keyed on it exactly rewrote its entry (a delete and a put: 2 write units) on every
#: move; rounded down to the minute, it changes once a minute of play at most (issue 26, infra/costs.py).
#: The pipeline sweeps every minute and checks each listed match's real deadline, so a match is still
#: ended by the first sweep after its deadline; one due within the minute may be read once early.
DEADLINE_STEP = 60


def indexed_deadline(deadline: int) -> int:
    """The time the deadline index files a deadline under: rounded down to :data:`DEADLINE_STEP`."""
    return deadline - deadline % DEADLINE_STEP


class MatchRepository(Protocol):
    def create_match(self, match: Match) -> None: ...

    def get_match(self, match_id: str) -> Match | None: ...

    def save_match(self, match: Match, expected_version: int) -> None: ...

    def get_matches(self, match_ids: list[str]) -> dict[str, Match]:
        """Several matches by id in few strongly consistent reads; missing ids are left out."""
        ...

    def list_player_matches(
        self, player_id: str, limit: int, cursor: str | None
    ) -> tuple[list[MatchSummary], str | None]: ...

    def overdue_matches(self, now: int, limit: int) -> list[str]:
        """Ids of active matches whose deadline, rounded down to :data:`DEADLINE_STEP` seconds
        (:func:`indexed_deadline`), is before ``now``, in that order (then by id): every overdue one, and
        those due within the step; the caller reads each and checks its deadline."""
        ...

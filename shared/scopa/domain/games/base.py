"""The interface every card game offers to the match, tournament and rating layers.

Those layers store a game's state as JSON, ask whose turn it is, apply a move given as JSON, show a
seat's view, and read the outcome; they never import a game's internals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pydantic import BaseModel

    from scopa.domain.games.common.bot import Bot
    from scopa.domain.games.common.moves import MoveModel
    from scopa.domain.games.common.table_score import TableScore


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


@dataclass(frozen=True)
class PoolSpec:
    """A rating list a game asks for: its id and name, the presets it rates (canonical names), and the
    players on each side (:mod:`scopa.domain.ratings.pools` makes a ``RatingPool`` of it)."""

    id: str
    name: str
    presets: tuple[str, ...]
    players_per_side: int


class GameEngine(Protocol):
    """One card game, as every outer layer (services, storage, API, tools) reaches it by its name."""

    name: str

    @property
    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        """Each preset's options over the defaults (``GET /rules?game=``)."""
        ...

    @property
    def preset_descriptions(self) -> Mapping[str, str]:
        """A sentence describing each preset."""
        ...

    @property
    def rules_model(self) -> type[BaseModel]:
        """The rules model: its fields are the options, with their defaults and descriptions."""
        ...

    @property
    def move_model(self) -> type[MoveModel]:
        """The body a move is posted as (the API documents the union of the games' models; the match's
        own game reads the body with its model, :func:`~scopa.domain.games.common.moves.read_move`)."""
        ...

    @property
    def deal_model(self) -> type[BaseModel]:
        """The answer model of one finished deal, as :meth:`finished_deals` lists them (the API
        validates each deal with it)."""
        ...

    def effective_rules(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every rule of a match: the defaults with the stored options over them, as JSON."""
        ...

    def canonical_preset(self, preset: str) -> str:
        """The preset's own name when ``preset`` is an alias of it (rating pools list canonical names)."""
        ...

    def rating_pools(self) -> tuple[PoolSpec, ...]:
        """The rating lists of this game (a match no pool lists is not rated)."""
        ...

    def validate_rules(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """Check a preset plus options; return the canonical options. Raises a ``GameError``."""
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

    def check_table_score(
        self, rules: Mapping[str, Any], games_per_match: int, games: Sequence[tuple[int, int]]
    ) -> TableScore:
        """What a score reported from a real table counts for (matches won, points per side), a table
        being best of ``games_per_match`` matches under ``rules``; raises
        :class:`~scopa.domain.games.common.table_score.ImpossibleScore` naming the rule it breaks."""
        ...

    def compact_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """``state`` as storage keeps it: it may leave out what the game derives again (a deck from its
        seed, say); :meth:`expand_state` gives the state back exactly."""
        ...

    def expand_state(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        """The state :meth:`compact_state` stored (a state stored whole comes back as it is)."""
        ...

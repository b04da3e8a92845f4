"""The plain data a tournament is made of: entrants, pairings, results.

Pure values shared by the pairing systems, the standings and the exports; no storage, no clock. An entrant
is one player, or a fixed pair of partners in partnership formats; either way it has one id. In every
table the ``first`` entrant leads the first deal of the match (Scopa has no colours, but leading first is
a small edge, so it is balanced like colours in chess).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

# requested: awaits approval; refused: turned down after the start (never paired, listed nowhere)
EntrantStatus = Literal["active", "withdrawn", "excluded", "requested", "refused"]
ByeKind = Literal["bye", "absent", "requested"]


@dataclass(frozen=True)
class Entrant:
    """Who takes part: an id, a display name, the seeding rating, and whether they are still paired."""

    id: str
    name: str
    rating: float = 1500.0
    players: tuple[str, ...] = ()  # player ids: one, or two partners
    status: EntrantStatus = "active"
    joined_round: int = 1  # a late entrant joins at this round; earlier rounds count as absences


@dataclass(frozen=True)
class Table:
    """One pairing of a round: ``first`` leads the first deal."""

    first: str
    second: str


@dataclass(frozen=True)
class RoundPairing:
    """The pairings of one round: tables in order (table 1 first) and entrants given a bye."""

    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    requested_byes: tuple[str, ...] = ()  # left out at their own request (Swiss)


@dataclass(frozen=True)
class PairingQuality:
    """How far a round's pairing is from the ideal (all zero is ideal)."""

    rematches: int = 0  # tables whose entrants met before
    forbidden: int = 0  # tables that pair a forbidden pair
    floaters: int = 0  # entrants paired with someone from another score group
    score_difference: float = 0.0  # sum over tables of the absolute difference of the two scores
    repeated_byes: int = 0  # byes given to an entrant who had one already


@dataclass(frozen=True)
class SwissEntrant:
    """What the Swiss pairing needs to know about one entrant before a round."""

    id: str
    score: float  # match points so far
    rating: float = 1500.0  # orders entrants inside a score group (higher ranks first)
    opponents: frozenset[str] = frozenset()  # entrants met so far
    byes: int = 0  # pairing byes received (absences do not count)
    first_balance: int = 0  # rounds led first minus rounds led second
    last_first: bool | None = None  # led first in the last round played; None if none played


@dataclass(frozen=True)
class GameResult:
    """A table's result as the tournament scores it (a match of one or several games)."""

    round: int
    table: int
    first: str
    second: str
    score_first: float  # match points: 1 win, 0.5 draw, 0 loss
    score_second: float
    points_first: int = 0  # game points (card points) scored over the games of the match
    points_second: int = 0
    forfeit: bool = False  # decided without a card played: counts for match points, not for game points
    match_ids: tuple[str, ...] = ()

    def involves(self, entrant: str) -> bool:
        return entrant in (self.first, self.second)


@dataclass(frozen=True)
class ByeResult:
    """A round without an opponent: a pairing bye, a bye the entrant asked for, or an absence (late
    entry, withdrawal)."""

    round: int
    entrant: str
    score: float
    kind: ByeKind = "bye"


@dataclass(frozen=True)
class History:
    """Every result so far; what standings, tie-breaks and the next pairing are computed from."""

    games: tuple[GameResult, ...] = ()
    byes: tuple[ByeResult, ...] = ()
    rounds_played: int = 0
    meta: dict[str, str] = field(default_factory=dict)

    def through(self, round_number: int) -> History:
        """The history up to and including ``round_number``."""
        return History(
            tuple(g for g in self.games if g.round <= round_number),
            tuple(b for b in self.byes if b.round <= round_number),
            min(self.rounds_played, round_number),
            self.meta,
        )

"""What the tournament services answer, besides the stored records."""

from __future__ import annotations

from dataclasses import dataclass

from scopa.domain.tournaments.arena import ArenaRow
from scopa.domain.tournaments.records import (
    EntryRecord,
    TableRecord,
    TournamentRecord,
)
from scopa.domain.tournaments.standings import StandingRow

EXPORT_FORMATS = ("csv", "ndjson", "trf")


@dataclass(frozen=True)
class Advanced:
    """What "advance now" did, step by step, and the tournament after it."""

    steps: list[str]
    tournament: TournamentRecord


@dataclass(frozen=True)
class Standings:
    """The standings after a round (the last closed one by default), with the tie-breaks applied."""

    tournament_id: str
    after_round: int
    tiebreaks: list[str]
    lot_seed: str
    rows: list[StandingRow]
    groups: list[list[StandingRow]] | None = None  # a groups' knockout's group tables


@dataclass(frozen=True)
class ArenaView:
    """An arena as it stands: the leaderboard, the games under way and the window (epoch seconds; None
    before the start)."""

    tournament_id: str
    rows: list[ArenaRow]
    playing: list[tuple[int, TableRecord]]  # (wave, table) of every game under way
    ends_at: float | None
    grace_ends_at: float | None
    streaks: bool


@dataclass(frozen=True)
class Paused:
    """An arena entry after a pause (or a coming back), and the wave whose game they are still seated
    at, if any: a pause does not take a player from a wave already paired; that game is played out and
    counts."""

    entry: EntryRecord
    seated_in_wave: int | None


@dataclass(frozen=True)
class Export:
    """A tournament's standings and results as text in one of :data:`EXPORT_FORMATS`."""

    format: str
    body: str


@dataclass(frozen=True)
class YourPlace:
    """Where one player stands in a tournament: their entry (None: not entered), their table in the open
    rounds (the one still being played first: an arena has several waves open at once) with the round's
    number, and whether they sit the current round out."""

    entry: EntryRecord | None
    round: int | None = None
    table: TableRecord | None = None
    bye: bool = False
    opponent: tuple[str, str] | None = None  # (entrant id, name) at that table


@dataclass(frozen=True)
class Places:
    """Each entrant's table in the open rounds, the current round's byes and the entrants' names:
    computed once per version of a big tournament for all its followers (:mod:`scopa.application.recent`)."""

    tables: dict[str, tuple[int, TableRecord]]
    byes: frozenset[str]
    names: dict[str, str]  # entrant id -> name

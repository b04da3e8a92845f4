"""The next round of a tournament, whatever its format: pure, from the entries and the rounds so far.

Each function asks the tournament's format (:mod:`scopa.domain.tournaments.formats`) and does what every
format shares: the pipeline calls :func:`plan_round` when the previous round is closed; an organizer's
hand-made pairing is checked by :func:`check_manual` and used instead. Nothing here reads a clock or
storage.
"""

from __future__ import annotations

from collections.abc import Sequence

from scopa.domain.tournaments.formats import format_named
from scopa.domain.tournaments.formats.base import PlannedRound, seeded
from scopa.domain.tournaments.formats.brackets import (
    PlanningError,
    knockout_champion,
    table_stage,
    third_place_table,
)
from scopa.domain.tournaments.formats.double_elimination import double_elimination_state
from scopa.domain.tournaments.model import RoundPairing, Table
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TableRecord
from scopa.domain.tournaments.settings import TournamentSettings
from scopa.domain.tournaments.standings import StandingRow

__all__ = [
    "PlannedRound",
    "PlanningError",
    "champion",
    "check_manual",
    "double_elimination_state",
    "group_tables",
    "knockout_champion",
    "placings",
    "plan_round",
    "rounds_planned",
    "seeded",
    "table_records",
    "table_stage",
    "third_place_table",
]


def rounds_planned(settings: TournamentSettings, entrants: int) -> int | None:
    """How many rounds the tournament has, fixed when it starts (an arena's waves: not known)."""
    return format_named(settings.format).rounds_planned(settings, entrants)


def plan_round(
    settings: TournamentSettings,
    number: int,
    entries: Sequence[EntryRecord],
    rounds: Sequence[RoundRecord],
    lot_seed: str = "",
) -> PlannedRound:
    """Pair round ``number`` (rounds ``1 .. number - 1`` are closed); ``lot_seed`` draws the lots the
    format needs (the group tables of a groups_knockout)."""
    return format_named(settings.format).plan_round(settings, number, entries, rounds, lot_seed)


def champion(
    settings: TournamentSettings, rounds: Sequence[RoundRecord], entries: Sequence[EntryRecord]
) -> str | None:
    """The winner of an elimination tournament once decided (None otherwise, and for other formats)."""
    return format_named(settings.format).champion(settings, entries, rounds)


def placings(
    settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
) -> dict[str, int] | None:
    """How far each entrant of an elimination tournament went, higher is further (None for the other
    formats): the standings order these first (:meth:`TournamentFormat.placings`)."""
    return format_named(settings.format).placings(settings, entries, rounds)


def group_tables(
    settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord], lot_seed: str
) -> list[list[StandingRow]]:
    """Each group's standings after the group rounds closed so far (none for a format without groups)."""
    return format_named(settings.format).group_tables(settings, entries, rounds, lot_seed) or []


def check_manual(
    tables: Sequence[tuple[str, str]], byes: Sequence[str], entries: Sequence[EntryRecord], number: int
) -> RoundPairing:
    """A hand-made pairing: every active entrant exactly once, no one paired with themselves.

    An entrant who asked for a bye in this round may be left out (it then has its requested bye) or
    paired anyway (the organizer's choice, and then it plays)."""
    active = {e.id for e in entries if e.status == "active" and e.joined_round <= number}
    asked = {e.id for e in entries if e.id in active and number in e.requested_byes}
    seen: list[str] = [x for pair in tables for x in pair] + list(byes)
    unknown = sorted(set(seen) - active)
    if unknown:
        raise PlanningError(f"not active entrants of this round: {', '.join(unknown)}")
    if len(seen) != len(set(seen)):
        raise PlanningError("an entrant appears twice in the pairing")
    missing = sorted(active - asked - set(seen))
    if missing:
        raise PlanningError(f"entrants left out of the pairing: {', '.join(missing)}")
    requested = tuple(sorted(asked - set(seen)))
    return RoundPairing(tuple(Table(a, b) for a, b in tables), tuple(byes), requested)


def table_records(pairing: RoundPairing) -> list[TableRecord]:
    return [TableRecord(table=i + 1, first=t.first, second=t.second) for i, t in enumerate(pairing.tables)]

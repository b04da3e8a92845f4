"""Results of tables played in person: which tables are, the players' claims, and how a table is decided.

A report is a claim, not a result: each side's latest claim is kept on the table; two sides claiming the
same games make the result, different games are a dispute with both claims kept, and an organizer's entry
(games or a forfeit) decides at once. The games are checked by the game's rules before they get here
(:meth:`~scopa.domain.games.base.GameEngine.check_table_score`), and a decided table counts exactly as an
online one: match points from the matches won, game points summed, a forfeit scoring no game points.
Pure: the service stores the round these functions change, under the round's version.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from scopa.domain.games.common.table_score import TableScore
from scopa.domain.tournaments.records import EntryRecord, TableMode, TableRecord
from scopa.domain.tournaments.settings import TournamentSettings

TableState = Literal["waiting", "reported", "disputed", "confirmed"]
ClaimOutcome = Literal["unchanged", "reported", "disputed", "agreed"]
Forfeit = Literal["first", "second", "both"]
Games = list[list[int]]

#: Match points of a forfeit: who forfeits loses; both forfeit, nobody scores.
FORFEIT_RESULT: dict[Forfeit, list[float]] = {
    "first": [0.0, 1.0],
    "second": [1.0, 0.0],
    "both": [0.0, 0.0],
}


def table_mode(
    settings: TournamentSettings, first: EntryRecord | None, second: EntryRecord | None
) -> TableMode:
    """In person, online, or (mixed) online only when both entrants are marked online."""
    if settings.play_mode == "online":
        return "online"
    if settings.play_mode == "in_person":
        return "in_person"
    both = first is not None and second is not None and first.online and second.online
    return "online" if both else "in_person"


def assign_modes(
    settings: TournamentSettings, tables: Sequence[TableRecord], entries: Mapping[str, EntryRecord]
) -> None:
    """Set each new table's mode (at pairing: the round answers it from the start)."""
    for table in tables:
        table.mode = table_mode(settings, entries.get(table.first), entries.get(table.second))


def table_state(table: TableRecord) -> TableState | None:
    """An in-person table's state (None for an online table)."""
    if table.mode != "in_person":
        return None
    if table.result is not None:
        return "confirmed"
    sides = {claim["side"]: claim["games"] for claim in table.reports}
    if len(sides) == 2 and sides[0] != sides[1]:
        return "disputed"
    return "reported" if sides else "waiting"


def claim_of(table: TableRecord, side: int) -> dict[str, Any] | None:
    return next((c for c in table.reports if c["side"] == side), None)


def side_at(table: TableRecord, entries: Mapping[str, EntryRecord], player_id: str) -> int | None:
    """The side (0: first, 1: second) a player sits on at this table, or None."""
    for side, entrant in enumerate((table.first, table.second)):
        entry = entries.get(entrant)
        if entry is not None and player_id in entry.players:
            return side
    return None


def claim(table: TableRecord, side: int, by: str, games: Games, at: str) -> ClaimOutcome:
    """Make ``games`` this side's claim (replacing its earlier one); what the two claims now say.

    The same claim again changes nothing (a retry, a second tap)."""
    mine = claim_of(table, side)
    if mine is not None and mine["games"] == games:
        return "unchanged"
    table.reports = [c for c in table.reports if c["side"] != side]
    table.reports.append({"side": side, "by": by, "games": games, "at": at})
    table.reports.sort(key=lambda c: c["side"])
    theirs = claim_of(table, 1 - side)
    if theirs is None:
        return "reported"
    return "agreed" if theirs["games"] == games else "disputed"


def match_points(wins: tuple[int, int]) -> list[float]:
    if wins[0] == wins[1]:
        return [0.5, 0.5]
    return [1.0, 0.0] if wins[0] > wins[1] else [0.0, 1.0]


def decide(table: TableRecord, games: Games, counted: TableScore, reason: str) -> None:
    """Decide the table by these games, as the game counted them."""
    table.score = [list(g) for g in games]
    table.wins = list(counted.wins)
    table.points = list(counted.points)
    table.result = match_points(counted.wins)
    table.forfeit = False
    table.reason = reason


def forfeit(table: TableRecord, who: Forfeit, reason: str) -> None:
    """Decide the table without play: who forfeits loses (both: nobody scores); no game points."""
    table.score = None
    table.wins = [0, 0]
    table.points = [0, 0]
    table.result = list(FORFEIT_RESULT[who])
    table.forfeit = True
    table.reason = reason


def forfeit_of(table: TableRecord, absent: set[str]) -> Forfeit | None:
    """Who forfeits an undecided table at an organizer's close, given the absent entrants (None: nobody
    absent at this table)."""
    gone = (table.first in absent, table.second in absent)
    if gone == (True, True):
        return "both"
    if gone[0]:
        return "first"
    if gone[1]:
        return "second"
    return None

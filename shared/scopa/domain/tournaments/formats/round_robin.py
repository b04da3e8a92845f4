"""The round robin, single or double: everyone meets everyone (Berger tables), in a schedule fixed at the
start; a withdrawn entrant's tables are scored as forfeits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scopa.domain.tournaments.formats.base import PlannedRound, RoundFormat, seeded
from scopa.domain.tournaments.records import EntryRecord, RoundRecord
from scopa.domain.tournaments.round_robin import berger_rounds

if TYPE_CHECKING:
    from scopa.domain.tournaments.settings import TiebreakName, TournamentSettings

ROUND_ROBIN_TIEBREAKS: tuple[TiebreakName, ...] = (
    "direct_encounter",
    "sonneborn_berger",
    "wins",
    "game_point_difference",
    "lot",
)


class RoundRobin(RoundFormat):
    name: str = "round_robin"
    default_tiebreaks: tuple[TiebreakName, ...] = ROUND_ROBIN_TIEBREAKS
    default_bye_points: float = 0.0  # FIDE and Challonge round robins give none
    cycles: int = 1

    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        cycle = entrants - 1 if entrants % 2 == 0 else entrants
        return cycle * self.cycles

    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        # Everyone stays in the schedule; a withdrawn entrant's tables are scored as forfeits.
        schedule = berger_rounds([e.id for e in seeded(entries)], double=self.cycles == 2)
        return PlannedRound(schedule[number - 1])


class DoubleRoundRobin(RoundRobin):
    name: str = "double_round_robin"
    cycles: int = 2

"""The knockout (single elimination): a seeded bracket, byes to the top seeds, a match for third place on
request; the winner of the last round is the champion."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scopa.domain.tournaments.formats.base import (
    FormatSetting,
    PageTraits,
    PlannedRound,
    RoundFormat,
    active_in,
    seeded,
)
from scopa.domain.tournaments.formats.brackets import knockout_champion, knockout_placings, knockout_rounds
from scopa.domain.tournaments.knockout import bracket_slots, rounds_needed
from scopa.domain.tournaments.records import EntryRecord, RoundRecord

if TYPE_CHECKING:
    from scopa.domain.tournaments.settings import TiebreakName, TournamentSettings

ELIMINATION_TIEBREAKS: tuple[TiebreakName, ...] = ("wins", "game_point_difference", "points_scored", "lot")


class EliminationFormat(RoundFormat):
    """What every elimination format shares: the bracket decides the rounds, not an organizer."""

    default_tiebreaks: tuple[TiebreakName, ...] = ELIMINATION_TIEBREAKS
    bracket: bool = True


class Knockout(EliminationFormat):
    name: str = "knockout"
    takes: frozenset[FormatSetting] = frozenset({"third_place_match"})
    hand_pairing_refused: str | None = "a knockout's rounds follow its bracket"
    over_below_two: bool = True
    page: PageTraits = PageTraits(crosstable_marks="eliminated", bracket="single", full_bracket=True)

    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        return rounds_needed(entrants)

    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        def first() -> list[str | None]:
            return bracket_slots([e.id for e in seeded(active_in(entries, number))])

        return knockout_rounds(number, 1, entries, rounds, first, settings.third_place_match)

    def champion(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> str | None:
        return knockout_champion(rounds, entries)

    def placings(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> dict[str, int] | None:
        return knockout_placings(entries, rounds)

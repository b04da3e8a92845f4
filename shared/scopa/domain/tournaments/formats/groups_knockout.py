"""Groups, then a knockout: round-robin groups dealt by seed, the best of each group on to a bracket.
The group tables rank as round robins; the overall standings put the knockout's placings first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scopa.domain.tournaments.formats.base import FormatSetting, PageTraits, PlannedRound, active_in, seeded
from scopa.domain.tournaments.formats.brackets import knockout_champion, knockout_placings, knockout_rounds
from scopa.domain.tournaments.formats.knockout import EliminationFormat
from scopa.domain.tournaments.formats.round_robin import ROUND_ROBIN_TIEBREAKS
from scopa.domain.tournaments.groups import group_rounds, group_stage_round, knockout_slots, split_groups
from scopa.domain.tournaments.knockout import bracket_slots, rounds_needed
from scopa.domain.tournaments.model import ByeResult, GameResult, History
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, history_of
from scopa.domain.tournaments.standings import StandingRow, compute_standings

if TYPE_CHECKING:
    from scopa.domain.tournaments.settings import TiebreakName, TournamentSettings


class GroupsKnockout(EliminationFormat):
    name: str = "groups_knockout"
    takes: frozenset[FormatSetting] = frozenset({"third_place_match", "group_size"})
    default_tiebreaks: tuple[TiebreakName, ...] = ROUND_ROBIN_TIEBREAKS
    default_bye_points: float = 0.0  # the group stage is a round robin: the entrant who sits out
    hand_pairing_refused: str | None = "a groups_knockout's rounds follow its bracket"
    rounds_are_a_maximum: bool = True  # fewer when withdrawals left fewer qualifiers
    page: PageTraits = PageTraits(crosstable_marks="waiting", bracket="single")

    def check_settings(self, settings: TournamentSettings) -> None:
        if settings.advance_per_group >= settings.group_size:
            raise ValueError(
                f"advance_per_group ({settings.advance_per_group}) must be smaller than group_size "
                f"({settings.group_size}): some of each group are knocked out"
            )

    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        groups = split_groups([str(i) for i in range(entrants)], settings.group_size)
        qualifiers = sum(min(settings.advance_per_group, len(g)) for g in groups)
        return group_rounds(groups) + rounds_needed(qualifiers)

    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        groups = split_groups([e.id for e in seeded(entries)], settings.group_size)
        first_knockout = group_rounds(groups) + 1
        if number < first_knockout:
            # Everyone stays in the groups; a withdrawn entrant's tables are scored as forfeits.
            return PlannedRound(group_stage_round(groups, number))

        def first() -> list[str | None]:
            if number == 1:  # no group round at all
                return bracket_slots([e.id for e in seeded(active_in(entries, number))])
            tables = self.group_tables(settings, entries, rounds, lot_seed)
            ranked = [[r.entrant for r in table if r.status == "active"] for table in tables]
            strength = {r.entrant: _per_table(r) for table in tables for r in table}
            return knockout_slots(ranked, settings.advance_per_group, strength)

        return knockout_rounds(number, first_knockout, entries, rounds, first, settings.third_place_match)

    def champion(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> str | None:
        return knockout_champion(rounds, entries)

    def placings(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> dict[str, int] | None:
        return knockout_placings(entries, rounds)

    def group_tables(
        self,
        settings: TournamentSettings,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> list[list[StandingRow]]:
        """Each group's standings after the group rounds closed so far, ranked as a round robin is with
        the tournament's tie-breaks."""
        groups = split_groups([e.id for e in seeded(entries)], settings.group_size)
        last = group_rounds(groups)
        history = history_of(list(entries), [r for r in rounds if r.number <= last], settings).through(last)
        by_id = {e.id: e.entrant() for e in entries}
        group_of = {x: g for g, group in enumerate(groups) for x in group}
        games: list[list[GameResult]] = [[] for _ in groups]
        byes: list[list[ByeResult]] = [[] for _ in groups]
        for game in history.games:  # each group's own results: a group table is computed from them alone
            games[group_of[game.first]].append(game)
        for bye in history.byes:
            byes[group_of[bye.entrant]].append(bye)
        return [
            compute_standings(
                [by_id[x] for x in group],
                History(tuple(games[g]), tuple(byes[g]), history.rounds_played),
                settings.tiebreak_order,
                lot_seed,
            )
            for g, group in enumerate(groups)
        ]


def _per_table(row: StandingRow) -> tuple[float, float]:
    """A group result comparable across groups of different sizes: points, then game-point difference,
    per table played."""
    tables = max(1, row.played)
    return row.points / tables, (row.points_scored - row.points_conceded) / tables

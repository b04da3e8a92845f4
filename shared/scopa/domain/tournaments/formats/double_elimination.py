"""Double elimination: out after a second loss; the losers' bracket winner meets the winners' in a grand
final, reset once on request (:mod:`scopa.domain.tournaments.double_elimination` holds the bracket)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scopa.domain.tournaments import double_elimination as de
from scopa.domain.tournaments.formats.base import FormatSetting, PageTraits, PlannedRound, active_in, seeded
from scopa.domain.tournaments.formats.brackets import balanced, first_balance, ranking_of, table_winner
from scopa.domain.tournaments.formats.knockout import EliminationFormat
from scopa.domain.tournaments.knockout import bracket_slots, knockout_round
from scopa.domain.tournaments.model import RoundPairing, Table
from scopa.domain.tournaments.records import EntryRecord, RoundRecord

if TYPE_CHECKING:
    from scopa.domain.tournaments.settings import TournamentSettings


class DoubleElimination(EliminationFormat):
    name: str = "double_elimination"
    takes: frozenset[FormatSetting] = frozenset({"bracket_reset"})
    hand_pairing_refused: str | None = "a double_elimination's rounds follow its bracket"
    over_below_two: bool = True
    rounds_are_a_maximum: bool = True  # planned at their most: a reset not needed, a withdrawal
    page: PageTraits = PageTraits(crosstable_marks="waiting", bracket="double")

    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        return de.max_rounds(entrants, settings.bracket_reset)  # at most: set to the rounds played at the end

    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        """Every ready match of the bracket; round 1 also gives the first-round byes (as the knockout
        does). Every round stores the first-round slots, from which the bracket is replayed."""
        if number == 1:
            slots = bracket_slots([e.id for e in seeded(active_in(entries, number))])
            state = de.progress(slots, {}, settings.bracket_reset)
        else:
            found = double_elimination_state(settings, entries, rounds[: number - 1])
            assert found is not None
            assert rounds[0].slots is not None
            slots, state = list(rounds[0].slots), found[0]
        balance = first_balance(rounds)
        tables: list[Table] = []
        for s in de.ready_matches(state, number):
            assert s.first is not None
            assert s.second is not None
            tables.append(balanced(s.first, s.second, balance))
        byes = knockout_round(slots).byes if number == 1 else ()
        return PlannedRound(RoundPairing(tuple(tables), tuple(byes)), slots)

    def champion(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> str | None:
        found = double_elimination_state(settings, entries, [r for r in rounds if r.status == "closed"])
        return de.champion(found[0]) if found is not None else None

    def placings(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> dict[str, int] | None:
        closed = [r for r in rounds if r.status == "closed"]
        found = double_elimination_state(settings, entries, closed)
        if found is None:
            return None
        first = closed[0].slots or []
        depth = de.depth(found[0], [x for x in first if x is not None])
        return {e.id: depth.get(e.id, 0) for e in entries}


def double_elimination_state(
    settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
) -> tuple[dict[str, de.Slot], dict[str, int]] | None:
    """Where a double elimination stands after ``rounds`` (tables not decided yet leave their match
    open), and the round each match was paired in; None before round 1 is paired."""
    if not rounds or rounds[0].slots is None:
        return None
    slots = rounds[0].slots
    ranking = ranking_of(entries)
    tables_of = {r.number: {frozenset((t.first, t.second)): t for t in r.tables} for r in rounds}

    def winner_of(number: int, a: str, b: str) -> str | None:
        table = tables_of[number][frozenset((a, b))]
        return table_winner(table, ranking) if table.result is not None else None

    tables = [[(t.first, t.second) for t in r.tables] for r in sorted(rounds, key=lambda r: r.number)]
    decided, paired = de.replay_rounds(slots, tables, winner_of, settings.bracket_reset)
    return de.progress(slots, decided, settings.bracket_reset), paired

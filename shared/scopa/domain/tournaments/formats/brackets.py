"""What the elimination formats share: who goes through a table, the bracket's next round, the match for
third place, the champion and the placings of a single-elimination bracket."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from scopa.domain.tournaments.formats.base import PlannedRound, seeded
from scopa.domain.tournaments.knockout import knockout_round, next_slots
from scopa.domain.tournaments.model import RoundPairing, Table
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TableRecord


class PlanningError(ValueError):
    """The round cannot be paired as asked (a hand-made pairing that leaves someone out, for example)."""


def ranking_of(entries: Sequence[EntryRecord]) -> dict[str, int]:
    """Each entrant's seed (0 is the top seed): the last tie-break of a knockout table."""
    return {e.id: i for i, e in enumerate(seeded(entries))}


def winner(rnd: RoundRecord, a: str, b: str, ranking: dict[str, int]) -> str:
    """Who goes through from a knockout table: more match points, then game points, then the better seed."""
    for t in rnd.tables:
        if {t.first, t.second} == {a, b}:
            return table_winner(t, ranking)
    raise PlanningError(f"no table between {a} and {b} in round {rnd.number}")


def table_winner(t: TableRecord, ranking: dict[str, int]) -> str:
    """As :func:`winner`, for a table at hand (a decided one)."""
    assert t.result is not None
    first_key = (t.result[0], t.points[0], -ranking.get(t.first, 0))
    second_key = (t.result[1], t.points[1], -ranking.get(t.second, 0))
    return t.first if first_key > second_key else t.second


def first_balance(rounds: Sequence[RoundRecord]) -> dict[str, int]:
    """How often each entrant sat first (led) minus second, to balance who leads as colours are."""
    balance: dict[str, int] = {}
    for rnd in rounds:
        for t in rnd.tables:
            balance[t.first] = balance.get(t.first, 0) + 1
            balance[t.second] = balance.get(t.second, 0) - 1
    return balance


def balanced(a: str, b: str, balance: dict[str, int]) -> Table:
    """The table of ``a`` and ``b``, who sat first less often sitting first now."""
    return Table(b, a) if balance.get(b, 0) < balance.get(a, 0) else Table(a, b)


def third_place_table(rnd: RoundRecord) -> TableRecord | None:
    """The match for third place of a knockout's final round: its table that is not a pair of the
    bracket (derived, so nothing more is stored; None in any other round)."""
    if rnd.slots is None or len(rnd.slots) != 2:
        return None
    final = frozenset(x for x in rnd.slots if x is not None)
    return next((t for t in rnd.tables if frozenset((t.first, t.second)) != final), None)


def table_stage(rnd: RoundRecord, table: TableRecord) -> Literal["third_place"] | None:
    """How readers tell a table apart: "third_place" for the match for third place, else None."""
    third = third_place_table(rnd)
    pair = frozenset((table.first, table.second))
    return "third_place" if third is not None and frozenset((third.first, third.second)) == pair else None


def knockout_rounds(
    number: int,
    first_knockout: int,
    entries: Sequence[EntryRecord],
    rounds: Sequence[RoundRecord],
    first_slots: Callable[[], list[str | None]],
    third_place_match: bool,
) -> PlannedRound:
    """A single-elimination round: ``first_slots`` gives the bracket of its first round
    (``first_knockout``), every later one follows from the winners of the round before."""
    ranking = ranking_of(entries)
    if number == first_knockout:
        slots = first_slots()
    else:
        previous = rounds[number - 2]
        assert previous.slots is not None
        slots = next_slots(previous.slots, lambda a, b: winner(previous, a, b, ranking))
    balance = first_balance(rounds)
    pairing = knockout_round(slots, balance)
    if third_place_match and len(slots) == 2 and number > first_knockout:
        losers = _semi_final_losers(rounds[number - 2], ranking)
        if losers is not None:  # both semi-finals were played: their losers meet for third place
            third = balanced(losers[0], losers[1], balance)
            pairing = RoundPairing((*pairing.tables, third), pairing.byes)
    return PlannedRound(pairing, slots)


def _semi_final_losers(semis: RoundRecord, ranking: dict[str, int]) -> tuple[str, str] | None:
    """The losers of the two semi-finals in bracket order, or None when one of them was a bye."""
    slots = semis.slots or []
    if len(slots) != 4 or any(x is None for x in slots):
        return None
    losers = []
    for a, b in ((slots[0], slots[1]), (slots[2], slots[3])):
        assert a is not None
        assert b is not None
        won = winner(semis, a, b, ranking)
        losers.append(b if won == a else a)
    return losers[0], losers[1]


def knockout_champion(rounds: Sequence[RoundRecord], entries: Sequence[EntryRecord]) -> str | None:
    """The winner of the last knockout round, once it is closed and had a single table."""
    if not rounds or rounds[-1].status != "closed" or rounds[-1].slots is None or len(rounds[-1].slots) != 2:
        return None
    last = rounds[-1]
    a, b = last.slots or [None, None]
    if a is None or b is None:
        return a or b
    return winner(last, a, b, ranking_of(entries))


def knockout_placings(entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]) -> dict[str, int] | None:
    """How far each entrant of a single-elimination bracket went (see :meth:`TournamentFormat.placings`):
    the champion ranks 1st, the final's loser 2nd, those out at one stage share a place; with a match for
    third place, its winner ranks 3rd and its loser 4th. An entrant absent from the bracket has 0."""
    bracket = [r for r in rounds if r.status == "closed" and r.slots is not None]
    if not bracket:
        return None
    ranking = ranking_of(entries)
    first = bracket[0].slots or []
    alive = 2 * (bracket[-1].number + 1)  # more than any round's
    out = {e.id: alive if e.id in first else 0 for e in entries}
    for rnd in bracket:
        third = third_place_table(rnd)
        for t in rnd.tables:
            won = table_winner(t, ranking)
            loser = t.second if won == t.first else t.first
            if t is third:  # between the final's loser and the semi-finals' place they had
                out[won], out[loser] = 2 * rnd.number - 1, 2 * rnd.number - 2
            else:
                out[loser] = 2 * rnd.number
    return out

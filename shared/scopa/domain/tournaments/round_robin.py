"""Round robin schedules from the FIDE Berger tables.

Entrants are numbered 1..n in seeding order. For an even n, entrant n keeps the first table all
tournament and the others turn around it: in round r the remaining n - 1 numbers are written in a circle
starting at ``1 + (r - 1) * n / 2`` (modulo n - 1); table 1 pairs the first of them with n, and table k
pairs the k-th with the k-th from the end, the k-th leading first. Entrant n leads first in the even
rounds. This reproduces the published tables (for 4 entrants: 1-4 2-3, 4-3 1-2, 2-4 3-1) and keeps who
leads balanced: everyone leads either the floor or the ceiling of half its games.

An odd n adds a dummy seat n + 1; whoever meets it has a bye that round, so each entrant has exactly one
bye per cycle. A double round robin plays the cycle twice, the second time with who leads swapped, so
every pair meets twice and each leads once.
"""

from __future__ import annotations

from collections.abc import Sequence

from scopa.domain.tournaments.model import RoundPairing, Table


def berger_rounds(entrant_ids: Sequence[str], *, double: bool = False) -> list[RoundPairing]:
    """Every round of a (double) round robin of ``entrant_ids`` (in seeding order)."""
    ids = list(entrant_ids)
    if len(set(ids)) != len(ids):
        raise ValueError("entrant ids must be unique")
    seats: list[str | None] = [*ids, None] if len(ids) % 2 else list(ids)
    size = len(seats)
    if size < 2:
        return []
    last = seats[-1]
    circle = seats[:-1]
    cycle: list[RoundPairing] = []
    for r in range(size - 1):
        offset = r * size // 2
        order = [circle[(offset + k) % (size - 1)] for k in range(size - 1)]
        games = [(last, order[0]) if r % 2 else (order[0], last)]
        games += [(order[k], order[size - 1 - k]) for k in range(1, size // 2)]
        cycle.append(_round(games))
    if not double:
        return cycle
    return cycle + [_round([(t.second, t.first) for t in rnd.tables], rnd.byes) for rnd in cycle]


def _round(games: Sequence[tuple[str | None, str | None]], byes: Sequence[str] = ()) -> RoundPairing:
    """Tables for the games with two entrants; whoever faces the dummy seat has the bye."""
    tables: list[Table] = []
    out = list(byes)
    for first, second in games:
        if first is not None and second is not None:
            tables.append(Table(first, second))
        elif first is not None:
            out.append(first)
        elif second is not None:
            out.append(second)
    return RoundPairing(tuple(tables), tuple(out))

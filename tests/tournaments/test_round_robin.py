"""Round robin: the FIDE Berger tables, and every schedule's invariants for 3..20 entrants."""

from __future__ import annotations

from collections import Counter

import pytest

from scopa.domain.tournaments.model import RoundPairing
from scopa.domain.tournaments.round_robin import berger_rounds

# The published FIDE Berger tables; the first number of each game leads first (white).
FIDE_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def numbered(n: int) -> list[str]:
    return [str(i) for i in range(1, n + 1)]


def games(rnd: RoundPairing) -> list[tuple[int, int]]:
    return [(int(t.first), int(t.second)) for t in rnd.tables]


@pytest.mark.parametrize(("n", "table"), [(4, FIDE_4), (6, FIDE_6)])
def test_the_fide_berger_tables(n: int, table: list[list[tuple[int, int]]]) -> None:
    rounds = berger_rounds(numbered(n))
    assert [games(r) for r in rounds] == table
    assert all(r.byes == () for r in rounds)


def test_a_double_round_robin_repeats_the_cycle_with_who_leads_swapped() -> None:
    rounds = berger_rounds(numbered(4), double=True)
    assert [games(r) for r in rounds[3:]] == [[(b, a) for a, b in rnd] for rnd in FIDE_4]


def test_an_odd_field_gives_the_dummy_seat_opponent_a_bye() -> None:
    # 5 entrants play the 6-entrant table; whoever meets seat 6 sits out.
    rounds = berger_rounds(numbered(5))
    assert [games(r) for r in rounds] == [[g for g in rnd if 6 not in g] for rnd in FIDE_6]
    assert [r.byes for r in rounds] == [("1",), ("4",), ("2",), ("5",), ("3",)]


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("n", range(3, 21))
def test_every_schedule_is_a_round_robin(n: int, double: bool) -> None:
    ids = [f"e{i}" for i in range(n)]
    rounds = berger_rounds(ids, double=double)
    cycle = n - 1 if n % 2 == 0 else n
    cycles = 2 if double else 1
    assert len(rounds) == cycle * cycles
    for rnd in rounds:  # each entrant once per round
        seen = [x for t in rnd.tables for x in (t.first, t.second)] + list(rnd.byes)
        assert sorted(seen) == sorted(ids)
        assert len(rnd.byes) == n % 2
    for k in range(cycles):
        part = rounds[k * cycle : (k + 1) * cycle]
        met = Counter(frozenset((t.first, t.second)) for r in part for t in r.tables)
        assert len(met) == n * (n - 1) // 2  # each pair once per cycle
        assert set(met.values()) == {1}
        byes = Counter(x for r in part for x in r.byes)
        assert byes == (Counter(ids) if n % 2 else Counter())  # one bye each per cycle (odd n)
    leads = Counter(t.first for r in rounds for t in r.tables)
    played = Counter(x for r in rounds for t in r.tables for x in (t.first, t.second))
    for x in ids:  # leads balanced: floor or ceiling of half the games
        assert played[x] == (n - 1) * cycles
        assert leads[x] in (played[x] // 2, (played[x] + 1) // 2)
    if double:
        first = {(t.first, t.second) for r in rounds[:cycle] for t in r.tables}
        second = {(t.second, t.first) for r in rounds[cycle:] for t in r.tables}
        assert first == second  # the second meeting of each pair swaps who leads


def test_small_and_invalid_fields() -> None:
    assert berger_rounds([]) == []
    assert berger_rounds(["a"]) == [RoundPairing((), ("a",))]
    assert berger_rounds(["a", "b"]) == [berger_rounds(["a", "b"])[0]]
    assert games(berger_rounds(["1", "2"])[0]) == [(1, 2)]
    with pytest.raises(ValueError, match="unique"):
        berger_rounds(["a", "a"])

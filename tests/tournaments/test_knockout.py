"""Knockout: seeded brackets for 2..65 entrants, byes to the top seeds, full simulated tournaments."""

from __future__ import annotations

import math

import pytest

from scopa.domain.tournaments.knockout import (
    bracket_size,
    bracket_slots,
    knockout_round,
    next_slots,
    rounds_needed,
    seed_order,
)
from scopa.domain.tournaments.model import RoundPairing, Table


def seeds(n: int) -> list[str]:
    """s1 .. sn, best seed first."""
    return [f"s{i}" for i in range(1, n + 1)]


def seed_of(x: str) -> int:
    return int(x[1:])


def test_the_standard_seed_order() -> None:
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    with pytest.raises(ValueError, match="power-of-two"):
        seed_order(6)


@pytest.mark.parametrize("n", range(2, 66))
def test_brackets(n: int) -> None:
    slots = bracket_slots(seeds(n))
    size = len(slots)
    assert size == bracket_size(n) == 2 ** math.ceil(math.log2(n))
    assert sorted(seed_of(x) for x in slots if x is not None) == list(range(1, n + 1))
    # The byes: size - n of them, each opposite one of the top size - n seeds.
    first = knockout_round(slots)
    assert len(first.byes) == size - n
    assert sorted(seed_of(x) for x in first.byes) == list(range(1, size - n + 1))
    assert len(first.tables) == (n - (size - n)) // 2
    # Seeds 1..2^k sit in different sections of size / 2^k slots: they cannot meet before that round.
    k = 1
    while 2**k <= size:
        section = size // 2**k
        places = [slots.index(f"s{s}") // section for s in range(1, min(n, 2**k) + 1)]
        assert len(set(places)) == len(places)
        k += 1
    assert slots.index("s1") < size // 2 <= slots.index("s2")


@pytest.mark.parametrize("n", range(2, 66))
def test_the_better_seed_always_winning_gives_a_final_of_seeds_one_and_two(n: int) -> None:
    slots = bracket_slots(seeds(n))
    matches = 0
    rounds = 0
    while len(slots) > 1:
        rnd = knockout_round(slots)
        matches += len(rnd.tables)
        rounds += 1
        if len(slots) == 2:
            assert {seed_of(x) for x in slots if x is not None} == {1, 2}
        if len(slots) == 4 and n >= 4:
            assert {seed_of(x) for x in slots if x is not None} == {1, 2, 3, 4}
        slots = next_slots(slots, lambda a, b: min(a, b, key=seed_of))
    assert slots == ["s1"]
    assert matches == n - 1
    assert rounds == rounds_needed(n) == math.ceil(math.log2(n))


def test_who_leads_lower_balance_then_earlier_slot() -> None:
    slots = ["a", "b", "c", None, None, "d", "e", "f"]
    assert knockout_round(slots) == RoundPairing((Table("a", "b"), Table("e", "f")), ("c", "d"))
    balanced = knockout_round(slots, {"a": 1, "b": 0, "e": -1, "f": -1})
    assert balanced.tables == (Table("b", "a"), Table("e", "f"))


def test_next_slots_keeps_lone_entrants_and_empty_pairs() -> None:
    slots = ["a", "b", "c", None, None, None, None, "d"]
    assert next_slots(slots, lambda a, b: b) == ["b", "c", None, "d"]
    with pytest.raises(ValueError, match="winner"):
        next_slots(["a", "b"], lambda a, b: "z")


def test_small_fields() -> None:
    assert bracket_slots([]) == [None, None]
    assert bracket_slots(["a"]) == ["a", None]
    assert bracket_slots(["a", "b"]) == ["a", "b"]
    assert [rounds_needed(n) for n in range(6)] == [0, 0, 1, 2, 2, 3]
    assert knockout_round(["a", None]) == RoundPairing((), ("a",))
    with pytest.raises(ValueError, match="negative"):
        rounds_needed(-1)

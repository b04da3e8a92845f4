"""Single elimination: a seeded bracket, byes to the top seeds, and the rounds that follow.

The bracket has a power-of-two number of slots (at least 2). Seeds are placed in the standard order,
built by doubling: the bracket of 2 is ``1 2``; each seed s of a bracket of m is followed by its opponent
``2m + 1 - s`` in the bracket of 2m (``1 4 2 3``, then ``1 8 4 5 2 7 3 6``, ...). Each section therefore
holds one of the top seeds of its size: seeds 1 and 2 can only meet in the final, seeds 1 to 4 no earlier
than the semi-finals, and so on; and the numbers above n, the empty slots, fall opposite the top seeds,
who get the byes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from scopa.domain.tournaments.model import RoundPairing, Table


def bracket_size(n: int) -> int:
    """The slots of a bracket of ``n`` entrants: the next power of two, at least 2."""
    if n < 0:
        raise ValueError("a bracket cannot have a negative number of entrants")
    return 1 << max(1, (n - 1).bit_length())


def rounds_needed(n: int) -> int:
    """Rounds to find a winner among ``n`` entrants (0 when there is nobody to play)."""
    size = bracket_size(n)
    return size.bit_length() - 1 if n > 1 else 0


def seed_order(size: int) -> list[int]:
    """The seeds (1-based) slot by slot in a bracket of ``size`` slots (a power of two)."""
    if size < 2 or size & (size - 1):
        raise ValueError("a bracket has a power-of-two number of slots, at least 2")
    order = [1, 2]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m + 1 - s)]
    return order


def bracket_slots(seeded_ids: Sequence[str]) -> list[str | None]:
    """The first-round bracket: ``seeded_ids`` (best seed first) in the standard order, None for a bye."""
    if len(set(seeded_ids)) != len(seeded_ids):
        raise ValueError("entrant ids must be unique")
    n = len(seeded_ids)
    return [seeded_ids[s - 1] if s <= n else None for s in seed_order(bracket_size(n))]


def knockout_round(
    slots: Sequence[str | None], first_balance: Mapping[str, int] | None = None
) -> RoundPairing:
    """Slot 2k meets slot 2k + 1 (tables in bracket order); a lone entrant has a bye.

    The entrant with the lower first balance leads; on a tie, the one in the earlier slot.
    """
    balance = first_balance or {}
    tables: list[Table] = []
    byes: list[str] = []
    for k in range(0, len(slots) - 1, 2):
        a, b = slots[k], slots[k + 1]
        if a is not None and b is not None:
            tables.append(Table(b, a) if balance.get(b, 0) < balance.get(a, 0) else Table(a, b))
        else:
            byes.extend(x for x in (a, b) if x is not None)
    return RoundPairing(tuple(tables), tuple(byes))


def next_slots(slots: Sequence[str | None], winner_of: Callable[[str, str], str]) -> list[str | None]:
    """The next round's bracket: each pair's winner, the lone entrant of a pair, or None."""
    if len(slots) % 2:
        raise ValueError("a bracket has an even number of slots")
    out: list[str | None] = []
    for k in range(0, len(slots), 2):
        a, b = slots[k], slots[k + 1]
        if a is not None and b is not None:
            winner = winner_of(a, b)
            if winner not in (a, b):
                raise ValueError(f"the winner of {a} v {b} must be one of them, not {winner}")
            out.append(winner)
        else:
            out.append(a if a is not None else b)
    return out

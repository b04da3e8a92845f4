"""Which sets of table cards a played card may take.

Instead of trying every subset of the table (2**n sums), we enumerate the integer partitions of the
target value (a card's rank is at most 10, a fifteen-capture needs at most 14) into ranks 1..10 used at
most four times each: there are only 42 for 10 and 135 for 14. A partition is usable when the table holds
enough cards of each of its ranks, and the usable partitions of a table depend only on how many cards of
each rank it holds, so they are cached by that signature. Only the expansion into concrete cards (which
of two sevens) is done per call.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from scopa.cards import RANK, RANK_MASK, iter_cards
from scopa.rules import RuleSet

# A partition: ((rank, multiplicity), ...) with ranks ascending, plus its number of cards.
Partition = tuple[tuple[int, int], ...]


def _partitions(total: int, max_part: int) -> list[list[int]]:
    if total == 0:
        return [[]]
    out = []
    for part in range(min(total, max_part), 0, -1):
        for rest in _partitions(total - part, part):
            out.append([part, *rest])
    return out


def _build_partitions() -> list[list[tuple[int, Partition]]]:
    table: list[list[tuple[int, Partition]]] = []
    for total in range(15):
        entries = []
        for parts in _partitions(total, 10):
            counts = {r: parts.count(r) for r in set(parts)}
            if max(counts.values(), default=0) > 4:
                continue  # only four cards of a rank exist
            entries.append((len(parts), tuple(sorted(counts.items()))))
        table.append(entries)
    return table


#: ``PARTITIONS[t]``: every way to make ``t`` from table cards, as (card count, partition).
PARTITIONS = _build_partitions()


@lru_cache(maxsize=1 << 16)
def _usable(signature: tuple[int, ...], total: int, min_cards: int) -> tuple[Partition, ...]:
    """The partitions of ``total`` (with at least ``min_cards`` cards) a table of this signature holds."""
    return tuple(
        part for n, part in PARTITIONS[total] if n >= min_cards and all(signature[r] >= m for r, m in part)
    )


class TableInfo:
    """The facts about one table that every hand card's capture search shares."""

    __slots__ = ("by_rank", "mask", "signature")

    def __init__(self, table: int) -> None:
        self.mask = table
        self.by_rank = by_rank = [table & m for m in RANK_MASK]
        self.signature = tuple([m.bit_count() for m in by_rank])

    def sets_making(self, total: int, min_cards: int) -> list[int]:
        """Every set of table cards (as a mask) whose ranks add up to ``total``."""
        if total <= 0 or total >= len(PARTITIONS):
            return []
        out: list[int] = []
        by_rank = self.by_rank
        for part in _usable(self.signature, total, min_cards):
            choices: list[tuple[int, ...]] = []
            for r, m in part:
                cards_r = by_rank[r]
                if m == self.signature[r]:
                    choices.append((cards_r,))
                else:
                    choices.append(
                        tuple(sum(1 << c for c in combo) for combo in combinations(iter_cards(cards_r), m))
                    )
            if all(len(ch) == 1 for ch in choices):
                mask = 0
                for (m_,) in choices:
                    mask |= m_
                out.append(mask)
            else:
                for combo_masks in product(*choices):
                    mask = 0
                    for m_ in combo_masks:
                        mask |= m_
                    out.append(mask)
        return out


def ace_sweep_applies(rules: RuleSet, rank: int, info: TableInfo) -> bool:
    """Whether an ace played now sweeps the table under scopa d'assi / cirulla rules."""
    if rank != 1 or rules.ace_takes_all == "off" or not info.mask:
        return False
    return rules.ace_takes_all == "always" or not info.by_rank[1]


def capture_options(rules: RuleSet, played: int, info: TableInfo) -> list[int]:
    """Every capture (a mask of table cards) the card ``played`` may make; empty when it captures nothing."""
    rank = RANK[played]
    if not info.mask:
        return []
    if ace_sweep_applies(rules, rank, info) and rules.single_card_precedence:
        return [info.mask]  # scopa d'assi: the ace's sweep is its only capture
    options: list[int] = []
    if rules.capture != "fifteen":
        singles = info.by_rank[rank]
        if singles:
            options.extend(1 << c for c in iter_cards(singles))
        if not (singles and rules.single_card_precedence):
            options.extend(info.sets_making(rank, 2))
    if rules.capture != "sum":
        options.extend(info.sets_making(15 - rank, 1))
    if ace_sweep_applies(rules, rank, info) and info.mask not in options:
        options.append(info.mask)  # cirulla: the sweep is one choice among the others
    if rules.capture_choice == "fewest_cards" and len(options) > 1:
        fewest = min(o.bit_count() for o in options)
        options = [o for o in options if o.bit_count() == fewest]
    return options

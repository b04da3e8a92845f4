"""Which sets of table cards a played card may take.

Instead of trying every subset of the table (2**n sums), we enumerate the integer partitions of the
target value (a card's rank is at most 10, a fifteen-capture needs at most 14) into ranks 1..10 used at
most four times each: there are only 42 for 10 and 135 for 14. A partition is usable when the table holds
enough cards of each of its ranks, and the usable partitions of a table depend only on how many cards of
each rank it holds, so they are cached by that signature. Only the expansion into concrete cards (which
of two sevens) is done per call.
"""

from __future__ import annotations

from itertools import combinations, product

from scopa.domain.games.common.cards import RANK, RANK_MASK, bits_of
from scopa.domain.games.scopa.rules import RuleSet

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


# Rank signatures: how many cards of each rank a table holds, as one int with rank ``r``'s count in the
# four-bit field at bit ``4 * r`` (counts are 0..4, so the top bit of each field stays clear).

#: ``SPREAD[w]``: the ten-bit word ``w`` (bit ``r - 1``: a card of rank ``r``) with bit ``r - 1`` moved to
#: bit ``4 * r``. Adding the spread words of the four suits gives the table's signature.
SPREAD: tuple[int, ...] = tuple(sum(1 << 4 * (i + 1) for i in range(10) if w >> i & 1) for w in range(1024))
#: The top bit of every rank's field.
_GUARDS = sum(8 << 4 * r for r in range(1, 11))


def rank_signature(table: int) -> int:
    """How many cards of each rank ``table`` holds: rank ``r``'s count is ``signature >> 4 * r & 15``."""
    return (
        SPREAD[table & 0x3FF]
        + SPREAD[table >> 10 & 0x3FF]
        + SPREAD[table >> 20 & 0x3FF]
        + SPREAD[table >> 30]
    )


def _need(part: Partition) -> int:
    """A partition's multiplicities in signature form."""
    return sum(m << 4 * r for r, m in part)


#: ``_NEEDS[t]``: the partitions of ``t`` as (card count, partition, multiplicities in signature form).
#: A table of signature ``s`` holds a partition of need ``n`` when no field of ``s - n`` borrows, that is
#: when ``((s | _GUARDS) - n) & _GUARDS == _GUARDS``: ten comparisons in one subtraction.
_NEEDS = [[(n, part, _need(part)) for n, part in entries] for entries in PARTITIONS]

# A plan for one (signature, total, min_cards): per usable partition, in PARTITIONS order, the ranks all
# of whose table cards are taken (as a card mask, to AND with the table) and the parts that take only
# some of the cards of a rank, as (the rank's card mask, how many), each choice of cards a capture.
Plan = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]

_PLANS: dict[tuple[int, int, int], Plan] = {}
_PLAN_CACHE_LIMIT = 1 << 16
#: ``_FIELDS_UP_TO[r]``: the signature fields of ranks 0..r. A plan for ``total`` looks only at the ranks
#: that can be part of it (at most ``total``, below it when at least two cards are taken), so it is cached
#: by those fields alone and tables that differ only in higher cards share it.
_FIELDS_UP_TO = tuple((1 << 4 * (r + 1)) - 1 for r in range(11))
_TOTALS = len(PARTITIONS)
#: ``_KEY_FIELDS[at_least_two][total]``: the fields a plan's cache key keeps, up to the highest rank a part
#: can have (``total``, or ``total - 1`` when at least two cards are taken; at most 10).
_KEY_FIELDS = tuple(tuple(_FIELDS_UP_TO[min(t - two, 10)] for t in range(_TOTALS)) for two in (0, 1))


def _plan(signature: int, total: int, min_cards: int) -> Plan:
    """The partitions of ``total`` (with at least ``min_cards`` cards) a table of this signature holds."""
    guarded = signature | _GUARDS
    plan = []
    usable = [
        part for n, part, need in _NEEDS[total] if n >= min_cards and (guarded - need) & _GUARDS == _GUARDS
    ]
    for part in usable:
        full = 0
        partial = []
        for r, m in part:
            if m == signature >> 4 * r & 15:
                full |= RANK_MASK[r]
            else:
                partial.append((RANK_MASK[r], m))
        plan.append((full, tuple(partial)))
    return tuple(plan)


def _choices(cards: int, m: int) -> tuple[int, ...]:
    """Every way to pick ``m`` of ``cards`` (a mask), as masks, in ``combinations`` order (lowest first)."""
    return tuple(sum(combo) for combo in combinations(bits_of(cards), m))


#: ``_CHOICES[m][cards]``: :func:`_choices` for every set of cards of one rank (16 per rank) and every
#: ``m``, so expanding a partition that takes some of the cards of a rank is a look-up.
_CHOICES: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {
        sum(bits): _choices(sum(bits), m)
        for r in range(1, 11)
        for n in range(5)
        for bits in combinations(bits_of(RANK_MASK[r]), n)
    }
    for m in range(5)
)


_SUMMABLE: dict[int, int] = {}
_ALL_TOTALS = 0x7FE  # bits 1..10


def _summable(signature: int) -> int:
    """Bit ``t`` set when two or more cards of a table of this signature add up to ``t`` (up to 10)."""
    one = two = 0  # the sums (bits 0..10) of one or more cards, and of two or more
    for r in range(1, 10):
        for _ in range(signature >> 4 * r & 15):
            two = (two | one << r) & 0x7FF
            one = (one | one << r | 1 << r) & 0x7FF
    return two


class TableInfo:
    """The facts about one table that every hand card's capture search shares.

    Only the rank signature is computed up front (four table look-ups): the usable partitions of a total
    depend on nothing else, so they are planned once per signature and kept in a module-level cache
    (bounded: it is emptied when it grows past 65536 plans, far more than play ever visits). Applying a
    plan to the actual table is then one AND per partition that takes every card of its ranks, and a
    choice of cards only where the partition leaves some cards of a rank on the table.
    """

    __slots__ = ("mask", "signature")

    def __init__(self, table: int) -> None:
        self.mask = table
        self.signature = rank_signature(table)

    @property
    def by_rank(self) -> list[int]:
        """``by_rank[r]``: the table cards of rank ``r`` (index 0: none)."""
        table = self.mask
        return [table & m for m in RANK_MASK]

    def sum_totals(self) -> int:
        """Bits ``t`` (up to 10) for the totals that two or more table cards may make: a superset, exact
        for tables of up to six cards, every total for larger tables.

        Most cards a player holds can take no sum; one test of this mask, cached by the table's signature,
        spares :meth:`sets_making` for them. Larger tables make nearly every total and have too many
        signatures to cache, so for them the test is not worth its cost and every total is let through.
        """
        if self.mask.bit_count() > 6:
            return _ALL_TOTALS
        key = self.signature & _FIELDS_UP_TO[9]
        found = _SUMMABLE.get(key)
        if found is None:
            if len(_SUMMABLE) >= _PLAN_CACHE_LIMIT:
                _SUMMABLE.clear()
            found = _SUMMABLE[key] = _summable(key)
        return found

    def sets_making(self, total: int, min_cards: int) -> list[int]:
        """Every set of table cards (as a mask) whose ranks add up to ``total``."""
        if not 0 < total < _TOTALS:
            return []
        key = (self.signature & _KEY_FIELDS[min_cards >= 2][total], total, min_cards)
        plan = _PLANS.get(key)
        if plan is None:
            if len(_PLANS) >= _PLAN_CACHE_LIMIT:
                _PLANS.clear()
            plan = _PLANS[key] = _plan(*key)
        table = self.mask
        out: list[int] = []
        for full, partial in plan:
            if not partial:
                out.append(table & full)
                continue
            base = table & full
            if len(partial) == 1:
                rank_cards, m = partial[0]
                out.extend([base | picked for picked in _CHOICES[m][table & rank_cards]])
                continue
            for picks in product(*[_CHOICES[m][table & rank_cards] for rank_cards, m in partial]):
                mask = base
                for picked in picks:
                    mask |= picked
                out.append(mask)
        return out


def ace_sweep_applies(rules: RuleSet, rank: int, info: TableInfo) -> bool:
    """Whether an ace played now sweeps the table under scopa d'assi / cirulla rules."""
    if rank != 1 or rules.ace_takes_all == "off" or not info.mask:
        return False
    return rules.ace_takes_all == "always" or not info.mask & RANK_MASK[1]


def plain_captures(rules: RuleSet) -> bool:
    """Whether captures follow the default rules alone: then :func:`capture_options` for a card of rank
    ``r`` is the table cards of rank ``r`` if there are any (lowest first), otherwise
    ``info.sets_making(r, 2)``. :func:`scopa.domain.games.scopa.engine.legal_moves` inlines that case.
    """
    return (
        rules.capture == "sum"
        and rules.single_card_precedence
        and rules.ace_takes_all == "off"
        and rules.capture_choice == "any"
    )


def capture_options(rules: RuleSet, played: int, info: TableInfo) -> list[int]:
    """Every capture (a mask of table cards) the card ``played`` may make; empty when it captures nothing."""
    table = info.mask
    if not table:
        return []
    rank = RANK[played]
    ace_sweep = rank == 1 and ace_sweep_applies(rules, rank, info)
    if ace_sweep and rules.single_card_precedence:
        return [table]  # scopa d'assi: the ace's sweep is its only capture
    capture = rules.capture
    options: list[int] = []
    if capture != "fifteen":
        singles = table & RANK_MASK[rank]
        if singles:
            options.extend(bits_of(singles))
        if not (singles and rules.single_card_precedence):
            options.extend(info.sets_making(rank, 2))
    if capture != "sum":
        options.extend(info.sets_making(15 - rank, 1))
    if ace_sweep and table not in options:
        options.append(table)  # cirulla: the sweep is one choice among the others
    if rules.capture_choice == "fewest_cards" and len(options) > 1:
        fewest = min(o.bit_count() for o in options)
        options = [o for o in options if o.bit_count() == fewest]
    return options

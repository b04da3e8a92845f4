"""Shared judgement of the house bots: what cards are worth, and how risky a table is to leave.

Capture legality always comes from :func:`scopa.domain.games.scopa.captures.capture_options`, so every rule
variant the
engine knows is judged by the same rules it is played by; the :class:`RulesOracle` only memoises those
answers, because bots and playouts ask the same few questions (this rank on this table) very often.
"""

from __future__ import annotations

from math import comb

from scopa.domain.games.common.cards import BIT, N_CARDS, RANK, RANK_MASK, SUIT, card
from scopa.domain.games.scopa.captures import TableInfo, ace_sweep_applies, capture_options
from scopa.domain.games.scopa.cards import RE_BELLO, SETTE_DI_COPPE, SETTEBELLO
from scopa.domain.games.scopa.rules import RuleSet

#: Worth of a scopa, in deal points.
SCOPA_VALUE = 1.0
#: Share of a laid card's worth counted as lost: the other side may well take it later.
LAY_FACTOR = 0.5
_CACHE_LIMIT = 250_000

#: ``RANKS_UNION[m]``: every card whose rank is a bit of the rank mask ``m`` (bit ``r`` for rank ``r``).
RANKS_UNION: tuple[int, ...] = tuple(
    sum(RANK_MASK[r] for r in range(1, 11) if m >> r & 1) for m in range(1 << 11)
)


def card_values(rules: RuleSet) -> tuple[float, ...]:
    """Rough worth of owning each card, in deal points, under these rules.

    The figures are the chance-weighted share of the points a card decides: about a tenth of a point
    for the card count, a fifth more for a coin, the primiera weight of sevens, sixes and aces, and a
    whole point for a card that is a point by itself (settebello, re bello, ...).
    """
    values = []
    most_sevens = rules.primiera_scale == "most_sevens"
    primiera = {7: 0.3, 6: 0.16, 1: 0.1, 5: 0.04} if not most_sevens else {7: 0.35, 6: 0.2, 1: 0.1}
    for c in range(N_CARDS):
        rank, coin = RANK[c], SUIT[c] == 0
        v = 0.1 + primiera.get(rank, 0.0)
        if coin:
            v += 0.2
            if rules.napola or rules.cirulla_runs:
                v += 0.3 if rank <= 3 else 0.12 if rank <= 6 else 0.0
            if rules.cirulla_runs and rank >= 8:
                v += 0.4
        if c == SETTEBELLO or (rules.re_bello and c == RE_BELLO):
            v += 1.0
        if rules.settebello_di_coppe and c == SETTE_DI_COPPE:
            v += 1.0
        values.append(v)
    return tuple(values)


def _suit_tables(values: tuple[float, ...]) -> tuple[tuple[float, ...], ...]:
    """Worth of every subset of each suit (1024 entries a suit), so a mask's worth is four look-ups."""
    tables = []
    for suit in range(4):
        vals = values[suit * 10 : suit * 10 + 10]
        table = [0.0] * 1024
        for m in range(1, 1024):
            low = (m & -m).bit_length() - 1
            table[m] = table[m & (m - 1)] + vals[low]
        tables.append(tuple(table))
    return tuple(tables)


#: ``RANK_COUNT_KEY[m]``: for a 10-bit suit chunk, 1 << 3 * (rank - 1) summed over its cards; adding the
#: four chunks of a table gives its rank signature (three bits a rank: no carries, a rank has four cards).
RANK_COUNT_KEY: tuple[int, ...] = tuple(sum(1 << 3 * i for i in range(10) if m >> i & 1) for m in range(1024))


def signature_key(table: int) -> int:
    """How many cards of each rank ``table`` holds, packed in an int."""
    k = RANK_COUNT_KEY
    return k[table & 1023] + k[table >> 10 & 1023] + k[table >> 20 & 1023] + k[table >> 30]


#: ``SWEEP_CHANCE[(n * 41 + k) * 21 + h]``: chance that ``h`` cards drawn from ``n`` hold one of ``k``.
SWEEP_CHANCE: tuple[float, ...] = tuple(
    (1.0 - comb(n - k, h) / comb(n, h)) if 0 < h <= n and k <= n else 0.0
    for n in range(41)
    for k in range(41)
    for h in range(21)
)


def sweep_chance(n: int, k: int, h: int) -> float:
    return SWEEP_CHANCE[(n * 41 + k) * 21 + h] if h <= 20 else 1.0 if k else 0.0


class RulesOracle:
    """Memoised capture options and sweep facts for one rule set.

    Captures depend only on the played card's rank and the table (no rule looks at the played suit),
    so answers are keyed by ``(table, rank)``.
    """

    __slots__ = (
        "ace_sweep_not_scopa",
        "captures_cache",
        "rules",
        "suit_values",
        "sweeps_cache",
        "threat_cache",
        "values",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.values = card_values(rules)
        self.suit_values = _suit_tables(self.values)
        self.captures_cache: dict[int, tuple[int, ...]] = {}
        self.sweeps_cache: dict[int, tuple[int, int]] = {}
        self.threat_cache: dict[int, tuple[int, float]] = {}
        self.ace_sweep_not_scopa = rules.ace_takes_all != "off" and not rules.ace_sweep_is_scopa

    def worth(self, mask: int) -> float:
        t = self.suit_values
        return t[0][mask & 1023] + t[1][mask >> 10 & 1023] + t[2][mask >> 20 & 1023] + t[3][mask >> 30]

    def captures(self, rank: int, table: int) -> tuple[int, ...]:
        """Every capture a card of ``rank`` may make on ``table`` (empty: it must be laid)."""
        key = table << 4 | rank
        found = self.captures_cache.get(key)
        if found is None:
            if len(self.captures_cache) > _CACHE_LIMIT:
                self.captures_cache.clear()
            found = self.captures_cache[key] = tuple(
                capture_options(self.rules, card(rank, 0), TableInfo(table))
            )
        return found

    def sweeps(self, table: int) -> tuple[int, int]:
        """Rank masks (bit ``r``) of the cards that would take the whole ``table``, and of those sweeps
        that score a scopa (an ace's sweep does not, in scopa d'assi).

        Whether a rank takes the whole table depends only on how many cards of each rank lie there (no
        rule looks at suits), so the answer is kept by that signature: a few hundred entries in all.
        """
        key = signature_key(table)
        found = self.sweeps_cache.get(key)
        if found is None:
            sweep = scopa = 0
            if table:
                for rank in range(1, 11):
                    if table in self.captures(rank, table):
                        sweep |= 1 << rank
                        if not self.is_ace_sweep(rank, table, table):
                            scopa |= 1 << rank
            found = self.sweeps_cache[key] = (sweep, scopa)
        return found

    def threat_facts(self, table: int) -> tuple[int, float]:
        """For the playouts: the cards that could sweep ``table``, and what the sweep adds beyond the
        table's cards (a scopa, unless only an ace's non-scoring sweep takes it all); by signature."""
        key = signature_key(table)
        found = self.threat_cache.get(key)
        if found is None:
            sweep, scopa = self.sweeps(table)
            found = self.threat_cache[key] = (RANKS_UNION[sweep], SCOPA_VALUE if scopa else 0.0)
        return found

    def is_ace_sweep(self, rank: int, take: int, table: int) -> bool:
        """Whether taking ``take`` with this rank is an ace's sweep that scores no scopa."""
        return (
            rank == 1
            and take == table
            and self.ace_sweep_not_scopa
            and ace_sweep_applies(self.rules, 1, TableInfo(table))
        )

    def threat(self, table: int, unseen: int, next_hand: int, next_known: int | None) -> float:
        """Expected loss if the next player (an opponent) may sweep ``table`` with a card we cannot see.

        ``next_hand`` is how many cards they will hold; ``next_known`` their hand if it is face up.
        """
        if not table or not next_hand:
            return 0.0
        sweep, scopa = self.sweeps(table)
        if not sweep:
            return 0.0
        loss = self.worth(table)
        if next_known is not None:
            if next_known & RANKS_UNION[scopa]:
                return loss + SCOPA_VALUE
            return loss if next_known & RANKS_UNION[sweep] else 0.0
        n = unseen.bit_count()
        p_sweep = sweep_chance(n, (unseen & RANKS_UNION[sweep]).bit_count(), next_hand)
        if scopa == sweep:
            return p_sweep * (loss + SCOPA_VALUE)
        p_scopa = sweep_chance(n, (unseen & RANKS_UNION[scopa]).bit_count(), next_hand)
        return p_sweep * loss + p_scopa * SCOPA_VALUE

    def move_value(
        self,
        played: int,
        take: int,
        table: int,
        unseen: int,
        next_hand: int,
        next_known: int | None,
        last_card: bool,
    ) -> float:
        """Immediate worth of a move: what it takes (and a scopa) minus what it exposes."""
        if take:
            value = self.worth(take) + self.values[played]
            left = table & ~take
            if not left:
                if not last_card and not self.is_ace_sweep(RANK[played], take, table):
                    value += SCOPA_VALUE
                return value
            return value - self.threat(left, unseen, next_hand, next_known)
        return -LAY_FACTOR * self.values[played] - self.threat(
            table | BIT[played], unseen, next_hand, next_known
        )


_ORACLES: dict[RuleSet, RulesOracle] = {}


def oracle_for(rules: RuleSet) -> RulesOracle:
    """The shared oracle of a rule set (rule sets are frozen and cached by the bots, so this is cheap)."""
    found = _ORACLES.get(rules)
    if found is None:
        found = _ORACLES[rules] = RulesOracle(rules)
    return found

"""Scoring a finished deal: scope, cards, coins, settebello, primiera, and the optional extras.

Points count only when a deal ends. A tie for cards, coins or primiera gives the point to nobody; with
three sides a point goes to the side that has strictly more than each other side.
"""

from __future__ import annotations

from dataclasses import dataclass

from scopa.domain.games.common.cards import RANK, SUIT_MASK, Suit, card, iter_cards
from scopa.domain.games.scopa.cards import RE_BELLO, SETTE_DI_COPPE, SETTEBELLO
from scopa.domain.games.scopa.rules import RuleSet

#: Order in which a deal's points are counted (used by the ``count_order`` tie rule and in reports).
CATEGORIES = (
    "scope",
    "bonus",
    "cards",
    "coins",
    "settebello",
    "primiera",
    "re_bello",
    "settebello_di_coppe",
    "napola",
    "grande",
    "piccola",
)

_SCALES: dict[str, tuple[int, ...]] = {
    # value by rank 1..10 (index 0 unused)
    "standard": (0, 16, 12, 13, 14, 15, 18, 21, 10, 10, 10),
    "faces_zero": (0, 16, 12, 13, 14, 15, 18, 21, 0, 0, 0),
    "faces_by_rank": (0, 16, 12, 13, 14, 15, 18, 21, 8, 9, 10),
}
#: The 'American' primiera: most sevens, then sixes, aces, fives, fours, threes, twos, face cards.
_MOST_SEVENS_ORDER = ((7,), (6,), (1,), (5,), (4,), (3,), (2,), (8, 9, 10))
_COINS = SUIT_MASK[Suit.COINS]
#: The cirulla grande: fante, cavallo and re of coins.
_GRANDE = (1 << card(8, Suit.COINS)) | (1 << card(9, Suit.COINS)) | (1 << card(10, Suit.COINS))


def _best_by_suit_word(values: tuple[int, ...]) -> tuple[int, ...]:
    """``table[w]``: the best value among the ranks whose bits are set in the ten-bit word ``w``."""
    table = [0] * 1024
    for w in range(1, 1024):
        low = w & -w
        table[w] = max(table[w ^ low], values[low.bit_length()])  # bit i is rank i + 1
    return tuple(table)


#: Per scale, the best primiera value of every possible set of cards of one suit (a ten-bit word), so a
#: pile's primiera is four look-ups instead of a loop over its cards: scoring runs once per deal, and
#: bots score thousands of simulated deals.
BEST_OF_SUIT: dict[str, tuple[int, ...]] = {name: _best_by_suit_word(v) for name, v in _SCALES.items()}


def primiera_value(pile: int, scale: str = "standard") -> int:
    """Sum of the best card of each suit by a points scale (a missing suit adds 0)."""
    best = BEST_OF_SUIT[scale]
    return best[pile & 0x3FF] + best[pile >> 10 & 0x3FF] + best[pile >> 20 & 0x3FF] + best[pile >> 30 & 0x3FF]


def suits_held(pile: int) -> int:
    return (pile & 0x3FF != 0) + (pile >> 10 & 0x3FF != 0) + (pile >> 20 & 0x3FF != 0) + (pile >> 30 != 0)


def _primiera_key(pile: int, rules: RuleSet) -> tuple[int, ...] | None:
    """A comparable strength of a pile's primiera; ``None`` when the pile has no primiera at all."""
    complete = suits_held(pile) == 4
    if rules.primiera_missing_suit == "no_primiera" and not complete:
        return None
    if rules.primiera_scale == "most_sevens":
        ranks = [RANK[c] for c in iter_cards(pile)]
        strength: tuple[int, ...] = tuple(sum(ranks.count(r) for r in group) for group in _MOST_SEVENS_ORDER)
    else:
        strength = (primiera_value(pile, rules.primiera_scale),)
    if rules.primiera_missing_suit == "incomplete_loses":
        return (int(complete), *strength)
    return strength


def _unique_max(values: list[int]) -> int | None:
    """Index of the strictly greatest number, or ``None`` on a tie (:func:`_unique_best` for plain ints)."""
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None


def _unique_best(values: list[tuple[int, ...] | None]) -> int | None:
    """Index of the strictly greatest value, or ``None`` on a tie or when nobody qualifies."""
    present = [(v, i) for i, v in enumerate(values) if v is not None]
    if not present:
        return None
    best = max(v for v, _ in present)
    winners = [i for v, i in present if v == best]
    return winners[0] if len(winners) == 1 else None


def coin_run(pile: int) -> int:
    """Length of the run of coins from the ace upwards (0 without the ace).

    The coins are the low ten bits (ace first): adding 1 carries through the run of ones from the ace and
    stops at the first missing coin, whose bit is the only one set in both ``low + 1`` and ``~low``.
    """
    low = pile & _COINS
    return (~low & (low + 1)).bit_length() - 1


@dataclass(frozen=True, slots=True)
class DealScore:
    """The points of one deal for each side, by category, plus the counts they came from."""

    points: tuple[dict[str, int], ...]
    cards: tuple[int, ...]
    coins: tuple[int, ...]
    primiera: tuple[int, ...]
    all_coins: int | None  # the side that took all ten coins, if any

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(p.values()) for p in self.points)

    def to_json(self) -> dict[str, object]:
        return {
            "points": [dict(p) for p in self.points],
            "totals": list(self.totals),
            "cards": list(self.cards),
            "coins": list(self.coins),
            "primiera": list(self.primiera),
        }


def score_deal(rules: RuleSet, piles: tuple[int, ...], scope: list[int], bonus: list[int]) -> DealScore:
    """Score a deal from each side's pile, scope count and cirulla bonus points."""
    sides = len(piles)
    points: list[dict[str, int]] = [{} for _ in range(sides)]

    def award(side: int | None, category: str, n: int = 1) -> None:
        if side is not None and n:
            points[side][category] = points[side].get(category, 0) + n

    for side in range(sides):
        award(side, "scope", scope[side])
        award(side, "bonus", bonus[side])
    n_cards = [p.bit_count() for p in piles]
    n_coins = [(p & _COINS).bit_count() for p in piles]
    award(_unique_max(n_cards), "cards")
    award(_unique_max(n_coins), "coins")

    def holder(c: int) -> int | None:
        return next((s for s, p in enumerate(piles) if p >> c & 1), None)

    award(holder(SETTEBELLO), "settebello")
    if rules.primiera_scale == "most_sevens" or rules.primiera_missing_suit != "counts":
        award(_unique_best([_primiera_key(p, rules) for p in piles]), "primiera")
    else:  # the plain sum of the scale, as _primiera_key gives it, without building a tuple per pile
        award(_unique_max([primiera_value(p, rules.primiera_scale) for p in piles]), "primiera")
    if rules.re_bello:
        award(holder(RE_BELLO), "re_bello")
    if rules.settebello_di_coppe:
        award(holder(SETTE_DI_COPPE), "settebello_di_coppe")
    if rules.napola or rules.cirulla_runs:
        for side, pile in enumerate(piles):
            run = coin_run(pile)
            if rules.napola and run >= 3:
                award(side, "napola", run)
            if rules.cirulla_runs:
                if run >= 3:
                    award(side, "piccola", min(run, 6))
                if pile & _GRANDE == _GRANDE:
                    award(side, "grande", 5)
    all_coins = next((s for s, n in enumerate(n_coins) if n == 10), None)
    return DealScore(
        points=tuple(points),
        cards=tuple(n_cards),
        coins=tuple(n_coins),
        primiera=tuple(primiera_value(p, "standard") for p in piles),
        all_coins=all_coins,
    )


def count_order_items(
    score: DealScore, scopa_sides: list[int], bonus_sides: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The deal's points as (side, points) in the order they are counted.

    Scope come first in the order they were made, then cirulla bonuses as they were declared, then the
    other categories in :data:`CATEGORIES` order.
    """
    items: list[tuple[int, int]] = [(side, 1) for side in scopa_sides]
    items.extend(bonus_sides)
    for category in CATEGORIES[2:]:
        for side, pts in enumerate(score.points):
            if pts.get(category):
                items.append((side, pts[category]))
    return items

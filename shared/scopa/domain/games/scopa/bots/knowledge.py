"""What a seat can know, rebuilt from its view alone: the bots' only window on the game.

Every bot starts from :func:`read_view`, so none of them can reach the game state: the view is the
single input, and the unseen cards are exactly those a careful player at the table could not account
for (40 minus their hand, the table, every card played or taken this deal, and hands shown face up).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scopa.domain.games.common.cards import FULL_DECK, parse_card
from scopa.domain.games.scopa.rules import RuleSet, rules_from_options

_RULES_CACHE: dict[tuple[tuple[str, Any], ...], RuleSet] = {}


def rules_of(view: dict[str, Any]) -> RuleSet:
    """The view's rule set, built once per distinct set of options (validation is not free)."""
    options: dict[str, Any] = view["rules"]
    key = tuple(sorted(options.items()))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = rules_from_options(options)
    return rules


def mask_from_codes(items: list[str]) -> int:
    mask = 0
    for text in items:
        mask |= 1 << parse_card(text)
    return mask


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The public facts of the current deal plus the seat's own hand, as card masks."""

    rules: RuleSet
    seat: int
    side: int
    dealer: int
    hand: int
    table: int
    hand_sizes: tuple[int, ...]
    stock: int
    known_hands: tuple[int | None, ...]  # a hand we can see: our own, or one shown face up
    piles: tuple[int, ...]  # per side, rebuilt from the deal's public moves
    hidden_pile_cards: int  # cards in a pile that no move shows (the cirulla dealer bonus)
    scope: tuple[int, ...]
    bonus: tuple[int, ...]
    last_capturer: int  # seat, or -1
    last_player: int  # seat that played last this deal, or -1
    unseen: int  # cards in hidden hands, the stock, or hidden pile cards
    moves: tuple[tuple[int, int], ...]  # the legal moves as (card, take mask), in the view's order
    round_moves: tuple[tuple[int, int, int], ...]  # (seat, card, take) of the plays since the last hands

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def cards_to_play(self) -> int:
        """Plays left in this deal, counting ours."""
        return sum(self.hand_sizes) + self.stock

    @property
    def is_last_card(self) -> bool:
        """Whether our play now is the last of the deal (which never scores a scopa)."""
        return self.stock == 0 and sum(self.hand_sizes) == 1


def read_view(view: dict[str, Any]) -> Knowledge:
    """Parse a seat view (with ``legal_moves``) into masks; raise if it is not this seat's turn."""
    if not view.get("your_turn"):
        raise ValueError("a bot is asked to choose only on its own turn")
    rules = rules_of(view)
    seat: int = view["seat"]
    players: int = view["players"]
    sides = rules.sides
    hand = mask_from_codes(view["hand"])
    table = mask_from_codes(view["table"])
    hand_sizes = tuple(int(n) for n in view["hand_sizes"])
    known: list[int | None] = [None] * players
    known[seat] = hand
    seen = hand | table
    for seat_text, cards in view["revealed_hands"].items():
        shown = mask_from_codes(cards)
        known[int(seat_text)] = shown
        seen |= shown
    piles = [0] * sides
    last_capturer = -1
    last_player = -1
    for m in view["deal_moves"]:
        played = 1 << parse_card(m["card"])
        take = mask_from_codes(m["take"])
        seen |= played | take
        last_player = m["seat"]
        if take:
            piles[m["seat"] % sides] |= played | take
            last_capturer = m["seat"]
    dealer: int = view["dealer"]
    scope = tuple(int(s) for s in view["scope"])
    bonus = [0] * sides
    dealer_bonus = False
    for b in view["bonuses"]:
        bonus[b["seat"] % sides] += b["points"]
        dealer_bonus = dealer_bonus or str(b["kind"]).startswith("dealer")
    if last_capturer < 0 and dealer_bonus:
        last_capturer = dealer  # the dealer took the first table (cirulla)
    unseen = FULL_DECK & ~seen
    hidden_in_hands = sum(n for s, n in enumerate(hand_sizes) if known[s] is None)
    hidden_pile_cards = unseen.bit_count() - hidden_in_hands - int(view["stock"])
    moves = tuple((parse_card(m["card"]), mask_from_codes(m["take"])) for m in view["legal_moves"])
    per_round = players * rules.hand_size  # every hand of a deal is played out before the next is dealt
    plays = view["deal_moves"]
    round_moves = tuple(
        (m["seat"], parse_card(m["card"]), mask_from_codes(m["take"]))
        for m in plays[len(plays) - len(plays) % per_round :]
    )
    return Knowledge(
        rules=rules,
        seat=seat,
        side=seat % sides,
        dealer=dealer,
        hand=hand,
        table=table,
        hand_sizes=hand_sizes,
        stock=int(view["stock"]),
        known_hands=tuple(known),
        piles=tuple(piles),
        hidden_pile_cards=max(0, hidden_pile_cards),
        scope=scope,
        bonus=tuple(bonus),
        last_capturer=last_capturer,
        last_player=last_player,
        unseen=unseen,
        moves=moves,
        round_moves=round_moves,
    )

"""Cards, the 40-card deck, the compact notation people type, and display names.

A card is an ``int`` from 0 to 39: ``suit * 10 + (rank - 1)``. A set of cards is an ``int`` bit mask
(bit ``card`` set), so hands, the table and capture piles are single integers: set operations are one
machine instruction each, and a mask serialises as a short list of card codes.

Notation (case-insensitive, one card per token, rank then suit):

* ranks: ``A`` (or ``1``), ``2`` .. ``7``, ``J`` (fante, also ``8`` / ``F``), ``Q`` (cavallo, also
  ``9`` / ``C``), ``K`` (re, also ``10`` / ``R``);
* suits: ``d`` coins/denari/diamonds, ``c`` cups/coppe (``h`` hearts), ``s`` swords/spade/spades,
  ``b`` clubs/bastoni; the symbols ``♦ ♥ ♠ ♣`` work too. ``c`` always means cups: clubs are ``b``.

The canonical form is rank letter or digit plus lower-case suit letter: ``7d`` (the settebello), ``Kb``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import IntEnum
from typing import Literal

from scopa.domain.games.common.errors import CardNotationError


class Suit(IntEnum):
    """The four suits, in the order used for card numbering."""

    COINS = 0
    CUPS = 1
    SWORDS = 2
    CLUBS = 3


N_CARDS = 40
FULL_DECK = (1 << N_CARDS) - 1
ALL_CARDS: tuple[int, ...] = tuple(range(N_CARDS))

SUIT_LETTERS = "dcsb"
RANK_LETTERS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")


def card(rank: int, suit: Suit | int) -> int:
    """The card of ``rank`` (1..10) in ``suit``."""
    if not 1 <= rank <= 10:
        raise ValueError(f"rank must be 1..10, got {rank}")
    return int(suit) * 10 + rank - 1


def rank_of(c: int) -> int:
    """Capture value of a card: ace 1 .. re 10."""
    return c % 10 + 1


def suit_of(c: int) -> Suit:
    return Suit(c // 10)


#: Precomputed rank and suit of every card (hot paths index these instead of dividing).
RANK: tuple[int, ...] = tuple(rank_of(c) for c in ALL_CARDS)
SUIT: tuple[int, ...] = tuple(c // 10 for c in ALL_CARDS)
BIT: tuple[int, ...] = tuple(1 << c for c in ALL_CARDS)
#: ``RANK_MASK[r]``: the four cards of rank ``r`` (index 0 unused).
RANK_MASK: tuple[int, ...] = (0, *(sum(1 << card(r, s) for s in Suit) for r in range(1, 11)))
#: ``SUIT_MASK[s]``: the ten cards of suit ``s``.
SUIT_MASK: tuple[int, ...] = tuple(sum(1 << card(r, s) for r in range(1, 11)) for s in Suit)


# --------------------------------------------------------------------------- masks


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bits_of(mask: int) -> list[int]:
    """The one-card masks of a mask's cards, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def mask_rank_sum(mask: int) -> int:
    return sum(RANK[c] for c in iter_cards(mask))


# --------------------------------------------------------------------------- notation

_RANK_ALIASES: dict[str, int] = {
    "A": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
    "J": 8, "F": 8, "8": 8, "Q": 9, "C": 9, "9": 9, "K": 10, "R": 10, "10": 10,
}  # fmt: skip
_SUIT_ALIASES: dict[str, Suit] = {
    "d": Suit.COINS, "♦": Suit.COINS, "c": Suit.CUPS, "h": Suit.CUPS, "♥": Suit.CUPS,
    "s": Suit.SWORDS, "♠": Suit.SWORDS, "b": Suit.CLUBS, "♣": Suit.CLUBS,
}  # fmt: skip


def code(c: int) -> str:
    """Canonical notation of a card, e.g. ``7d``."""
    return RANK_LETTERS[c % 10] + SUIT_LETTERS[c // 10]


CODES: tuple[str, ...] = tuple(code(c) for c in ALL_CARDS)
_CODE_TO_CARD: dict[str, int] = {s: c for c, s in enumerate(CODES)}


def parse_card(text: str) -> int:
    """Parse one card in the notation above; raise :class:`CardNotationError` with a clear reason."""
    if not isinstance(text, str):
        raise CardNotationError(f"a card is written as text such as '7d', got {type(text).__name__}")
    known = _CODE_TO_CARD.get(text)
    if known is not None:
        return known
    token = text.strip()
    if len(token) < 2 or len(token) > 3:
        raise CardNotationError(
            f"'{text}' is not a card: write the rank then the suit, e.g. '7d' (seven of coins) or 'Kb'"
        )
    rank_part, suit_part = token[:-1].upper(), token[-1].lower()
    rank = _RANK_ALIASES.get(rank_part)
    if rank is None:
        raise CardNotationError(
            f"'{text}': unknown rank '{token[:-1]}' (ranks: A 2 3 4 5 6 7 J Q K, or 1-10)"
        )
    suit = _SUIT_ALIASES.get(suit_part)
    if suit is None:
        raise CardNotationError(
            f"'{text}': unknown suit '{token[-1]}' (suits: d coins, c cups, s swords, b clubs; or ♦ ♥ ♠ ♣)"
        )
    return card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse a space- or comma-separated list of cards (or a list of tokens); duplicates are an error."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [parse_card(t) for t in tokens]
    if len(set(cards)) != len(cards):
        dup = next(code(c) for c in cards if cards.count(c) > 1)
        raise CardNotationError(f"card {dup} is listed twice")
    return cards


def parse_mask(text: str | Iterable[str]) -> int:
    return mask_of(parse_cards(text))


def codes(mask: int) -> list[str]:
    """Canonical codes of a mask's cards, ordered by suit then rank."""
    return [CODES[c] for c in iter_cards(mask)]


class MaskText:
    """A mask as text in a deck's codes (``7dKb``, or a list of codes), and back: the record's and the
    log's card text, for any game whose cards have two-character codes."""

    __slots__ = ("_codes", "_error", "_parse_card")

    def __init__(
        self, codes: Sequence[str], parse_card: Callable[[str], int], error: type[Exception]
    ) -> None:
        self._codes = codes
        self._parse_card = parse_card
        self._error = error  # raised for a string of odd length

    def string(self, mask: int) -> str:
        codes = self._codes
        return "".join(codes[c] for c in iter_cards(mask))

    def codes(self, mask: int) -> list[str]:
        codes = self._codes
        return [codes[c] for c in iter_cards(mask)]

    def parse_codes(self, text: str) -> list[int]:
        if len(text) % 2:
            raise self._error(f"'{text}' is not a string of two-character card codes")
        return [self._parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]

    def parse(self, text: str) -> int:
        mask = 0
        for c in self.parse_codes(text):
            mask |= 1 << c
        return mask


# --------------------------------------------------------------------------- display names

DeckStyle = Literal["italian", "french", "spanish", "english"]

_NAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    # (rank names, suit names, pattern)
    "italian": (
        ("asso", "due", "tre", "quattro", "cinque", "sei", "sette", "fante", "cavallo", "re"),
        ("denari", "coppe", "spade", "bastoni"),
        "{rank} di {suit}",
    ),
    "spanish": (
        ("as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey"),
        ("oros", "copas", "espadas", "bastos"),
        "{rank} de {suit}",
    ),
    "french": (
        ("ace", "2", "3", "4", "5", "6", "7", "jack", "queen", "king"),
        ("diamonds", "hearts", "spades", "clubs"),
        "{rank} of {suit}",
    ),
    "english": (
        ("ace", "two", "three", "four", "five", "six", "seven", "knave", "knight", "king"),
        ("coins", "cups", "swords", "clubs"),
        "{rank} of {suit}",
    ),
}
_FRENCH_SYMBOLS = "♦♥♠♣"
_FRENCH_SHORT_RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")


def display_name(c: int, style: DeckStyle = "italian") -> str:
    """A card's full name in a deck style: ``sette di denari``, ``7 of diamonds``, ``siete de oros``."""
    ranks, suits, pattern = _NAMES[style]
    return pattern.format(rank=ranks[c % 10], suit=suits[c // 10])


def short_name(c: int, style: DeckStyle = "italian") -> str:
    """A compact label for printing: ``7d`` in Italian/Spanish/English style, ``7♦`` in French style."""
    if style == "french":
        return _FRENCH_SHORT_RANKS[c % 10] + _FRENCH_SYMBOLS[c // 10]
    return CODES[c]

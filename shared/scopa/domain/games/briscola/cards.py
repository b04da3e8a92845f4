"""Briscola's cards: the Italian deck of :mod:`scopa.domain.games.common.cards`, a second deck, trick order,
points.

A card is an ``int``: ``0..39`` is the first deck, numbered exactly as Scopa numbers it
(``suit * 10 + rank - 1``), and ``40..79`` the same faces in the second deck (used only with two decks).
Sets of cards are ``int`` bit masks, as in Scopa (up to 80 bits).

Notation: the first deck's cards are written as in Scopa (``Ad``, ``3b``, ``Kc``); the second deck's
with the suit letter in upper case (``AD``, ``3B``), so a card stays two characters and a state can
concatenate card codes. A player may name a second-deck card by its lower-case code too: the engine plays
whichever copy of that face the hand holds (the two are equal in every way but one: of two identical
cards in a trick, the one played first ranks higher).

Trick order, highest first: A, 3, K (re), Q (cavallo), J (fante), 7, 6, 5, 4, 2. Card points: A 11,
3 10, K 4, Q 3, J 2, the rest 0: 120 in a deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from scopa.domain.games.common.cards import CODES as SCOPA_CODES
from scopa.domain.games.common.cards import RANK_LETTERS, SUIT_LETTERS, MaskText, iter_cards
from scopa.domain.games.common.cards import parse_card as parse_scopa_card
from scopa.domain.games.common.errors import CardNotationError

FACES = 40
MAX_CARDS = 80

#: By rank index (``face % 10``: 0 = ace .. 9 = re): strength in a trick (higher wins) and card points.
_STRENGTH_BY_RANK = (9, 0, 8, 1, 2, 3, 4, 5, 6, 7)
_POINTS_BY_RANK = (11, 0, 10, 0, 0, 0, 0, 2, 3, 4)
#: The ranks from the strongest down, as written.
TRICK_ORDER: tuple[str, ...] = ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")
POINTS_PER_DECK = 120

#: Per card id (0..79): suit (0 coins, 1 cups, 2 swords, 3 clubs), strength, points, face (0..39).
SUIT: tuple[int, ...] = tuple((c % FACES) // 10 for c in range(MAX_CARDS))
STRENGTH: tuple[int, ...] = tuple(_STRENGTH_BY_RANK[c % 10] for c in range(MAX_CARDS))
POINTS: tuple[int, ...] = tuple(_POINTS_BY_RANK[c % 10] for c in range(MAX_CARDS))
FACE: tuple[int, ...] = tuple(c % FACES for c in range(MAX_CARDS))
#: The rank letter of a strength (index = strength).
RANK_OF_STRENGTH: tuple[str, ...] = tuple(reversed(TRICK_ORDER))

CODES: tuple[str, ...] = (
    *SCOPA_CODES,
    *(RANK_LETTERS[c % 10] + SUIT_LETTERS[c // 10].upper() for c in range(FACES)),
)
_CODE_TO_CARD = {text: c for c, text in enumerate(CODES)}


def code(c: int) -> str:
    return CODES[c]


def parse_card(text: str) -> int:
    """A card id from its code: the exact codes above, else any Scopa notation (a first-deck card)."""
    if isinstance(text, str):
        exact = _CODE_TO_CARD.get(text.strip())
        if exact is not None:
            return exact
    return parse_scopa_card(text)


_MASK_TEXT = MaskText(CODES, parse_card, CardNotationError)
mask_string = _MASK_TEXT.string
mask_codes = _MASK_TEXT.codes
parse_codes = _MASK_TEXT.parse_codes
parse_mask_string = _MASK_TEXT.parse


def removed_cards(players: int, decks: int) -> tuple[int, ...]:
    """The twos taken out so that the deck divides among the players (three players: one; six: two).

    Twos are worth nothing, so the points in play stay 120 a deck. They go in suit order, coins first,
    first deck first.
    """
    size = FACES * decks
    extra = size % players
    twos = [copy * FACES + suit * 10 + 1 for copy in range(decks) for suit in range(4)]
    return tuple(twos[:extra])


def _beats_table(trump_suit: int) -> bytes:
    """``table[best * 80 + c]`` is 1 when ``c``, played after ``best`` (the card taking the trick so far),
    takes it: a stronger card of the same suit, or a trump on a card that is not one."""
    return bytes(
        (STRENGTH[c] > STRENGTH[best]) if SUIT[c] == SUIT[best] else (SUIT[c] == trump_suit)
        for best in range(MAX_CARDS)
        for c in range(MAX_CARDS)
    )


#: By trump suit (0..3; index -1, the last, is "no trump yet"): the table of :func:`_beats_table`. A trick
#: is one lookup per card after the first, in the public engine and in the fast path alike.
BEATS: tuple[bytes, ...] = (*(_beats_table(s) for s in range(4)), _beats_table(-1))


def trick_winner(cards: Sequence[int], trump_suit: int) -> int:
    """The index in ``cards`` (in playing order) of the card that takes the trick.

    The highest trump if any, else the highest card of the suit led; of two identical cards (two decks)
    the one played first. A card of another suit never takes the trick.
    """
    beats = BEATS[trump_suit]
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats[best_card * MAX_CARDS + c]:
            best, best_card = i, c
    return best


def points_of(cards: Sequence[int]) -> int:
    return sum(POINTS[c] for c in cards)


def mask_points(mask: int) -> int:
    return sum(POINTS[c] for c in iter_cards(mask))

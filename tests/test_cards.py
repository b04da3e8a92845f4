"""Card numbering, the typed notation and its errors, and display names."""

import pytest

from scopa.domain.games.common.cards import (
    CODES,
    Suit,
    card,
    cards_in,
    codes,
    display_name,
    mask_of,
    parse_card,
    parse_cards,
    rank_of,
    short_name,
    suit_of,
)
from scopa.domain.games.common.errors import CardNotationError
from scopa.domain.games.scopa.cards import SETTEBELLO


def test_forty_distinct_cards_with_canonical_codes_that_parse_back() -> None:
    assert len(set(CODES)) == 40
    for c, text in enumerate(CODES):
        assert parse_card(text) == c
        assert rank_of(c) == c % 10 + 1


def test_the_settebello_is_the_seven_of_coins() -> None:
    assert card(7, Suit.COINS) == SETTEBELLO
    assert CODES[SETTEBELLO] == "7d"
    assert display_name(SETTEBELLO) == "sette di denari"


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7d", 7, Suit.COINS),
        ("7D", 7, Suit.COINS),
        ("1c", 1, Suit.CUPS),
        ("Ah", 1, Suit.CUPS),  # hearts are cups
        ("10b", 10, Suit.CLUBS),
        ("Rb", 10, Suit.CLUBS),  # re
        ("Fs", 8, Suit.SWORDS),  # fante
        ("Cd", 9, Suit.COINS),  # cavallo
        ("Q♠", 9, Suit.SWORDS),
        ("K♣", 10, Suit.CLUBS),
        ("j♦", 8, Suit.COINS),
        (" 5c ", 5, Suit.CUPS),
    ],
)
def test_notation_accepts_aliases(text: str, rank: int, suit: Suit) -> None:
    c = parse_card(text)
    assert (rank_of(c), suit_of(c)) == (rank, suit)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "write the rank then the suit"),
        ("7", "write the rank then the suit"),
        ("0d", "unknown rank"),
        ("11d", "unknown rank"),
        ("7x", "unknown suit"),
        ("seven", "write the rank then the suit"),
    ],
)
def test_notation_errors_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(CardNotationError, match=reason):
        parse_card(text)


def test_a_list_of_cards_rejects_duplicates() -> None:
    assert parse_cards("7d, 3c 4s") == [card(7, Suit.COINS), card(3, Suit.CUPS), card(4, Suit.SWORDS)]
    with pytest.raises(CardNotationError, match="7d is listed twice"):
        parse_cards("7d 7D")


def test_masks_round_trip_in_suit_then_rank_order() -> None:
    cards = parse_cards("Kb 7d Ac")
    assert cards_in(mask_of(cards)) == sorted(cards)
    assert codes(mask_of(cards)) == ["7d", "Ac", "Kb"]


@pytest.mark.parametrize(
    ("style", "name", "short"),
    [
        ("italian", "re di bastoni", "Kb"),
        ("french", "king of clubs", "K♣"),
        ("spanish", "rey de bastos", "Kb"),
        ("english", "king of clubs", "Kb"),
    ],
)
def test_display_names_in_each_deck_style(style: str, name: str, short: str) -> None:
    king_of_clubs = card(10, Suit.CLUBS)
    assert display_name(king_of_clubs, style) == name  # type: ignore[arg-type]
    assert short_name(king_of_clubs, style) == short  # type: ignore[arg-type]

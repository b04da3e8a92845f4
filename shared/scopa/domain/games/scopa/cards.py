"""Scopa's named cards: the ones its scoring and variants single out (the deck itself is
:mod:`scopa.domain.games.common.cards`)."""

from __future__ import annotations

from scopa.domain.games.common.cards import Suit, card

SETTEBELLO = card(7, Suit.COINS)  # the seven of coins: a point of its own
RE_BELLO = card(10, Suit.COINS)  # the king of coins: a point in the re bello variant
SETTE_DI_COPPE = card(7, Suit.CUPS)  # the seven of cups: cirulla's wild card

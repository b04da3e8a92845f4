"""Briscola's deck for a game: Scopa's seeded, verifiable shuffle, extended to two decks.

One deck: exactly ``scopa-shuffle/1`` (:func:`scopa.domain.games.common.shuffle.shuffled_deck`): the same
seeds, the
same commitments, the same deck. Two decks (``briscola-shuffle/1``): the same construction over the 80
cards ``0..79``: the words are read from the stream ``SHA-256(game seed || attempt (4 bytes) || block
counter (4 bytes))``, four bytes at a time, big-endian; for ``i`` from 79 down to 1 the index ``j`` is
``x mod (i + 1)`` for the first word ``x`` below the largest multiple of ``i + 1`` under 2**32; swap
positions ``i`` and ``j``.

Then the cards the rules take out (a two for three players, see :func:`cards.removed_cards`) are dropped
from the shuffled order, and cards are dealt from the front.
"""

from __future__ import annotations

import hashlib
import struct

from scopa.domain.games.common.shuffle import (
    commitment,
    deal_seed,
    match_seed,
    new_master_seed,
    shuffled_deck,
)

ALGORITHM = "scopa-shuffle/1"
TWO_DECKS_ALGORITHM = "briscola-shuffle/1"


def _words(seed: str, attempt: int, blocks: int) -> list[int]:
    prefix = bytes.fromhex(seed) + struct.pack(">I", attempt)
    words: list[int] = []
    for block in range(blocks):
        words.extend(struct.unpack(">8I", hashlib.sha256(prefix + struct.pack(">I", block)).digest()))
    return words


def shuffled_cards(seed: str, n: int) -> list[int]:
    """The order of the cards ``0..n-1`` for a game seed (n = 40: Scopa's shuffle itself)."""
    if n == 40:
        return shuffled_deck(seed)
    words = _words(seed, 0, 16)  # 128 words for 79 steps: needing more has probability below 2**-200
    deck = list(range(n))
    w = 0
    for i in range(n - 1, 0, -1):
        size = i + 1
        limit = (1 << 32) - (1 << 32) % size
        while words[w] >= limit:
            w += 1
        j = words[w] % size
        w += 1
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def game_deck(seed: str, decks: int, removed: tuple[int, ...]) -> list[int]:
    """The shuffled deck of one game, the removed cards taken out."""
    order = shuffled_cards(seed, 40 * decks)
    if not removed:
        return order
    out = set(removed)
    return [c for c in order if c not in out]


def algorithm(decks: int) -> str:
    return ALGORITHM if decks == 1 else TWO_DECKS_ALGORITHM


__all__ = ["commitment", "deal_seed", "game_deck", "match_seed", "new_master_seed", "shuffled_cards"]

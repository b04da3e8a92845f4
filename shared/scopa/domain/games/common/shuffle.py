"""Seeded, reproducible, verifiable shuffles.

Algorithm ``scopa-shuffle/1`` (simple enough to re-implement in any language):

1. A game has a master seed of 32 random bytes from :mod:`secrets` (256 bits).
2. Deal ``d`` (0-based) has the seed ``SHA-256(master || "deal" || d as 4 big-endian bytes)``.
3. The commitment to a deal, published when the deal starts, is
   ``SHA-256("scopa-shuffle/1:" || hex(deal seed))`` as hex.
4. The deck for attempt ``a`` of a deal (a re-deal after a void table counts up ``a``) is a Fisher-Yates
   shuffle of the cards 0..39 (``suit * 10 + rank - 1``, suits coins, cups, swords, clubs). Random numbers
   come from the byte stream ``SHA-256(deal seed || a (4 bytes) || block counter (4 bytes))``, read four
   bytes at a time as big-endian unsigned integers; for ``i`` from 39 down to 1 an index ``j`` in
   ``0..i`` is ``x mod (i+1)`` for the first ``x`` below the largest multiple of ``i+1`` under 2**32
   (rejection sampling, so no index is favoured); then swap positions ``i`` and ``j``.
5. Cards are dealt from the front of the resulting list.

When the game ends the deal seeds are revealed; anyone can recompute each commitment and each deck.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Mapping, Sequence
from hashlib import sha256
from operator import mod
from typing import Any

from scopa.domain.games.common.errors import RecordError

ALGORITHM = "scopa-shuffle/1"
SEED_BYTES = 32


def new_master_seed() -> str:
    """A fresh master seed (256 bits from the OS's CSPRNG), as hex."""
    return secrets.token_hex(SEED_BYTES)


def match_seed(players: int, master_seed: str | None, first_dealer: int) -> str:
    """The master seed a new match is dealt from (a fresh secret one without ``master_seed``), after
    checking that ``first_dealer`` is one of the ``players`` seats and the seed is hex."""
    if not 0 <= first_dealer < players:
        raise ValueError(f"first_dealer must be a seat 0..{players - 1}")
    seed = master_seed or new_master_seed()
    bytes.fromhex(seed)  # fail early on a malformed seed
    return seed


def deal_seed(master_seed: str, deal_index: int) -> str:
    """The seed of one deal, derived from the master seed."""
    raw = bytes.fromhex(master_seed) + b"deal" + struct.pack(">I", deal_index)
    return hashlib.sha256(raw).hexdigest()


def commitment(seed: str) -> str:
    """The published commitment to a deal seed."""
    return hashlib.sha256(f"{ALGORITHM}:{seed}".encode()).hexdigest()


def _random_words(seed: bytes, attempt: int) -> list[int]:
    """Enough 32-bit words for one shuffle plus generous room for rejections."""
    words: list[int] = []
    prefix = seed + struct.pack(">I", attempt)
    for block in range(8):  # 64 words; the chance of needing more is below 2**-200
        words.extend(struct.unpack(">8I", hashlib.sha256(prefix + struct.pack(">I", block)).digest()))
    return words


#: Index ``i`` (a Fisher-Yates step, ``i`` from 39 down to 1): the bound below which a word is accepted,
#: the largest multiple of ``i + 1`` not above 2**32.
_LIMITS = tuple((1 << 32) - (1 << 32) % (i + 1) for i in range(40))
#: Below this, a word is accepted at every step (every bound is above it).
_ALWAYS_ACCEPTED = min(_LIMITS)
_STEPS = tuple(range(39, 0, -1))
_STEP_SIZES = tuple(i + 1 for i in _STEPS)
_BLOCK_SUFFIXES = tuple(struct.pack(">I", block) for block in range(5))
_FIRST_WORDS = struct.Struct(">40I")


def shuffled_deck(seed: str, attempt: int = 0) -> list[int]:
    """The deck order for a deal seed and attempt number.

    A word is rejected with probability below 40 / 2**32, so almost every shuffle uses exactly the first
    39 words: they come from the first five SHA-256 blocks only, one ``max`` shows that none can be
    rejected (it fails, conservatively, for about one deck in five million), and they are reduced modulo
    the step sizes in one ``map`` (run in C); only the swaps stay a Python loop. Otherwise the step-by-step
    loop over the full word list (:func:`_shuffle_with_rejections`) runs; both give the same deck.
    """
    prefix = bytes.fromhex(seed) + struct.pack(">I", attempt)
    words = _FIRST_WORDS.unpack(b"".join([sha256(prefix + suffix).digest() for suffix in _BLOCK_SUFFIXES]))
    if max(words[:39]) >= _ALWAYS_ACCEPTED:
        return _shuffle_with_rejections(_random_words(bytes.fromhex(seed), attempt))
    deck = list(range(40))
    for i, j in zip(_STEPS, map(mod, words, _STEP_SIZES), strict=False):
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _shuffle_with_rejections(words: list[int]) -> list[int]:
    """Fisher-Yates exactly as the algorithm states it, skipping every word at or above its bound."""
    deck = list(range(40))
    w = 0
    for i in range(39, 0, -1):
        n = i + 1
        limit = _LIMITS[i]
        while True:
            x = words[w]
            w += 1
            if x < limit:
                break
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def verify_deal(seed: str, published_commitment: str) -> bool:
    return commitment(seed) == published_commitment


def verify_dealt_seed(
    master_seed: str, index: int, entry: Mapping[str, Any], published: Sequence[str], word: str = "deal"
) -> str:
    """Check a record's deal ``index`` (a ``word``, 1-based in the messages): its seed derives from the
    master seed, its commitment is that seed's and the one ``published`` when it was dealt. The seed;
    :class:`RecordError` when any of it fails."""
    seed = deal_seed(master_seed, index)
    if entry.get("seed") != seed:
        raise RecordError(f"{word} {index + 1}: the seed does not derive from the master seed")
    if entry.get("commitment") != commitment(seed):
        raise RecordError(f"{word} {index + 1}: the commitment does not match the revealed seed")
    if published[index] != entry["commitment"]:
        raise RecordError(f"{word} {index + 1}: the commitment differs from the one published at the deal")
    return seed

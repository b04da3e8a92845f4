"""The engine's fast paths give what their plain definitions give.

Hot code takes shortcuts (see docs/benchmarks.md): legal_moves inlines the default capture rules, capture
sets come from cached partition plans, the shuffle checks all its words at once, the primiera is read
from tables. Each is checked here against the plain definition it replaces.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from scopa.domain.games.common.cards import RANK, SUIT_MASK, cards_in
from scopa.domain.games.common.shuffle import (
    _random_words,
    _shuffle_with_rejections,
    deal_seed,
    shuffled_deck,
)
from scopa.domain.games.scopa.captures import TableInfo, capture_options, plain_captures
from scopa.domain.games.scopa.engine import legal_moves, new_match
from scopa.domain.games.scopa.rules import PRESETS, make_rules
from scopa.domain.games.scopa.scoring import coin_run, primiera_value, suits_held
from scopa.domain.games.scopa.state import Move

PRIMIERA = (0, 16, 12, 13, 14, 15, 18, 21, 10, 10, 10)


def _random_mask(rng: random.Random, n: int) -> int:
    return sum(1 << c for c in rng.sample(range(40), n))


@pytest.mark.parametrize("preset", list(PRESETS))
def test_legal_moves_are_capture_options_card_by_card(preset: str) -> None:
    """Under every preset (the default-rule presets take the inlined path) legal_moves lists, card by card
    in hand order, every capture option of capture_options and a laid card only where the rules allow."""
    rules = make_rules(preset)
    base = new_match(rules, "5a" * 32)
    rng = random.Random(preset)
    for _ in range(300):
        deck = rng.sample(range(40), 16)
        n_table = rng.choice([0, 1, 2, 4, 6, 8, 12])
        table = sum(1 << c for c in deck[:n_table])
        hand = sum(1 << c for c in deck[n_table : n_table + 3])
        state = base._replace(table=table, hands=(hand, *base.hands[1:]), turn=0)
        expected = []
        for c in cards_in(hand):
            options = capture_options(rules, c, TableInfo(table))
            expected += [Move(c, o) for o in options]
            if not options or not rules.forced_capture:
                expected.append(Move(c, 0))
        assert legal_moves(state) == expected


def test_plain_captures_names_the_default_rules() -> None:
    assert plain_captures(make_rules("classic"))
    assert plain_captures(make_rules("scopone"))
    assert not plain_captures(make_rules("cirulla"))
    assert not plain_captures(make_rules("scopa_d_assi"))
    assert not plain_captures(make_rules("classic", {"capture_choice": "fewest_cards"}))


def test_sets_making_lists_every_subset_once() -> None:
    rng = random.Random(7)
    for _ in range(200):
        table = _random_mask(rng, rng.randrange(0, 13))
        cards = cards_in(table)
        by_total: dict[tuple[int, int], set[int]] = {}  # (total, cards) -> the subsets, by brute force
        for k in range(1, len(cards) + 1):
            for combo in combinations(cards, k):
                by_total.setdefault((sum(RANK[c] for c in combo), k), set()).add(sum(1 << c for c in combo))
        info = TableInfo(table)
        for total in range(1, 15):
            for min_cards in (1, 2):
                found = info.sets_making(total, min_cards)
                assert len(found) == len(set(found))
                expected = set().union(*(by_total.get((total, k), set()) for k in range(min_cards, 13)))
                assert set(found) == expected
        makeable = sum(1 << t for t in range(1, 11) if info.sets_making(t, 2))
        if len(cards) <= 6:
            assert info.sum_totals() == makeable
        else:
            assert info.sum_totals() & makeable == makeable


def test_by_rank_and_signature() -> None:
    rng = random.Random(8)
    for _ in range(200):
        table = _random_mask(rng, rng.randrange(0, 20))
        info = TableInfo(table)
        for r in range(1, 11):
            mine = [c for c in cards_in(table) if RANK[c] == r]
            assert info.by_rank[r] == sum(1 << c for c in mine)
            assert info.signature >> 4 * r & 15 == len(mine)


def _textbook_shuffle(words: list[int]) -> list[int]:
    deck = list(range(40))
    w = 0
    for i in range(39, 0, -1):
        n = i + 1
        while words[w] >= 2**32 - 2**32 % n:
            w += 1
        j = words[w] % n
        w += 1
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_shuffle_fast_path_is_the_algorithm() -> None:
    for d in range(300):
        seed = deal_seed("0f" * 32, d)
        attempt = d % 3
        assert shuffled_deck(seed, attempt) == _textbook_shuffle(_random_words(bytes.fromhex(seed), attempt))


def test_shuffle_with_rejections() -> None:
    """Words at or above their bound are skipped (forced here: real seeds almost never produce one)."""
    rng = random.Random(9)
    for _ in range(200):
        words = [rng.getrandbits(32) for _ in range(64)]
        for k in rng.sample(range(39), 4):
            words[k] = 2**32 - 1 - rng.randrange(3)
        assert _shuffle_with_rejections(words) == _textbook_shuffle(words)


def test_primiera_coin_run_and_suits_from_tables() -> None:
    rng = random.Random(10)
    for _ in range(2000):
        pile = _random_mask(rng, rng.randrange(0, 41))
        best = [max((PRIMIERA[RANK[c]] for c in cards_in(pile & SUIT_MASK[s])), default=0) for s in range(4)]
        assert primiera_value(pile) == sum(best)
        assert suits_held(pile) == sum(1 for s in range(4) if pile & SUIT_MASK[s])
        run = 0
        while run < 10 and pile >> run & 1:
            run += 1
        assert coin_run(pile) == run

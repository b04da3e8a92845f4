"""The fast path (:mod:`scopa.domain.games.scopa.fast`) against the public engine, in every variant.

Hypothesis draws a rule set (a preset plus options, as tests/test_properties.py does), a master seed, a
first dealer and a choice seed; the game is played on the public engine and on a :class:`FastGame` side
by side, the same move each turn, and after every move the two must agree on everything the fast state
holds. A whole-game :meth:`FastGame.playout` with the same random stream must then end in the same deal
points and result as the public engine playing the bench's choice rule.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given

from scopa.domain.games.common.cards import BIT
from scopa.domain.games.common.shuffle import deal_seed, shuffled_deck
from scopa.domain.games.scopa import fast
from scopa.domain.games.scopa.engine import apply_move, legal_moves, new_match
from scopa.domain.games.scopa.fast import FastGame, clear_memos, deal_bits, random_game
from scopa.domain.games.scopa.rules import RuleSet, make_rules
from scopa.domain.games.scopa.state import Move, ScopaState
from tests.test_properties import Setup, games, setups


def assert_same(state: ScopaState, fast: FastGame) -> None:
    assert fast.hands == list(state.hands)
    assert fast.table == state.table
    assert fast.turn == state.turn
    assert fast.deal_index == state.deal_index
    assert fast.dealer == state.dealer
    assert fast.moves_played == state.moves_played
    assert fast.scores == list(state.scores)
    assert fast.deal_totals == [tuple(t) for t in state.deal_totals]
    assert (fast.winner, fast.reason) == (
        (state.result.winner, state.result.reason) if state.result else (-1, "")
    )
    if state.result is None:  # a final state keeps the last deal's piles in the public engine only
        assert fast.piles == list(state.piles)
        assert fast.last_capturer == state.last_capturer
        assert fast.revealed == state.revealed
        assert fast.scope_by_side() == state.scope_by_side()
        assert fast.bonus_by_side() == state.bonus_by_side()
        assert fast.stock_size == state.stock_size
    assert fast.moves() == sorted(legal_moves(state))


def public_game(rules: RuleSet, seed: str, dealer: int, choice_seed: int) -> ScopaState:
    """The bench's choice rule on the public engine: ``moves[int(rnd() * len(moves))]`` of the sorted list."""
    rnd = random.Random(choice_seed).random
    state = new_match(rules, seed, dealer)
    while state.result is None:
        moves = sorted(legal_moves(state))
        state = apply_move(state, moves[int(rnd() * len(moves))])
    return state


@given(setups())
@games(60)
def test_the_fast_path_plays_every_move_as_the_engine_does(setup: Setup) -> None:
    state = new_match(setup.rules, setup.master_seed, setup.first_dealer)
    fast = FastGame.new(setup.rules, setup.master_seed, setup.first_dealer)
    rng = random.Random(setup.choice_seed)
    assert_same(state, fast)
    while state.result is None:
        card, take = rng.choice(fast.moves())
        state = apply_move(state, Move(card, take))  # checked: the fast path's move must be legal
        fast.play(card, take)
        assert_same(state, fast)
        if rng.random() < 0.05:  # a copy, and the fast form of a public state, carry on alike
            assert_same(state, fast.copy())
            assert_same(state, FastGame.from_state(state))


@given(setups())
@games(40)
def test_a_playout_plays_the_game_the_engine_plays_with_the_same_choices(setup: Setup) -> None:
    state = public_game(setup.rules, setup.master_seed, setup.first_dealer, setup.choice_seed)
    rnd = random.Random(setup.choice_seed).random
    fast = random_game(setup.rules, setup.master_seed, rnd, setup.first_dealer)
    assert fast.deal_totals == [tuple(t) for t in state.deal_totals]
    assert fast.scores == list(state.scores)
    assert fast.moves_played == state.moves_played
    assert state.result is not None
    assert (fast.winner, fast.reason) == (state.result.winner, state.result.reason)


def test_a_playout_can_stop_after_a_number_of_deals() -> None:
    fast = FastGame.new(make_rules("classic", {"target": 1000}), "ab" * 32)
    fast.playout(random.Random(3).random, deals=2)
    assert len(fast.deal_totals) == 2
    assert fast.winner == -1
    assert fast.moves_played == 72
    assert sum(h.bit_count() for h in fast.hands) == 6  # the third deal is dealt and not played


def test_the_fast_shuffle_deals_the_public_deck() -> None:
    for i in range(300):
        seed = deal_seed(f"{i:064x}", i % 7)
        for attempt in (0, 1):
            assert deal_bits(bytes.fromhex(seed), attempt) == [BIT[c] for c in shuffled_deck(seed, attempt)]


def test_a_block_that_could_hold_a_rejected_word_takes_the_public_shuffle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Words from ``ff ff ff 00`` up may be rejected: the fast shuffle leaves such decks to the public one."""
    seed = deal_seed("ab" * 32, 3)

    class Suspicious:
        def __init__(self, data: bytes) -> None:
            self.data = data

        def digest(self) -> bytes:
            return b"\xff\xff\xff" + hashlib.sha256(self.data).digest()[3:]

    monkeypatch.setattr(fast, "sha256", Suspicious)
    assert deal_bits(bytes.fromhex(seed), 0) == [BIT[c] for c in shuffled_deck(seed, 0)]


def test_memos_can_be_cleared_and_refill_alike() -> None:
    rules = make_rules("cirulla")
    before = random_game(rules, "cd" * 32, random.Random(5).random).deal_totals
    clear_memos()
    assert random_game(rules, "cd" * 32, random.Random(5).random).deal_totals == before


def test_a_redeal_with_the_true_hidden_cards_plays_on_as_the_game_itself() -> None:
    rules = make_rules("scopone")
    state = new_match(rules, "ef" * 32, 1)
    rng = random.Random(11)
    for _ in range(7):
        state = apply_move(state, rng.choice(legal_moves(state)))
    original = FastGame.from_state(state)
    sample = FastGame.from_state(state)
    sample.redeal([0] * 4, [], "00" * 32)  # wrong hidden cards and seed first, then the true ones
    sample.redeal(state.hands, state.deck[state.dealt :], state.master_seed)
    original.playout(random.Random(2).random)
    sample.playout(random.Random(2).random)
    assert (sample.deal_totals, sample.winner) == (original.deal_totals, original.winner)


def test_a_redeal_changes_the_hidden_cards_only() -> None:
    game = FastGame.new(make_rules("classic"), "12" * 32)
    table, piles = game.table, list(game.piles)
    mine = game.hands[game.turn]
    others = [c for c in range(40) if not (mine | table) >> c & 1]
    random.Random(4).shuffle(others)
    hands = [0, 0]
    hands[game.turn] = mine
    hands[1 - game.turn] = sum(1 << c for c in others[:3])
    game.redeal(hands, others[3:])
    assert (game.table, game.piles, game.hands) == (table, piles, hands)
    assert game.stock_size == len(others) - 3
    game.playout(random.Random(1).random, deals=1)
    assert len(game.deal_totals) == 1  # the deal was played out and scored

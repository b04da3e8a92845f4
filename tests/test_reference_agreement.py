"""The engine and the plain reference of bench/reference.py agree, move by move and deal by deal.

The reference (cards as tuples, lists, itertools.combinations) shares no code with the engine, so agreement
on a few hundred random deals of classic two-player Scopa is a differential check of the shuffle, the
deal, the legal moves (every capture option), the moves themselves and the deal's points. It is also what
makes the benchmark's engine/reference ratio meaningful. No timing here: see ``make bench``.
"""

from __future__ import annotations

import random

import pytest

from bench import reference as ref
from bench.engine import CANONICAL_KEY, crowded_positions, engine_game, game_seed, ref_card_id, reference_game
from scopa.domain.games.scopa.engine import apply_move, legal_moves, new_match
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.scoring import primiera_value
from scopa.domain.games.scopa.state import ScopaState

GAMES = 100  # about 370 deals


def _mask(cards: list[ref.Card]) -> int:
    return sum(1 << ref_card_id(c) for c in cards)


def _same_position(state: ScopaState, position: ref.RefState) -> None:
    assert state.turn == position.turn
    assert state.table == _mask(position.table)
    assert list(state.hands) == [_mask(h) for h in position.hands]
    assert state.stock_size == len(position.stock)


def _check_deal_score(state: ScopaState, position: ref.RefState) -> None:
    """The engine's score of the deal just finished against the reference's, category by category."""
    assert position.finished
    score = state.last_deal
    assert score is not None
    assert list(score.points) == ref.score_deal(position)
    assert list(score.cards) == [len(p) for p in position.piles]
    assert list(score.coins) == [sum(1 for c in p if c[1] == ref.COINS) for p in position.piles]
    assert list(score.primiera) == [ref.primiera(p) for p in position.piles]


def test_random_deals_agree_move_by_move() -> None:
    rules = make_rules("classic")
    deals = moves = 0
    for g in range(GAMES):
        rng = random.Random(g)
        master = game_seed(100_000 + g)
        state = new_match(rules, master, first_dealer=g % 2)
        while state.result is None:
            deal_index = state.deal_index
            position = ref.start_deal(ref.deal_seed(master, deal_index), state.dealer)
            _same_position(state, position)
            while True:
                mine = sorted(legal_moves(state))
                theirs = sorted(ref.legal_moves(position), key=CANONICAL_KEY.__getitem__)
                assert mine == [CANONICAL_KEY[m] for m in theirs]
                i = rng.randrange(len(mine))
                state = apply_move(state, mine[i], state.turn)
                position = ref.play(position, theirs[i])
                moves += 1
                if position.finished:
                    break
                _same_position(state, position)
            assert state.deal_index != deal_index or state.result is not None
            _check_deal_score(state, position)
            deals += 1
    assert deals >= 300
    assert moves == deals * 36


def test_benchmark_games_agree() -> None:
    """The benchmark's own game loops (the timed code) give the same points deal by deal."""
    rules = make_rules("classic")
    for g in range(20):
        assert engine_game(rules, game_seed(g), g) == reference_game(game_seed(g), g)


@pytest.mark.parametrize("n_table", [0, 1, 4, 8, 12])
def test_legal_moves_agree_on_crowded_tables(n_table: int) -> None:
    engine_states, reference_states = crowded_positions(n_table, 100, seed=n_table)
    for state, position in zip(engine_states, reference_states, strict=True):
        assert sorted(legal_moves(state)) == sorted(CANONICAL_KEY[m] for m in ref.legal_moves(position))


def test_primiera_of_the_worked_examples() -> None:
    """RULES.md: 7 of cups + 7 of coins + 6 of clubs + ace of swords = 76; three sevens, 63, lose to 69."""
    for pile, value in (
        ([(7, 1), (7, 0), (6, 3), (1, 2)], 76),
        ([(7, 0), (7, 1), (7, 2)], 63),
        ([(7, 0), (1, 1), (1, 2), (1, 3)], 69),
    ):
        assert ref.primiera(pile) == value
        assert primiera_value(_mask(pile)) == value

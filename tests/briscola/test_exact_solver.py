"""The exact two-player solver (bots/solver.py) against plain minimax, and the bench's peeking oracle: it
plays the truth it is handed, and only the bench hands it anything."""

from __future__ import annotations

import random

import pytest

from bench.brisduel import PeekingBot, make_player
from scopa.domain.games.briscola import bots as briscola_bots
from scopa.domain.games.briscola import fast
from scopa.domain.games.briscola.bots.knowledge import read_view
from scopa.domain.games.briscola.bots.playout import solve_values
from scopa.domain.games.briscola.bots.solver import Solver, cards_of, mask_of
from scopa.domain.games.briscola.engine import apply_move, legal_moves, new_match
from scopa.domain.games.briscola.rules import make_rules
from scopa.domain.games.briscola.views import seat_view
from scopa.domain.games.common.cards import iter_cards

RULES = make_rules("classic")


def _position(seed: int, stock_left: int, mid_trick: bool) -> fast.Playout:
    rng = random.Random(seed)
    game = fast.deal(RULES, f"{seed + 1:064x}")
    while len(game.deck) - game.drawn > stock_left:
        game.play_index(rng.randrange(len(game.hands[game.turn])))
    if mid_trick:
        game.play_index(rng.randrange(len(game.hands[game.turn])))
    return game


@pytest.mark.parametrize("stock_left", [0, 2, 4])
def test_the_solver_agrees_with_plain_minimax(stock_left: int) -> None:
    checked = 0
    for seed in range(24):
        game = _position(seed, stock_left, mid_trick=seed % 2 == 1)
        me = game.turn
        stock = list(game.deck[game.drawn :])
        trump = game.deck[-1] % 40 // 10
        solver = Solver(stock, trump)
        found = solver.values(mask_of(game.hands[me]), mask_of(game.hands[1 - me]), game.trick_cards)
        cards, values, _ = solve_values(
            [list(h) for h in game.hands], stock, list(game.trick_cards), game.leader, trump, (0, 1), me
        )
        assert found == dict(zip(cards, values, strict=True))
        assert solver.nodes > 0
        checked += 1
    assert checked == 24


def test_the_solver_value_is_the_points_of_the_best_play_to_the_end() -> None:
    """Play the solver's best card at every turn for both seats: the margin it promised is what comes."""
    game = _position(5, 6, mid_trick=False)
    trump = game.deck[-1] % 40 // 10
    me = game.turn
    start = list(game.points)
    promised = max(
        Solver(game.deck[game.drawn :], trump)
        .values(mask_of(game.hands[me]), mask_of(game.hands[1 - me]), game.trick_cards)
        .values()
    )
    while not game.finished:
        seat = game.turn
        values = Solver(game.deck[game.drawn :], trump).values(
            mask_of(game.hands[seat]), mask_of(game.hands[1 - seat]), game.trick_cards
        )
        game.play(max(sorted(values), key=values.__getitem__))
    gained = [p - s for p, s in zip(game.points, start, strict=True)]
    assert gained[me] - gained[1 - me] == promised


def test_masks_round_trip() -> None:
    assert cards_of(mask_of([0, 7, 39])) == [0, 7, 39]
    assert cards_of(0) == []


def test_the_oracle_plays_the_truth_it_is_shown_and_refuses_to_play_blind() -> None:
    state = new_match(RULES, "ab" * 32, 0)
    for step in range(9):  # into the game, stock still long
        state = apply_move(state, legal_moves(state)[step % 2], state.turn)
    seat = state.turn
    view = seat_view(state, seat)
    oracle = PeekingBot(3)
    with pytest.raises(RuntimeError):
        oracle.choose(view)
    oracle.see(state)
    hands, stock, _ = oracle.guess(read_view(view))
    assert hands == [sorted(iter_cards(h)) for h in state.hands]
    assert stock == list(state.deck[state.drawn :])
    assert oracle.choose(view) in view["legal_moves"]


def test_the_oracle_is_a_bench_player_only() -> None:
    assert "oracle" not in briscola_bots.BOTS
    with pytest.raises(ValueError, match="unknown bot"):
        briscola_bots.make_bot("oracle")
    assert isinstance(make_player("oracle", 1), PeekingBot)
    assert make_player("champion:budget=900,flat=true", 1).budget == 900  # type: ignore[attr-defined]

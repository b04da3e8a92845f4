"""The fast path (:mod:`scopa.domain.games.briscola.fast`) plays the same games as the public engine.

From any state of the play phase of any preset (and options on top), the same choices played move by move
on a :class:`Playout` and through ``apply_move`` give the same hands, trick, turn, stock, trump holder and
card points after every move; whole games by :func:`run_tricks` (the loop the searches and the benchmark
use) end with the points the public engine scores.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scopa.domain.games.briscola.cards import BEATS, trick_winner
from scopa.domain.games.briscola.engine import apply_move, legal_moves, new_match
from scopa.domain.games.briscola.fast import Playout, deal, random_game, side_points
from scopa.domain.games.briscola.rules import PRESETS, BriscolaRules, make_rules
from scopa.domain.games.briscola.state import BriscolaState

#: Every preset, and options the presets do not cover.
CASES: list[tuple[str, dict[str, Any]]] = [
    *((preset, {}) for preset in PRESETS),
    ("classic", {"hand_size": 5}),
    ("three_players", {"hand_size": 1}),
    ("partnership", {"signals": True, "hand_size": 4}),
    ("six_players", {"hand_size": 6}),
    ("classic", {"match": "points", "points_target": 200}),
    ("chiamata", {"match": "points", "points_target": 3}),
]
CASE_IDS = [f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for p, o in CASES]

words = st.lists(st.integers(0, 2**30), min_size=200, max_size=200)


def seed_of(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def to_play_phase(state: BriscolaState, choices: list[int]) -> tuple[BriscolaState, int]:
    """Chiamata: the auction and the call played by the choices (the public engine's moves)."""
    k = 0
    while state.phase in ("auction", "call"):
        moves = legal_moves(state)
        state = apply_move(state, moves[choices[k % len(choices)] % len(moves)], state.turn)
        k += 1
    return state, k


def assert_same(playout: Playout, state: BriscolaState) -> None:
    assert [playout.hand_mask(s) for s in range(state.rules.players)] == list(state.hands)
    assert playout.trick_cards == list(state.trick)
    assert (playout.leader, playout.turn) == (state.leader, state.turn)
    assert playout.drawn == state.drawn
    assert playout.trump_holder == state.trump_holder
    assert playout.points == list(state.points)


def played_in(rules: BriscolaRules, label: str, choices: list[int], skip: int) -> tuple[BriscolaState, int]:
    """A match of ``rules`` in its play phase, ``skip`` moves in (by ``choices``), and the next choice."""
    state, k = to_play_phase(new_match(rules, seed_of(label), 0), choices)
    for _ in range(skip):
        moves = legal_moves(state)
        state = apply_move(state, moves[choices[k] % len(moves)], state.turn)
        k += 1
    return state, k


@pytest.mark.parametrize(("preset", "options"), CASES, ids=CASE_IDS)
@settings(max_examples=15, deadline=None)
@given(choices=words, skip=st.integers(0, 30))
def test_move_by_move_agrees(preset: str, options: dict[str, Any], choices: list[int], skip: int) -> None:
    """Start anywhere in a game (``skip`` moves in, mid-trick too) and play on both sides."""
    state, k = played_in(make_rules(preset, options), f"{preset}{skip}", choices, skip)
    game = len(state.history)
    playout = Playout.from_state(state)
    assert_same(playout, state)
    while len(state.history) == game:
        moves = legal_moves(state)
        assert playout.legal() == [m.card for m in moves]
        index = choices[k % len(choices)] % len(moves)
        state = apply_move(state, moves[index], state.turn)
        playout.play_index(index)
        k += 1
        if len(state.history) == game:
            assert_same(playout, state)
    assert playout.finished
    assert side_points(state.rules, playout.points) == state.history[-1].points


@pytest.mark.parametrize(("preset", "options"), CASES, ids=CASE_IDS)
@settings(max_examples=15, deadline=None)
@given(choices=words, skip=st.integers(0, 30))
def test_run_to_the_end_agrees(preset: str, options: dict[str, Any], choices: list[int], skip: int) -> None:
    """``Playout.run`` (whole tricks in one loop) ends where the public engine ends, from anywhere."""
    state, k = played_in(make_rules(preset, options), f"run{skip}", choices, skip)
    game = len(state.history)
    playout = Playout.from_state(state)
    untouched = playout.copy()
    doubled = choices + choices
    end = playout.run(doubled, k)
    before = state
    while len(state.history) == game:
        moves = legal_moves(state)
        before = state
        state = apply_move(state, moves[doubled[k] % len(moves)], state.turn)
        k += 1
    assert end == k
    assert playout.finished
    assert playout.trump_holder == before.trump_holder  # the last state of the game, before its scoring
    assert side_points(state.rules, playout.points) == state.history[-1].points
    assert not any(playout.hands)
    assert any(untouched.hands)  # the copy shares no list with the playout


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "chiamata"])
@settings(max_examples=10, deadline=None)
@given(choices=words)
def test_a_whole_random_game_agrees(preset: str, choices: list[int]) -> None:
    """``random_game`` (the benchmark's fast path) scores the public engine's first game per seat."""
    rules = make_rules(preset)
    seed = seed_of(f"whole-{preset}-{choices[0]}")
    state = new_match(rules, seed, 0)
    assert deal(rules, seed).hand_mask(1) == state.hands[1]
    k = 0
    while not state.history:
        moves = legal_moves(state)
        state = apply_move(state, moves[choices[k] % len(moves)], state.turn, validate=False)
        k += 1
    points = random_game(rules, seed, choices)
    assert side_points(rules, points) == state.history[0].points
    assert sum(points) == rules.total_points


def test_chiamata_has_no_deal_without_its_auction() -> None:
    with pytest.raises(ValueError, match="auction"):
        deal(make_rules("chiamata"), seed_of("c"))
    with pytest.raises(ValueError, match="play phase"):
        Playout.from_state(new_match(make_rules("chiamata"), seed_of("c"), 0))


@given(cards=st.lists(st.integers(0, 79), min_size=2, max_size=8), trump=st.integers(-1, 3))
def test_the_beats_table_is_the_rule(cards: list[int], trump: int) -> None:
    """One table lookup per card names the winner the rule names: highest trump, else highest of the
    suit led, the earlier of two identical cards (the rule as written, over suit and trick order)."""
    order = "A3KQJ76542"
    suit = [c % 40 // 10 for c in cards]
    rank = ["A234567JQK"[c % 10] for c in cards]
    trumps = [i for i in range(len(cards)) if suit[i] == trump]
    pool = trumps or [i for i in range(len(cards)) if suit[i] == suit[0]]
    expected = min(pool, key=lambda i: (order.index(rank[i]), i))
    assert trick_winner(cards, trump) == expected
    assert len(BEATS) == 5


def test_the_benchmark_compares_every_game_with_its_plain_reference() -> None:
    """``bench.briscola``'s random games: the fast path, the public API and the plain reference score
    every game alike (a difference raises), and the figures are reported."""
    from bench.briscola import BenchmarkMismatch, fast_game, ref_game, run_random_games

    figures = run_random_games(30, 1)
    assert figures["games"] == 30
    assert min(figures["engine_per_s"], figures["public_per_s"], figures["reference_per_s"]) > 0
    choices = [7] * 40
    assert fast_game(seed_of("bench"), choices) == ref_game(seed_of("bench"), choices)
    assert issubclass(BenchmarkMismatch, AssertionError)

"""The exact two-player solver (bots/solver.py) against plain minimax, and the bench's peeking oracle: it
plays the truth it is handed, and only the bench hands it anything."""

from __future__ import annotations

import random

import pytest

from bench.briscola_leaf import FEATURES, fit, leaf_row
from bench.brisduel import PeekingBot, make_player
from scopa.domain.games.briscola import bots as briscola_bots
from scopa.domain.games.briscola import fast
from scopa.domain.games.briscola.bots.champion import FITTED_HELD, ChampionBot
from scopa.domain.games.briscola.bots.inference import card_weights, lead_likelihoods, weighted_guess
from scopa.domain.games.briscola.bots.knowledge import read_view
from scopa.domain.games.briscola.bots.playout import solve_values
from scopa.domain.games.briscola.bots.solver import Solver, mask_of
from scopa.domain.games.briscola.bots.strong import guess_position
from scopa.domain.games.briscola.cards import BEATS, POINTS, SUIT
from scopa.domain.games.briscola.engine import apply_move, legal_moves, new_match
from scopa.domain.games.briscola.rules import make_rules
from scopa.domain.games.briscola.views import seat_view
from scopa.domain.games.common.cards import cards_in, iter_cards
from tests.test_champion_bots import _briscola_swap as briscola_swap

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
    assert cards_in(mask_of([0, 7, 39])) == [0, 7, 39]
    assert cards_in(0) == []


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


def test_a_stopped_search_values_the_hands_by_the_leaf() -> None:
    """Stopped at the next trick's start, the value is that trick's points plus the leaf's judgement."""
    game = _position(3, 20, mid_trick=False)
    trump = game.deck[-1] % 40 // 10
    leaf = [0.0] * 81
    full = Solver(game.deck[game.drawn :], trump, stop=2, leaf=leaf)
    me = game.turn
    values = full.values(mask_of(game.hands[me]), mask_of(game.hands[1 - me]), [])
    # With a leaf of zero, each lead is worth what the best answer to it makes of this trick alone.
    beats = BEATS[trump]
    for a, v in values.items():
        outcomes = [
            -(POINTS[a] + POINTS[b]) if beats[a * 80 + b] else POINTS[a] + POINTS[b]
            for b in game.hands[1 - me]
        ]
        assert v == min(outcomes)
    held = [5.0 if SUIT[c] == trump else 0.0 for c in range(80)] + [0.0]
    trumps = Solver(game.deck[game.drawn :], trump, stop=2, leaf=held)
    assert trumps.values(mask_of(game.hands[me]), mask_of(game.hands[1 - me]), []) != values or not any(
        SUIT[c] == trump for c in (*game.hands[0], *game.hands[1], *game.deck[game.drawn : game.drawn + 2])
    )


@pytest.mark.parametrize(
    "options", [{"deep": 2, "exact_stock": 6}, {"flat": True, "exact_stock": 4}, {"lead_model": 6}]
)
def test_the_champion_modes_play_legal_deterministic_moves(options: dict[str, object]) -> None:
    state = new_match(RULES, "cd" * 32, 0)
    while not state.finished and not state.history:
        view = seat_view(state, state.turn)
        first = ChampionBot(4, exact_nodes=3000, budget=1500, **options).choose(view)  # type: ignore[arg-type]
        assert first in view["legal_moves"]
        assert ChampionBot(4, exact_nodes=3000, budget=1500, **options).choose(view) == first  # type: ignore[arg-type]
        state = apply_move(state, legal_moves(state)[0], state.turn)
    assert state.history


def test_the_inference_makes_a_held_trump_unlikely_after_a_load_was_let_go() -> None:
    """The other seat let an ace or a three of ours go by with a plain card of no points: a trump in its
    hand would have taken it, so (reading that trick only) every unseen trump is unlikely, and a plain
    two, which would not have taken it, is not."""
    found = 0
    for s in range(40):
        rng = random.Random(s)
        state = new_match(RULES, f"{s + 9:064x}", 0)
        while not state.finished and not state.history:
            seat = state.turn
            if seat == 0 and state.tricks and not state.trick and len(state.deck) - state.drawn > 6:
                last = state.tricks[-1]
                led, answer = last.cards
                if (
                    last.leader == 0
                    and POINTS[led] >= 10
                    and POINTS[answer] == 0
                    and state.trump_suit not in (SUIT[led], SUIT[answer])
                ):
                    view = seat_view(state, 0)
                    k = read_view(view)
                    weights = card_weights(k, view, follow_beta=0.5, lead_beta=0.0, tricks_back=1)
                    trumps = [weights[c] for c in k.unseen if SUIT[c] == state.trump_suit]
                    twos = [weights[c] for c in k.unseen if c % 10 == 1 and SUIT[c] != state.trump_suit]
                    if trumps and twos:
                        assert max(trumps) < 0.01
                        assert min(twos) > 0.5
                        found += 1
                        break
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))], seat)
    assert found >= 3


def test_a_weighted_guess_agrees_with_what_the_seat_knows() -> None:
    state = new_match(RULES, "ef" * 32, 0)
    for step in range(7):
        state = apply_move(state, legal_moves(state)[step % 2], state.turn)
    view = seat_view(state, state.turn)
    k = read_view(view)
    weights = card_weights(k, view, follow_beta=1.0, lead_beta=0.2)
    for s in range(20):
        hands, stock, _ = weighted_guess(k, weights, random.Random(s))
        assert sorted(hands[k.seat]) == sorted(k.hand)
        assert len(hands[1 - k.seat]) == k.hand_sizes[1 - k.seat]
        assert len(stock) == k.stock
        assert stock[-1] == k.trump_card
        assert sorted([*hands[1 - k.seat], *stock[:-1]]) == sorted(k.unseen)


def test_the_leaf_fit_recovers_known_weights() -> None:
    """The script's least squares on positions whose value is exactly a known weighting of the hands."""
    rng = random.Random(2)
    truth = [float(i % 7) - 3 for i in range(FEATURES - 1)] + [1.5]
    rows: list[list[float]] = []
    targets: list[int] = []
    for _ in range(2000):
        cards = rng.sample(range(40), 6)
        row = leaf_row(cards[:3], cards[3:], trump=2)
        rows.append(row)
        targets.append(round(100 * sum(w * x for w, x in zip(truth, row, strict=True))))
    found = fit(rows, [t / 100 for t in targets])
    # Only differences between the weights count (each hand holds three cards): compare them.
    for i in range(FEATURES - 1):
        assert found[i] - found[0] == pytest.approx(truth[i] - truth[0], abs=0.1)
    assert found[20] == pytest.approx(truth[20], abs=0.1)


def test_the_committed_leaf_values_trumps_above_plain_cards_and_high_trumps_most() -> None:
    plain, trumps = FITTED_HELD
    trump = 1
    ace, two = 10 * trump, 10 * trump + 1
    assert trumps[ace] > trumps[two] > max(plain[c] for c in range(40) if SUIT[c] != trump)


def test_the_exact_endgame_does_not_peek_at_hidden_cards() -> None:
    """From six cards to draw the champion solves its guesses exactly: still from the view alone (a hidden
    card swapped between the other hand and the stock changes nothing it sees, nor its choice)."""
    compared = 0
    for s in range(6):
        state = new_match(RULES, f"{s + 40:064x}", 0)
        step = 0
        while not state.finished and not state.history:
            seat = state.turn
            stock = len(state.deck) - state.drawn
            twin = briscola_swap(state, seat) if 2 < stock <= 6 else None
            if twin is not None:
                view = seat_view(state, seat)
                assert seat_view(twin, seat) == view
                chosen = ChampionBot(s, exact_nodes=4000).choose(view)
                assert ChampionBot(s, exact_nodes=4000).choose(seat_view(twin, seat)) == chosen
                compared += 1
            moves = legal_moves(state)
            state = apply_move(state, moves[step % len(moves)], seat)
            step += 1
    assert compared >= 6


def test_an_oracle_shown_one_card_keeps_it_and_guesses_the_rest() -> None:
    state = new_match(RULES, "ab" * 32, 0)
    for step in range(9):
        state = apply_move(state, legal_moves(state)[step % 2], state.turn)
    seat = state.turn
    view = seat_view(state, seat)
    k = read_view(view)
    oracle = PeekingBot(5, shown=1)
    oracle.see(state)
    (card,) = oracle.shown_cards
    other = 1 - seat
    true_other = sorted(iter_cards(state.hands[other]))
    assert card in true_other
    hidden = sorted([*true_other, *state.deck[state.drawn : -1]])
    differs = 0
    for _ in range(10):
        hands, stock, _ = oracle.guess(k)
        assert card in hands[other]
        assert len(hands[other]) == len(true_other)
        assert stock[-1] == state.deck[-1]
        assert sorted([*hands[other], *stock[:-1]]) == hidden
        differs += sorted(hands[other]) != true_other
    assert differs > 0


def test_the_lead_model_weighs_each_guess_by_how_likely_its_hand_led_the_card() -> None:
    state = new_match(RULES, "ab" * 32, 0)
    while not (state.trick and len(state.deck) - state.drawn > 10):
        state = apply_move(state, legal_moves(state)[0], state.turn)
    view = seat_view(state, state.turn)
    k = read_view(view)
    rng = random.Random(1)
    guesses = [guess_position(k, rng) for _ in range(12)]
    likely, work = lead_likelihoods(k, guesses, random.Random(2), beta=0.5, samples=4, horizon=5)
    assert len(likely) == len(guesses)
    assert all(0.0 < x <= 1.0 for x in likely)
    assert work > 0
    assert len(set(likely)) > 1  # the hands differ, and so does how well they explain the lead
    again, _ = lead_likelihoods(k, guesses, random.Random(2), beta=0.5, samples=4, horizon=5)
    assert again == likely

"""Briscola behind the game-neutral interface (``GAMES["briscola"]``), and its bots."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from scopa.domain.games import GAMES
from scopa.domain.games.briscola.bots import BOTS, make_bot
from scopa.domain.games.briscola.bots.playout import solve_values
from scopa.domain.games.briscola.cards import parse_card
from scopa.domain.games.briscola.engine import apply_move, new_match
from scopa.domain.games.briscola.errors import BriscolaRule
from scopa.domain.games.briscola.rules import PRESETS, make_rules
from scopa.domain.games.briscola.state import Move
from scopa.domain.games.briscola.views import seat_view
from scopa.domain.games.common.errors import IllegalMove, RecordError, RuleSetError


def seed(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def play_bots(preset: str, kinds: list[str], label: str, **strong: Any) -> dict[str, Any]:
    game = GAMES["briscola"]
    rules = game.validate_rules(preset, {})
    state = game.new_state(rules, seed(label), 0)
    players = game.players(rules)
    bots = [make_bot(kinds[s % len(kinds)], seed=s) for s in range(players)]
    for bot in bots:
        for name, value in strong.items():
            setattr(bot, name, value)
    log: list[str] = []
    while (turn := game.turn(state)) is not None:
        view = game.view(state, turn)
        move = bots[turn].choose(view)
        assert move in view["legal_moves"], (move, view["legal_moves"])
        state, entry = game.apply(state, turn, move)
        log.append(entry)
    record = game.record(state, log, [f"seat{s}" for s in range(players)])
    assert game.verify_record(json.loads(json.dumps(record)))["ok"]
    return state


def test_registered_and_every_preset_validates() -> None:
    game = GAMES["briscola"]
    assert game.name == "briscola"
    for preset in PRESETS:
        assert game.players(game.validate_rules(preset, {})) == make_rules(preset).players
    with pytest.raises(RuleSetError):
        game.validate_rules("classic", {"players": 7})
    assert GAMES["scopa"].name == "scopa"  # Scopa is still there, unchanged


def test_outcome_names_a_winner_side_scores_and_cards_played() -> None:
    game = GAMES["briscola"]
    state = play_bots("best_of_three", ["greedy", "random"], "outcome")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.side_of_seat == (0, 1)
    assert max(outcome.scores) == 2
    assert outcome.scores[outcome.winner_side] == 2
    assert outcome.reason == "best_of"
    assert outcome.cards_played >= 80
    assert outcome.winners() == [outcome.winner_side]


def test_partnership_outcome_and_resignation() -> None:
    game = GAMES["briscola"]
    rules = game.validate_rules("partnership", {})
    state = game.new_state(rules, seed("resign"), 0)
    assert game.outcome(state) is None
    ended = game.resign(state, 1, "resigned")
    outcome = game.outcome(ended)
    assert outcome is not None
    assert outcome.winner_side == 0
    assert outcome.winners() == [0, 2]
    assert outcome.cards_played == 0  # not rated
    record = game.record(ended, [], ["a", "b", "c", "d"])
    assert record["end"] == {"seat": 1, "reason": "resigned"}
    assert game.verify_record(record)["result"]["winner"] == 0


def test_apply_refuses_with_a_rule_and_views_hide_hands() -> None:
    game = GAMES["briscola"]
    state = game.new_state(game.validate_rules("classic", {}), seed("apply"), 0)
    with pytest.raises(IllegalMove) as err:
        game.apply(state, 0, {"card": "Ad"})
    assert err.value.rule == BriscolaRule.NOT_YOUR_TURN
    with pytest.raises(RecordError):
        game.apply(state, 1, {"nonsense": True})
    spectator = game.view(state, None)
    assert "hand" not in spectator
    assert spectator["trump_card"] is not None
    assert spectator["stock"] == 34
    assert len(game.view(state, 1)["legal_moves"]) == 3


def test_a_tampered_record_does_not_verify() -> None:
    game = GAMES["briscola"]
    rules = game.validate_rules("classic", {})
    state = game.new_state(rules, seed("tamper"), 0)
    log = []
    bot = make_bot("greedy")
    while (turn := game.turn(state)) is not None:
        state, entry = game.apply(state, turn, bot.choose(game.view(state, turn)))
        log.append(entry)
    record = game.record(state, log, ["a", "b"])
    moves = record["games"][0]["moves"]
    moves[0], moves[1] = moves[1], moves[0]
    with pytest.raises((RecordError, IllegalMove)):
        game.verify_record(record)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_bot_plays_legal_moves_in_every_preset(preset: str) -> None:
    play_bots(preset, ["strong", "greedy", "random"], f"bots-{preset}", budget=600)


def test_make_bot_by_name() -> None:
    assert set(BOTS) == {"random", "greedy", "strong"}
    assert make_bot("champion", 3).name == "champion"  # a trial bot: the arena's, no house player
    assert make_bot("strong", 3).name == "strong"
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


def test_strong_bot_is_deterministic_under_its_seed() -> None:
    state = new_match(make_rules("classic"), seed("determinism"))
    view = seat_view(state, state.turn)
    assert make_bot("strong", 7).choose(view) == make_bot("strong", 7).choose(view)


def plain_minimax(hands: list[list[str]], stock: list[str], trick: list[str], leader: int, trump: str) -> int:
    """Seat 0's best margin by plain minimax without pruning, over card codes (seat 0 maximises)."""
    order = "A3KQJ765432"
    points = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
    turn = (leader + len(trick)) % 2
    if not hands[turn]:
        return 0
    results = []
    for c in hands[turn]:
        rest = [list(h) for h in hands]
        rest[turn].remove(c)
        if not trick:
            results.append(plain_minimax(rest, stock, [c], turn, trump))
            continue
        first = trick[0]
        second_wins = (c[1] == first[1] and order.index(c[0]) < order.index(first[0])) or (
            c[1] == trump and first[1] != trump
        )
        winner = turn if second_wins else leader
        gain = points.get(first[0], 0) + points.get(c[0], 0)
        if stock:
            rest[winner].append(stock[0])
            rest[1 - winner].append(stock[1])
        value = plain_minimax(rest, stock[2:], [], winner, trump)
        results.append((gain if winner == 0 else -gain) + value)
    return max(results) if turn == 0 else min(results)


def test_exact_endgame_agrees_with_a_plain_minimax() -> None:
    import random

    rng = random.Random(11)
    for _ in range(40):
        deck = [a + b for a in "A234567JQK" for b in "dcsb"]
        rng.shuffle(deck)
        stock = deck[6:8] if rng.random() < 0.5 else []
        hands = [deck[0:3], deck[3:6]]
        trick = [] if rng.random() < 0.5 else [hands[1].pop()]
        leader = 0 if not trick else 1
        trump = rng.choice("dcsb")
        _cards, values, _ = solve_values(
            [[parse_card(c) for c in h] for h in hands],
            [parse_card(c) for c in stock],
            [parse_card(c) for c in trick],
            leader,
            "dcsb".index(trump),
            (0, 1),
            0,
        )
        assert max(values) == plain_minimax(hands, stock, trick, leader, trump), (hands, stock, trick, trump)


def test_strong_beats_random_over_a_few_games() -> None:
    margin = 0
    for n in range(6):
        for swap in (False, True):
            kinds = ["random", "strong"] if swap else ["strong", "random"]
            state = new_match(make_rules("classic"), seed(f"vs-random-{n}"))
            bots = [make_bot(k, n) for k in kinds]
            while not state.finished:
                move = bots[state.turn].choose(seat_view(state, state.turn))
                state = apply_move(state, Move.from_json(move), state.turn)
            strong_side = 1 if swap else 0
            points = state.history[-1].points
            margin += points[strong_side] - points[1 - strong_side]
    assert margin / 12 > 20

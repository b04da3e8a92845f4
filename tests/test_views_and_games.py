"""Seat views, the spectator view and the game-neutral interface the service layers use."""

import json
import random

import pytest

from scopa.domain.games import GAMES
from scopa.domain.games.common.cards import CODES
from scopa.domain.games.common.shuffle import commitment
from scopa.domain.games.common.views import full_view
from scopa.domain.games.scopa.engine import apply_move, legal_moves, new_match
from scopa.domain.games.scopa.errors import IllegalMove, Rule
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.state import ScopaState
from scopa.domain.games.scopa.views import seat_view, spectator_view
from tests.common import without_finished_deal


def _hidden_codes(state: ScopaState, seat: int | None) -> set[str]:
    hidden = {CODES[c] for c in state.deck[state.dealt :]}
    for other, hand in enumerate(state.hands):
        if other != seat and not state.revealed >> other & 1:
            hidden |= {CODES[c] for c in range(40) if hand >> c & 1}
    return hidden


def test_a_seat_sees_its_hand_the_table_and_sizes_but_no_hidden_card() -> None:
    state = new_match(make_rules("classic"), "12" * 32)
    view = seat_view(state, 0)
    assert sorted(view["hand"]) == sorted(CODES[c] for c in range(40) if state.hands[0] >> c & 1)
    assert view["hand_sizes"] == [3, 3]
    assert view["stock"] == 30
    assert len(view["table"]) == 4
    assert view["shuffle"]["commitments"] == list(state.commitments)
    assert "seeds" not in view["shuffle"]
    text = json.dumps(view)
    assert state.master_seed not in text
    for code in _hidden_codes(state, 0):
        assert f'"{code}"' not in text


def test_only_the_player_to_move_gets_legal_moves_with_their_meaning() -> None:
    state = new_match(make_rules("classic"), "12" * 32)
    mover = seat_view(state, state.turn)
    waiting = seat_view(state, 1 - state.turn)
    assert mover["your_turn"]
    assert mover["legal_moves"]
    assert all(m["kind"] in {"lay", "take"} for m in mover["legal_moves"])
    assert not waiting["your_turn"]
    assert "legal_moves" not in waiting


def test_a_spectator_sees_no_hand_and_the_full_state_only_after_the_end() -> None:
    rng = random.Random(9)
    state = new_match(make_rules("classic"), "34" * 32)
    with pytest.raises(PermissionError):
        full_view(state)
    while not state.finished:
        shown = spectator_view(state)
        # The finished deal was played face up; its cards are dealt again in the deal under way.
        assert shown["finished_deal"] is None or shown["finished_deal"]["deal"] == state.deal_index
        view = json.dumps(without_finished_deal(shown))
        assert '"hand"' not in view
        for code in _hidden_codes(state, None):
            assert f'"{code}"' not in view
        state = apply_move(state, rng.choice(legal_moves(state)))
    final = spectator_view(state)
    assert final["status"] == "finished"
    seeds = final["shuffle"]["seeds"]
    assert [commitment(s) for s in seeds] == final["shuffle"]["commitments"]
    assert full_view(state)["seed"] == state.master_seed


def test_the_game_interface_plays_a_game_through_json_only() -> None:
    game = GAMES["scopa"]
    rules = game.validate_rules("scopone", {"target": 5})
    assert game.players(rules) == 4
    state = game.new_state(rules, "56" * 32, first_dealer=2)
    rng = random.Random(1)
    while (seat := game.turn(state)) is not None:
        view = game.view(state, seat)
        move = rng.choice(view["legal_moves"])
        after, _ = game.apply(state, seat, {"card": move["card"], "take": move["take"]})
        state = json.loads(json.dumps(after))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.side_of_seat == (0, 1, 0, 1)
    assert max(outcome.scores) >= 5
    assert sorted(outcome.winners()) == [outcome.winner_side, outcome.winner_side + 2]


def test_the_game_interface_refuses_a_move_out_of_turn() -> None:
    game = GAMES["scopa"]
    state = game.new_state(game.validate_rules("classic", {}), "78" * 32, first_dealer=0)
    seat = game.turn(state)
    assert seat == 1
    card = game.view(state, 0)["hand"][0]
    with pytest.raises(IllegalMove) as err:
        game.apply(state, 0, {"card": card})
    assert err.value.rule is Rule.NOT_YOUR_TURN

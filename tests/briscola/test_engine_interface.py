"""BriscolaEngine keeps every promise of the GameEngine Protocol, with ScopaEngine's meaning."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from scopa.domain.games import GAMES, GameEngine
from scopa.domain.games.briscola.cards import POINTS, parse_card
from scopa.domain.games.briscola.shuffle import commitment, deal_seed


def seed(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def play(
    game: GameEngine, preset: str, label: str, kinds: tuple[str, ...] = ("random",)
) -> tuple[Any, list[str]]:
    rules = game.validate_rules(preset, {})
    state = game.new_state(rules, seed(label), 1)
    bots = [game.make_bot(kinds[s % len(kinds)], s) for s in range(game.players(rules))]
    log: list[str] = []
    while (turn := game.turn(state)) is not None:
        state, entry = game.apply(state, turn, bots[turn].choose(game.view(state, turn)))
        log.append(entry)
    return state, log


def test_not_dealt_state_has_no_turn_and_no_outcome() -> None:
    for game in GAMES.values():
        assert game.turn({}) is None
        assert game.outcome({}) is None
        assert game.finished_deals({}, []) == []


def test_new_seed_is_fresh_hex_and_dealt_from_gives_the_deal_again() -> None:
    game = GAMES["briscola"]
    a, b = game.new_seed(), game.new_seed()
    assert a != b
    assert len(bytes.fromhex(a)) == 32
    rules = game.validate_rules("partnership", {})
    state = game.new_state(rules, a, 2)
    assert game.dealt_from(state) == (a, 2)
    assert game.new_state(rules, *game.dealt_from(state)) == state


def test_waiting_view_shows_rules_and_first_commitment_only() -> None:
    game = GAMES["briscola"]
    rules = game.validate_rules("classic", {})
    master = seed("waiting")
    view = game.waiting_view(rules, master, "pending")
    assert view["game"] == "briscola"
    assert view["status"] == "pending"
    assert view["rules"] == rules
    assert view["shuffle"]["commitments"] == [commitment(deal_seed(master, 0))]
    text = repr(view)
    assert master not in text
    assert deal_seed(master, 0) not in text
    assert "hand" not in view
    assert "trump_card" not in view
    # The commitment is the one the dealt match publishes.
    dealt = game.view(game.new_state(rules, master, 0), 0)
    assert dealt["shuffle"]["commitments"][0] == view["shuffle"]["commitments"][0]
    assert game.waiting_view(rules, None, "pending")["shuffle"]["commitments"] == []


@pytest.mark.parametrize("preset", ["best_of_three", "partnership", "nine_cards", "three_players"])
def test_finished_deals_are_the_games_of_the_match(preset: str) -> None:
    game = GAMES["briscola"]
    state, log = play(game, preset, f"deals-{preset}")
    deals = game.finished_deals(state, log)
    history = state["history"]
    assert [d["deal"] for d in deals] == list(range(1, len(history) + 1))
    for d, (points, winner, _caller) in zip(deals, history, strict=True):
        assert d["points"] == points
        assert d["winner"] == (winner if winner >= 0 else None)
        # Every trick's cards are worth the game's points, and each card of the deck is played once.
        cards = [c for t in d["tricks"] for c in t["cards"]]
        assert len(cards) == len(set(cards))
        assert sum(POINTS[parse_card(c)] for c in cards) == sum(points)
        won = [0] * len(points)
        for t in d["tricks"]:
            won[t["winner"] % len(points)] += sum(POINTS[parse_card(c)] for c in t["cards"])
        assert won == points
    assert deals[-1]["scores"] == state["scores"]
    # The game under way is never listed: halfway through, only the games already over.
    half = len(log) // 2
    partial, _ = play_prefix(game, state, log[:half])
    assert game.finished_deals(partial, log[:half]) == [
        d for d in deals if d["deal"] <= len(partial["history"])
    ]


def play_prefix(game: GameEngine, final: Any, log: list[str]) -> tuple[Any, list[str]]:
    master, dealer = game.dealt_from(final)
    state = game.new_state(final["rules"], master, dealer)
    for entry in log:
        seat, _, move = entry.partition(":")
        card = move.partition("!")[0]
        state, _ = game.apply(state, int(seat), {"card": card})
    return state, log


def test_scopa_and_briscola_bots_come_from_their_engine() -> None:
    for name, game in GAMES.items():
        for kind in ("random", "greedy", "strong"):
            state, log = play(game, "classic", f"bots-{name}-{kind}", (kind, "random"))
            assert game.outcome(state) is not None
            assert log
        with pytest.raises(ValueError, match="unknown bot"):
            game.make_bot("nobody", 1)

"""The champion bots of both games (trial bots: measured, not offered as a house player): legal moves in
every preset, determinism, no peeking, and that no player can pick them; plus the game-neutral tree search
on a toy game."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Sequence
from typing import Any

import pytest

from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import Caller
from scopa.application.errors import NotFound
from scopa.application.services.matches import NewMatch
from scopa.application.services.players import BOT_LEVELS, bot_kind, bot_players
from scopa.application.wiring import ServiceSet
from scopa.domain.games import GAMES
from scopa.domain.games.briscola import bots as briscola_bots
from scopa.domain.games.briscola.bots.champion import ChampionBot as BriscolaChampion
from scopa.domain.games.briscola.engine import apply_move as briscola_apply
from scopa.domain.games.briscola.engine import legal_moves as briscola_legal
from scopa.domain.games.briscola.engine import new_match as briscola_match
from scopa.domain.games.briscola.rules import PRESETS as BRISCOLA_PRESETS
from scopa.domain.games.briscola.rules import make_rules as briscola_rules
from scopa.domain.games.briscola.state import BriscolaState
from scopa.domain.games.briscola.views import seat_view as briscola_view
from scopa.domain.games.common.ismcts import search
from scopa.domain.games.scopa import bots as scopa_bots
from scopa.domain.games.scopa.bots.champion import ChampionBot as ScopaChampion
from scopa.domain.games.scopa.bots.strong import StrongBot
from scopa.domain.games.scopa.engine import apply_move, legal_moves, new_match
from scopa.domain.games.scopa.rules import PRESETS, make_rules
from scopa.domain.games.scopa.state import Move
from scopa.domain.games.scopa.views import seat_view
from tests.common import ManualClock
from tests.test_bots import choices_with_hidden_cards_swapped


def seed(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def scopa_champion(s: int, tree: bool = False) -> ScopaChampion:
    """Small budgets keep the tests quick; the search is the same (the leaf correction on: it applies
    where it was fitted, classic with two players, and is ignored elsewhere)."""
    return ScopaChampion(s, budget=300, max_samples=16, tree=tree, leaf=True)


def briscola_champion(s: int) -> BriscolaChampion:
    return BriscolaChampion(s, budget=600)


# --------------------------------------------------------------------------- the registries


def test_the_champion_is_a_trial_bot_of_both_games_and_no_level() -> None:
    # The house bots are the levels, the same in both games; the champion measured level with strong
    # (docs/bots.md), so it is only a trial bot: the arena and the duel can make it, players cannot pick it.
    assert (
        list(scopa_bots.BOTS)
        == list(briscola_bots.BOTS)
        == list(BOT_LEVELS)
        == ["random", "greedy", "strong"]
    )
    assert list(scopa_bots.TRIAL_BOTS) == list(briscola_bots.TRIAL_BOTS) == ["champion"]
    assert scopa_bots.make_bot("champion", 1).name == briscola_bots.make_bot("champion", 1).name == "champion"
    assert GAMES["briscola"].make_bot("champion", 1).name == GAMES["scopa"].make_bot("champion", 1).name
    assert bot_kind("bot-champion") is None
    assert bot_kind("bot-champion-club") is None


# --------------------------------------------------------------------------- Scopa


SCOPA_VARIANTS = [*[(p, {}) for p in PRESETS], ("classic", {"players": 4}), ("classic", {"players": 3})]


@pytest.mark.parametrize("tree", [False, True])
@pytest.mark.parametrize(("preset", "options"), SCOPA_VARIANTS)
def test_scopa_champion_plays_legal_moves_in_every_preset(
    preset: str, options: dict[str, Any], tree: bool
) -> None:
    rules = make_rules(preset, options)
    state = new_match(rules, seed(f"champion-{preset}-{options}"), 0)
    bots = [scopa_champion(s, tree) for s in range(rules.players)]
    # One whole deal, every seat the champion.
    while not state.deal_totals and not state.finished:
        choice = bots[state.turn].choose(seat_view(state, state.turn))
        move = Move.from_json(choice)
        assert move in legal_moves(state), choice
        state = apply_move(state, move, state.turn)
    assert state.deal_totals


def test_scopa_champion_is_the_strong_search_with_more_compute_unless_tree() -> None:
    champion = ScopaChampion(3)
    assert (champion.budget, champion.max_samples, champion.tree, champion.leaf) == (8000, 1024, False, False)
    assert ScopaChampion(3, tree=True).budget == 5000
    state = new_match(make_rules("classic"), seed("champion-is-strong"), 0)
    for step in range(10):
        view = seat_view(state, state.turn)
        same = StrongBot(7, budget=900, max_samples=64).choose(copy.deepcopy(view))
        assert ScopaChampion(7, budget=900, max_samples=64).choose(view) == same
        moves = legal_moves(state)
        state = apply_move(state, moves[step % len(moves)], state.turn)


@pytest.mark.parametrize("tree", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_scopa_champion_is_deterministic_for_a_seed(players: int, tree: bool) -> None:
    state = new_match(make_rules("classic", {"players": players}), seed("champion-determinism"), 0)
    for step in range(12):
        view = seat_view(state, state.turn)
        first = ScopaChampion(5, budget=800, tree=tree, leaf=True).choose(copy.deepcopy(view))
        assert ScopaChampion(5, budget=800, tree=tree, leaf=True).choose(view) == first
        moves = legal_moves(state)
        state = apply_move(state, moves[step % len(moves)], state.turn)


@pytest.mark.parametrize("tree", [False, True])
@pytest.mark.parametrize("preset", ["classic", "scopone", "cirulla"])
def test_scopa_champion_does_not_peek_at_hidden_cards(preset: str, tree: bool) -> None:
    state = new_match(make_rules(preset), seed(f"champion-peek-{preset}"))
    assert choices_with_hidden_cards_swapped(state, lambda: scopa_champion(11, tree), 40) >= 10


# --------------------------------------------------------------------------- Briscola


@pytest.mark.parametrize("preset", list(BRISCOLA_PRESETS))
def test_briscola_champion_plays_legal_moves_in_every_preset(preset: str) -> None:
    game = GAMES["briscola"]
    rules = game.validate_rules(preset, {})
    state = game.new_state(rules, seed(f"champion-{preset}"), 0)
    players = game.players(rules)
    bots = [briscola_champion(s) for s in range(players)]
    moves = 0
    while (turn := game.turn(state)) is not None and moves < 400:
        view = game.view(state, turn)
        move = bots[turn].choose(view)
        assert move in view["legal_moves"], (move, view["legal_moves"])
        state, _ = game.apply(state, turn, move)
        moves += 1
    assert moves >= 2 * players


def _briscola_swap(state: BriscolaState, seat: int) -> BriscolaState | None:
    """The same position for ``seat`` with a card of another hidden hand swapped with one of the stock
    (never the turned-up trump, which everyone sees); None when there is no such pair."""
    others = [s for s, h in enumerate(state.hands) if s != seat and h and s != state.trump_holder]
    hidden_stock = len(state.deck) - state.drawn - (0 if state.rules.chiamata else 1)
    if not others or hidden_stock < 1:
        return None
    other = others[0]
    hand = state.hands[other]
    out = (hand & -hand).bit_length() - 1
    into = state.deck[state.drawn]
    hands = list(state.hands)
    hands[other] = hand & ~(1 << out) | 1 << into
    deck = list(state.deck)
    deck[state.drawn] = out
    return state._replace(hands=tuple(hands), deck=tuple(deck))


@pytest.mark.parametrize("preset", ["classic", "partnership", "three_players"])
def test_briscola_champion_does_not_peek_at_hidden_cards(preset: str) -> None:
    state = briscola_match(briscola_rules(preset), seed(f"champion-peek-{preset}"), 0)
    compared = 0
    for step in range(24):
        if state.finished:
            break
        seat = state.turn
        twin = _briscola_swap(state, seat)
        if twin is not None:
            view = briscola_view(state, seat)
            assert briscola_view(twin, seat) == view
            assert briscola_champion(3).choose(view) == briscola_champion(3).choose(briscola_view(twin, seat))
            compared += 1
        moves = briscola_legal(state)
        state = briscola_apply(state, moves[step % len(moves)], seat)
    assert compared >= 8


@pytest.mark.parametrize("preset", ["classic", "partnership"])
def test_briscola_champion_is_deterministic_for_a_seed(preset: str) -> None:
    state = briscola_match(briscola_rules(preset), seed("champion-determinism"), 0)
    for step in range(10):
        view = briscola_view(state, state.turn)
        first = BriscolaChampion(9, budget=2000).choose(copy.deepcopy(view))
        assert BriscolaChampion(9, budget=2000).choose(view) == first
        moves = briscola_legal(state)
        state = briscola_apply(state, moves[step % len(moves)], state.turn)


# --------------------------------------------------------------------------- the tree search itself


class Nim:
    """Take 1 or 2 from a pile; who takes the last wins. Seat 0 to move with 4 left must take 1."""

    def __init__(self) -> None:
        self.work = 0.0

    def determinize(self, iteration: int) -> list[int]:
        return [4, 0]  # pile, seat to move

    def to_move(self, state: list[int]) -> int:
        return state[1] if state[0] > 0 else -1

    def fixed(self, state: list[int]) -> int | None:
        return None

    def moves(self, state: list[int]) -> Sequence[int]:
        return [m for m in (2, 1) if m <= state[0]]

    def play(self, state: list[int], move: int) -> None:
        state[0] -= move
        state[1] = 1 - state[1]

    def rollout(self, state: list[int]) -> tuple[list[float], float]:
        seat = state[1]
        while state[0] > 0:
            self.play(state, 1)
        winner = 1 - state[1] if seat >= 0 else 0
        return ([1.0, -1.0] if winner == 0 else [-1.0, 1.0]), 1.0


def test_the_tree_search_finds_the_winning_move_and_counts_its_work() -> None:
    found = search(Nim(), 3000, exploration=0.7)
    assert found.best == 1
    assert found.work >= 3000
    assert sum(v for _, v, _ in found.children) == found.iterations


# --------------------------------------------------------------------------- no house player


@pytest.mark.parametrize("game", ["scopa", "briscola"])
def test_no_match_can_be_made_against_the_champion(game: str) -> None:
    svc = ServiceSet(sqlite_stores(":memory:"), ManualClock())
    ada = svc.players.register("Ada").player
    with pytest.raises(NotFound, match="bot-champion"):
        svc.matches.create(
            Caller(ada.id, "player"),
            NewMatch(players=[ada.id, "bot-champion"], game=game, preset="classic", seed="ce" * 16),
        )
    assert "bot-champion" not in [p.id for p in bot_players()]

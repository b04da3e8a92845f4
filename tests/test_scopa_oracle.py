"""The duel bench's peeking Scopa player: shown the truth by the bench harness only, never a house bot."""

from __future__ import annotations

import hashlib

import pytest

from bench.duel import scopa_pair, scopa_player
from bench.scopa_oracle import PeekingStrongBot, TruthSampler
from scopa.application.services.players import BOT_LEVELS
from scopa.domain.games.scopa import bots as scopa_bots
from scopa.domain.games.scopa.bots.champion import ChampionBot as ScopaChampion
from scopa.domain.games.scopa.bots.heuristics import oracle_for
from scopa.domain.games.scopa.bots.knowledge import read_view
from scopa.domain.games.scopa.bots.simulator import Simulator
from scopa.domain.games.scopa.engine import apply_move, legal_moves, new_match
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.views import seat_view


def _state(label: str, plays: int = 0):  # type: ignore[no-untyped-def]
    state = new_match(make_rules("classic"), hashlib.sha256(label.encode()).hexdigest(), 0)
    for _ in range(plays):
        state = apply_move(state, legal_moves(state)[0], state.turn)
    return state


def test_the_peeking_player_is_no_house_bot() -> None:
    assert "oracle" not in scopa_bots.BOTS
    assert "oracle" not in BOT_LEVELS
    with pytest.raises(ValueError, match="unknown bot"):
        scopa_bots.make_bot("oracle", 1)
    assert isinstance(scopa_player("oracle", 1), PeekingStrongBot)
    assert not isinstance(scopa_player("strong", 1), PeekingStrongBot)


def test_it_refuses_to_decide_unless_the_bench_showed_it_this_state() -> None:
    state = _state("oracle-refuses", plays=3)
    bot = PeekingStrongBot(1)
    view = seat_view(state, state.turn)
    with pytest.raises(RuntimeError, match="only after"):
        bot.choose(view)  # never shown
    bot.peek(_state("another deal"))
    with pytest.raises(RuntimeError, match="not the one"):
        bot.choose(view)  # shown another deal
    bot.peek(state)
    move = bot.choose(view)
    assert move in [{"card": m["card"], "take": m["take"]} for m in view["legal_moves"]]
    with pytest.raises(RuntimeError, match="only after"):
        bot.choose(view)  # one look per decision


def test_its_only_guess_is_the_truth() -> None:
    state = _state("oracle-truth", plays=5)
    bot = PeekingStrongBot(1)
    bot.peek(state)
    k = read_view(seat_view(state, state.turn))
    sampler = bot.sampler(k, oracle_for(k.rules), Simulator(k.rules, oracle_for(k.rules), k.dealer))
    assert isinstance(sampler, TruthSampler)
    for index in range(3):
        pos = sampler.position(index)
        assert pos.hands == list(state.hands)
        assert tuple(pos.stock) == state.deck[state.dealt :]
        assert pos.piles == list(state.piles)


def test_the_duel_plays_it_on_both_seats() -> None:
    margin, games, times, cpu = scopa_pair(0, "oracle:budget=200")
    assert games == 2
    assert len(times) == len(cpu) > 0
    assert margin == scopa_pair(0, "oracle:budget=200")[0]  # deterministic


def test_the_duel_builds_players_with_options_for_tuning_runs() -> None:
    champion = scopa_player("champion:budget=300,leaf=true,beta=2.5,tree=false", 4)
    assert isinstance(champion, ScopaChampion)
    assert champion.budget == 300
    assert champion.leaf is True
    assert champion.beta == 2.5
    assert champion.tree is False
    with pytest.raises(KeyError):
        scopa_player("nobody", 1)

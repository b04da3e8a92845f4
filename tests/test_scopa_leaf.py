"""The Scopa champion's leaf correction: fitted weights, sane and deterministic values, and the
simulator's mask scorer agreeing with the engine's."""

from __future__ import annotations

import random

import pytest

from bench.scopa_leaf import deal_samples, solve
from scopa.domain.games.common.cards import FULL_DECK, parse_mask
from scopa.domain.games.scopa.bots.heuristics import oracle_for
from scopa.domain.games.scopa.bots.leaf import FEATURES, LeafModel, features, leaf_model_for
from scopa.domain.games.scopa.bots.leaf_weights import WEIGHTS
from scopa.domain.games.scopa.bots.simulator import DealPosition, Simulator
from scopa.domain.games.scopa.rules import PRESETS, make_rules
from scopa.domain.games.scopa.scoring import score_deal

CLASSIC = oracle_for(make_rules("classic"))


def test_the_weights_cover_every_hand_left_and_feature_and_stay_small() -> None:
    assert len(WEIGHTS) == 5  # two players, classic: 30, 24, 18, 12 or 6 cards still to deal
    for row in WEIGHTS:
        assert len(row) == len(FEATURES)
        assert all(abs(w) < 2.0 for w in row)


def test_only_the_rules_it_was_fitted_on_get_a_model() -> None:
    assert isinstance(leaf_model_for(CLASSIC), LeafModel)
    assert leaf_model_for(CLASSIC) is leaf_model_for(CLASSIC)
    for name in PRESETS:
        if name != "classic":
            assert leaf_model_for(oracle_for(make_rules(name))) is None


def test_features_read_the_table() -> None:
    stock = FULL_DECK & ~parse_mask("7d 7c 3s")
    f = dict(zip(FEATURES, features(CLASSIC, parse_mask("7d 7c 3s"), stock, 3), strict=True))
    assert f["three cards"] == 1.0
    assert f["settebello"] == 1.0
    assert f["sevens"] == 2.0
    assert f["coins"] == 1.0
    assert f["rank sum at most 10"] == 0.0  # 7 + 7 + 3
    assert f["leader may sweep"] == 0.0  # no card takes 7 + 7 + 3
    empty = dict(zip(FEATURES, features(CLASSIC, 0, stock, 3), strict=True))
    assert empty["table empty"] == 1.0
    assert empty["table worth"] == 0.0
    one = dict(
        zip(FEATURES, features(CLASSIC, parse_mask("5s"), FULL_DECK & ~parse_mask("5s"), 3), strict=True)
    )
    assert 0.0 < one["leader may sweep"] < 1.0  # a five among the next three cards


def test_corrections_are_deterministic_bounded_and_zero_with_no_hand_to_deal() -> None:
    model = leaf_model_for(CLASSIC)
    assert model is not None
    rng = random.Random(3)
    for _ in range(300):
        cards = rng.sample(range(40), 4 + 6 * rng.randrange(1, 6))
        table = sum(1 << c for c in cards[: rng.randrange(0, 5)])
        stock = sum(1 << c for c in cards[4:])
        value = model.correction(table, stock)
        assert abs(value) < 2.0
        assert value == LeafModel(CLASSIC).correction(table, stock)
    assert model.correction(parse_mask("5s"), 0) == 0.0


def test_the_simulator_adds_it_for_the_leader_at_a_hands_end() -> None:
    rules = make_rules("classic")
    sim = Simulator(rules, CLASSIC, 0)
    stock = tuple(range(20, 32))
    pos = DealPosition([0, 0], parse_mask("5s"), [parse_mask("Ad 2d"), 0], stock, 1, 0, 0, [0, 0], [0, 0])
    plain = sim.complete(pos.copy(), 0, 12345, 2)
    sim.leaf = leaf_model_for(CLASSIC)
    assert sim.leaf is not None
    corrected = sim.complete(pos.copy(), 0, 12345, 2)
    added = sim.leaf.correction(parse_mask("5s"), sum(1 << c for c in stock))
    assert corrected[1] == pytest.approx(plain[1] + added)
    assert corrected[0] == plain[0]


def test_the_fit_is_reproducible_and_recovers_a_planted_rule() -> None:
    first = deal_samples(CLASSIC, 0, "test", random.Random(1))
    assert first == deal_samples(CLASSIC, 0, "test", random.Random(1))
    assert [rounds for rounds, _, _ in first] == [5, 4, 3, 2, 1]
    rng = random.Random(2)
    rows = []
    for _ in range(400):
        f = (1.0, *(float(rng.random() < 0.3) for _ in FEATURES[1:]))
        rows.append((f, 0.5 * f[1] - 0.25 * f[7] + 0.1))
    w = solve(rows, ridge=0.0)
    assert w[0] == pytest.approx(0.1, abs=1e-9)
    assert w[1] == pytest.approx(0.5, abs=1e-9)
    assert w[7] == pytest.approx(-0.25, abs=1e-9)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_mask_scorer_agrees_with_the_engine(name: str) -> None:
    rules = make_rules(name)
    sim = Simulator(rules, oracle_for(rules), 0)
    rng = random.Random(name)
    for _ in range(500):
        piles = [0] * rules.sides
        for c in range(40):
            if rng.random() < 0.85:
                piles[rng.randrange(rules.sides)] |= 1 << c
        scope = [rng.randrange(3) for _ in range(rules.sides)]
        bonus = [rng.randrange(2) for _ in range(rules.sides)]
        assert sim.score(piles, scope, bonus) == score_deal(rules, tuple(piles), scope, bonus).totals

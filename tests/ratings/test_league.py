"""The bot league: a small league orders the bots, predicts held-out matches, and is deterministic."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from bench.league_sim import (
    DEFAULT_KINDS,
    BotKind,
    LeagueConfig,
    LeagueReport,
    LeagueRun,
    SloppyBot,
    _settle_after,
    accuracy,
    brier,
    evaluate,
    glicko_expected,
    log_loss,
    play_league,
    rate_league,
    run_league,
    schedule,
)
from scopa.domain.games.scopa.bots.greedy import GreedyBot
from scopa.domain.games.scopa.bots.random_bot import RandomBot
from scopa.domain.games.scopa.engine import new_match
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.views import seat_view
from scopa.domain.ratings.ledger import PlayerRating, recompute
from scopa.domain.ratings.pools import DEFAULT_POOLS

POOL = DEFAULT_POOLS[0]
RANDOM, SLOPPY, GREEDY, _STRONG = DEFAULT_KINDS
# No strong bot (too slow for a unit test); games to 6: a few hundred matches in a few seconds.
SMALL = LeagueConfig(
    seed=11, matches=240, kinds=(RANDOM, SLOPPY, GREEDY), identities=2, newcomers=("greedy",), target=6
)
TINY = replace(SMALL, matches=40, target=3)


@pytest.fixture(scope="module")
def small_run() -> LeagueRun:
    return run_league(SMALL)


@pytest.fixture(scope="module")
def small_report(small_run: LeagueRun) -> LeagueReport:
    return evaluate(small_run)


# ---------------------------------------------------------------------- the small league


def test_random_ends_below_greedy(small_report: LeagueReport) -> None:
    by_kind = {s.kind: s for s in small_report.standings}
    assert by_kind["random"].elo_mean < by_kind["greedy"].elo_mean
    assert by_kind["random"].glicko_mean < by_kind["greedy"].glicko_mean
    # every random identity below every greedy one, in both systems
    assert by_kind["random"].elo_max < by_kind["greedy"].elo_min
    assert by_kind["random"].glicko_max < by_kind["greedy"].glicko_min
    assert small_report.elo_order[0] == "random"
    assert small_report.elo_order[-1] == "greedy"


def test_held_out_log_loss_beats_a_coin(small_report: LeagueReport) -> None:
    for system in ("Elo", "Glicko-2"):
        for mode in ("frozen", "online"):
            p = small_report.prediction(system, mode)
            assert p.matches == SMALL.matches - SMALL.train_end
            assert p.log_loss < math.log(2), (system, mode, p.log_loss)
            assert p.accuracy > 0.5
            assert p.brier < 0.25


def test_the_held_out_matches_are_predicted_without_their_result(small_run: LeagueRun) -> None:
    """Frozen predictions come from the ratings of the end of training; online ones from just before."""
    train_end = SMALL.train_end
    initial = PlayerRating.initial(POOL)
    ratings: dict[str, PlayerRating] = {}
    for m in small_run.matches:
        a, b = ratings.get(m.a, initial), ratings.get(m.b, initial)
        assert m.glicko_expected == glicko_expected(a, b, 0.0, POOL)  # no inactivity within a league
        if m.index < train_end:
            assert m.elo_frozen is None
        else:
            fa, fb = small_run.frozen.get(m.a, initial), small_run.frozen.get(m.b, initial)
            assert m.elo_frozen == pytest.approx(1.0 / (1.0 + 10.0 ** ((fb.elo - fa.elo) / 400.0)))
        ratings[m.a], ratings[m.b] = m.after_a, m.after_b
    assert ratings == dict(small_run.ratings)
    assert set(small_run.frozen) <= set(ratings)


def test_the_ratings_are_the_ledgers(small_run: LeagueRun) -> None:
    """Rated through apply_match in finish order: recompute of the same matches gives the same bits."""
    assert recompute(small_run.rated_matches(), (POOL,))[POOL.id] == dict(small_run.ratings)


def test_the_newcomer_joins_late_and_its_settling_is_reported(
    small_run: LeagueRun, small_report: LeagueReport
) -> None:
    late = [e for e in small_run.entrants if e.newcomer]
    assert [e.name for e in late] == ["greedy-late"]
    first = min(i for i, _ in small_run.history("greedy-late"))
    assert first >= SMALL.join_index
    (s,) = small_report.settling
    assert s.player == "greedy-late"
    assert s.matches == len(small_run.history("greedy-late")) > 10
    assert s.rd_below is not None
    assert 1 <= s.rd_below <= s.matches
    assert small_run.history("greedy-late")[s.rd_below - 1][1].glicko_rd <= POOL.glicko.provisional_rd
    for margin, n in s.elo_within_final:
        assert n is not None, margin  # the final value is always within its own margin
        assert 1 <= n <= s.matches
    for (_, reach), (_, stays) in zip(s.elo_reaches_peers, s.elo_within_peers, strict=True):
        if stays is not None:
            assert reach is not None
            assert reach <= stays  # it cannot stay near before it first gets near
    by_kind = {k.kind: k for k in small_report.standings}
    assert s.peer_elo == by_kind["greedy"].elo_mean
    assert 0.0 < by_kind["greedy"].elo_wander < 100.0
    starters = sum(not e.newcomer for e in small_run.entrants)
    for _, counts in s.starters_within_final:  # the control: one count per starting identity
        assert len(counts) == starters
        assert list(counts) == sorted(counts)
    assert "greedy-late" in small_report.to_text()


def test_the_report_text_answers_the_questions(small_report: LeagueReport) -> None:
    text = small_report.to_text()
    for needle in ("expected order", "Elo order", "Glicko-2 order", "log-loss", "frozen", "online"):
        assert needle in text


# ---------------------------------------------------------------------- determinism


def test_the_same_seed_gives_the_same_league() -> None:
    one, two = run_league(TINY), run_league(TINY)
    assert one.matches == two.matches
    assert one.ratings == two.ratings
    assert evaluate(one).to_text() == evaluate(two).to_text()


def test_worker_processes_change_nothing() -> None:
    fixtures = schedule(TINY)
    assert play_league(TINY, fixtures, workers=2) == play_league(TINY, fixtures, workers=1)


def test_another_seed_gives_another_league() -> None:
    other = replace(TINY, seed=TINY.seed + 1)
    assert [(f.a.name, f.b.name) for f in schedule(other)] != [(f.a.name, f.b.name) for f in schedule(TINY)]


def test_schedule_pairs_two_active_identities() -> None:
    fixtures = schedule(SMALL)
    assert [f.index for f in fixtures] == list(range(SMALL.matches))
    for f in fixtures:
        assert f.a.name != f.b.name
        assert max(f.a.joins_at, f.b.joins_at) <= f.index


def test_rate_league_refuses_a_missing_result() -> None:
    fixtures = schedule(TINY)
    with pytest.raises(ValueError, match="results"):
        rate_league(TINY, fixtures, [1.0] * (len(fixtures) - 1))


# ---------------------------------------------------------------------- pieces


def test_scores() -> None:
    assert log_loss([0.5, 0.5], [1.0, 0.0]) == pytest.approx(math.log(2))
    assert log_loss([0.8], [1.0]) == pytest.approx(-math.log(0.8))
    assert log_loss([1.0], [0.0]) == pytest.approx(-math.log(1e-12))  # clipped, not infinite
    assert accuracy([0.7, 0.2, 0.5], [1.0, 1.0, 0.0]) == pytest.approx(0.5)
    assert brier([0.5, 1.0], [1.0, 1.0]) == pytest.approx(0.125)


def test_glicko_expected_score() -> None:
    a = PlayerRating.initial(POOL)
    assert glicko_expected(a, a, 0.0, POOL) == 0.5
    strong = replace(a, glicko_rating=1700.0, glicko_rd=50.0, glicko_last_played=0.0)
    weak = replace(a, glicko_rating=1500.0, glicko_rd=50.0, glicko_last_played=0.0)
    e = glicko_expected(strong, weak, 0.0, POOL)
    assert e + glicko_expected(weak, strong, 0.0, POOL) == pytest.approx(1.0)
    # g(sqrt(phi_a^2 + phi_b^2)) with phi = 50 / 173.7178 each
    phi2 = 2 * (50.0 / 173.7178) ** 2
    g = 1.0 / math.sqrt(1.0 + 3.0 * phi2 / math.pi**2)
    assert e == pytest.approx(1.0 / (1.0 + math.exp(-g * 200.0 / 173.7178)))
    # more uncertainty: closer to 1/2
    unsure = replace(strong, glicko_rd=300.0)
    assert 0.5 < glicko_expected(unsure, weak, 0.0, POOL) < e


def test_settle_after() -> None:
    assert _settle_after([0.0, 200.0, 10.0, -20.0, 5.0], 0.0, 50.0) == 3
    assert _settle_after([0.0, 1.0], 0.0, 50.0) == 1
    assert _settle_after([0.0, 100.0], 0.0, 50.0) is None


def test_sloppy_bot() -> None:
    state = new_match(make_rules("classic"), "00" * 32, first_dealer=0)
    view = seat_view(state, state.turn)
    greedy_move = GreedyBot().choose(view)
    never = SloppyBot(GreedyBot(), 0.0, seed=1)
    assert all(never.choose(view) == greedy_move for _ in range(20))
    always = SloppyBot(GreedyBot(), 1.0, seed=1)
    reference = RandomBot(seed=1)
    legal = [{"card": m["card"], "take": m["take"]} for m in view["legal_moves"]]
    for _ in range(20):
        move = always.choose(view)
        reference.rng.random()  # the sloppy bot draws its coin first
        assert move == reference.choose(view)
        assert move in legal
    assert SLOPPY.make(5).name == "greedy-sloppy"


def test_config_checks() -> None:
    with pytest.raises(ValueError, match="newcomer"):
        LeagueConfig(newcomers=("nobody",))
    with pytest.raises(ValueError, match="train_share"):
        LeagueConfig(train_share=1.0)
    with pytest.raises(ValueError, match="sloppiness"):
        BotKind("x", "greedy", 0, sloppiness=2.0)
    with pytest.raises(ValueError, match="budget"):
        BotKind("x", "greedy", 0, budget=100)
    names = [e.name for e in LeagueConfig().entrants()]
    assert len(set(names)) == len(names)
    assert {"greedy-late", "random-1"} <= set(names)

"""The ledger: apply_match, recompute, the fast path against the pure one, determinism, the tally."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from operator import attrgetter
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scopa.domain.ratings import ledger
from scopa.domain.ratings.glicko2 import SCALE
from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, apply_match, recompute, sort_matches
from scopa.domain.ratings.pools import DEFAULT_POOLS, EloConfig, Glicko2Config, RatingPool

SCOPA, SCOPONE = DEFAULT_POOLS[:2]  # the Scopa pools (Briscola's follow)
DAY = 86_400.0
T0 = 1_800_000_000.0


def fold(
    matches: Iterable[RatedMatch], pools: Iterable[RatingPool] = DEFAULT_POOLS
) -> dict[str, dict[str, PlayerRating]]:
    """Incremental application: apply_match one match at a time, in the ledger's order."""
    by_id = {p.id: p for p in pools}
    out: dict[str, dict[str, PlayerRating]] = {pid: {} for pid in by_id}
    for m in sort_matches(matches):
        ratings = out[m.pool]
        for change in apply_match(ratings, m, by_id[m.pool]):
            ratings[change.player] = change.after
    return out


def one_v_one(mid: str, t: float, a: str, b: str, score: float, pool: str = "scopa") -> RatedMatch:
    return RatedMatch(mid, t, pool, ((a,), (b,)), score)


scores = st.sampled_from((1.0, 0.0, 0.5, 1.0, 0.0))  # draws rarer, as in Scopa


@st.composite
def histories(
    draw: st.DrawFn, max_matches: int = 50, players: int = 8, team: bool = False
) -> list[RatedMatch]:
    """Random histories in one pool: few players (so they meet often), gaps from none to a year and more,
    some matches at the same second (the match id breaks the tie), ids not in time order."""
    n = draw(st.integers(1, max_matches))
    t = T0
    out: list[RatedMatch] = []
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    for i in range(n):
        t += draw(st.sampled_from((0.0, 60.0, 3 * DAY, 8 * DAY, 40 * DAY, 400 * DAY)))
        if team:
            seats = draw(st.permutations(range(players)))[:4]
            sides = ((f"p{seats[0]}", f"p{seats[1]}"), (f"p{seats[2]}", f"p{seats[3]}"))
        else:
            a = draw(st.integers(0, players - 1))
            b = draw(st.integers(0, players - 2))
            b += b >= a
            sides = ((f"p{a}",), (f"p{b}",))
        mid = f"m{draw(st.integers(0, 99)):02d}-{i}"
        out.append(RatedMatch(mid, t, SCOPONE.id if team else SCOPA.id, sides, draw(scores)))
    return out


@st.composite
def player_states(draw: st.DrawFn) -> PlayerRating:
    """Any plausible player state: ratings far apart, every RD and volatility, any experience."""
    games = draw(st.integers(0, 500))
    return PlayerRating(
        elo=draw(st.floats(0.0, 3500.0)),
        elo_games=games,
        reached_2400=draw(st.booleans()),
        glicko_rating=draw(st.floats(0.0, 3500.0)),
        glicko_rd=draw(st.floats(20.0, 350.0)),
        glicko_volatility=draw(st.floats(0.01, 0.3)),
        glicko_last_played=draw(st.one_of(st.none(), st.floats(T0 - 5_000 * DAY, T0))),
        games=games,
    )


def states_of(ratings: Mapping[str, PlayerRating]) -> dict[str, tuple[float, ...]]:
    """The float fields of every player, for bit-exact comparisons with readable failures."""
    return {
        p: (r.elo, r.glicko_rating, r.glicko_rd, r.glicko_volatility, float(r.elo_games))
        for p, r in ratings.items()
    }


PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HISTORY = settings(PROPERTY, max_examples=60)  # whole histories: fewer, bigger examples


# ---------------------------------------------------------------------- apply_match


def test_a_new_player_starts_at_the_pool_values() -> None:
    r = PlayerRating.initial(SCOPA)
    assert (r.elo, r.elo_games, r.reached_2400) == (1500.0, 0, False)
    assert (r.glicko_rating, r.glicko_rd, r.glicko_volatility, r.glicko_last_played) == (
        1500.0,
        350.0,
        0.06,
        None,
    )
    assert (r.games, r.wins, r.losses, r.draws) == (0, 0, 0, 0)
    assert r.elo_provisional(SCOPA.elo)
    assert r.glicko_provisional(SCOPA.glicko)


def test_apply_match_is_pure_and_reports_every_player() -> None:
    ratings = {"ann": PlayerRating.initial(SCOPA)}
    frozen = dict(ratings)
    changes = apply_match(ratings, one_v_one("m1", T0, "ann", "bob", 1.0), SCOPA)
    assert ratings == frozen
    assert [c.player for c in changes] == ["ann", "bob"]
    ann, bob = changes
    assert ann.before == bob.before == PlayerRating.initial(SCOPA)  # bob was absent: initial values
    assert ann.opponents == ("bob",)
    assert bob.opponents == ("ann",)
    assert ann.match_id == bob.match_id == "m1"
    assert (ann.after.games, ann.after.wins, ann.after.losses, ann.after.draws) == (1, 1, 0, 0)
    assert (bob.after.games, bob.after.wins, bob.after.losses, bob.after.draws) == (1, 0, 1, 0)
    assert ann.after.glicko_last_played == bob.after.glicko_last_played == T0
    assert ann.elo_delta == 20.0
    assert bob.elo_delta == -20.0
    assert ann.glicko_delta > 0 > bob.glicko_delta
    assert ann.after.glicko_rd < 350.0


def test_a_draw_counts_as_a_draw() -> None:
    changes = apply_match({}, one_v_one("m1", T0, "ann", "bob", 0.5), SCOPA)
    assert [(c.after.wins, c.after.losses, c.after.draws) for c in changes] == [(0, 0, 1), (0, 0, 1)]
    assert [c.elo_delta for c in changes] == [0.0, 0.0]


def test_matches_that_do_not_fit_are_refused() -> None:
    with pytest.raises(ValueError, match="belongs to pool 'scopone'"):
        apply_match({}, one_v_one("m1", T0, "a", "b", 1.0, pool="scopone"), SCOPA)
    with pytest.raises(ValueError, match="2 player"):
        apply_match({}, one_v_one("m1", T0, "a", "b", 1.0, pool="scopone"), SCOPONE)
    with pytest.raises(ValueError, match="appears twice"):
        one_v_one("m1", T0, "a", "a", 1.0)
    with pytest.raises(ValueError, match="appears twice"):
        RatedMatch("m1", T0, "scopone", (("a", "b"), ("c", "a")), 1.0)
    with pytest.raises(ValueError, match="score must be"):
        one_v_one("m1", T0, "a", "b", 0.7)
    with pytest.raises(ValueError, match="finite time"):
        one_v_one("m1", math.nan, "a", "b", 1.0)
    with pytest.raises(ValueError, match="two sides"):
        RatedMatch("m1", T0, "scopa", (("a",), ()), 1.0)
    with pytest.raises(ValueError, match="unknown rating pool 'briscola'"):
        recompute([one_v_one("m1", T0, "a", "b", 1.0, pool="briscola")])
    with pytest.raises(ValueError, match="1 player"):
        recompute([RatedMatch("m1", T0, "scopa", (("a", "b"), ("c", "d")), 1.0)])


def test_provisional_flags_follow_the_pool_settings() -> None:
    r = PlayerRating.initial(SCOPA)
    glicko_flags = []
    for i in range(30):
        assert r.elo_provisional(SCOPA.elo) == (i < 10)
        assert r.elo_provisional(EloConfig(provisional_games=12)) == (i < 12)
        assert r.glicko_provisional(SCOPA.glicko) == (r.glicko_rd > 110.0)
        glicko_flags.append(r.glicko_provisional(SCOPA.glicko))
        r = apply_match({"a": r}, one_v_one(f"m{i}", T0 + i, "a", f"x{i}", 1.0 * (i % 2)), SCOPA)[0].after
    assert glicko_flags[0]
    assert not glicko_flags[-1]  # the RD falls below 110 within 30 games against new players
    assert r.glicko_provisional(Glicko2Config(provisional_rd=r.glicko_rd - 1.0))
    assert r.elo_provisional() is False  # the default settings are the default pools'


# ---------------------------------------------------------------------- recompute


def test_recompute_sorts_by_finish_time_then_match_id() -> None:
    history = [
        one_v_one("m2", T0 + 10, "a", "b", 1.0),
        one_v_one("m1", T0 + 10, "b", "c", 1.0),
        one_v_one("m0", T0 + 20, "c", "a", 0.5),
        one_v_one("m9", T0, "a", "c", 0.0),
    ]
    expected: dict[str, PlayerRating] = {}
    for m in (history[3], history[1], history[0], history[2]):
        for c in apply_match(expected, m, SCOPA):
            expected[c.player] = c.after
    assert recompute(history) == {"scopa": expected, "scopone": {}, "briscola-1v1": {}, "briscola-2v2": {}}


def test_the_order_of_matches_changes_ratings_the_order_of_the_input_does_not() -> None:
    a = [one_v_one("m1", T0, "a", "b", 1.0), one_v_one("m2", T0 + DAY, "a", "c", 0.0)]
    b = [one_v_one("m1", T0 + DAY, "a", "b", 1.0), one_v_one("m2", T0, "a", "c", 0.0)]
    assert recompute(a)["scopa"]["a"] != recompute(b)["scopa"]["a"]  # path dependent: not expected equal
    assert recompute(reversed(a)) == recompute(a)  # but the ledger's own order is always the same


@PROPERTY
@given(
    st.lists(
        st.tuples(
            st.sampled_from((T0, T0 + 1, T0 + 2.5, T0 - 7)), st.sampled_from("abcdef"), st.integers(0, 9)
        ),
        max_size=30,
    )
)
def test_sort_matches_is_by_time_then_id(keys: list[tuple[float, str, int]]) -> None:
    """Many ties on the time, some repeated ids too: the order of sorting on the (time, id) pair."""
    matches = [one_v_one(f"{name}", t, f"p{n}", "q", 1.0) for t, name, n in keys]
    assert sort_matches(matches) == sorted(matches, key=attrgetter("finished_at", "id"))


@HISTORY
@given(histories(), st.randoms(use_true_random=False))
def test_recompute_is_bit_identical_to_applying_one_by_one(history: list[RatedMatch], rnd: Random) -> None:
    fast = recompute(history)
    slow = fold(history)
    assert states_of(fast["scopa"]) == states_of(slow["scopa"])
    assert fast == slow
    shuffled = list(history)
    rnd.shuffle(shuffled)
    assert recompute(shuffled) == fast  # deterministic, whatever order the matches come in

    ratings = fast["scopa"]  # the tally adds up
    assert sum(r.games for r in ratings.values()) == 2 * len(history)
    assert sum(r.wins for r in ratings.values()) == sum(r.losses for r in ratings.values())
    for r in ratings.values():
        assert r.games == r.elo_games == r.wins + r.losses + r.draws


@HISTORY
@given(histories(max_matches=25, players=6, team=True))
def test_recompute_of_partnerships_is_bit_identical_to_applying_one_by_one(history: list[RatedMatch]) -> None:
    assert recompute(history) == fold(history)


@HISTORY
@given(histories())
def test_recompute_then_apply_match_continues_where_it_stopped(history: list[RatedMatch]) -> None:
    ordered = sort_matches(history)
    half = len(ordered) // 2
    ratings = dict(recompute(ordered[:half])["scopa"])
    for m in ordered[half:]:
        for c in apply_match(ratings, m, SCOPA):
            ratings[c.player] = c.after
    full = recompute(history)["scopa"]
    assert ratings == full

    elo_only = recompute(history, glicko=False)["scopa"]  # Elo alone: the same Elo and tally
    assert elo_only.keys() == full.keys()
    for player, r in full.items():
        e = elo_only[player]
        assert (e.elo, e.elo_games, e.reached_2400, e.games, e.wins, e.losses, e.draws) == (
            r.elo, r.elo_games, r.reached_2400, r.games, r.wins, r.losses, r.draws
        )  # fmt: skip
        assert (e.glicko_rating, e.glicko_rd, e.glicko_last_played) == (1500.0, 350.0, None)
        assert e.glicko_volatility == 0.06


@PROPERTY
@given(player_states(), player_states(), scores, st.floats(0.0, 3000 * DAY))
def test_ratings_stay_finite(a: PlayerRating, b: PlayerRating, score: float, gap: float) -> None:
    for change in apply_match({"a": a, "b": b}, one_v_one("m", T0 + gap, "a", "b", score), SCOPA):
        r = change.after
        assert all(math.isfinite(x) for x in (r.elo, r.glicko_rating, r.glicko_rd, r.glicko_volatility))
        # inactivity stops at 350; the match's own step 6 (phi* = sqrt(phi^2 + sigma'^2)) may add a hair
        assert 0.0 < r.glicko_rd <= math.hypot(350.0, SCALE * r.glicko_volatility) + 1e-9
        assert r.glicko_volatility > 0.0


@PROPERTY
@given(player_states(), player_states(), scores, st.floats(0.0, 3000 * DAY))
def test_the_fast_path_agrees_with_apply_match_on_any_states(
    a: PlayerRating, b: PlayerRating, score: float, gap: float
) -> None:
    """Histories start from new players; this also covers states no short history reaches (ratings far
    apart, high volatility, long pauses), one step of each path from the same state."""
    m = one_v_one("m", T0 + gap, "a", "b", score)
    pure = {c.player: c.after for c in apply_match({"a": a, "b": b}, m, SCOPA)}
    start = {"a": ledger._to_record(a), "b": ledger._to_record(b)}
    records = ledger._run_singles([m], SCOPA, start)
    assert {p: ledger._from_record(r) for p, r in records.items()} == pure


def test_a_game_without_information_only_widens_the_rd() -> None:
    """Ratings so far apart that E is exactly 1: v is infinite, so the period is an empty one."""
    start = PlayerRating.initial(SCOPA)
    giant = replace(start, glicko_rating=30_000.0, glicko_rd=30.0, glicko_last_played=T0)
    dwarf = replace(start, glicko_rd=30.0, glicko_last_played=T0)
    m = one_v_one("m", T0 + 60, "giant", "dwarf", 1.0)
    pure = {c.player: c.after for c in apply_match({"giant": giant, "dwarf": dwarf}, m, SCOPA)}
    grown = SCALE * math.sqrt((30.0 / SCALE) ** 2 + 0.06**2)
    for player in ("giant", "dwarf"):
        assert pure[player].glicko_rd == pytest.approx(grown)
        assert pure[player].glicko_volatility == 0.06
    assert pure["giant"].glicko_rating == pytest.approx(30_000.0)
    records = ledger._run_singles(
        [m], SCOPA, {"giant": ledger._to_record(giant), "dwarf": ledger._to_record(dwarf)}
    )
    assert {p: ledger._from_record(r) for p, r in records.items()} == pure

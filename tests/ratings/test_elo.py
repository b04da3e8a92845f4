"""Elo: the expected score and its cap, FIDE-like K factors, worked examples and the team model."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scopa.domain.ratings.elo import elo_deltas, expected_score, k_factor, side_rating
from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, apply_match
from tests.ratings.test_ledger import PROPERTY, SCOPA, SCOPONE, T0, one_v_one, player_states, scores

ELO = SCOPA.elo


def rated(elo: float, games: int = 100, reached: bool = False) -> PlayerRating:
    return replace(PlayerRating.initial(SCOPA), elo=elo, elo_games=games, games=games, reached_2400=reached)


# ---------------------------------------------------------------------- expected score and K


def test_expected_score() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)  # a 400-point lead: 10 to 1
    assert expected_score(1500, 1900) == pytest.approx(1 / 11)
    assert expected_score(1600, 1500) == pytest.approx(0.6400649998)


def test_the_difference_is_capped_at_400() -> None:
    assert expected_score(2500, 1500) == expected_score(1900, 1500)
    assert expected_score(1000, 2900) == expected_score(1500, 1900)
    assert expected_score(2500, 1500, cap=800) == pytest.approx(1 / (1 + 10**-2))


def test_k_factor_follows_the_fide_rule() -> None:
    assert k_factor(rated(1500, games=0), ELO) == 40
    assert k_factor(rated(1500, games=29), ELO) == 40
    assert k_factor(rated(1500, games=30), ELO) == 20
    assert k_factor(rated(2450, games=30, reached=True), ELO) == 10
    assert k_factor(rated(2300, games=300, reached=True), ELO) == 10  # reached once: 10 for good
    assert k_factor(rated(2450, games=12, reached=True), ELO) == 40  # the first 30 games come first


def test_k_drops_from_40_to_20_after_30_games_and_to_10_after_2400_and_stays() -> None:
    """A newcomer beats 70 equal-rated players in a row (+20, then +10, then +5), then loses 50."""
    me = PlayerRating.initial(SCOPA)
    ks = []
    for i in range(120):
        ks.append(k_factor(me, ELO))
        match = one_v_one(f"m{i}", T0 + i, "me", "op", 1.0 if i < 70 else 0.0)
        me = apply_match({"me": me, "op": rated(me.elo)}, match, SCOPA)[0].after
        if i == 59:
            assert me.elo == 2400.0  # 1500 + 30 x 20 + 30 x 10
            assert me.reached_2400
    assert ks == [40] * 30 + [20] * 30 + [10] * 60
    assert me.elo == 2200.0  # back below 2400 (2450 - 50 x 5), and K is still 10
    assert me.reached_2400
    assert k_factor(me, ELO) == 10


# ---------------------------------------------------------------------- worked examples


def test_equal_new_players_win_and_lose_20() -> None:
    a, b = apply_match({}, one_v_one("m", T0, "a", "b", 1.0), SCOPA)
    assert (a.after.elo, b.after.elo) == (1520.0, 1480.0)


def test_established_players_move_by_k_20() -> None:
    ratings = {"a": rated(1500), "b": rated(1500)}
    a, b = apply_match(ratings, one_v_one("m", T0, "a", "b", 0.0), SCOPA)
    assert (a.elo_delta, b.elo_delta) == (-10.0, 10.0)


def test_a_gap_above_400_uses_the_cap() -> None:
    ratings = {"fav": rated(2100), "dog": rated(1500)}  # 600 apart: counted as 400
    fav, dog = apply_match(ratings, one_v_one("m", T0, "fav", "dog", 1.0), SCOPA)
    assert fav.elo_delta == pytest.approx(20 * (1 - 10 / 11))  # +1.82, not +0.63 at the true gap
    assert dog.elo_delta == pytest.approx(-20 * (1 - 10 / 11))
    fav, dog = apply_match(ratings, one_v_one("m", T0, "fav", "dog", 0.0), SCOPA)
    assert fav.elo_delta == pytest.approx(-20 * 10 / 11)  # an upset: -18.18
    assert dog.elo_delta == pytest.approx(20 * 10 / 11)


def test_a_draw_between_unequal_players() -> None:
    ratings = {"a": rated(1700), "b": rated(1500, games=5)}
    a, b = apply_match(ratings, one_v_one("m", T0, "a", "b", 0.5), SCOPA)
    e = expected_score(1700, 1500)
    assert a.elo_delta == pytest.approx(20 * (0.5 - e))
    assert b.elo_delta == pytest.approx(40 * (e - 0.5))  # new player: K 40, not zero-sum


# ---------------------------------------------------------------------- team model


def test_a_side_is_rated_as_the_mean_of_its_partners() -> None:
    assert side_rating([1600.0]) == 1600.0
    assert side_rating([1600.0, 1400.0]) == 1500.0


def test_partners_move_by_their_own_k_in_the_same_direction() -> None:
    ratings = {
        "vet": rated(1800),  # K 20
        "new": rated(1400, games=3),  # K 40: side mean 1600
        "x": rated(1550),
        "y": rated(1550),  # side mean 1550
    }
    match = RatedMatch("m", T0, "scopone", (("vet", "new"), ("x", "y")), 1.0)
    vet, new, x, y = apply_match(ratings, match, SCOPONE)
    e = expected_score(1600, 1550)
    assert vet.elo_delta == pytest.approx(20 * (1 - e))
    assert new.elo_delta == pytest.approx(40 * (1 - e))
    assert new.elo_delta == pytest.approx(2 * vet.elo_delta)
    assert x.elo_delta == y.elo_delta == pytest.approx(-20 * (1 - e))
    assert vet.opponents == new.opponents == ("x", "y")
    assert x.opponents == ("vet", "new")


def test_the_team_expected_score_uses_the_cap_between_means() -> None:
    deltas = elo_deltas(
        [rated(2600), rated(2400)], [rated(1500), rated(1500)], 1.0, ELO
    )  # means 2500 and 1500: capped at 400
    assert deltas[0] == pytest.approx((20 * (1 - 10 / 11),) * 2)


# ---------------------------------------------------------------------- properties


@PROPERTY
@given(st.floats(0, 4000), st.floats(0, 4000), scores, st.sampled_from((40.0, 20.0, 10.0)))
def test_one_against_one_is_zero_sum_with_equal_k(ra: float, rb: float, score: float, k: float) -> None:
    cfg = replace(ELO, k_new=k, k_established=k, k_top=k)
    (da,), (db,) = elo_deltas([rated(ra)], [rated(rb)], score, cfg)
    assert da == -db  # exactly: K (S - E) and K (-(S - E))
    assert da + db == 0.0


@PROPERTY
@given(player_states(), player_states(), scores)
def test_a_winner_never_loses_elo_points(a: PlayerRating, b: PlayerRating, score: float) -> None:
    ca, cb = apply_match({"a": a, "b": b}, one_v_one("m", T0, "a", "b", score), SCOPA)
    if score == 1.0:
        assert ca.elo_delta >= 0 >= cb.elo_delta
    elif score == 0.0:
        assert ca.elo_delta <= 0 <= cb.elo_delta


@PROPERTY
@given(st.lists(player_states(), min_size=4, max_size=4), scores)
def test_partners_always_move_the_same_way(players: list[PlayerRating], score: float) -> None:
    ratings = dict(zip("abcd", players, strict=True))
    changes = apply_match(ratings, RatedMatch("m", T0, "scopone", (("a", "b"), ("c", "d")), score), SCOPONE)
    deltas = [c.elo_delta for c in changes]
    assert deltas[0] * deltas[1] >= 0  # K (S - E) with K > 0: the same sign
    assert deltas[2] * deltas[3] >= 0
    if score == 1.0:
        assert min(deltas[:2]) >= 0 >= max(deltas[2:])

"""Double elimination: the bracket's structure, whole simulated tournaments of 2..64, replay and placings."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scopa.domain.tournaments.double_elimination import (
    champion,
    depth,
    max_rounds,
    progress,
    ready_matches,
    replay,
    replay_rounds,
    structure,
)
from scopa.domain.tournaments.knockout import bracket_slots
from scopa.domain.tournaments.planner import champion as champion_of
from scopa.domain.tournaments.planner import placings
from scopa.domain.tournaments.records import history_of
from scopa.domain.tournaments.settings import TournamentSettings
from scopa.domain.tournaments.standings import compute_standings
from tests.tournaments.planner_support import at_random, run


def seeds(n: int) -> list[str]:
    return [f"s{i}" for i in range(1, n + 1)]


def play(
    n: int, pick: random.Random | None, reset: bool = True
) -> tuple[list[list[tuple[str, str, str]]], dict[str, str], list[str | None]]:
    """A whole tournament: each round pairs every ready match; the winner is drawn by ``pick`` (None: the
    better seed). Returns the rounds as (a, b, winner) tables, the decided matches and the slots."""
    slots = bracket_slots(seeds(n))
    decided: dict[str, str] = {}
    rounds: list[list[tuple[str, str, str]]] = []
    for number in range(1, 4 * n + 4):
        state = progress(slots, decided, reset)
        if champion(state) is not None:
            break
        ready = ready_matches(state, number)
        assert ready, "no champion and nothing to play"
        tables = []
        for s in ready:
            assert s.first is not None
            assert s.second is not None
            a, b = s.first, s.second
            winner = min(a, b, key=lambda x: int(x[1:])) if pick is None else pick.choice((a, b))
            decided[s.match.key] = winner
            tables.append((a, b, winner))
        rounds.append(tables)
    return rounds, decided, slots


def check_tournament(n: int, pick: random.Random | None, reset: bool) -> None:
    rounds, decided, slots = play(n, pick, reset)
    state = progress(slots, decided, reset)
    winner = champion(state)
    assert winner is not None
    assert winner in seeds(n)
    # Every match is played in its due round: the round count is fixed but for the reset.
    assert len(rounds) in (max_rounds(n, reset), max_rounds(n, reset) - 1 if reset else -1)
    losses: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for tables in rounds:
        seated = [x for a, b, _ in tables for x in (a, b)]
        assert len(seated) == len(set(seated)), "an entrant at two tables of one round"
        for a, b, w in tables:
            # Nobody plays on after a second loss.
            assert losses[a] < 2
            assert losses[b] < 2
            losses[b if w == a else a] += 1
            played[a] += 1
            played[b] += 1
    assert set(played) == set(seeds(n)), "everyone plays"
    assert losses[winner] <= 1
    once = [x for x in seeds(n) if x != winner and losses[x] < 2]
    if reset:
        assert once == []  # out only after two losses
    else:
        assert len(once) <= 1  # the winners' bracket winner who lost the only grand final
    # Replaying the rounds from their tables finds the same matches decided.
    outcome = {(i, frozenset((a, b))): w for i, t in enumerate(rounds, 1) for a, b, w in t}
    assert (
        replay(
            slots,
            [[(a, b) for a, b, _ in t] for t in rounds],
            lambda r, a, b: outcome[(r, frozenset((a, b)))],
            reset,
        )
        == decided
    )
    # Placings: the champion alone first, the grand final's loser alone second, a third if n > 2.
    places = depth(state, seeds(n))
    ordered = sorted(places.values(), reverse=True)
    assert places[winner] == ordered[0]
    assert ordered[0] > ordered[1]
    if n > 2:
        assert ordered[1] > ordered[2]
        assert n == 3 or ordered[2] > ordered[3]


@pytest.mark.parametrize("n", range(2, 65))
def test_the_better_seed_always_winning(n: int) -> None:
    check_tournament(n, None, reset=True)
    _rounds, decided, slots = play(n, None)
    assert champion(progress(slots, decided)) == "s1"
    assert "GF2" not in decided  # the unbeaten top seed wins the first grand final: no reset


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 64), st.integers(0, 2**32), st.booleans())
def test_any_results_make_a_valid_tournament(n: int, seed: int, reset: bool) -> None:
    check_tournament(n, random.Random(seed), reset)


def test_the_structure_of_eight() -> None:
    keys = [m.key for m in structure(8)]
    assert keys == [
        *("W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "W3-1"),
        *("L1-1", "L1-2", "L2-1", "L2-2", "L3-1", "L4-1", "GF1", "GF2"),
    ]
    assert [m.key for m in structure(8, reset=False)][-1] == "GF1"
    # The losers of W2 drop into L2 in reverse order, away from who they just met.
    l2 = {m.key: m.inputs[1].match for m in structure(8) if m.key.startswith("L2")}
    assert l2 == {"L2-1": "W2-2", "L2-2": "W2-1"}
    with pytest.raises(ValueError, match="power-of-two"):
        structure(6)


def test_the_bracket_reset_is_played_when_the_losers_side_wins_the_first_grand_final() -> None:
    slots = bracket_slots(["a", "b"])
    state = progress(slots, {})
    assert [(s.first, s.second) for s in ready_matches(state, 1)] == [("a", "b")]
    state = progress(slots, {"W1-1": "a"})
    assert [(s.match.key, s.first, s.second) for s in ready_matches(state, 2)] == [("GF1", "a", "b")]
    state = progress(slots, {"W1-1": "a", "GF1": "b"})
    assert ready_matches(state, 2) == []  # the reset is due in round 3
    assert [(s.match.key, s.first, s.second) for s in ready_matches(state, 3)] == [("GF2", "b", "a")]
    assert champion(state) is None
    state = progress(slots, {"W1-1": "a", "GF1": "b", "GF2": "b"})
    assert champion(state) == "b"
    assert depth(state, ["a", "b"]) == {"b": 2, "a": 1}
    # Without the reset the first grand final is the last match.
    state = progress(slots, {"W1-1": "a", "GF1": "b"}, reset=False)
    assert champion(state) == "b"
    assert depth(state, ["a", "b"]) == {"b": 2, "a": 1}


def test_byes_pass_on_without_play_and_the_loser_of_a_bye_is_nobody() -> None:
    slots = bracket_slots(seeds(3))  # s1 bye, s2 v s3
    state = progress(slots, {})
    assert [(s.match.key, s.first, s.second) for s in ready_matches(state, 1)] == [("W1-2", "s2", "s3")]
    state = progress(slots, {"W1-2": "s3"})
    # s3 meets s1; s2 goes through the empty losers' round 1 without play and waits for W2's loser.
    assert [(s.match.key, s.first, s.second) for s in ready_matches(state, 2)] == [("W2-1", "s1", "s3")]
    assert state["L1-1"].winner == "s2"
    assert not state["L1-1"].played
    with pytest.raises(ValueError, match="must be one of them"):
        progress(slots, {"W1-2": "s1"})


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 64), st.integers(0, 2**32), st.booleans())
def test_the_planner_runs_a_double_elimination_to_placed_standings(n: int, seed: int, reset: bool) -> None:
    rules = TournamentSettings(format="double_elimination", bracket_reset=reset)
    entries, rounds, planned = run(rules, n, at_random(random.Random(seed)))
    winner = champion_of(rules, rounds, entries)
    assert winner is not None
    assert len(rounds) in (planned, planned - 1)
    # Round 1 gives the first-round byes to the top seeds, as the knockout does; later rounds none.
    assert len(rounds[0].byes) == len(rounds[0].slots or []) - n
    assert all(not r.byes for r in rounds[1:])
    seated = {x for t in rounds[0].tables for x in (t.first, t.second)}
    assert not seated & set(rounds[0].byes), "a bye at a table"
    place = placings(rules, entries, rounds)
    assert place is not None
    history = history_of(entries, rounds, rules)
    rows = compute_standings([e.entrant() for e in entries], history, rules.tiebreak_order, "lot", place)
    assert rows[0].entrant == winner
    final = list(rounds[-1].tables)
    assert len(final) == 1
    assert rows[1].entrant in (final[0].first, final[0].second)
    # Every entrant but the first two lost twice; the ranks follow the placings.
    losses = Counter(t.first if t.result == [0.0, 1.0] else t.second for r in rounds for t in r.tables)
    assert all(losses[row.entrant] == 2 for row in rows[2:])
    assert [place[row.entrant] for row in rows] == sorted(place.values(), reverse=True)


def test_settings_of_double_elimination() -> None:
    assert TournamentSettings(format="double_elimination").bracket_reset is True
    assert TournamentSettings(format="double_elimination").bye_points == 1.0
    with pytest.raises(ValueError, match="double_elimination setting"):
        TournamentSettings(format="knockout", bracket_reset=False)
    with pytest.raises(ValueError, match="derived"):
        TournamentSettings(format="double_elimination", rounds=3)
    assert max_rounds(2) == 3
    assert max_rounds(2, reset=False) == 2
    assert max_rounds(8) == 7
    assert max_rounds(5) == 7
    assert max_rounds(1) == 0


def test_a_table_that_fits_no_match_is_ignored_and_the_match_is_paired_later() -> None:
    slots = bracket_slots(seeds(4))  # s1 v s4, s2 v s3
    won = {frozenset(("s1", "s4")): "s1", frozenset(("s2", "s3")): "s2", frozenset(("s1", "s2")): "s1"}

    def winner_of(_round: int, a: str, b: str) -> str | None:
        return won.get(frozenset((a, b)))

    # Round 2 seats s1 v s3 (a result corrected after the pairing, say): no match of the bracket.
    decided, paired = replay_rounds(slots, [[("s1", "s4"), ("s2", "s3")], [("s1", "s3")]], winner_of)
    assert decided == {"W1-1": "s1", "W1-2": "s2"}
    state = progress(slots, decided)
    assert {s.match.key for s in ready_matches(state, 3)} == {"W2-1", "L1-1"}
    # Played in round 3 instead, the bracket goes on from there.
    rounds = [[("s1", "s4"), ("s2", "s3")], [("s1", "s3")], [("s1", "s2"), ("s4", "s3")]]
    decided, paired = replay_rounds(slots, rounds, winner_of)
    assert decided["W2-1"] == "s1"
    assert paired["W2-1"] == 3

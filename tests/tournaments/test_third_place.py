"""The match for third place (``third_place_match``): who meets in it, when there is none, and the
placings and standings it decides, through the planner alone."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from scopa.domain.tournaments.planner import (
    champion,
    placings,
    plan_round,
    table_records,
    third_place_table,
)
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, history_of
from scopa.domain.tournaments.settings import Format, TournamentSettings
from scopa.domain.tournaments.standings import compute_standings
from tests.tournaments.planner_support import Decide, at_random, better_seed, run

KNOCKOUT = TournamentSettings(format="knockout")
WITH_THIRD = TournamentSettings(format="knockout", third_place_match=True)


def loser(rnd: RoundRecord, a: str, b: str) -> str:
    t = next(t for t in rnd.tables if {t.first, t.second} == {a, b})
    assert t.result is not None
    return t.second if t.result[0] > t.result[1] else t.first


def podium_of(entries: list[EntryRecord], rounds: list[RoundRecord], rules: TournamentSettings) -> list[str]:
    """The entrants by placing, best first (ties broken by id, as the standings' lot would)."""
    place = placings(rules, entries, rounds)
    assert place is not None
    return sorted(place, key=lambda e: (-place[e], e))


@pytest.mark.parametrize("n", [4, 5, 8, 16])
def test_the_semi_finals_losers_meet_in_the_final_round(n: int) -> None:
    entries, rounds, planned = run(WITH_THIRD, n, better_seed)
    assert len(rounds) == planned  # no extra round: the match is played beside the final
    final = rounds[-1]
    assert final.slots == ["s1", "s2"]
    assert [(t.table, {t.first, t.second}) for t in final.tables] == [(1, {"s1", "s2"}), (2, {"s3", "s4"})]
    assert third_place_table(final) is final.tables[1]
    assert all(third_place_table(r) is None for r in rounds[:-1])
    assert champion(WITH_THIRD, rounds, entries) == "s1"  # the final's winner, not the third place's
    place = placings(WITH_THIRD, entries, rounds)
    assert place is not None
    assert place["s1"] > place["s2"] > place["s3"] > place["s4"]
    assert all(place["s4"] > place[f"s{i}"] for i in range(5, n + 1))
    # Without the option nothing changes: one table in the final, the semi-finals' losers share 3rd.
    entries, plain, _ = run(KNOCKOUT, n, better_seed)
    assert [len(r.tables) for r in plain] == [len(r.tables) for r in rounds[:-1]] + [1]
    assert third_place_table(plain[-1]) is None
    shared = placings(KNOCKOUT, entries, plain)
    assert shared is not None
    assert shared["s1"] > shared["s2"] > shared["s3"] == shared["s4"]


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9, 16, 23])
@pytest.mark.parametrize("seed", range(6))
def test_any_results_rank_the_third_place_winner_third(n: int, seed: int) -> None:
    entries, rounds, planned = run(WITH_THIRD, n, at_random(random.Random(seed)))
    assert len(rounds) == planned
    semis, final = rounds[-2], rounds[-1]
    assert semis.slots is not None
    assert final.slots is not None
    fa, fb = final.slots
    assert fa is not None
    assert fb is not None
    third = third_place_table(final)
    assert third is not None
    s = semis.slots
    assert {third.first, third.second} == {
        loser(semis, s[0] or "", s[1] or ""),
        loser(semis, s[2] or "", s[3] or ""),
    }
    third_loser = loser(final, third.first, third.second)
    third_winner = third.first if third_loser == third.second else third.second
    runner_up = loser(final, fa, fb)
    winner = fa if runner_up == fb else fb
    assert champion(WITH_THIRD, rounds, entries) == winner
    assert podium_of(entries, rounds, WITH_THIRD)[:4] == [winner, runner_up, third_winner, third_loser]
    # The standings put the placings before points: a third-place winner with fewer points is 3rd.
    place = placings(WITH_THIRD, entries, rounds)
    history = history_of(entries, rounds, WITH_THIRD)
    rows = compute_standings([e.entrant() for e in entries], history, ("lot",), "x", place)
    assert [r.entrant for r in rows[:4]] == [winner, runner_up, third_winner, third_loser]


@pytest.mark.parametrize("n", [2, 3])
def test_no_third_place_match_without_two_semi_finals(n: int) -> None:
    # 3 entrants: the top seed's semi-final is a bye, so it has no loser; 2: the final is round 1.
    entries, rounds, _ = run(WITH_THIRD, n, better_seed)
    assert len(rounds[-1].tables) == 1
    assert all(third_place_table(r) is None for r in rounds)
    place = placings(WITH_THIRD, entries, rounds)
    assert place is not None
    assert place["s1"] > place["s2"]
    if n == 3:
        assert place["s2"] > place["s3"]  # out in round 1: below the final's loser


def test_a_drawn_third_place_table_goes_as_any_knockout_table() -> None:
    # Equal match points: the game points decide, then the better seed (as every knockout table).
    entries, rounds, _ = run(WITH_THIRD, 4, better_seed)
    final = rounds[-1]
    third = third_place_table(final)
    assert third is not None
    assert {third.first, third.second} == {"s3", "s4"}
    s4 = 0 if third.first == "s4" else 1
    third.result = [0.5, 0.5]
    third.points = [11, 11]
    podium = podium_of(entries, rounds, WITH_THIRD)
    assert podium[2:4] == ["s3", "s4"]  # even: the better seed
    third.points = [12, 11] if s4 == 0 else [11, 12]
    assert podium_of(entries, rounds, WITH_THIRD)[2:4] == ["s4", "s3"]  # more game points


def test_the_lead_of_the_third_place_table_goes_to_the_one_who_led_less() -> None:
    _, rounds, _ = run(WITH_THIRD, 8, better_seed)
    led: dict[str, int] = {}
    for rnd in rounds[:-1]:
        for t in rnd.tables:
            led[t.first] = led.get(t.first, 0) + 1
            led[t.second] = led.get(t.second, 0) - 1
    third = third_place_table(rounds[-1])
    assert third is not None
    assert led.get(third.first, 0) <= led.get(third.second, 0)


def test_groups_knockout_plays_it_after_its_semi_finals() -> None:
    rules = TournamentSettings(format="groups_knockout", third_place_match=True)
    entries, rounds, planned = run(rules, 8, better_seed)  # two groups of 4, four qualifiers
    assert len(rounds) == planned == 3 + 2
    assert [third_place_table(r) is not None for r in rounds] == [False] * 4 + [True]
    assert podium_of(entries, rounds, rules)[:4] == ["s1", "s2", "s3", "s4"]
    # Two qualifiers only: the knockout is a final alone.
    rules = TournamentSettings(
        format="groups_knockout", group_size=4, advance_per_group=1, third_place_match=True
    )
    entries, rounds, _ = run(rules, 8, better_seed)
    assert rounds[-1].slots is not None
    assert len(rounds[-1].slots) == 2
    assert len(rounds[-1].tables) == 1


@pytest.mark.parametrize("fmt", ["swiss", "round_robin", "double_round_robin", "double_elimination"])
def test_the_setting_is_refused_outside_the_knockouts(fmt: Format) -> None:
    rounds = 3 if fmt == "swiss" else None
    with pytest.raises(ValueError, match="third_place_match"):
        TournamentSettings(format=fmt, rounds=rounds, third_place_match=True)
    assert TournamentSettings(format=fmt, rounds=rounds).third_place_match is False


def test_a_hand_run_final_round_pairs_the_third_place_table_second() -> None:
    # plan_round alone, as the pipeline calls it: round 2 of 4 entrants after both semi-finals.
    decide: Decide = better_seed
    entries, rounds, _ = run(WITH_THIRD, 4, decide)
    plan = plan_round(WITH_THIRD, 2, entries, rounds[:1], "lot")
    tables = table_records(plan.pairing)
    assert [{t.first, t.second} for t in tables] == [{"s1", "s2"}, {"s3", "s4"}]
    assert plan.pairing.byes == ()


@hyp_settings(max_examples=80, deadline=None)
@given(st.integers(2, 64), st.integers(3, 8), st.integers(1, 7), st.booleans(), st.integers(0, 2**32))
def test_a_third_place_match_exactly_when_four_reach_the_semi_finals(
    n: int, size: int, advance: int, groups: bool, seed: int
) -> None:
    if groups:
        rules = TournamentSettings(
            format="groups_knockout",
            group_size=size,
            advance_per_group=min(advance, size - 1),
            third_place_match=True,
        )
    else:
        rules = WITH_THIRD
    entries, rounds, _ = run(rules, n, at_random(random.Random(seed)))
    bracket = [r for r in rounds if r.slots is not None]
    qualifiers = len([x for x in bracket[0].slots or [] if x is not None]) if bracket else 0
    thirds = [r.number for r in rounds if third_place_table(r) is not None]
    assert thirds == ([rounds[-1].number] if qualifiers >= 4 else [])
    if qualifiers < 2:
        return
    place = placings(rules, entries, rounds)
    assert place is not None
    order = sorted(place.values(), reverse=True)
    winner = champion(rules, rounds, entries)
    assert winner is not None
    assert place[winner] == order[0] > order[1]  # one champion, the final's winner
    if thirds:
        assert order[1] > order[2] > order[3]  # 2nd, 3rd and 4th each alone in their place
        third = third_place_table(rounds[-1])
        assert third is not None
        final_pair = set(rounds[-1].slots or [])
        assert not final_pair & {third.first, third.second}

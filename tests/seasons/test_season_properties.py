"""Properties of season standings over random seasons: a total order, and only counted events matter."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from scopa.domain.seasons.places import shared_places
from scopa.domain.seasons.rules import SeasonRules
from scopa.domain.seasons.standings import EventStatus, Finish, SeasonEvent, season_standings

PLAYERS = [f"p{i}" for i in range(8)]


@st.composite
def seasons(draw: st.DrawFn) -> tuple[list[SeasonEvent], SeasonRules]:
    events = []
    for index in range(draw(st.integers(1, 6))):
        field = draw(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=8, unique=True))
        # tie keys in rank order: equal neighbours share places
        keys = sorted(draw(st.lists(st.integers(0, 3), min_size=len(field), max_size=len(field))))
        finishes = tuple(
            Finish(p, p.upper(), place, shared)
            for p, (place, shared) in zip(field, shared_places(keys), strict=True)
        )
        status: EventStatus = draw(st.sampled_from(["finished", "finished", "finished", "pending"]))
        events.append(SeasonEvent(f"t{index}", f"t{index}", status, len(field), finishes))
    rules = SeasonRules(
        scale=draw(st.sampled_from(["table", "field"])),
        points=draw(st.sampled_from([[25, 18, 15, 12, 10, 8, 6, 4, 2, 1], [3, 3, 1], [1]])),
        participation=draw(st.sampled_from([0, 1, 0.5])),
        best_of=draw(st.none() | st.integers(1, 4)),
        shared_places=draw(st.sampled_from(["average", "best"])),
    )
    return events, rules


@given(seasons(), st.text(max_size=8), st.randoms(use_true_random=False))
def test_standings_are_a_total_order(
    season: tuple[list[SeasonEvent], SeasonRules], seed: str, rnd: random.Random
) -> None:
    events, rules = season
    rows = season_standings(events, rules, seed)
    players = {f.player for e in events if e.status == "finished" for f in e.finishes}
    # every player once, ranks 1..n
    assert sorted(r.player for r in rows) == sorted(players)
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
    # the chain's first keys are monotone down the table
    for above, below in itertools.pairwise(rows):
        assert above.points >= below.points
        if above.points == below.points:
            assert (above.wins, -above.best, above.played) >= (below.wins, -below.best, below.played)
    # the same season given with its finishes in another order ranks the same
    shuffled = [
        SeasonEvent(e.id, e.name, e.status, e.field, tuple(rnd.sample(e.finishes, len(e.finishes))))
        for e in events
    ]
    assert [r.player for r in season_standings(shuffled, rules, seed)] == [r.player for r in rows]


@given(seasons(), st.data())
def test_dropping_a_non_counted_event_keeps_the_points(
    season: tuple[list[SeasonEvent], SeasonRules], data: st.DataObject
) -> None:
    events, rules = season
    rows = season_standings(events, rules, "seed")
    candidates = [(r.player, s.event) for r in rows for s in r.events if not s.counted]
    if not candidates:
        return
    player, dropped = data.draw(st.sampled_from(candidates))
    before = next(r for r in rows if r.player == player)
    after_rows = season_standings([e for e in events if e.id != dropped], rules, "seed")
    after = next(r for r in after_rows if r.player == player)
    assert after.points == before.points
    assert after.counted == before.counted


@given(seasons())
def test_points_are_the_counted_events_sum(season: tuple[list[SeasonEvent], SeasonRules]) -> None:
    events, rules = season
    for row in season_standings(events, rules, "seed"):
        counted = [s.points for s in row.events if s.counted]
        # each shown value is rounded to 6 decimals, the total from the exact sum
        assert abs(sum(counted) - row.points) <= 0.5e-6 * (len(counted) + 1) + 1e-12
        assert len(counted) == min(row.played, rules.best_of or row.played)
        assert all(c >= n for c in counted for n in (s.points for s in row.events if not s.counted))

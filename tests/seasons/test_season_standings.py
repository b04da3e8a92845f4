"""Season standings: points per place, shared places, best N of M, each tie-break of the chain, the
exports parsed back, and the rules' refusals."""

from __future__ import annotations

import csv
import io
import json

import pytest
from pydantic import ValidationError

from scopa.domain.seasons.exports import to_csv, to_ndjson
from scopa.domain.seasons.places import shared_places
from scopa.domain.seasons.rules import SeasonRules
from scopa.domain.seasons.standings import EventStatus, Finish, SeasonEvent, SeasonRow, season_standings
from scopa.domain.tournaments.standings import lot_value


def event(
    eid: str, *places: tuple[str, int] | tuple[str, int, int], status: EventStatus = "finished"
) -> SeasonEvent:
    finishes = tuple(Finish(p[0], p[0].upper(), p[1], p[2] if len(p) == 3 else 1) for p in places)
    return SeasonEvent(eid, eid, status, len(finishes), finishes)


def ranked(rows: list[SeasonRow]) -> list[str]:
    return [r.player for r in rows]


def test_default_table_and_places_beyond_it() -> None:
    places = [(f"p{i:02d}", i) for i in range(1, 13)]
    rows = season_standings([event("t1", *places)], SeasonRules(), "seed")
    assert [r.points for r in rows] == [25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0, 0]


def test_field_scale_and_participation() -> None:
    rules = SeasonRules(scale="field", participation=2)
    rows = season_standings([event("t1", ("a", 1), ("b", 2), ("c", 3))], rules, "seed")
    assert [(r.player, r.points) for r in rows] == [("a", 5), ("b", 4), ("c", 3)]


def test_shared_places_average_or_best() -> None:
    e = event("t1", ("a", 1), ("b", 2, 3), ("c", 2, 3), ("d", 2, 3), ("e", 5))
    average = {r.player: r.points for r in season_standings([e], SeasonRules(), "s")}
    assert average == {"a": 25, "b": 15, "c": 15, "d": 15, "e": 10}  # (18 + 15 + 12) / 3
    best = {r.player: r.points for r in season_standings([e], SeasonRules(shared_places="best"), "s")}
    assert best == {"a": 25, "b": 18, "c": 18, "d": 18, "e": 10}


def test_average_keeps_fractions_exact() -> None:
    e = event("t1", ("a", 1, 3), ("b", 1, 3), ("c", 1, 3))
    rows = season_standings([e, e, e], SeasonRules(), "s")
    assert {r.points for r in rows} == {58.0}  # 3 x 58/3, summed exactly


def test_best_n_of_m_counts_the_highest() -> None:
    events = [
        event("t1", ("a", 5), ("z", 1)),
        event("t2", ("a", 1)),
        event("t3", ("a", 2)),
        event("t4", ("a", 9)),
    ]
    rows = season_standings(events, SeasonRules(points=[25, 18, 15, 12, 10, 8, 6, 4, 2], best_of=2), "s")
    a = next(r for r in rows if r.player == "a")
    assert a.points == 25 + 18
    assert a.counted == 2
    assert a.played == 4
    assert [(s.event, s.counted) for s in a.events] == [
        ("t1", False),
        ("t2", True),
        ("t3", True),
        ("t4", False),
    ]


def test_pending_and_cancelled_events_score_nothing() -> None:
    events = [
        event("t1", ("a", 1)),
        event("t2", ("b", 1), status="pending"),
        event("t3", ("b", 1), status="cancelled"),
    ]
    rows = season_standings(events, SeasonRules(), "s")
    assert ranked(rows) == ["a"]


def test_tiebreak_wins_first() -> None:
    # a: 1st + 10th (25 + 1), b: 2nd + 6th... pick points equal: a 25+8=33 (1st,6th), b 18+15=33 (2nd,3rd)
    events = [event("t1", ("a", 1), ("b", 2)), event("t2", ("b", 3), ("a", 6))]
    rows = season_standings(events, SeasonRules(), "s")
    assert rows[0].points == rows[1].points == 33
    assert ranked(rows) == ["a", "b"]
    assert rows[0].tiebreaks["wins"] == 1


def test_tiebreak_best_place() -> None:
    # equal points (18 + 12 = 15 + 15), no wins: a's best is 2nd
    events = [event("t1", ("a", 2), ("b", 3)), event("t2", ("b", 3), ("a", 4))]
    rows = season_standings(events, SeasonRules(), "s")
    assert ranked(rows) == ["a", "b"]
    assert (rows[0].best, rows[1].best) == (2, 3)


def test_tiebreak_more_events_played() -> None:
    # b played a third event, scoring 0 (11th), not counted under best 2
    events = [event("t1", ("a", 1), ("b", 2)), event("t2", ("b", 1), ("a", 2))]
    events.append(event("t3", *[(f"x{i}", i) for i in range(1, 11)], ("b", 11)))
    rows = season_standings(events, SeasonRules(best_of=2), "s")
    top = [r for r in rows if r.player in ("a", "b")]
    assert ranked(top) == ["b", "a"]
    assert (top[0].played, top[1].played) == (3, 2)


def test_tiebreak_head_to_head() -> None:
    # a and b: one win each, best 1st, 4 events each, equal points; a finished ahead of b 3 times to 1
    events = [
        event("t1", ("a", 1), ("b", 4), ("c", 2)),
        event("t2", ("b", 1), ("a", 4)),
        event("t3", ("c", 1), ("a", 2), ("b", 3)),
        event("t4", ("c", 1), ("a", 2), ("b", 3)),
    ]
    rules = SeasonRules(points=[10, 6, 6, 0])
    rows = season_standings(events, rules, "s")
    a, b = (next(r for r in rows if r.player == p) for p in "ab")
    assert a.points == b.points
    assert a.wins == b.wins
    assert a.best == b.best
    assert a.played == b.played
    assert a.tiebreaks["head_to_head"] == 2
    assert b.tiebreaks["head_to_head"] == -2
    assert a.rank < b.rank


@pytest.mark.parametrize("seed", ["s1", "s2", "s3", "s4"])
def test_tiebreak_lot_from_the_seed(seed: str) -> None:
    events = [event("t1", ("a", 1, 2), ("b", 1, 2))]
    rows = season_standings(events, SeasonRules(), seed)
    expected = sorted("ab", key=lambda p: -lot_value(seed, p))
    assert ranked(rows) == expected
    assert rows[0].tiebreaks["lot"] == lot_value(seed, expected[0])


def test_shared_places_from_keys() -> None:
    assert shared_places(["x", "y", "y", "z", "z", "z"]) == [(1, 1), (2, 2), (2, 2), (4, 3), (4, 3), (4, 3)]
    assert shared_places([]) == []


@pytest.mark.parametrize(
    ("rules", "setting"),
    [
        ({"points": []}, "points"),
        ({"participation": -1}, "participation"),
        ({"scale": "elo"}, "scale"),
        ({"best_of": 0}, "best_of"),
        ({"extra": 1}, "extra"),
    ],
)
def test_rules_refused_naming_the_setting(rules: dict[str, object], setting: str) -> None:
    with pytest.raises(ValidationError, match=setting):
        SeasonRules.model_validate(rules)


@pytest.mark.parametrize(
    ("rules", "setting"),
    [
        ({"points": [10, 12]}, "points"),
        ({"points": [5, 3, 3, 4]}, "points"),
        ({"best_of": 5, "events": 4}, "best_of"),
    ],
)
def test_contradictions_are_named(rules: dict[str, object], setting: str) -> None:
    problem = SeasonRules.model_validate(rules).contradiction()
    assert problem is not None
    assert problem.startswith(f"{setting}:")


def test_consistent_rules_have_no_contradiction() -> None:
    assert SeasonRules().contradiction() is None
    assert SeasonRules(points=[3, 3, 1], best_of=4, events=4).contradiction() is None


def test_exports_parse_back() -> None:
    events = [
        event("t1", ("a", 1), ("b", 2, 2), ("c", 2, 2)),
        event("t2", ("c", 1), ("a", 2)),
        event("t3", ("b", 1)),
        SeasonEvent("t4", "later", "pending", 0),
    ]
    rules = SeasonRules(best_of=2)
    rows = season_standings(events, rules, "s")
    table = list(csv.DictReader(io.StringIO(to_csv(events, rows))))
    assert [r["player"] for r in table] == [r.player for r in rows]
    assert [float(r["points"]) for r in table] == [r.points for r in rows]
    a = next(r for r in table if r["player"] == "a")
    assert (a["t1"], a["t2"], a["t3"], a["t4"]) == ("25", "18", "", "")
    c = next(r for r in table if r["player"] == "c")
    assert c["t1"] == "16.5"
    assert c["t2"] == "25"
    lines = [json.loads(x) for x in to_ndjson({"id": "s_1"}, events, rows).splitlines()]
    assert lines[0]["type"] == "season"
    assert [e["status"] for e in lines[0]["events"]][-1] == "pending"
    assert [x["player"] for x in lines[1:]] == [r.player for r in rows]
    assert lines[1]["events"][0].keys() == {"event", "place", "shared", "points", "counted"}

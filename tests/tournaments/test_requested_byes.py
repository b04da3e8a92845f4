"""Requested byes in the pure domain: the Swiss plan leaves the askers out, the round records them,
the history scores them, and the standings, crosstable and TRF show them."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from scopa.domain.tournaments.exports import to_trf
from scopa.domain.tournaments.planner import PlanningError, check_manual, plan_round
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TableRecord, history_of
from scopa.domain.tournaments.settings import TournamentSettings
from scopa.domain.tournaments.standings import compute_standings, crosstable
from scopa.domain.tournaments.tally import tally


def _entries(n: int, asked: dict[str, list[int]] | None = None) -> list[EntryRecord]:
    asked = asked or {}
    return [
        EntryRecord(
            id=f"p{i}",
            name=f"P{i}",
            players=[f"p{i}"],
            rating=2000 - i,
            created_at="2026-01-01T00:00:00Z",
            entered_by="o",
            requested_byes=asked.get(f"p{i}", []),
        )
        for i in range(n)
    ]


def _closed(number: int, pairs: list[tuple[str, str]], byes: list[str], requested: list[str]) -> RoundRecord:
    tables = [
        TableRecord(
            table=k + 1, first=a, second=b, games=[f"m{number}{k}"], points=[11, 5], result=[1.0, 0.0]
        )
        for k, (a, b) in enumerate(pairs)
    ]
    created = f"2026-01-0{number}T00:00:00Z"
    return RoundRecord(number, tables, byes, created, "closed", requested_byes=requested)


def test_the_swiss_plan_leaves_the_askers_out_and_names_them() -> None:
    settings = TournamentSettings(rounds=3, max_requested_byes=2)
    entries = _entries(6, {"p0": [1], "p4": [1, 2]})
    planned = plan_round(settings, 1, entries, [])
    seated = {x for t in planned.pairing.tables for x in (t.first, t.second)}
    assert planned.pairing.requested_byes == ("p0", "p4")
    assert seated == {"p1", "p2", "p3", "p5"}
    assert planned.pairing.byes == ()
    # An odd field after the requests gets a pairing bye as well, never to an asker.
    planned = plan_round(settings, 1, _entries(6, {"p0": [1]}), [])
    assert planned.pairing.requested_byes == ("p0",)
    assert len(planned.pairing.byes) == 1
    assert planned.pairing.byes[0] != "p0"
    # A withdrawn asker is neither paired nor given the bye.
    gone = _entries(4, {"p0": [1]})
    gone[0].status = "withdrawn"
    assert plan_round(settings, 1, gone, []).pairing.requested_byes == ()


def test_a_hand_made_pairing_may_leave_an_asker_out_or_pair_them() -> None:
    entries = _entries(4, {"p0": [1]})
    out = check_manual([("p1", "p2")], ["p3"], entries, 1)
    assert out.requested_byes == ("p0",)
    paired = check_manual([("p0", "p1"), ("p2", "p3")], [], entries, 1)
    assert paired.requested_byes == ()
    with pytest.raises(PlanningError):
        check_manual([("p0", "p1")], [], entries, 1)  # p2 and p3 asked for nothing


@pytest.mark.parametrize(("points", "code"), [(0.5, "H"), (0.0, "Z")])
def test_the_history_scores_requested_byes_apart_from_pairing_byes(points: float, code: str) -> None:
    settings = TournamentSettings(rounds=2, requested_bye_points=points)
    entries = _entries(4, {"p0": [2]})
    rounds = [
        _closed(1, [("p0", "p1"), ("p2", "p3")], [], []),
        _closed(2, [("p2", "p1")], ["p3"], ["p0"]),
    ]
    history = history_of(entries, rounds, settings)
    kinds = {(b.entrant, b.kind): b.score for b in history.byes}
    assert kinds == {("p0", "requested"): points, ("p3", "bye"): 1.0}
    tallies = tally(history, [e.id for e in entries])
    assert (tallies["p0"].requested_byes, tallies["p0"].byes) == (1, 0)
    assert (tallies["p3"].requested_byes, tallies["p3"].byes) == (0, 1)
    assert tallies["p0"].points == 1.0 + points
    entrants = [e.entrant() for e in entries]
    rows = compute_standings(entrants, history, settings.tiebreak_order, "seed")
    row = next(r for r in rows if r.entrant == "p0")
    assert (row.requested_byes, row.byes) == (1, 0)
    cross = next(r for r in crosstable(entrants, history, rows) if r.entrant == "p0")
    assert [c.result for c in cross.cells] == ["1", "R"]
    trf = to_trf({"name": "T", "rounds": 2}, entrants, history, rows)
    line = next(x for x in trf.splitlines() if x.startswith("001") and " P0 " in x)
    assert line[101:111] == f"0000 - {code}  "


def test_a_request_after_the_pairing_changes_nothing() -> None:
    """The round's record says who had a requested bye, not the entry's list read later."""
    settings = TournamentSettings(rounds=2)
    entries = _entries(2, {"p0": [1]})  # asked too late: round 1 had paired them
    history = history_of(entries, [_closed(1, [("p0", "p1")], [], [])], settings)
    assert history.byes == ()


def test_settings_take_zero_or_half_a_point_for_a_requested_bye() -> None:
    assert TournamentSettings(rounds=3).requested_bye_points == 0.5
    assert TournamentSettings(rounds=3).max_requested_byes == 1
    for points in (1.0, 0.25, -0.5):
        with pytest.raises(ValidationError, match="requested_bye_points"):
            TournamentSettings(rounds=3, requested_bye_points=points)

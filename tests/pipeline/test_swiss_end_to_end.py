"""A 64-bot Swiss run to the end by the pipeline, then recounted independently from its rounds and matches.

Created, entered and started through the API; the scheduled pipeline (its Lambda handler) runs the rest.
One entrant withdraws after the start, so the later rounds have an odd field: a pairing bye each, and an
absence for the withdrawn entrant (the virtual-opponent rule of Buchholz then applies to both).
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import (
    Api,
    api_on_sqlite,  # noqa: F401 (a whole tournament through the API, on SQLite)
)
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_until_finished
from tests.pipeline.conftest import assert_standings_match, lines_of, read_matches, read_rounds

ROUNDS = 6
FIELD = 64
SETTINGS = {"format": "swiss", "rounds": ROUNDS, "target": 1}


def test_a_64_bot_swiss_recounts_to_the_api_standings(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SETTINGS)
    tid = t["id"]
    ids = enter_bots(api, olga, tid, FIELD, kinds=("greedy", "random"))
    assert {i.split("-")[1] for i in ids} == {"greedy", "random"}
    entries = api.call("GET", f"/tournaments/{tid}/entries").body["entries"]
    rating = {e["id"]: e["rating"] for e in entries}
    assert len(set(rating.values())) == FIELD  # distinct seeding ratings

    started = api.call("POST", f"/tournaments/{tid}/start", token=olga)
    assert started.status == 200, started.body
    assert started.body["rounds_planned"] == ROUNDS
    # Starting pairs round 1 and, bots finishing their matches at once, goes on for a few rounds.
    withdrawn_after = started.body["current_round"]
    assert 1 <= withdrawn_after < ROUNDS, started.body
    leaver = ids[5]
    out = api.call("DELETE", f"/tournaments/{tid}/entries/{leaver}", token=olga)
    assert out.status == 200, out.body
    assert out.body["status"] == "withdrawn"

    final = run_until_finished(api, tid)
    assert final["status"] == "finished"
    assert final["current_round"] == ROUNDS

    rounds = read_rounds(api, tid, ROUNDS)
    assert api.call("GET", f"/tournaments/{tid}/rounds/{ROUNDS + 1}").status == 404
    matches = read_matches(api, rounds)
    lines = lines_of(tid, ids, rounds, matches, bye_points=1.0)

    _check_swiss_properties(rounds, ids, rating, leaver, withdrawn_after, lines)

    # The standings after every round, and the final ones, equal the recount (totals, every tie-break,
    # the order).
    for number in range(1, ROUNDS + 1):
        assert_standings_match(api, tid, lines, number)
    rows = assert_standings_match(api, tid, lines, ROUNDS, final=True)
    status = {r["entrant"]: r["status"] for r in rows}
    assert status[leaver] == "withdrawn"
    assert sum(1 for s in status.values() if s == "active") == FIELD - 1
    # Every table gives out one point, every bye one: the total is fixed by the pairing alone.
    tables = sum(len(r["tables"]) for r in rounds)
    byes = sum(len(r["byes"]) for r in rounds)
    assert sum(r["points"] for r in rows) == tables + byes


def _check_swiss_properties(
    rounds: list[dict[str, Any]],
    ids: list[str],
    rating: dict[str, float],
    leaver: str,
    withdrawn_after: int,
    lines: dict[str, Any],
) -> None:
    met: set[frozenset[str]] = set()
    byes: dict[str, int] = {}
    for rnd in rounds:
        number = rnd["number"]
        active = set(ids) if number <= withdrawn_after else set(ids) - {leaver}
        seated = [x for t in rnd["tables"] for x in (t["first"]["id"], t["second"]["id"])]
        given = [b["id"] for b in rnd["byes"]]
        # Every active entrant exactly once per round, nobody else.
        assert sorted(seated + given) == sorted(active), number
        assert len(given) == len(active) % 2, number
        assert [t["table"] for t in rnd["tables"]] == list(range(1, len(rnd["tables"]) + 1))
        for bye in given:
            byes[bye] = byes.get(bye, 0) + 1
        for t in rnd["tables"]:
            pair = frozenset((t["first"]["id"], t["second"]["id"]))
            assert len(pair) == 2
            assert pair not in met, f"rematch in round {number}: {sorted(pair)}"
            met.add(pair)
    assert all(count == 1 for count in byes.values()), byes
    assert sum(byes.values()) == ROUNDS - withdrawn_after  # one bye a round once the field is odd
    assert leaver not in byes

    # Round 1: the field by rating, the top half against the bottom half in order (1 v 33, 2 v 34, ...).
    seeded = sorted(ids, key=lambda e: -rating[e])
    half = FIELD // 2
    first_round = {frozenset((t["first"]["id"], t["second"]["id"])) for t in rounds[0]["tables"]}
    assert first_round == {frozenset((seeded[i], seeded[i + half])) for i in range(half)}

    # Round 2: after round 1 there are 32 winners and 32 losers, none of whom met inside their group,
    # so every table pairs two entrants with the same score.
    score_after_1 = {eid: lines[eid][0].score for eid in ids}
    for t in rounds[1]["tables"]:
        assert score_after_1[t["first"]["id"]] == score_after_1[t["second"]["id"]], t

"""A late entry into a running Swiss racing the pairing of the round it joins at: the entrant joins the
next round (scored the late-entry points for the one paired without them) or is refused, never answered
201 for a round that was paired without them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, enter_humans, organizer, play_round, services

LATE_POINTS = 0.5
SWISS = {"format": "swiss", "rounds": 3, "target": 1, "late_entry_points": LATE_POINTS}


def _current_round(api: Api, tid: str) -> int:
    current: int = api.call("GET", f"/tournaments/{tid}").body["current_round"]
    return current


def _advance_to(api: Api, tid: str, number: int, tokens: dict[str, str]) -> None:
    """Play the current round out and run the pipeline until round ``number`` is paired."""
    play_round(api, tid, number - 1, tokens)
    pipeline = services().pipeline
    for _ in range(10):
        if _current_round(api, tid) >= number:
            return
        pipeline.advance(tid)
    raise AssertionError(f"round {number} was not paired")


def _seated(api: Api, tid: str, number: int) -> set[str]:
    rnd = api.call("GET", f"/tournaments/{tid}/rounds/{number}").body
    ids = {x for tb in rnd["tables"] for x in (tb["first"]["id"], tb["second"]["id"])}
    return ids | {b["id"] for b in rnd["byes"]}


@pytest.mark.parametrize("late_rounds", [3, 2])
def test_a_late_entry_racing_the_pairing_joins_the_next_round_or_is_refused(
    either_api: Api, monkeypatch: pytest.MonkeyPatch, late_rounds: int
) -> None:
    """The request reads round 1 as current (joining at 2), then round 2 is paired before its write.
    With late entries taken until round 3, it joins at round 3 and scores the late-entry points for
    rounds 1 and 2; with them taken until round 2 only, it answers 409 entries_closed and enters no one."""
    api = either_api
    _, olga = organizer(api)
    tid = create_tournament(api, olga, {**SWISS, "late_entry_rounds": late_rounds})["id"]
    # Players, not bots, so that a round waits for its matches; with the late entrant, round 3 has no bye.
    tokens = enter_humans(api, tid, ("Ada", "Bea", "Cid", "Dan", "Eva"))
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    assert _current_round(api, tid) == 1

    repo = services().tournaments.repo
    plain_add = repo.add_entry
    raced: list[int] = []

    def racing_add(*args: Any, **kwargs: Any) -> None:
        if not raced:  # the service read round 1 as current: round 2 is paired before the write
            _advance_to(api, tid, 2, tokens)
            raced.append(_current_round(api, tid))
        plain_add(*args, **kwargs)

    monkeypatch.setattr(repo, "add_entry", racing_add)
    lina, token = api.register("Lina")
    answer = api.call("POST", f"/tournaments/{tid}/entries", {}, token=token)
    monkeypatch.undo()
    assert raced == [2]
    assert lina not in _seated(api, tid, 2)
    entries = {e["id"]: e for e in api.call("GET", f"/tournaments/{tid}/entries").body["entries"]}

    if late_rounds == 2:  # round 2 was the last to take late entrants
        assert_error(answer, 409, "entries_closed")
        assert lina not in entries
        assert repo.player_entry(tid, lina) is None  # nothing written for her
        return
    assert answer.status == 201, answer.body
    assert answer.body["joined_round"] == 3
    assert entries[lina]["joined_round"] == 3
    # Round 2 closes: Lina was absent from it before joining, which scores the late-entry points.
    _advance_to(api, tid, 3, {**tokens, lina: token})
    assert lina in _seated(api, tid, 3)
    standings = api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
    assert next(r for r in standings if r["entrant"] == lina)["points"] == 2 * LATE_POINTS

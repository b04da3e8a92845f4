"""Races on an in-person table, on both stores: a second request lands between a report's read of the
round and its conditional write. The write loses, is made again on what is stored, and nothing is lost:
two reports at once both count, a report against an organizer's entry is checked against it, and a
report against the round's close is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.api.conftest import Answer, Api
from tests.api.support import assert_error
from tests.api.test_table_results import in_person, report, round_of, seated
from tests.api.tournament_support import services


class SaveRace:
    """The service's repository, with ``request`` made once, just before the first round write."""

    def __init__(self, repo: Any, request: Callable[[], Answer]) -> None:
        self.repo, self.request = repo, request
        self.answers: list[Answer] = []
        self.fired = False
        self.lost = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.repo, name)

    def save_round(self, tournament_id: str, rnd: Any, expected_version: int, audit: Any = None) -> None:
        if not self.fired:
            self.fired = True  # the request's own write goes straight through
            self.answers.append(self.request())
        try:
            self.repo.save_round(tournament_id, rnd, expected_version, audit)
        except Exception:
            self.lost += 1
            raise


def racing(monkeypatch: pytest.MonkeyPatch, request: Callable[[], Answer]) -> SaveRace:
    svc = services().table_results
    race = SaveRace(svc.repo, request)
    monkeypatch.setattr(svc, "repo", race)
    return race


@pytest.mark.parametrize("same", [True, False])
def test_two_reports_at_once_both_count(either_api: Api, monkeypatch: pytest.MonkeyPatch, same: bool) -> None:
    api = either_api
    tid, _, tokens = in_person(api, players=2, rounds=1)
    first, second = seated(round_of(api, tid, 1)["tables"][0])
    theirs = [[11, 7]] if same else [[7, 11]]
    race = racing(monkeypatch, lambda: report(api, tid, 1, 1, theirs, tokens[second]))
    mine = report(api, tid, 1, 1, [[11, 7]], tokens[first])
    monkeypatch.undo()
    assert race.lost == 1  # the first report's write lost to the second's, and was made again
    assert race.answers[0].status == 200, race.answers[0].body
    assert mine.status == 200, mine.body
    table = round_of(api, tid, 1)["tables"][0]
    assert sorted(c["by"] for c in table["reports"]) == sorted([first, second])
    if same:
        assert table["state"] == "confirmed"
        assert table["result"] == [1.0, 0.0]
    else:
        assert table["state"] == "disputed"
        assert table["result"] is None


@pytest.mark.parametrize("agrees", [True, False])
def test_a_report_against_an_organizers_entry(
    either_api: Api, monkeypatch: pytest.MonkeyPatch, agrees: bool
) -> None:
    api = either_api
    tid, org, tokens = in_person(api, players=4, rounds=2)
    first = seated(round_of(api, tid, 1)["tables"][0])[0]
    entered = {"games": [[11, 3]], "reason": "read off the score sheet"}
    url = f"/tournaments/{tid}/rounds/1/tables/1/score"
    race = racing(monkeypatch, lambda: api.call("PUT", url, entered, token=org))
    mine = report(api, tid, 1, 1, [[11, 3]] if agrees else [[11, 9]], tokens[first])
    monkeypatch.undo()
    assert race.answers[0].status == 200, race.answers[0].body
    assert race.lost == 1
    if agrees:
        assert mine.status == 200, mine.body
        assert mine.body["state"] == "confirmed"
    else:
        assert_error(mine, 409, "result_confirmed")
    table = round_of(api, tid, 1)["tables"][0]
    assert table["score"] == [[11, 3]]
    assert table["reason"] == "entered"
    assert table["reports"] == []  # the report lost: no claim stored beside the entry


def test_a_report_against_the_rounds_close_is_refused(
    either_api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = either_api
    tid, org, tokens = in_person(api, players=2, rounds=1)
    first, second = seated(round_of(api, tid, 1)["tables"][0])
    close = {"absent": [second], "reason": "left early"}
    race = racing(
        monkeypatch, lambda: api.call("POST", f"/tournaments/{tid}/rounds/1/close", close, token=org)
    )
    mine = report(api, tid, 1, 1, [[11, 7]], tokens[first])
    monkeypatch.undo()
    assert race.answers[0].status == 200, race.answers[0].body
    assert_error(mine, 409, "round_closed")
    rnd = round_of(api, tid, 1)
    assert rnd["status"] == "closed"
    assert rnd["tables"][0]["result"] == [1.0, 0.0]
    assert rnd["tables"][0]["reason"] == "absent"
    assert rnd["tables"][0]["reports"] == []

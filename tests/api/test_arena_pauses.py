"""An arena player's pause (or coming back) racing the pipeline's pairing of a wave, on both stores: it
is either in that wave or lands after it, and then the answer names the wave the player is still seated
in. Never accepted and then ignored, never refused because a wave was paired meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scopa.application.ports.conflict import WriteConflict
from scopa.application.services.tournaments import PAUSE_ATTEMPTS
from tests.api.conftest import Answer, Api
from tests.api.support import assert_error
from tests.api.tournament_support import (
    PairingRace,
    create_tournament,
    enter_humans,
    organizer,
    services,
)

ARENA = {"format": "arena", "arena_minutes": 10, "arena_grace_seconds": 60, "target": 1}


class WriteRace:
    """The tournament service's repository, with the start (which pairs wave 1) made between the pause's
    read and its first write."""

    def __init__(self, repo: Any, entrant: str, start: Callable[[], Answer]) -> None:
        self.repo, self.entrant, self.start = repo, entrant, start
        self.answers: list[Answer] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.repo, name)

    def save_entry(self, tournament_id: str, entry: Any, expected: int, before_round: Any = None) -> None:
        if entry.id == self.entrant and not self.answers:
            self.answers.append(self.start())
        self.repo.save_entry(tournament_id, entry, expected, before_round)


def _seated(api: Api, tid: str, entrant: str) -> list[int]:
    """The waves that seat ``entrant``."""
    current = api.call("GET", f"/tournaments/{tid}").body["current_round"]
    waves = [api.call("GET", f"/tournaments/{tid}/rounds/{n}").body for n in range(1, current + 1)]
    seats = [{x for t in w["tables"] for x in (t["first"]["id"], t["second"]["id"])} for w in waves]
    return [n for n, seated in enumerate(seats, 1) if entrant in seated]


@pytest.mark.parametrize("when", ["version read", "entries read", "round written", "pause read"])
@pytest.mark.parametrize("paused", [True, False], ids=["pause", "come back"])
def test_a_pause_racing_a_wave_is_in_it_or_after_it_never_ignored(
    either_api: Api, monkeypatch: pytest.MonkeyPatch, when: str, paused: bool
) -> None:
    """Four people, so wave 1 seats all four, or the three others (one table, one left waiting) when Ada
    is paused. Ada pauses, or comes back from a pause made before the start, while the pipeline pairs
    wave 1 ("version read", "entries read", "round written"), or the pipeline pairs it while her request
    is between its read and its write ("pause read"). Stored before the wave's write: the wave follows
    it (its write fails, the pipeline reads again and pairs again). Later: it holds from the next wave,
    and the answer names the wave she is still seated in (a late pause) or none (a late coming back)."""
    api = either_api
    _, olga = organizer(api)
    tid = create_tournament(api, olga, ARENA)["id"]
    ada, token = next(iter(enter_humans(api, tid, ("Ada", "Bea", "Cid", "Dan")).items()))
    path = f"/tournaments/{tid}/entries/{ada}/paused"
    if not paused:
        assert api.call("PUT", path, {"paused": True}, token=token).status == 200

    def request() -> Answer:
        return api.call("PUT", path, {"paused": paused}, token=token)

    def start() -> Answer:
        return api.call("POST", f"/tournaments/{tid}/start", token=olga)

    svc = services()
    if when == "pause read":
        write_race = WriteRace(svc.tournament_absences.repo, ada, start)
        monkeypatch.setattr(svc.tournament_absences, "repo", write_race)
        answer = request()
        monkeypatch.undo()
        assert write_race.answers, "the pause was not written"
        assert write_race.answers[0].status == 200, write_race.answers[0].body
    else:
        wave_race = PairingRace(svc.pipeline.repo, when, request, number=1)
        monkeypatch.setattr(svc.pipeline, "repo", wave_race)
        assert start().status == 200
        monkeypatch.undo()
        assert wave_race.answers, "wave 1 was not paired"
        answer = wave_race.answers[0]
    assert answer.status == 200, answer.body
    assert answer.body["paused"] is paused
    in_time = when in ("version read", "entries read")  # stored before the wave's write
    wave = api.call("GET", f"/tournaments/{tid}/rounds/1").body
    seated_in_1 = 1 in _seated(api, tid, ada)
    assert seated_in_1 == (in_time != paused)  # in time: as asked; late: as she was
    assert len(wave["tables"]) == (2 if seated_in_1 else 1)
    assert answer.body["seated_in_wave"] == (1 if paused and not in_time else None)
    entry = next(e for e in api.call("GET", f"/tournaments/{tid}/entries").body["entries"] if e["id"] == ada)
    assert entry["paused"] is paused
    # The next wave follows what she asked: a late pause keeps her out of it, a late coming back seats her
    # with the one left waiting.
    svc.pipeline.advance(tid)
    assert _seated(api, tid, ada) == ([1] if seated_in_1 else []) + ([] if paused or seated_in_1 else [2])


class LosingWrites:
    """The tournament service's repository, whose entry writes all lose a race (WriteConflict)."""

    def __init__(self, repo: Any) -> None:
        self.repo, self.tries = repo, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.repo, name)

    def save_entry(self, tournament_id: str, entry: Any, expected: int, before_round: Any = None) -> None:
        self.tries += 1
        raise WriteConflict("another write came first")


def test_a_pause_that_keeps_losing_its_write_is_tried_a_few_times_then_refused(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, olga = organizer(api)
    tid = create_tournament(api, olga, ARENA)["id"]
    ada, token = next(iter(enter_humans(api, tid, ("Ada", "Bea")).items()))
    svc = services()
    losing = LosingWrites(svc.tournament_absences.repo)
    monkeypatch.setattr(svc.tournament_absences, "repo", losing)
    answer = api.call("PUT", f"/tournaments/{tid}/entries/{ada}/paused", {"paused": True}, token=token)
    monkeypatch.undo()
    assert_error(answer, 409, "entry_changed")
    assert losing.tries == PAUSE_ATTEMPTS
    entry = next(e for e in api.call("GET", f"/tournaments/{tid}/entries").body["entries"] if e["id"] == ada)
    assert entry["paused"] is False

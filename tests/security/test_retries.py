"""Retries: a move, a registration, a match creation and a tournament entry sent again under the same
Idempotency-Key apply once and answer the same, one after another or all at once; the same key with
another body is refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from scopa.adapters.dynamodb import keys
from tests.api.conftest import (
    Answer,
    Api,
    api_on_moto,  # noqa: F401 (the races meet in botocore, on moto)
)
from tests.api.support import SEED, assert_error, new_match, scan_table
from tests.api.tournament_support import create_tournament, organizer
from tests.security.conftest import ThreadedApi
from tests.security.stored import assert_valid, load

THREADS = 12


@dataclass
class Retryable:
    """One write sent again: its request, a different body for the same key, and how often it applied."""

    method: str
    path: str
    body: dict[str, Any]
    other_body: dict[str, Any]
    token: str | None
    applied: Callable[[], int]
    status: int = 201
    shown_once: tuple[str, ...] = ()  # answer fields shown only to the first request (a new token)
    contended: str | None = None  # the item every attempt reads before writing, when there is one

    def send(self, api: Api, key: str, body: dict[str, Any] | None = None) -> Answer:
        headers = {"Idempotency-Key": key}
        return api.call(
            self.method, self.path, self.body if body is None else body, token=self.token, headers=headers
        )

    def same_answer(self, first: Answer, again: Answer) -> None:
        assert again.status == first.status == self.status, again.body
        hidden = dict.fromkeys(self.shown_once)
        assert {**again.body, **hidden} == {**first.body, **hidden}
        for field in self.shown_once:
            assert first.body[field], first.body
            assert again.body[field] is None  # shown once: a replay cannot show it again


def items(kind: str) -> list[dict[str, Any]]:
    return [i for i in scan_table() if i.get("type", {}).get("S") == kind]


def a_move(api: Api) -> Retryable:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    legal = match["view"]["legal_moves"]
    moves_before = len(load(match["id"]).moves)
    return Retryable(
        "POST",
        f"/matches/{match['id']}/moves",
        {"card": legal[0]["card"], "take": legal[0]["take"], "version": match["version"]},
        {"card": legal[-1]["card"], "take": legal[-1]["take"], "version": match["version"] + 1},
        token,
        lambda: (len(assert_valid(match["id"]).moves) - moves_before) // 2,  # each move brings the bot's
        status=200,
        contended=keys.match_pk(match["id"]),
    )


def a_registration(api: Api) -> Retryable:
    return Retryable(
        "POST",
        "/players",
        {"name": "Zaira"},
        {"name": "Zoe"},
        None,
        lambda: sum(i["name"]["S"] == "Zaira" for i in items("player")),
        shown_once=("token",),
    )


def a_match_creation(api: Api) -> Retryable:
    me, token = api.register("Ada")
    before = len(items("match"))
    return Retryable(
        "POST",
        "/matches",
        {"players": [me, "bot-strong"], "preset": "scopa_d_assi"},
        {"players": [me, "bot-greedy"]},
        token,
        lambda: len(items("match")) - before,
    )


def a_tournament_entry(api: Api) -> Retryable:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 3, "target": 1})
    _, token = api.register("Ada")
    return Retryable(
        "POST",
        f"/tournaments/{t['id']}/entries",
        {},
        {"rating": 1700},
        token,
        lambda: int(api.call("GET", f"/tournaments/{t['id']}").body["entries"]),
    )


WRITES = [a_move, a_registration, a_match_creation, a_tournament_entry]


@pytest.mark.parametrize("write", WRITES, ids=lambda w: w.__name__)
def test_a_retry_applies_once_and_gets_the_first_answer(api: Api, write: Callable[[Api], Retryable]) -> None:
    retryable = write(api)

    first = retryable.send(api, "key-1")
    retries = [retryable.send(api, "key-1") for _ in range(3)]

    for again in retries:
        retryable.same_answer(first, again)
    assert retryable.applied() == 1
    assert_error(retryable.send(api, "key-1", retryable.other_body), 422, "idempotency_key_reused")
    assert retryable.applied() == 1


@pytest.mark.parametrize("write", WRITES, ids=lambda w: w.__name__)
def test_retries_sent_at_once_apply_once(threaded: ThreadedApi, write: Callable[[Api], Retryable]) -> None:
    retryable = write(threaded)
    calls = [lambda: retryable.send(threaded, "key-2") for _ in range(THREADS)]

    if retryable.contended:
        with threaded.interleaver.meet_after_reading(retryable.contended, THREADS):
            answers = threaded.burst(calls)
    else:
        answers = threaded.burst(calls)

    assert retryable.applied() == 1
    done = [a for a in answers if a.status == retryable.status]
    busy = [a for a in answers if a.status != retryable.status]
    for answer in busy:  # still running elsewhere: the client retries later and gets the answer
        assert_error(answer, 409, "request_in_progress")
    first = next(a for a in done if all(a.body.get(f) for f in retryable.shown_once))
    for again in done:
        if again is not first:
            retryable.same_answer(first, again)
    later = retryable.send(threaded, "key-2")
    retryable.same_answer(first, later)
    if retryable.contended:
        # Every attempt read the match before any wrote it: the losers found the winner's record after
        # their conditional write failed, and answered with it instead of a 409.
        assert not busy
        assert len(done) == THREADS
    assert retryable.applied() == 1

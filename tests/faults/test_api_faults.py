"""DynamoDB faults at every write of the API's writing requests: the answer is clean, nothing is half-written.

For each request (a registration, a match creation, an invitation accepted, a tournament entry, a move),
a clean run counts its writes; then, from the same table, the k-th write is failed for every k with every
fault that can happen to it:

* throttled once: the client's own retries absorb it, and the request answers as the clean run did;
* throttled on every attempt (or a transaction cancelled for throttling): ``503 service_busy`` with a
  ``Retry-After`` header and nothing of the AWS error in the body;
* a conditional write (or a transaction) refused by its condition: the request's own ``409``, or the
  layer that owns the write reads again and carries on.

After each fault the table holds either the whole effect of the request or none of it, nothing in it is
half-written (see :mod:`tests.faults.table`), and the same request sent again with the same
``Idempotency-Key`` applies once and answers as the first run did (a replayed registration shows no
token). When only the idempotency record's final "completed" write fails, the request was applied and
answers so; its record stays "in progress", and a retry, then or after the record expired or is gone,
still finds the one player, match or entry the first run made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from api import context
from tests.api.conftest import Answer, Api
from tests.api.support import SEED, assert_error, new_match
from tests.api.tournament_support import create_tournament, organizer
from tests.faults.conftest import Ids
from tests.faults.table import RECORD_PREFIX, business, check_whole, kinds
from tests.faults.wire import (
    ALWAYS,
    ANSWER_LOST,
    CONDITION_FAILED,
    SERVER_ERROR,
    THROTTLE_ALWAYS,
    THROTTLE_ONCE,
    TRANSACTION_CONDITION_FAILED,
    TRANSACTION_THROTTLED,
    Fault,
    WireFaults,
    Write,
    faults_for,
)
from tests.pipeline.test_pipeline_concurrency import diff, restore, scan

MAX_ATTEMPTS = 5  # api.context: standard mode, max_attempts=4 retries after the first attempt


@dataclass
class Request:
    """One API request, sent again as it is (same body, same Idempotency-Key)."""

    method: str
    path: str
    body: Any = None
    token: str | None = None
    key: str | None = None
    ok: int = 200
    conflicts: frozenset[str] = field(default_factory=frozenset)  # the request's own 409 codes

    def send(self, api: Api) -> Answer:
        headers = {"Idempotency-Key": self.key} if self.key else None
        return api.call(self.method, self.path, self.body, token=self.token, headers=headers)


def register(api: Api) -> Request:
    return Request("POST", "/players", {"name": "Zoe"}, key="reg-1", ok=201)


def create_match(api: Api) -> Request:
    ada, token = api.register("Ada")
    body = {"players": [ada, "bot-greedy"], "seed": SEED}
    return Request("POST", "/matches", body, token=token, key="create-1", ok=201)


def accept(api: Api) -> Request:
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    match = new_match(api, ada_token, [ada, bob], seed=SEED)
    return Request(
        "POST", f"/matches/{match['id']}/accept", token=bob_token, conflicts=frozenset({"stale_version"})
    )


def found_tournament(api: Api) -> Request:
    _, olga = organizer(api)
    body = {"name": "Torneo", "settings": {"format": "swiss", "rounds": 3}}
    return Request("POST", "/tournaments", body, token=olga, key="found-1", ok=201)


def enter(api: Api) -> Request:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 3}, open_registration=True)
    _, pia = api.register("Pia")
    return Request(
        "POST",
        f"/tournaments/{t['id']}/entries",
        {},
        token=pia,
        key="enter-1",
        ok=201,
        conflicts=frozenset({"entries_closed", "already_entered", "tournament_full"}),
    )


def move(api: Api) -> Request:
    ada, token = api.register("Ada")
    match = new_match(api, token, [ada, "bot-strong"], seed=SEED)
    if match["turn_player_id"] != ada:  # the bot led: it moved inside the creation, so it is Ada's turn
        raise AssertionError(match)
    chosen = match["view"]["legal_moves"][0]
    body = {"card": chosen["card"], "take": chosen["take"], "version": match["version"]}
    return Request(
        "POST",
        f"/matches/{match['id']}/moves",
        body,
        token=token,
        key="move-1",
        conflicts=frozenset({"stale_version"}),
    )


SCENARIOS: dict[str, Callable[[Api], Request]] = {
    "register": register,
    "create-match": create_match,
    "accept-invitation": accept,
    "create-tournament": found_tournament,
    "enter-tournament": enter,
    "move": move,
}


def client() -> Any:
    return context.dynamodb_client()


def run(
    api: Api, ids: Ids, request: Request, fault: Fault | None = None, k: int | None = None
) -> tuple[Answer, WireFaults]:
    ids.reset(1_000)
    with WireFaults(client(), fail_at=k, fault=fault) as wire:
        answer = request.send(api)
    return answer, wire


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_fault_at_any_write_answers_cleanly_and_writes_all_or_nothing(
    api: Api, ids: Ids, scenario: str
) -> None:
    request = SCENARIOS[scenario](api)
    before = scan(client())
    clean, counted = run(api, ids, request)
    assert clean.status == request.ok, clean.body
    after = scan(client())
    check_whole(after)
    assert diff(business(after), business(before))  # the request does write something
    writes = counted.writes
    assert writes
    assert all(w.attempts == 1 for w in writes)
    tried: set[str] = set()
    for k, write in enumerate(writes, start=1):
        for fault in faults_for(write):
            restore(client(), before)
            answer, wire = run(api, ids, request, fault, k)
            assert wire.failed is not None, (k, fault.name)
            assert wire.failed.op == write.op, (k, fault.name)
            where = (scenario, k, write.op, fault.name, answer.status, answer.body)
            table = scan(client())
            check_whole(table)
            effect = _effect(before, after, table, where)
            expect_answer(answer, clean, request, fault, wire.failed, effect, where)
            retry_applies_once(api, request, clean, before, after, where)
            tried.add(fault.name)
    assert {THROTTLE_ONCE.name, THROTTLE_ALWAYS.name} <= tried
    assert tried & {CONDITION_FAILED.name, TRANSACTION_CONDITION_FAILED.name}, "no conditional write met"


def _effect(before: dict[Any, Any], after: dict[Any, Any], table: dict[Any, Any], where: Any) -> str:
    """ "none" or "whole": the business items equal the table's before or after a clean run, exactly."""
    if not diff(business(table), business(before)):
        return "none"
    assert diff(business(table), business(after)) == [], (where, diff(business(table), business(before)))
    return "whole"


def expect_answer(
    answer: Answer, clean: Answer, request: Request, fault: Fault, write: Write, effect: str, where: Any
) -> None:
    if fault is THROTTLE_ONCE:
        assert (write.failed, write.attempts) == (1, 2), where  # failed once, retried once by the client
        assert (answer.status, answer.body) == (clean.status, clean.body), where
        assert effect == "whole", where
        return
    if write.pk.startswith(RECORD_PREFIX) and write.op == "UpdateItem" and fault is THROTTLE_ALWAYS:
        # The idempotency record's "completed" write, after the request was applied: its answer stands.
        assert (answer.status, answer.body) == (clean.status, clean.body), where
        assert effect == "whole", where
        return
    if answer.status == 503:
        body = assert_error(answer, 503, "service_busy")
        assert body["details"] == {}, where
        assert answer.headers.get("Retry-After") == "1", where
        text = str(body).lower()
        assert not any(w in text for w in ("throttl", "exception", "dynamodb", "scopa-test")), where
        assert fault in (THROTTLE_ALWAYS, TRANSACTION_THROTTLED), where
        # botocore retries a throttled request; a cancelled transaction is not retried by the client.
        retried = fault.attempts == ALWAYS and fault.reason is None
        assert write.attempts == (MAX_ATTEMPTS if retried else 1), where
        return
    assert fault in (CONDITION_FAILED, TRANSACTION_CONDITION_FAILED), where
    if answer.status == 409:
        assert answer.code in request.conflicts | {"write_conflict"}, where
        assert effect == "none", where
        return
    # The layer owning the write read again and went on (Powertools re-reads its own record).
    assert (answer.status, answer.body) == (clean.status, clean.body), where


def retry_applies_once(
    api: Api, request: Request, clean: Answer, before: dict[Any, Any], after: dict[Any, Any], where: Any
) -> None:
    """The client sends the same request again (the ids it draws are new): it ends as one clean run."""
    table = scan(client())
    applied = bool(diff(business(table), business(before)))
    answer = request.send(api)
    final = scan(client())
    check_whole(final)
    assert kinds(final) == kinds(after), (where, kinds(final) - kinds(after), kinds(after) - kinds(final))
    if request.key is None:
        if answer.status == 409:
            # No key: a request already applied is refused by its own conditions (the move's version, the
            # invitation's state), never applied twice.
            assert answer.code in request.conflicts | {"match_not_pending"}, (where, answer.body)
            return
        assert answer.status == clean.status, (where, answer.body)
        assert set(answer.body) == set(clean.body), where
        assert diff(business(final), business(before))
        return
    # With a key: the first run's answer again (a replay) or, when nothing was applied, a first run.
    assert answer.status == clean.status, (where, answer.body)
    if applied:
        assert answer.body == replayed(clean), where
        assert diff(business(final), business(table)) == [], where
    else:  # a first run: fresh tokens and seeds, but the id the key names
        assert set(answer.body) == set(clean.body), where
        assert _created_id(answer.body) == _created_id(clean.body), where


def replayed(clean: Answer) -> Any:
    """A clean answer as a replay gives it: a registration's token is shown only once."""
    return {**clean.body, "token": None} if "token" in clean.body else clean.body


def _created_id(body: Any) -> str:
    found: str = body["player"]["id"] if "player" in body else body["id"]
    return found


@pytest.mark.parametrize("scenario", ["register", "move"])
def test_a_failure_that_is_not_throttling_stays_a_bare_500_and_writes_nothing(
    api: Api, ids: Ids, scenario: str
) -> None:
    """DynamoDB's own 500, on every attempt: retried by the client, then the API's bare 500 (no 503, no
    AWS error text), and nothing written."""
    request = SCENARIOS[scenario](api)
    before = scan(client())
    answer, wire = run(api, ids, request, SERVER_ERROR, 1)
    body = assert_error(answer, 500, "internal_error")
    assert set(body["details"]) == {"request_id"}
    assert "InternalServerError" not in str(body)
    assert "Retry-After" not in answer.headers
    assert wire.failed is not None
    assert wire.failed.attempts == MAX_ATTEMPTS
    assert len(wire.sleeps) == MAX_ATTEMPTS - 1  # the client backed off between attempts
    assert diff(business(scan(client())), business(before)) == []


def test_a_move_whose_answer_is_lost_is_applied_once_and_answers_as_applied(api: Api, ids: Ids) -> None:
    """The move's write is applied but its answer lost (a DynamoDB 500): the client retries the write,
    which now fails its own version condition. The service reads the match again, finds the move it
    made (the request's key and body on the item), and answers as the clean run did; the move is in the
    match once, and a later retry with the same key gets the same answer."""
    request = move(api)
    before = scan(client())
    clean, _ = run(api, ids, request)
    after = scan(client())
    restore(client(), before)
    answer, wire = run(api, ids, request, ANSWER_LOST, 1)
    assert wire.failed is not None
    assert wire.failed.attempts == 2  # the lost answer, then the client's retry
    assert (answer.status, answer.body) == (clean.status, clean.body)
    assert diff(scan(client()), after) == []  # applied, once
    again = request.send(api)
    assert (again.status, again.body) == (clean.status, clean.body)
    assert diff(scan(client()), after) == []

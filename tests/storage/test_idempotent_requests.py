"""The one idempotency mechanism (scopa.application.idempotency) over its DynamoDB records, on moto.

A keyed request answers the same for 24 hours, is never applied twice, refuses its key with another body,
and writes its own partition; a lost completion is logged and the answer still given. Moves keep the same
rules on the match item.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.idempotency import DynamoIdempotencyRepository
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.application.auth import Caller
from scopa.application.clock import iso
from scopa.application.errors import IdempotencyKeyReused
from scopa.application.idempotency import MOVE_DIGEST_HEX, REPLAY_SECONDS, IdempotentRequests, Once
from scopa.application.ports.idempotency import IdempotencyRecord
from scopa.application.services.matches import NewMatch
from scopa.application.wiring import ServiceSet
from tests.storage.conftest import TABLE, FixedClock


@pytest.fixture
def svc(client: Any, clock: FixedClock) -> ServiceSet:
    return ServiceSet(dynamodb_stores(client, TABLE), clock)


class Action:
    """An action that counts its runs and answers its run number."""

    def __init__(self) -> None:
        self.runs = 0

    def __call__(self) -> dict[str, Any]:
        self.runs += 1
        return {"run": self.runs}


def records(client: Any) -> dict[str, dict[str, Any]]:
    items = client.scan(
        TableName=TABLE,
        FilterExpression="#t = :t",
        ExpressionAttributeNames={"#t": "type"},
        ExpressionAttributeValues={":t": {"S": "idempotency"}},
    )["Items"]
    return {item[keys.PK]["S"]: item for item in items}


@pytest.fixture
def app_log() -> Iterator[io.StringIO]:
    """The application logger's records, whatever a function handler did to its propagation."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s %(op)s"))
    target = logging.getLogger("scopa.application.idempotency")
    target.addHandler(handler)
    target.setLevel(logging.INFO)
    yield stream
    target.removeHandler(handler)
    target.setLevel(logging.NOTSET)


def test_a_retry_answers_the_first_answer_and_applies_nothing(svc: ServiceSet, client: Any) -> None:
    action = Action()
    first = svc.requests.run("create", "p_1", "k-1", {"a": 1}, action)
    again = svc.requests.run("create", "p_1", "k-1", {"a": 1}, action)
    assert first == again == {"run": 1}
    assert action.runs == 1
    (record,) = records(client).values()
    once = Once.of("create", "p_1", "k-1", {"a": 1})
    assert once is not None
    assert record[keys.PK]["S"] == keys.idempotency_pk(once.key_digest)
    assert record["body_hash"]["S"] == once.body_hash
    assert json.loads(record["answer"]["S"]) == {"run": 1}
    assert int(record[keys.TTL_ATTRIBUTE]["N"]) == int(svc.clock.now()) + REPLAY_SECONDS
    assert "k-1" not in json.dumps(record)  # the key itself is never stored


def test_the_same_key_with_another_body_is_refused(svc: ServiceSet) -> None:
    action = Action()
    svc.requests.run("create", "p_1", "k-1", {"a": 1}, action)
    with pytest.raises(IdempotencyKeyReused):
        svc.requests.run("create", "p_1", "k-1", {"a": 2}, action)
    assert action.runs == 1


def test_two_keys_write_two_partitions_and_other_callers_or_operations_are_other_requests(
    svc: ServiceSet, client: Any
) -> None:
    action = Action()
    answers = [
        svc.requests.run("create", "p_1", "k-1", {}, action),
        svc.requests.run("create", "p_1", "k-2", {}, action),
        svc.requests.run("create", "p_2", "k-1", {}, action),
        svc.requests.run("enter", "p_1", "k-1", {}, action),
    ]
    assert answers == [{"run": 1}, {"run": 2}, {"run": 3}, {"run": 4}]
    partitions = set(records(client))
    assert len(partitions) == 4
    assert all(pk.startswith("IDEM#") and len(pk) == len("IDEM#") + 64 for pk in partitions)


def test_without_a_key_the_action_just_runs(svc: ServiceSet, client: Any) -> None:
    action = Action()
    assert svc.requests.run("create", "p_1", None, {}, action) == {"run": 1}
    assert svc.requests.run("create", "p_1", "", {}, action) == {"run": 2}
    assert records(client) == {}


def test_a_record_left_in_progress_runs_the_action_again_and_completes_it(
    svc: ServiceSet, client: Any, app_log: io.StringIO
) -> None:
    once = Once.of("create", "p_1", "k-1", {"a": 1})
    assert once is not None
    now = int(svc.clock.now())
    svc.stores.idempotency.start_record(
        IdempotencyRecord(once.key_digest, once.body_hash, now + REPLAY_SECONDS), now
    )  # a first run that died (or whose completion was lost) after starting its record
    action = Action()
    assert svc.requests.run("create", "p_1", "k-1", {"a": 1}, action) == {"run": 1}
    assert "idempotency record in progress" in app_log.getvalue()
    assert json.loads(records(client)[keys.idempotency_pk(once.key_digest)]["answer"]["S"]) == {"run": 1}
    assert svc.requests.run("create", "p_1", "k-1", {"a": 1}, action) == {"run": 1}  # completed now
    assert action.runs == 1


def test_a_record_in_progress_refuses_another_body(svc: ServiceSet) -> None:
    once = Once.of("create", "p_1", "k-1", {"a": 1})
    assert once is not None
    now = int(svc.clock.now())
    svc.stores.idempotency.start_record(
        IdempotencyRecord(once.key_digest, once.body_hash, now + REPLAY_SECONDS), now
    )
    action = Action()
    with pytest.raises(IdempotencyKeyReused):
        svc.requests.run("create", "p_1", "k-1", {"a": 2}, action)
    assert action.runs == 0


class LosesCompletion(DynamoIdempotencyRepository):
    def complete_record(self, digest: str, answer: dict[str, Any]) -> None:
        raise ClientError({"Error": {"Code": "ProvisionedThroughputExceededException"}}, "UpdateItem")


def test_a_lost_completion_is_logged_and_the_answer_still_given(
    client: Any, clock: FixedClock, app_log: io.StringIO
) -> None:
    requests = IdempotentRequests(LosesCompletion(client, TABLE), clock)
    action = Action()
    assert requests.run("create", "p_1", "k-1", {}, action) == {"run": 1}
    assert (
        "WARNING idempotency record not completed after the action was applied create" in app_log.getvalue()
    )
    assert "k-1" not in app_log.getvalue()
    (record,) = records(client).values()
    assert "answer" not in record  # still in progress: a retry runs the (idempotent) action again


def test_a_keyed_registration_answers_for_a_day_then_refuses_its_key(svc: ServiceSet, client: Any) -> None:
    clock = svc.clock
    assert isinstance(clock, FixedClock)

    def register() -> dict[str, Any]:
        registration = svc.players.register("Ada", "reg-1")
        return {"player": registration.player.id}

    first = svc.requests.run("register", "anonymous", "reg-1", {"name": "Ada"}, register)
    clock.advance(REPLAY_SECONDS - 1)
    assert svc.requests.run("register", "anonymous", "reg-1", {"name": "Ada"}, register) == first
    clock.advance(2)  # the record has expired (whether or not the TTL deleted it): the player refuses
    with pytest.raises(IdempotencyKeyReused, match="more than a day ago"):
        svc.requests.run("register", "anonymous", "reg-1", {"name": "Ada"}, register)
    players = client.scan(
        TableName=TABLE,
        FilterExpression="#t = :t",
        ExpressionAttributeNames={"#t": "type"},
        ExpressionAttributeValues={":t": {"S": "player"}},
    )["Items"]
    assert len(players) == 1


def test_concurrent_first_runs_follow_one_record(svc: ServiceSet, client: Any) -> None:
    """The second run loses the record's conditional put to the first and reads the record the first left."""
    action = Action()
    calls: list[str] = []
    repo = svc.stores.idempotency
    real_start: Callable[..., None] = repo.start_record

    def start_after_a_rival(record: IdempotencyRecord, now: int) -> None:
        if not calls:
            calls.append("rival")
            real_start(record, now)  # the rival's first run got there first ...
            repo.complete_record(record.digest, {"run": "rival"})  # ... and answered
        real_start(record, now)

    repo.start_record = start_after_a_rival  # type: ignore[method-assign]
    assert svc.requests.run("create", "p_1", "k-1", {}, action) == {"run": "rival"}
    assert action.runs == 0


# ---------------------------------------------------------------------------------------------- moves


def test_a_keyed_move_keeps_its_record_on_the_match_under_the_same_rules(
    svc: ServiceSet, client: Any
) -> None:
    clock = svc.clock
    assert isinstance(clock, FixedClock)
    ada = Caller(svc.players.register("Ada").player.id, "player")
    match = svc.matches.create(ada, NewMatch(players=[ada.player_id or "", "bot-greedy"], seed="5eed" * 8))
    view = match  # the caller's view; a bot that leads has already played
    assert view.turn_player_id == ada.player_id
    move = {"card": view.view["legal_moves"][0]["card"], "take": view.view["legal_moves"][0]["take"]}
    first = svc.matches.move(ada, match.id, move, view.version, "mv-1")
    again = svc.matches.move(ada, match.id, move, view.version, "mv-1")
    assert again == first

    stored = svc.stores.matches.get_match(match.id)
    assert stored is not None
    assert stored.idempotency is not None
    once = Once.of("move", ada.player_id or "", "mv-1", {"move": move, "version": view.version})
    assert once is not None
    assert stored.idempotency == once.recorded(first.version, clock.now())
    assert stored.idempotency["key"] == once.key_digest[:MOVE_DIGEST_HEX]  # 128 bits of each digest
    assert "answer" not in stored.idempotency  # a retry renders the stored match again
    assert "mv-1" not in json.dumps(stored.idempotency)  # the digest, never the key
    with pytest.raises(IdempotencyKeyReused):
        svc.matches.move(ada, match.id, {**move, "take": ["zz"]}, view.version, "mv-1")
    clock.advance(REPLAY_SECONDS + 1)
    with pytest.raises(IdempotencyKeyReused, match="more than a day ago"):
        svc.matches.move(ada, match.id, move, view.version, "mv-1")


def test_a_move_record_replays_only_its_own_request() -> None:
    once = Once.of("move", "p_1", "mv-1", {"move": {"card": "7d"}, "version": 3})
    assert once is not None
    record = once.recorded(4, 1_800_000_000.0)
    assert record == {
        "key": once.key_digest[:MOVE_DIGEST_HEX],
        "body": once.body_hash[:MOVE_DIGEST_HEX],
        "at": iso(1_800_000_000.0),
        "version": 4,
    }
    assert once.made_move(record, 1_800_000_000.0 + REPLAY_SECONDS)
    assert not once.made_move(None, 0)
    other_key = Once.of("move", "p_1", "mv-2", {"move": {"card": "7d"}, "version": 3})
    other_caller = Once.of("move", "p_2", "mv-1", {"move": {"card": "7d"}, "version": 3})
    other_body = Once.of("move", "p_1", "mv-1", {"move": {"card": "7c"}, "version": 3})
    assert other_key is not None
    assert other_caller is not None
    assert other_body is not None
    assert not other_key.made_move(record, 1_800_000_000.0)
    assert not other_caller.made_move(record, 1_800_000_000.0)
    with pytest.raises(IdempotencyKeyReused):
        other_body.made_move(record, 1_800_000_000.0)
    with pytest.raises(IdempotencyKeyReused):
        once.made_move(record, 1_800_000_000.0 + REPLAY_SECONDS + 1)
    # a record of before the compact one kept the whole digests (and the answer): still recognised
    whole = {"key": once.key_digest, "body": once.body_hash, "at": record["at"], "answer": {"version": 4}}
    assert once.made_move(whole, 1_800_000_000.0)
    assert not other_key.made_move(whole, 1_800_000_000.0)
    # a record written before these rules held the key itself, the caller and "hash": never a replay
    legacy = {"key": "mv-1", "hash": once.body_hash, "caller": "p_1", "answer": {"version": 4}}
    assert not once.made_move(legacy, 1_800_000_000.0)

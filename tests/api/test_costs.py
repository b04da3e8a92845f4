"""What requests cost in DynamoDB: calls per move and per read, and the match item's size over a game.

The per-move budget is the physical minimum: one consistent read of the match and one conditional write of
it, the house bot's answer included; the caller's signed token is checked against the player's token
version cached by the container (``scopa.application.auth.Tokens``), so a move reads no token. A
regression (an extra read, an idempotency layer on moves, a second write, an item over one write unit)
fails here. Figures for the docs come from ``python -m bench.api`` and ``python -m bench.item_size``.
"""

from __future__ import annotations

import io
import json
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

from api import context, ratelimit
from api import settings as settings_module
from bench.meter import Call, DynamoMeter, item_size, write_units
from infra import costs
from scopa.application.match_limits import MAX_WAIT_SECONDS
from scopa.application.services.matches import POLL_SECONDS
from tests.api.conftest import (
    Api,
    api_on_moto,  # noqa: F401 (this module looks at DynamoDB items)
)
from tests.api.support import SEED, assert_error, new_match, play

MOVE = ["GetItem", "PutItem"]


@pytest.fixture
def meter(api: Api) -> Iterator[DynamoMeter]:
    m = DynamoMeter(context.dynamodb_client())
    yield m
    m.detach()


def assert_move_calls(calls: list[Call]) -> None:
    """Consistent match read, conditional match write of at most one write unit: nothing else."""
    assert [c.operation for c in calls] == MOVE
    match_read, match_write = calls
    assert match_read.table_key.startswith("MATCH#")
    assert match_read.params["ConsistentRead"] is True
    assert match_write.table_key == match_read.table_key
    assert match_write.params["ConditionExpression"] == "version = :v"
    assert write_units(match_write.write_size) == 1, match_write.write_size


def test_a_move_costs_a_token_read_a_match_read_and_one_write(api: Api, meter: DynamoMeter) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)

    with meter.recording() as calls:
        answer = play(api, match, token)

    assert answer.status == 200
    assert_move_calls(calls)


def test_a_move_with_an_idempotency_key_costs_no_more_and_its_replay_writes_nothing(
    api: Api, meter: DynamoMeter
) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    move = match["view"]["legal_moves"][0]
    body = {"card": move["card"], "take": move["take"], "version": match["version"]}
    key = {"Idempotency-Key": "cost-1"}
    path = f"/matches/{match['id']}/moves"

    with meter.recording() as first:
        api.call("POST", path, body, token=token, headers=key)
    with meter.recording() as replay:
        api.call("POST", path, body, token=token, headers=key)

    assert_move_calls(first)
    assert [c.operation for c in replay] == ["GetItem"]


def test_refused_moves_write_nothing(api: Api, meter: DynamoMeter) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)

    with meter.recording() as illegal:
        assert_error(play(api, match, token, {"card": "zz", "take": []}), 422, "invalid_input")
    with meter.recording() as stale:
        assert_error(play(api, {**match, "version": 9}, token), 409, "stale_version")

    assert [c.operation for c in illegal] == ["GetItem"]
    assert [c.operation for c in stale] == ["GetItem"]


def test_a_read_costs_one_match_read_plus_the_token(api: Api, meter: DynamoMeter) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])

    with meter.recording() as anonymous:
        api.call("GET", f"/matches/{match['id']}")
    with meter.recording() as seated:
        api.call("GET", f"/matches/{match['id']}", token=token)

    assert [c.table_key.split("#")[0] for c in anonymous] == ["MATCH"]
    assert [c.table_key.split("#")[0] for c in seated] == ["MATCH"]  # the token: checked by the container


def test_a_long_poll_without_news_reads_the_match_once_per_poll(api: Api, meter: DynamoMeter) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])

    with meter.recording() as calls:
        api.call(
            "GET", f"/matches/{match['id']}", query={"after_version": "1", "wait": str(MAX_WAIT_SECONDS)}
        )

    polls = int(MAX_WAIT_SECONDS / POLL_SECONDS) + 1
    assert meter.operations() == ["GetItem"] * polls
    assert all(c.params["ConsistentRead"] for c in calls)


def test_registration_is_one_transaction_and_the_generic_idempotency_layer_adds_two_writes(
    api: Api, meter: DynamoMeter
) -> None:
    key = {"Idempotency-Key": "reg-1"}
    with meter.recording() as plain:
        api.call("POST", "/players", {"name": "Ada"})
    with meter.recording() as keyed:
        api.call("POST", "/players", {"name": "Bob"}, headers=key)
    with meter.recording() as replayed:
        api.call("POST", "/players", {"name": "Bob"}, headers=key)

    # The profile and its name-index item, both or neither (a signed token needs no token item).
    assert [c.operation for c in plain] == ["TransactWriteItems"]
    assert [c.operation for c in keyed] == ["PutItem", "TransactWriteItems", "UpdateItem"]
    # The retry's put fails on the stored record, and a consistent read of that record gives the answer.
    assert [c.operation for c in replayed] == ["PutItem", "GetItem"]
    record_keys = {c.params["Item"]["pk"]["S"] for c in (keyed[0], replayed[0])}
    assert len(record_keys) == 1
    assert record_keys.pop().startswith("IDEM#")


def test_the_match_item_stays_small_over_a_whole_game(api: Api, meter: DynamoMeter) -> None:
    # Given a whole game against the greedy bot, each move retried-safe with its own Idempotency-Key
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    written: list[int] = []
    read: list[int] = []
    number = 0
    while match["status"] == "active":
        move = match["view"]["legal_moves"][0]
        body: dict[str, Any] = {"card": move["card"], "take": move["take"], "version": match["version"]}
        with meter.recording() as calls:
            answer = api.call(
                "POST",
                f"/matches/{match['id']}/moves",
                body,
                token=token,
                headers={"Idempotency-Key": f"k{number}"},
            )
        number += 1
        assert answer.status == 200, answer.body
        # Then every move, the last one included, cost exactly the minimum
        assert_move_calls(calls)
        read.append(calls[0].read_size)
        written.append(calls[1].write_size)
        match = answer.body

    # And the item, idempotency record included, never reaches one write unit (1 KB)
    assert match["result"]["reason"] == "target"
    assert number >= 15
    assert max(written) <= 1024
    assert statistics.mean(written) < 900
    assert read[1:] == written[:-1]  # each move reads what the previous one wrote


def test_a_seek_creation_claims_a_slot_in_its_own_transaction(api: Api, meter: DynamoMeter) -> None:
    """A seek's creation reads the player (for the name) and the player's seek slots, then writes the seek,
    its pointer and the claimed slot in one transaction; a slot whose seek closed is reused with a check
    of that seek in the same transaction (one BatchGetItem read it); at the limit, nothing is written."""
    _, token = api.register("Ada")
    made = [api.call("POST", "/lobby/seeks", {}, token=token).body["id"]]  # the token's check is cached
    with meter.recording() as fresh:
        made.append(api.call("POST", "/lobby/seeks", {}, token=token).body["id"])
    made.append(api.call("POST", "/lobby/seeks", {}, token=token).body["id"])
    with meter.recording() as full:
        assert_error(api.call("POST", "/lobby/seeks", {}, token=token), 409, "too_many_seeks")
    assert api.call("DELETE", f"/lobby/seeks/{made[0]}", token=token).status == 204
    with meter.recording() as reused:
        assert api.call("POST", "/lobby/seeks", {}, token=token).status == 201

    assert [c.operation for c in fresh] == ["GetItem", "Query", "TransactWriteItems"]
    assert [c.operation for c in full] == ["GetItem", "Query", "BatchGetItem"]
    assert [c.operation for c in reused] == ["GetItem", "Query", "BatchGetItem", "TransactWriteItems"]
    for calls, kinds in ((fresh, ["Put"] * 3), (reused, ["Put"] * 3 + ["ConditionCheck"])):
        (write,) = (c for c in calls if c.operation == "TransactWriteItems")
        items = write.params["TransactItems"]
        assert [next(iter(t)) for t in items] == kinds
        assert all(write_units(item_size(t["Put"]["Item"])) == 1 for t in items if "Put" in t)


# --------------------------------------------------------------------------- with the rate limit on
#: A move as deployed (RATE_LIMIT_PER_SECOND > 0): the two calls above and the caller's shared count.
LIMITED_MOVE = ["GetItem", "PutItem", "UpdateItem"]


@pytest.fixture
def limited(api: Api, monkeypatch: pytest.MonkeyPatch) -> Iterator[Api]:
    """The API with prod's default limit (10 a second, 60 at once: 60 a 6-second window)."""
    monkeypatch.setenv("RATE_LIMIT_PER_SECOND", "10")
    monkeypatch.setenv("RATE_LIMIT_BURST", "60")
    settings_module.reload()
    ratelimit.reset(now=api.clock.now)
    yield api
    monkeypatch.undo()
    settings_module.reload()
    ratelimit.reset()


def _first_move(match: dict[str, Any]) -> dict[str, Any]:
    move = match["view"]["legal_moves"][0]
    return {"card": move["card"], "take": move["take"], "version": match["version"]}


@pytest.mark.parametrize("via_url", [False, True])
def test_a_limited_move_adds_one_conditional_count_of_one_write_unit(
    limited: Api, meter: DynamoMeter, via_url: bool
) -> None:
    api = limited
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)

    with meter.recording() as calls:
        answer = api.call(
            "POST", f"/matches/{match['id']}/moves", _first_move(match), token=token, via_url=via_url
        )

    assert answer.status == 200, answer.body
    assert sorted(c.operation for c in calls) == sorted(LIMITED_MOVE)
    (count,) = (c for c in calls if c.operation == "UpdateItem")
    assert count.table_key == f"RATE#p:{me}#6#{int(api.clock.now()) // 6 * 6}"
    assert count.params["ConditionExpression"] == "attribute_not_exists(n) OR n < :limit"
    assert count.params["ExpressionAttributeValues"][":limit"] == {"N": "60"}
    assert write_units(count.request_bytes) == 1
    assert_move_calls([c for c in calls if c.operation != "UpdateItem"])  # the move's own two, unchanged


def test_a_move_whose_count_is_refused_writes_nothing(
    limited: Api, meter: DynamoMeter, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count runs beside the match read; the move's write waits for it and is never sent once refused
    (a slow count: the read has long finished when it answers)."""
    api = limited
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    rates = context.services().stores.rates
    real = rates.take

    def slow_full(key: str, window: int, limit: int, now: float) -> float:
        time.sleep(0.2)
        return float(real(key, window, 1, now))  # the window is already full at a limit of 1

    monkeypatch.setattr(rates, "take", slow_full)
    with meter.recording() as calls:
        refused = api.call(
            "POST", f"/matches/{match['id']}/moves", _first_move(match), token=token, via_url=True
        )

    body = assert_error(refused, 429, "rate_limited")
    assert body["details"]["retry_after_seconds"] >= 1
    # the match read and the refused count (the window already full): no write of the match
    assert sorted(c.operation for c in calls) == ["GetItem", "UpdateItem"]
    stored = context.services().stores.matches.get_match(match["id"])
    assert stored is not None
    assert stored.version == match["version"]


def test_a_moves_log_line_leaves_off_what_the_log_group_already_says(api: Api, json_log: io.StringIO) -> None:
    """Bytes logged per move are billed (infra/costs.py): the function's name, ARN and memory are the log
    group's and Lambda's REPORT line's, so the lines leave them off and keep what finds a request."""
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    assert play(api, match, token).status == 200
    lines = [json.loads(line) for line in json_log.getvalue().splitlines() if line.startswith("{")]
    (applied,) = (line for line in lines if line.get("message") == "move applied")
    assert applied["match_id"] == match["id"]
    assert {"function_request_id", "correlation_id", "cold_start"} <= set(applied)
    assert not {"function_name", "function_arn", "function_memory_size"} & set(applied)


def test_a_timed_games_moves_rewrite_the_deadline_index_once_a_minute_of_play(
    api: Api, meter: DynamoMeter
) -> None:
    """What ``infra.costs.MOVE_INDEX_WRITE_UNITS`` prices, measured: a move of a timed match moves its
    deadline, but the index files it by the minute (ports.matches.DEADLINE_STEP), so the entry changes
    (a delete and a put in the KEYS_ONLY gsi1: 2 write units) once a minute of play, not on every move."""
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED, time_control={"seconds_per_move": 120})
    changes = requests = 0
    while match["status"] == "active":
        api.clock.advance(costs.SECONDS_PER_HUMAN_MOVE)
        with meter.recording() as calls:
            answer = play(api, match, token)
        assert answer.status == 200, answer.body
        match = answer.body
        if match["status"] != "active":
            break  # the last move takes the match out of the index (one delete), once a game
        # (a player read too, once a minute: the token check's cache; api.ratelimit is off here)
        match_calls = [c for c in calls if c.table_key.startswith("MATCH#")]
        assert_move_calls(match_calls)
        before, after = match_calls[0].item_read, match_calls[1].params["Item"]
        assert before is not None
        requests += 1
        changes += before["gsi1sk"]["S"] != after["gsi1sk"]["S"]
    assert requests >= 60
    measured = 2 * changes / requests
    assert measured == pytest.approx(costs.MOVE_INDEX_WRITE_UNITS, abs=0.05)
    assert measured < 0.5  # it was 2.0: every move moved the entry

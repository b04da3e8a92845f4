"""Time controls: late moves are refused, matches end on time lazily, and the deadline index sweep."""

from __future__ import annotations

from typing import Any

import pytest

from api import context
from bench.meter import DynamoMeter
from scopa.adapters.dynamodb import keys
from tests.api.conftest import (
    Api,
    api_on_moto,  # noqa: F401 (this module looks at DynamoDB items)
)
from tests.api.support import (
    assert_error,
    new_match,
    play,
    raw_client,
    stored_match,
    table_name,
    two_humans,
)
from tests.common import ManualClock

FAST = {"time_control": {"seconds_per_move": 30}}


def test_the_deadline_follows_the_time_control(api: Api, clock: ManualClock) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], **FAST)
    assert match["deadline"] == "2027-01-15T08:00:30.000Z"
    assert match["time_control"] == {"seconds_per_move": 30, "days_per_move": None}

    clock.advance(20)
    after = play(api, match, token).body
    assert after["deadline"] == "2027-01-15T08:00:50.000Z"  # a fresh 30 s from the move

    days = new_match(api, token, [me, "bot-greedy"], time_control={"days_per_move": 2})
    assert days["time_control"] == {"seconds_per_move": 2 * 86_400, "days_per_move": 2}  # as given
    assert days["deadline"] == "2027-01-17T08:00:20.000Z"


def test_a_move_after_the_deadline_is_refused_and_the_match_is_lost_on_time(
    api: Api, clock: ManualClock
) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], **FAST)
    clock.advance(31)

    late = play(api, match, token)

    body = assert_error(late, 409, "match_finished")
    assert body["details"]["status"] == "finished"
    assert body["details"].get("reason", "timeout") == "timeout"
    after = api.call("GET", f"/matches/{match['id']}", token=token).body
    assert after["status"] == "finished"
    assert after["result"]["reason"] == "timeout"
    assert after["result"]["winners"] == ["bot-greedy"]
    assert after["version"] == match["version"] + 1
    assert after["deadline"] is None
    stored = stored_match(match["id"])
    # Out of the deadline index (it may wait in the rating queue if a card had been played).
    assert stored.get(keys.GSI1_PK, {}).get("S") in (None, keys.UNRATED)


def test_a_move_at_the_deadline_still_counts(api: Api, clock: ManualClock) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], **FAST)
    clock.advance(30)
    assert play(api, match, token).status == 200


def test_a_timeout_is_applied_on_the_next_read(api: Api, clock: ManualClock) -> None:
    # Given a match between two humans whose player to move lets the clock run out
    match, _ = two_humans(api)
    match_id = match["id"]
    clock.advance(3 * 86_400 + 1)
    assert stored_match(match_id)["status"]["S"] == "active"  # nothing ran in between

    # When anybody reads it (here a spectator)
    answer = api.call("GET", f"/matches/{match_id}")

    # Then it has ended on time for the player to move, and it is saved so
    assert answer.body["status"] == "finished"
    result = answer.body["result"]
    assert result["reason"] == "timeout"
    assert match["turn_player_id"] not in result["winners"]
    stored = stored_match(match_id)
    assert stored["status"]["S"] == "finished"
    assert int(stored["version"]["N"]) == match["version"] + 1
    # And a second read changes nothing more
    assert api.call("GET", f"/matches/{match_id}").body == answer.body


def test_a_long_poll_returns_when_the_deadline_passes(api: Api, clock: ManualClock) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], **FAST)
    clock.advance(25)
    start = clock.now()

    answer = api.call(
        "GET", f"/matches/{match['id']}", query={"after_version": str(match["version"]), "wait": "20"}
    )

    assert answer.body["status"] == "finished"
    assert answer.body["result"]["reason"] == "timeout"
    assert clock.now() - start == pytest.approx(5.5)  # the first poll after the deadline (polls every 0.5 s)


def test_a_pending_invitation_has_no_clock_until_it_starts(api: Api, clock: ManualClock) -> None:
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    match = new_match(api, ada_token, [ada, bob], **FAST)
    clock.advance(3600)
    assert api.call("GET", f"/matches/{match['id']}").body["status"] == "pending"
    assert keys.GSI1_PK not in stored_match(match["id"])

    started = api.call("POST", f"/matches/{match['id']}/accept", token=bob_token).body

    assert started["status"] == "active"
    assert started["deadline"] == "2027-01-15T09:00:30.000Z"


def test_expire_overdue_sweeps_the_deadline_index_and_is_safe_to_run_twice(
    api: Api, clock: ManualClock
) -> None:
    # Given two matches with 30 s a move and one with three days
    me, token = api.register("Ada")
    fast = [new_match(api, token, [me, "bot-greedy"], **FAST)["id"] for _ in range(2)]
    slow = new_match(api, token, [me, "bot-greedy"])["id"]
    finished = new_match(api, token, [me, "bot-greedy"], **FAST)["id"]
    api.call("POST", f"/matches/{finished}/resign", token=token)
    clock.advance(31)
    svc = context.services()
    meter = DynamoMeter(context.dynamodb_client())

    # When the pipeline's sweep runs
    with meter.recording() as calls:
        ended = svc.matches.expire_overdue()

    # Then it found the overdue matches with one query per deadline-index partition (no scan: its shards
    # and the pre-shard key) and ended them
    assert sorted(ended) == sorted(fast)
    queries = [c for c in calls if c.operation == "Query"]
    assert [q.params["ExpressionAttributeValues"][":live"]["S"] for q in queries] == list(
        keys.LIVE_PARTITIONS
    )
    assert {q.params["IndexName"] for q in queries} == {keys.GSI1}
    assert "Scan" not in meter.operations()
    for match_id in fast:
        body = api.call("GET", f"/matches/{match_id}").body
        assert (body["status"], body["result"]["reason"]) == ("finished", "timeout")
    assert api.call("GET", f"/matches/{slow}").body["status"] == "active"

    # And a second run finds nothing to do and changes nothing
    versions = {m: stored_match(m)["version"]["N"] for m in [*fast, slow]}
    assert svc.matches.expire_overdue() == []
    assert {m: stored_match(m)["version"]["N"] for m in [*fast, slow]} == versions
    meter.detach()


def test_expire_overdue_skips_what_a_stale_index_still_lists(
    api: Api, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an overdue match that a read has already ended on time, but an index that still lists it
    me, token = api.register("Ada")
    match_id = new_match(api, token, [me, "bot-greedy"], **FAST)["id"]
    clock.advance(31)
    svc = context.services()
    listed = svc.stores.matches.overdue_matches(int(clock.now()), 10)
    assert listed == [match_id]
    api.call("GET", f"/matches/{match_id}")
    version = stored_match(match_id)["version"]["N"]
    stale_index: Any = lambda now, limit: listed  # noqa: E731 - the index answer before the read
    monkeypatch.setattr(svc.stores.matches, "overdue_matches", stale_index)

    # When the sweep runs on that stale list
    ended = svc.matches.expire_overdue()

    # Then it leaves the match alone
    assert ended == []
    assert stored_match(match_id)["version"]["N"] == version


def test_a_match_indexed_before_the_shards_still_ends_on_time_after_the_deploy(
    api: Api, clock: ManualClock
) -> None:
    # Given a running match whose deadline entry a release before the shards wrote under ``LIVE``
    me, token = api.register("Ada")
    match_id = new_match(api, token, [me, "bot-greedy"], **FAST)["id"]
    raw_client().update_item(
        TableName=table_name(),
        Key={keys.PK: {"S": keys.match_pk(match_id)}, keys.SK: {"S": keys.MATCH_SK}},
        UpdateExpression="SET gsi1pk = :live",
        ExpressionAttributeValues={":live": {"S": keys.LEGACY_LIVE}},
    )
    assert stored_match(match_id)[keys.GSI1_PK]["S"] == keys.LEGACY_LIVE

    # When nobody moves before its deadline, and the new release's sweep runs
    clock.advance(31)
    ended = context.services().matches.expire_overdue()

    # Then the sweep found it under the old key and ended it on time, out of the index
    assert ended == [match_id]
    body = api.call("GET", f"/matches/{match_id}").body
    assert (body["status"], body["result"]["reason"]) == ("finished", "timeout")
    assert stored_match(match_id).get(keys.GSI1_PK, {}).get("S") in (None, keys.UNRATED)

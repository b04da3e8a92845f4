"""Idempotency records, on both adapters: one live record per digest, gone for readers once expired."""

from __future__ import annotations

import pytest

from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.idempotency import IdempotencyRecord
from scopa.application.wiring import Stores

NOW = 1_800_000_000
DAY = 24 * 3600


def a_record(digest: str = "d" * 64, body: str = "b" * 64, expires_at: int = NOW + DAY) -> IdempotencyRecord:
    return IdempotencyRecord(digest=digest, body_hash=body, expires_at=expires_at)


def test_a_record_is_started_then_completed(stores: Stores) -> None:
    repo = stores.idempotency
    assert repo.get_record("d" * 64, NOW) is None
    repo.start_record(a_record(), NOW)
    assert repo.get_record("d" * 64, NOW) == a_record()  # in progress: no answer yet
    answer = {"status": 201, "body": {"id": "p_1", "name": "Adà"}, "headers": {}}
    repo.complete_record("d" * 64, answer)
    assert repo.get_record("d" * 64, NOW + 5) == IdempotencyRecord("d" * 64, "b" * 64, NOW + DAY, answer)
    assert repo.get_record("e" * 64, NOW) is None


def test_a_live_record_cannot_be_started_again(stores: Stores) -> None:
    repo = stores.idempotency
    repo.start_record(a_record(), NOW)
    repo.complete_record("d" * 64, {"status": 200})
    with pytest.raises(WriteConflict):
        repo.start_record(a_record(body="c" * 64, expires_at=NOW + 2 * DAY), NOW + DAY - 1)
    # The first record stands as it was, answer and all.
    assert repo.get_record("d" * 64, NOW + 10) == IdempotencyRecord(
        "d" * 64, "b" * 64, NOW + DAY, {"status": 200}
    )


def test_an_expired_record_reads_as_absent_and_may_be_replaced(stores: Stores) -> None:
    repo = stores.idempotency
    repo.start_record(a_record(), NOW)
    repo.complete_record("d" * 64, {"status": 200})
    expiry = NOW + DAY
    assert repo.get_record("d" * 64, expiry - 1) is not None
    assert repo.get_record("d" * 64, expiry) is None  # expired at its expiry time
    assert repo.get_record("d" * 64, expiry + 1) is None

    # A new request under the digest starts afresh: new body, new expiry, no answer.
    fresh = a_record(body="c" * 64, expires_at=expiry + DAY)
    repo.start_record(fresh, expiry)
    assert repo.get_record("d" * 64, expiry) == fresh
    with pytest.raises(WriteConflict):
        repo.start_record(a_record(body="f" * 64, expires_at=expiry + 2 * DAY), expiry + 1)


def test_records_of_other_digests_are_independent(stores: Stores) -> None:
    repo = stores.idempotency
    repo.start_record(a_record("a" * 64, expires_at=NOW + 10), NOW)
    repo.start_record(a_record("b" * 64, expires_at=NOW + DAY), NOW)
    repo.start_record(a_record("c" * 64, expires_at=NOW + 20), NOW + 11)  # "a" has expired by now
    assert repo.get_record("a" * 64, NOW + 11) is None
    assert repo.get_record("b" * 64, NOW + 11) == a_record("b" * 64, expires_at=NOW + DAY)
    assert repo.get_record("c" * 64, NOW + 11) == a_record("c" * 64, expires_at=NOW + 20)
    # An expired record is still absent to a reader whose clock is behind the writer's.
    assert repo.get_record("a" * 64, NOW + 10) is None


def test_completing_needs_the_record(stores: Stores) -> None:
    with pytest.raises(WriteConflict):
        stores.idempotency.complete_record("d" * 64, {"status": 200})
    assert stores.idempotency.get_record("d" * 64, NOW) is None

"""Admin jobs, on both adapters: created once, claimed while queued or left running, finished once."""

from __future__ import annotations

import dataclasses

import pytest

from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.jobs import Job
from scopa.application.wiring import Stores

AT = "2026-11-25T10:00:00.000Z"
LATER = "2026-11-25T10:00:05.000Z"


def a_job(job_id: str = "j_0123456789abcdef") -> Job:
    return Job(
        id=job_id,
        kind="recompute",
        subject="scopa",
        status="queued",
        created_at=AT,
        updated_at=AT,
        expires_at=1_800_000_000,
    )


def test_a_job_is_stored_once_and_read_back_as_it_was(stores: Stores) -> None:
    repo = stores.jobs
    assert repo.get_job("j_0123456789abcdef") is None
    repo.create_job(a_job())
    assert repo.get_job("j_0123456789abcdef") == a_job()
    with pytest.raises(WriteConflict):
        repo.create_job(dataclasses.replace(a_job(), subject="other"))
    assert repo.get_job("j_0123456789abcdef") == a_job()


def test_a_job_runs_then_finishes_with_its_report_and_then_cannot_start_or_finish_again(
    stores: Stores,
) -> None:
    repo = stores.jobs
    repo.create_job(a_job())
    started = repo.start_job("j_0123456789abcdef", LATER)
    assert started == dataclasses.replace(a_job(), status="running", updated_at=LATER, attempts=1)
    report = {"pool": "scopa", "matches": 9, "players": 6, "changed": ["p_à", "p_b"]}
    repo.finish_job("j_0123456789abcdef", "done", LATER, report, None)
    done = repo.get_job("j_0123456789abcdef")
    assert done == dataclasses.replace(started, status="done", result=report)
    assert repo.start_job("j_0123456789abcdef", LATER) is None  # a retried event leaves it alone
    with pytest.raises(WriteConflict):
        repo.finish_job("j_0123456789abcdef", "failed", LATER, None, "internal_error")
    assert repo.get_job("j_0123456789abcdef") == done


def test_a_run_that_stopped_half_way_may_be_claimed_again_and_counts_its_attempts(stores: Stores) -> None:
    repo = stores.jobs
    repo.create_job(a_job())
    repo.start_job("j_0123456789abcdef", AT)
    again = repo.start_job("j_0123456789abcdef", LATER)
    assert again is not None
    assert (again.status, again.attempts) == ("running", 2)
    repo.finish_job("j_0123456789abcdef", "failed", LATER, None, "internal_error")
    failed = repo.get_job("j_0123456789abcdef")
    assert failed is not None
    assert (failed.status, failed.error, failed.result) == ("failed", "internal_error", None)


def test_a_queued_job_may_fail_without_running_and_a_missing_one_neither_starts_nor_finishes(
    stores: Stores,
) -> None:
    repo = stores.jobs
    repo.create_job(a_job())
    repo.finish_job("j_0123456789abcdef", "failed", LATER, None, "not_queued")
    assert repo.get_job("j_0123456789abcdef") == dataclasses.replace(
        a_job(), status="failed", updated_at=LATER, error="not_queued"
    )
    assert repo.start_job("j_ffffffffffffffff", LATER) is None
    with pytest.raises(WriteConflict):
        repo.finish_job("j_ffffffffffffffff", "done", LATER, {}, None)
    assert repo.get_job("j_ffffffffffffffff") is None

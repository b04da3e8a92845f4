"""The pipeline's time budget and fan-out: a run cut short by its budget and run again ends exactly as one
uninterrupted run; the work left over goes first next time; due tournaments start oldest due first; on
AWS the running tournaments go to the work queue and come back as SQS batches to the same handler."""

from __future__ import annotations

import json
from typing import Any

import boto3
import pytest

from api import context
from pipeline import handler as pipeline_module
from pipeline.handler import handler as pipeline_handler
from scopa.adapters.aws_lambda.work import QueueWork, message
from scopa.application.clock import iso
from scopa.application.services.pipeline import MARGIN, PipelineReport
from scopa.application.wiring import ServiceSet
from tests.api.conftest import Api
from tests.api.tournament_support import create_tournament, enter_bots, organizer
from tests.pipeline.test_pipeline_concurrency import (
    clean_services,
    diff,
    raw,
    restore,
    scan,
    scheduled_tournament,
    status_of,
)
from tools.apigw import FakeLambdaContext

ROUNDS = 3


class Budget:
    """Plenty of time for the first ``pieces`` questions, then none: a run that runs out part-way."""

    def __init__(self, pieces: int) -> None:
        self.left = pieces

    def __call__(self) -> float:
        self.left -= 1
        return 60.0 if self.left >= 0 else MARGIN / 2


def three_swiss(api: Api) -> list[str]:
    return [
        scheduled_tournament(api, {"format": "swiss", "rounds": ROUNDS, "target": 1}, bots=4 + k)
        for k in range(3)
    ]


def finished(services: ServiceSet, ids: list[str]) -> bool:
    return all(status_of(services, tid) == "finished" for tid in ids)


def test_a_run_cut_by_its_budget_and_run_again_ends_as_one_uninterrupted_run(api: Api) -> None:
    ids = three_swiss(api)
    snapshot = scan(raw())
    whole = clean_services()
    for _ in range(40):
        if finished(whole, ids):
            break
        report = whole.pipeline.run()
        assert report.errors == {}
        assert report.deferred == []
    uninterrupted = scan(raw())
    restore(raw(), snapshot)

    cut = clean_services()
    reports: list[PipelineReport] = []
    for pieces in [1, 2, 3, 1, 2, 3] * 20:  # a budget for that many pieces of work, then none
        if finished(cut, ids):
            break
        reports.append(cut.pipeline.run(remaining=Budget(pieces)))
        assert reports[-1].errors == {}
    assert finished(cut, ids)
    assert any(r.deferred for r in reports), "the budget never cut a run short"
    assert diff(scan(raw()), uninterrupted) == []  # no round, match or audit entry more, less or other


def test_what_the_budget_left_goes_first_in_the_next_run(api: Api) -> None:
    # The oldest has 8 rounds: one advance (at most 12 steps) leaves it running.
    oldest = scheduled_tournament(api, {"format": "swiss", "rounds": 8, "target": 1}, bots=4)
    younger = []
    for _ in "ab":
        api.clock.advance(1)  # created (and due) a second later each
        younger.append(scheduled_tournament(api, {"format": "swiss", "rounds": 2, "target": 1}, bots=4))
    services = clean_services()
    first = services.pipeline.run(remaining=Budget(4))  # three starts, one advance
    assert first.started == [oldest, *younger]
    assert list(first.steps) == [oldest]
    assert first.deferred == younger
    assert status_of(services, oldest) == "running"
    second = services.pipeline.run(remaining=Budget(1))
    assert list(second.steps) == younger[:1]  # before the oldest, served last time
    assert second.deferred == [younger[1], oldest]


def test_due_tournaments_start_oldest_due_first(api: Api) -> None:
    _, olga = organizer(api)
    now = api.clock.now()
    later = create_tournament(api, olga, {"format": "swiss", "rounds": 1, "starts_at": iso(now + 30)})
    earlier = create_tournament(api, olga, {"format": "swiss", "rounds": 1, "starts_at": iso(now + 10)})
    for t in (later, earlier):
        enter_bots(api, olga, t["id"], 2, kinds=("greedy", "random"))
    api.clock.advance(60)  # both are due; the one due since longer was created last
    services = clean_services()
    report = services.pipeline.run(remaining=Budget(1))
    assert report.started == [earlier["id"]]
    assert report.deferred[0] == later["id"]
    assert services.pipeline.run().started == [later["id"]]


@pytest.fixture
def work_queue(monkeypatch: pytest.MonkeyPatch, api: Api) -> str:
    sqs = boto3.client("sqs", region_name="eu-south-1")
    url: str = sqs.create_queue(QueueName="scopa-pipeline-work")["QueueUrl"]
    monkeypatch.setenv("PIPELINE_QUEUE_URL", url)
    monkeypatch.setattr(pipeline_module, "_work", {})
    return url


def received(url: str) -> list[dict[str, Any]]:
    """Every message on the queue, as the event source hands them to the function (``Records``)."""
    sqs = boto3.client("sqs", region_name="eu-south-1")
    records: list[dict[str, Any]] = []
    while True:
        got = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])
        if not got:
            return records
        for m in got:
            records.append({"messageId": m["MessageId"], "body": m["Body"], "eventSource": "aws:sqs"})
            sqs.delete_message(QueueUrl=url, ReceiptHandle=m["ReceiptHandle"])


def test_on_aws_the_run_queues_each_tournament_and_the_workers_advance_them(
    api: Api, work_queue: str
) -> None:
    ids = three_swiss(api)
    services = context.services()
    for _ in range(40):
        if finished(services, ids):
            break
        report = pipeline_handler({"source": "aws.scheduler"}, FakeLambdaContext(timeout_ms=55_000))
        assert report["steps"] == {}
        assert report["errors"] == {}
        records = received(work_queue)
        assert report["queued"] == len(records)
        for start in range(0, len(records), 10):
            answer = pipeline_handler({"Records": records[start : start + 10]}, FakeLambdaContext(55_000))
            assert answer == {"batchItemFailures": []}
    assert finished(services, ids)
    rounds = [i for i in scan(raw()).values() if i["type"]["S"] == "round"]
    assert sorted(i["pk"]["S"].removeprefix("TOURNAMENT#") for i in rounds) == sorted(ids * ROUNDS)


def test_a_worker_reports_only_the_messages_whose_tournament_failed(
    api: Api, work_queue: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    good, bad = three_swiss(api)[:2]
    pipeline = context.services().pipeline
    real = pipeline.advance

    def advance(tid: str) -> list[str]:
        if tid == bad:
            raise RuntimeError("throttled")
        return real(tid)

    monkeypatch.setattr(pipeline, "advance", advance)
    records = [
        {"messageId": "m1", "body": message(good)},
        {"messageId": "m2", "body": message(bad)},
        {"messageId": "m3", "body": "not json"},  # dropped: a retry would not help
        {"messageId": "m4", "body": json.dumps({"tournament_id": 7})},
    ]
    answer = pipeline_handler({"Records": records}, FakeLambdaContext(timeout_ms=55_000))
    assert answer == {"batchItemFailures": [{"itemIdentifier": "m2"}]}


def test_a_worker_out_of_time_acknowledges_what_it_did_not_reach(api: Api, work_queue: str) -> None:
    ids = three_swiss(api)
    records = [{"messageId": f"m{k}", "body": message(tid)} for k, tid in enumerate(ids)]
    answer = pipeline_handler({"Records": records}, FakeLambdaContext(timeout_ms=int(MARGIN * 1000) - 1))
    assert answer == {"batchItemFailures": []}  # the next scheduled run queues them again
    assert all(status_of(context.services(), tid) == "registration" for tid in ids)


def test_the_queue_takes_batches_of_ten_and_reports_what_it_could_not_send(api: Api) -> None:
    class Sqs:
        def __init__(self) -> None:
            self.batches: list[list[str]] = []

        def send_message_batch(self, QueueUrl: str, Entries: list[dict[str, str]]) -> dict[str, Any]:
            self.batches.append([json.loads(e["MessageBody"])["tournament_id"] for e in Entries])
            failed = [{"Id": e["Id"], "Code": "InternalError"} for e in Entries if e["Id"] == "3"]
            ok = [{"Id": e["Id"]} for e in Entries if e["Id"] != "3"]
            return {"Successful": ok, "Failed": failed}

    sqs = Sqs()
    ids = [f"t_{k:02d}" for k in range(23)]
    done = QueueWork(sqs, "https://queue").dispatch([*ids, ids[0]], None)
    assert sqs.batches == [ids[:10], ids[10:20], ids[20:]]  # in the order given, each once
    assert done.queued == 21
    assert done.errors == {"t_03": "InternalError", "t_13": "InternalError"}

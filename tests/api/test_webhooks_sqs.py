"""Webhook deliveries as in AWS: the API queues them on SQS (moto) and the webhooks function consumes them.

A failed attempt hides its message for the backoff (``ChangeMessageVisibility``) and reports it as a batch
item failure; a delivered one is done. The receiver is a real HTTP server on loopback (allowed by the
local settings, as in the other webhook tests).
"""

from __future__ import annotations

import json
from typing import Any

import boto3
import pytest

from api import context
from scopa.application.services.webhooks import RETRY_DELAYS, verify
from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.test_webhooks import Receiver, a_club, a_started_tournament, deliveries, receiver, register
from tools.apigw import FakeLambdaContext

__all__ = ["receiver"]  # the fixture, shared with the in-process tests


@pytest.fixture
def queued(moto_api: Api, monkeypatch: pytest.MonkeyPatch) -> tuple[Api, Any, str]:
    """The API on moto with ``WEBHOOK_QUEUE_URL`` set: (api, sqs client, queue url)."""
    sqs = boto3.client("sqs", region_name="eu-south-1")
    dead = sqs.create_queue(QueueName="scopa-webhooks-dlq")["QueueUrl"]
    dead_arn = sqs.get_queue_attributes(QueueUrl=dead, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    url = sqs.create_queue(
        QueueName="scopa-webhooks",
        Attributes={"RedrivePolicy": json.dumps({"deadLetterTargetArn": dead_arn, "maxReceiveCount": "6"})},
    )["QueueUrl"]
    monkeypatch.setenv("WEBHOOK_QUEUE_URL", url)
    monkeypatch.setenv("WEBHOOKS_ALLOW_HTTP", "true")
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "true")
    context.reset()
    return moto_api, sqs, url


def sqs_event(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The event Lambda's SQS source hands the function for ``messages``."""
    return {
        "Records": [
            {
                "messageId": m["MessageId"],
                "receiptHandle": m["ReceiptHandle"],
                "body": m["Body"],
                "eventSource": "aws:sqs",
            }
            for m in messages
        ]
    }


def consume(event: dict[str, Any]) -> dict[str, Any]:
    from webhooks.handler import handler

    result: dict[str, Any] = handler(event, FakeLambdaContext())
    return result


def receive(sqs: Any, url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get(
        "Messages", []
    )
    return found


def test_the_function_retries_a_failed_delivery_by_hiding_its_message_for_the_backoff(
    queued: tuple[Api, Any, str], receiver: Receiver
) -> None:
    api, sqs, url = queued
    olga, club_id = a_club(api)
    hook = register(api, olga, club_id, receiver.url, ["tournament.started"])
    receiver.statuses = [502]
    a_started_tournament(api, olga, club_id, bots=2)
    assert receiver.received == []  # the API only queued it
    (pending,) = deliveries(api, olga, club_id, hook["id"])
    assert (pending["status"], pending["attempts"]) == ("pending", 0)

    messages = receive(sqs, url)
    assert len(messages) == 1
    assert json.loads(messages[0]["Body"]) == {"club": club_id, "hook": hook["id"], "delivery": pending["id"]}
    answer = consume(sqs_event(messages))
    assert answer == {"batchItemFailures": [{"itemIdentifier": messages[0]["MessageId"]}]}
    (retrying,) = deliveries(api, olga, club_id, hook["id"])
    assert (retrying["status"], retrying["attempts"], retrying["last_status"]) == ("retrying", 1, 502)
    assert receive(sqs, url) == []  # hidden for the backoff, RETRY_DELAYS[0] seconds

    # The backoff passes (made visible by hand: moto keeps real time).
    sqs.change_message_visibility(
        QueueUrl=url, ReceiptHandle=messages[0]["ReceiptHandle"], VisibilityTimeout=0
    )
    api.clock.advance(RETRY_DELAYS[0])
    again = receive(sqs, url)
    assert [m["MessageId"] for m in again] == [messages[0]["MessageId"]]
    assert consume(sqs_event(again)) == {"batchItemFailures": []}
    (done,) = deliveries(api, olga, club_id, hook["id"])
    assert (done["status"], done["attempts"], done["last_status"]) == ("delivered", 2, 200)
    last = receiver.received[-1]
    assert verify(hook["secret"], last.headers["scopa-signature"], last.body, now=api.clock.now())
    # A message seen once more (SQS delivers at least once) sends nothing.
    assert consume(sqs_event(again)) == {"batchItemFailures": []}
    assert len(receiver.received) == 2


def test_a_malformed_message_is_reported_for_the_dead_letter_queue(queued: tuple[Api, Any, str]) -> None:
    event = {"Records": [{"messageId": "m-1", "receiptHandle": "r", "body": "{not json"}]}
    assert consume(event) == {"batchItemFailures": [{"itemIdentifier": "m-1"}]}
    event = {"Records": [{"messageId": "m-2", "receiptHandle": "r", "body": json.dumps({"club": "c"})}]}
    assert consume(event) == {"batchItemFailures": [{"itemIdentifier": "m-2"}]}


def test_ids_longer_than_any_key_are_not_found_on_dynamodb(queued: tuple[Api, Any, str]) -> None:
    api, _, _ = queued
    olga, club_id = a_club(api)
    long = "x" * 3000  # past DynamoDB's key sizes: refused before any read
    for method, path, code in (
        ("GET", f"/clubs/{club_id}/webhooks/{long}", "webhook_not_found"),
        ("DELETE", f"/clubs/{club_id}/webhooks/{long}", "webhook_not_found"),
        ("GET", f"/clubs/{club_id}/webhooks/{long}/deliveries", "webhook_not_found"),
        ("GET", f"/clubs/{long}/webhooks", "club_not_found"),
    ):
        assert_error(api.call(method, path, token=olga), 404, code)

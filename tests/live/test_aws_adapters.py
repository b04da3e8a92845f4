"""The AWS side of push: the management-API pusher (moto, and botocore's Stubber for the answers moto never
gives) and the Lambda change feed (Stubber: moto cannot invoke a function without Docker)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.exceptions import EndpointConnectionError
from botocore.stub import Stubber
from moto import mock_aws

from scopa.adapters.apigw.push import MAX_MESSAGE_BYTES, ApiGatewayPusher, management_client
from scopa.adapters.aws_lambda.feed import LambdaFeed, lambda_client
from scopa.application.ports.changes import Change, ChangeFeed
from scopa.application.ports.push import Pusher

REGION = "eu-south-1"
ENDPOINT = f"https://abc123.execute-api.{REGION}.amazonaws.com/dev"
HAND = {"type": "update", "topic": "match:m_1", "version": 7, "data": {"hand": ["7c", "1d"], "name": "Bèa"}}
HIDDEN = "7c"  # a card of the hand above: it must never reach a log line


@pytest.fixture
def moto_pusher() -> Iterator[tuple[ApiGatewayPusher, Any]]:
    with mock_aws():
        from moto.apigatewaymanagementapi.models import apigatewaymanagementapi_backends

        yield ApiGatewayPusher(management_client(ENDPOINT, REGION)), apigatewaymanagementapi_backends


def _stubbed() -> tuple[ApiGatewayPusher, Stubber]:
    client = management_client(ENDPOINT, REGION)
    return ApiGatewayPusher(client), Stubber(client)


def _data_sent(backends: Any, connection_id: str) -> bytes:
    connections = backends["123456789012"][REGION].connections
    data: bytes = connections[connection_id].data
    return data


def test_a_message_reaches_the_connection_as_compact_utf8_json(moto_pusher: tuple[Any, Any]) -> None:
    pusher, backends = moto_pusher
    assert pusher.send("Lc1xJfXwFiAC", HAND) is True
    sent = _data_sent(backends, "Lc1xJfXwFiAC")
    assert json.loads(sent) == HAND
    assert b", " not in sent
    assert b": " not in sent
    assert "Bèa".encode() in sent  # not \u-escaped


def test_the_pusher_and_the_feed_satisfy_their_ports() -> None:
    pusher: Pusher = ApiGatewayPusher(management_client(ENDPOINT, REGION))
    feed: ChangeFeed = LambdaFeed(lambda_client(REGION), "notifier")
    assert callable(pusher.send)
    assert callable(feed.publish)


def test_a_gone_connection_answers_false() -> None:
    pusher, stub = _stubbed()
    stub.add_client_error("post_to_connection", service_error_code="GoneException", http_status_code=410)
    with stub:
        assert pusher.send("Lc1xJfXwFiAC", HAND) is False
    stub.assert_no_pending_responses()


@pytest.mark.parametrize(
    ("code", "status"),
    [("LimitExceededException", 429), ("ForbiddenException", 403), ("PayloadTooLargeException", 413)],
)
def test_other_failures_keep_the_connection_and_log_the_code_never_the_message(
    caplog: pytest.LogCaptureFixture, code: str, status: int
) -> None:
    pusher, stub = _stubbed()
    stub.add_client_error("post_to_connection", service_error_code=code, http_status_code=status)
    with stub, caplog.at_level(logging.DEBUG, logger="scopa"):
        assert pusher.send("Lc1xJfXwFiAC", HAND) is True
    stub.assert_no_pending_responses()
    (record,) = [r for r in caplog.records if r.name.startswith("scopa")]
    assert record.error_code == code  # type: ignore[attr-defined]
    assert HIDDEN not in record.getMessage()
    assert HIDDEN not in json.dumps(record.__dict__, default=str)


def test_no_answer_at_all_keeps_the_connection(caplog: pytest.LogCaptureFixture) -> None:
    client = boto3.client("apigatewaymanagementapi", endpoint_url=ENDPOINT, region_name=REGION)

    def unreachable(**_: Any) -> None:
        raise EndpointConnectionError(endpoint_url=ENDPOINT)

    client.meta.events.register("before-send.apigatewaymanagementapi.PostToConnection", unreachable)
    with caplog.at_level(logging.WARNING, logger="scopa"):
        assert ApiGatewayPusher(client).send("Lc1xJfXwFiAC", HAND) is True
    assert [r.error_code for r in caplog.records] == ["EndpointConnectionError"]  # type: ignore[attr-defined]


def test_a_message_over_the_limit_is_not_posted(moto_pusher: tuple[Any, Any]) -> None:
    pusher, backends = moto_pusher
    big = {"type": "update", "data": "x" * MAX_MESSAGE_BYTES}
    assert pusher.send("Lc1xJfXwFiAC", big) is True
    assert "Lc1xJfXwFiAC" not in backends["123456789012"][REGION].connections


# ------------------------------------------------------------------------------------ the change feed


def _feed() -> tuple[LambdaFeed, Stubber, list[str]]:
    client = lambda_client(REGION)
    calls: list[str] = []
    client.meta.events.register("provide-client-params.lambda.Invoke", lambda **_: calls.append("invoke"))
    return LambdaFeed(client, "scopa-dev-notifier"), Stubber(client), calls


def test_changes_are_queued_for_the_notifier_in_one_asynchronous_invoke() -> None:
    feed, stub, _ = _feed()
    changes = [Change("match:m_1", 7), Change("inbox:p_2"), Change("lobby")]
    expected = {
        "FunctionName": "scopa-dev-notifier",
        "InvocationType": "Event",
        "Payload": (
            b'{"changes":[{"topic":"match:m_1","version":7},{"topic":"inbox:p_2","version":null},'
            b'{"topic":"lobby","version":null}]}'
        ),
    }
    stub.add_response("invoke", {"StatusCode": 202}, expected)
    with stub:
        feed.publish(changes)
    stub.assert_no_pending_responses()


def test_nothing_is_invoked_for_no_change() -> None:
    feed, stub, calls = _feed()
    with stub:
        feed.publish([])
    assert calls == []


@pytest.mark.parametrize("code", ["TooManyRequestsException", "ResourceNotFoundException", "AccessDenied"])
def test_a_failed_invoke_never_fails_the_write_and_logs_only_its_code(
    caplog: pytest.LogCaptureFixture, code: str
) -> None:
    feed, stub, calls = _feed()
    stub.add_client_error("invoke", service_error_code=code, http_status_code=400)
    with stub, caplog.at_level(logging.DEBUG, logger="scopa"):
        feed.publish([Change("inbox:p_secretive", None)])
    assert calls == ["invoke"]
    stub.assert_no_pending_responses()
    (record,) = [r for r in caplog.records if r.name.startswith("scopa")]
    assert record.error_code == code  # type: ignore[attr-defined]
    assert "p_secretive" not in json.dumps(record.__dict__, default=str)


# ------------------------------------------------------------------------------------ closing


def test_close_deletes_the_connection(moto_pusher: tuple[Any, Any]) -> None:
    pusher, backends = moto_pusher
    assert pusher.send("Lc1xJfXwFiAC", {"type": "pong"}) is True
    assert "Lc1xJfXwFiAC" in backends["123456789012"][REGION].connections
    pusher.close("Lc1xJfXwFiAC")
    assert "Lc1xJfXwFiAC" not in backends["123456789012"][REGION].connections


def test_closing_a_gone_connection_is_quiet(caplog: pytest.LogCaptureFixture) -> None:
    pusher, stub = _stubbed()
    stub.add_client_error("delete_connection", service_error_code="GoneException", http_status_code=410)
    with stub, caplog.at_level(logging.DEBUG, logger="scopa"):
        pusher.close("Lc1xJfXwFiAC")
    stub.assert_no_pending_responses()
    assert [r for r in caplog.records if r.name.startswith("scopa")] == []


@pytest.mark.parametrize(("code", "status"), [("LimitExceededException", 429), ("ForbiddenException", 403)])
def test_a_failed_close_is_logged_never_raised(
    caplog: pytest.LogCaptureFixture, code: str, status: int
) -> None:
    pusher, stub = _stubbed()
    stub.add_client_error("delete_connection", service_error_code=code, http_status_code=status)
    with stub, caplog.at_level(logging.WARNING, logger="scopa"):
        pusher.close("Lc1xJfXwFiAC")
    stub.assert_no_pending_responses()
    assert [(r.getMessage(), r.error_code) for r in caplog.records] == [("close not done", code)]  # type: ignore[attr-defined]


def test_no_answer_to_a_close_is_logged_never_raised(caplog: pytest.LogCaptureFixture) -> None:
    client = boto3.client("apigatewaymanagementapi", endpoint_url=ENDPOINT, region_name=REGION)

    def unreachable(**_: Any) -> None:
        raise EndpointConnectionError(endpoint_url=ENDPOINT)

    client.meta.events.register("before-send.apigatewaymanagementapi.DeleteConnection", unreachable)
    with caplog.at_level(logging.WARNING, logger="scopa"):
        ApiGatewayPusher(client).close("Lc1xJfXwFiAC")
    assert [r.error_code for r in caplog.records] == ["EndpointConnectionError"]  # type: ignore[attr-defined]

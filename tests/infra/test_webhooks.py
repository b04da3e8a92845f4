"""Webhook deliveries in the stack: the queue with its dead-letter queue (alarmed on the monitoring topic),
the consumer function on that queue with partial batch failures, and who may send to it."""

from __future__ import annotations

from typing import Any

from infra.components.webhooks import BATCH_SIZE, WEBHOOKS_ITEM_ACTIONS
from scopa.application.services.webhooks import MAX_ATTEMPTS
from tests.infra.conftest import Synthesised


def _queue(env: Synthesised, prefix: str) -> tuple[str, dict[str, Any]]:
    logical = env.logical_id("AWS::SQS::Queue", prefix)
    return logical, env.resources("AWS::SQS::Queue")[logical]["Properties"]


def test_the_delivery_queue_sends_what_fails_every_attempt_to_its_dead_letter_queue(dev: Synthesised) -> None:
    dead, dead_props = _queue(dev, "WebhooksDeadLetters")
    _, props = _queue(dev, "WebhooksDeliveries")
    assert props["RedrivePolicy"] == {
        "deadLetterTargetArn": {"Fn::GetAtt": [dead, "Arn"]},
        "maxReceiveCount": MAX_ATTEMPTS,
    }
    for queue in (props, dead_props):
        assert queue["SqsManagedSseEnabled"] is True
    consumer = dev.resources("AWS::Lambda::Function")[
        dev.logical_id("AWS::Lambda::Function", "WebhooksConsumer")
    ]
    # Lambda's guidance: the visibility timeout at least six times the function's timeout.
    assert props["VisibilityTimeout"] >= 6 * consumer["Properties"]["Timeout"]


def test_the_consumer_reads_the_queue_with_partial_batch_failures(dev: Synthesised) -> None:
    queue, _ = _queue(dev, "WebhooksDeliveries")
    consumer = dev.logical_id("AWS::Lambda::Function", "WebhooksConsumer")
    dev.assertions.has_resource_properties(
        "AWS::Lambda::EventSourceMapping",
        {
            "EventSourceArn": {"Fn::GetAtt": [queue, "Arn"]},
            "FunctionName": {"Ref": consumer},
            "BatchSize": BATCH_SIZE,
            "FunctionResponseTypes": ["ReportBatchItemFailures"],
        },
    )
    props = dev.resources("AWS::Lambda::Function")[consumer]["Properties"]
    assert props["Handler"] == "webhooks.handler.handler"
    assert props["Architectures"] == ["arm64"]
    variables = props["Environment"]["Variables"]
    assert variables["WEBHOOK_QUEUE_URL"] == {"Ref": queue}
    assert "WEBHOOKS_ALLOW_HTTP" not in variables
    assert "WEBHOOKS_ALLOW_PRIVATE" not in variables


def test_the_api_and_the_pipeline_send_to_the_queue_and_only_https_is_allowed(dev: Synthesised) -> None:
    queue, _ = _queue(dev, "WebhooksDeliveries")
    for name in ("Api", "Pipeline"):
        function = dev.resources("AWS::Lambda::Function")[
            dev.logical_id("AWS::Lambda::Function", f"Functions{name}")
        ]
        variables = function["Properties"]["Environment"]["Variables"]
        assert variables["WEBHOOK_QUEUE_URL"] == {"Ref": queue}
        assert "WEBHOOKS_ALLOW_HTTP" not in variables
        assert "WEBHOOKS_ALLOW_PRIVATE" not in variables
        # CDK merges grants of the same actions into one statement: the queue may share it with others.
        role = {"Ref": dev.logical_id("AWS::IAM::Role", f"Functions{name}Role")}
        statements = [
            st
            for p in dev.resources("AWS::IAM::Policy").values()
            if role in p["Properties"]["Roles"]
            for st in p["Properties"]["PolicyDocument"]["Statement"]
        ]
        sends = [
            st
            for st in statements
            if "sqs:SendMessage" in ([st["Action"]] if isinstance(st["Action"], str) else st["Action"])
            and {"Fn::GetAtt": [queue, "Arn"]}
            in (st["Resource"] if isinstance(st["Resource"], list) else [st["Resource"]])
        ]
        assert sends, name


def test_the_consumer_may_only_read_and_write_items_and_use_its_queue(dev: Synthesised) -> None:
    role = dev.logical_id("AWS::IAM::Role", "WebhooksConsumerRole")
    (policy,) = [
        p["Properties"]
        for p in dev.resources("AWS::IAM::Policy").values()
        if p["Properties"]["Roles"] == [{"Ref": role}]
    ]
    actions = set()
    for statement in policy["PolicyDocument"]["Statement"]:
        found = statement["Action"]
        actions.update(found if isinstance(found, list) else [found])
    dynamodb = {a for a in actions if a.startswith("dynamodb:")}
    assert dynamodb == set(WEBHOOKS_ITEM_ACTIONS)
    assert "sqs:ChangeMessageVisibility" in actions
    assert "sqs:DeleteMessage" in actions
    assert not any(a.endswith("*") for a in actions)


def test_one_message_in_the_webhooks_dead_letter_queue_notifies_the_alarm_topic(dev: Synthesised) -> None:
    dead, _ = _queue(dev, "WebhooksDeadLetters")
    topic = {"Ref": dev.logical_id("AWS::SNS::Topic", "MonitoringAlarmTopic")}
    alarm = dev.resources("AWS::CloudWatch::Alarm")[
        dev.logical_id("AWS::CloudWatch::Alarm", "WebhooksDeadLettersAlarm")
    ]["Properties"]
    assert alarm["MetricName"] == "ApproximateNumberOfMessagesVisible"
    assert alarm["Dimensions"] == [{"Name": "QueueName", "Value": {"Fn::GetAtt": [dead, "QueueName"]}}]
    assert (alarm["ComparisonOperator"], alarm["Threshold"]) == ("GreaterThanThreshold", 0)
    assert alarm["AlarmActions"] == [topic]
    assert alarm["OKActions"] == [topic]

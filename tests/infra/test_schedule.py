"""The pipeline's schedule: every minute, retries, a dead-letter queue (encrypted, TLS only) that also takes
the runs that raise, and one run at a time."""

from __future__ import annotations

import json

from aws_cdk.assertions import Match

from tests.infra.conftest import Synthesised


def test_the_schedule_runs_the_pipeline_every_minute_with_retries_and_a_dead_letter_queue(
    dev: Synthesised,
) -> None:
    queue = dev.logical_id("AWS::SQS::Queue", "ScheduleDeadLetters")
    pipeline = dev.logical_id("AWS::Lambda::Function", "FunctionsPipeline")
    dev.assertions.resource_count_is("AWS::Scheduler::Schedule", 1)
    dev.assertions.has_resource_properties(
        "AWS::Scheduler::Schedule",
        {
            "ScheduleExpression": "rate(1 minute)",
            "State": "ENABLED",
            "FlexibleTimeWindow": {"Mode": "OFF"},
            "Target": Match.object_like(
                {
                    "Arn": {"Fn::GetAtt": [pipeline, "Arn"]},
                    "RetryPolicy": {"MaximumRetryAttempts": 3, "MaximumEventAgeInSeconds": 120},
                    "DeadLetterConfig": {"Arn": {"Fn::GetAtt": [queue, "Arn"]}},
                }
            ),
        },
    )


def test_a_run_that_raises_is_retried_once_then_parked_in_the_same_queue(dev: Synthesised) -> None:
    # Scheduler invokes Lambda asynchronously: function errors are handled by the async invoke config.
    queue = dev.logical_id("AWS::SQS::Queue", "ScheduleDeadLetters")
    pipeline = {"Ref": dev.logical_id("AWS::Lambda::Function", "FunctionsPipeline")}
    (config,) = [
        c["Properties"]
        for c in dev.resources("AWS::Lambda::EventInvokeConfig").values()
        if c["Properties"]["FunctionName"] == pipeline
    ]
    assert config["MaximumRetryAttempts"] == 1
    assert config["MaximumEventAgeInSeconds"] == 120
    assert config["DestinationConfig"] == {"OnFailure": {"Destination": {"Fn::GetAtt": [queue, "Arn"]}}}


def test_the_dead_letter_queue_is_encrypted_and_refuses_plain_http(dev: Synthesised) -> None:
    for name, retention in (("ScheduleDeadLetters", 14 * 86_400), ("ScheduleWork", 3600)):
        queue = dev.resources("AWS::SQS::Queue")[dev.logical_id("AWS::SQS::Queue", name)]["Properties"]
        assert queue["SqsManagedSseEnabled"] is True
        assert queue["MessageRetentionPeriod"] == retention
        policies = [
            p["Properties"]
            for p in dev.resources("AWS::SQS::QueuePolicy").values()
            if {"Ref": dev.logical_id("AWS::SQS::Queue", name)} in p["Properties"]["Queues"]
        ]
        statements = [s for p in policies for s in p["PolicyDocument"]["Statement"]]
        denials = [s for s in statements if s["Effect"] == "Deny"]
        assert denials, name
        assert denials[0]["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}


def test_the_pipeline_fans_out_through_its_work_queue(dev: Synthesised) -> None:
    """The scheduled run queues the running tournaments; the same function takes them back in batches,
    retries only the failed messages, and parks a tournament that keeps failing in the dead letters."""
    work = dev.logical_id("AWS::SQS::Queue", "ScheduleWork")
    dead = dev.logical_id("AWS::SQS::Queue", "ScheduleDeadLetters")
    pipeline = dev.logical_id("AWS::Lambda::Function", "FunctionsPipeline")
    function = dev.resources("AWS::Lambda::Function")[pipeline]["Properties"]
    queue = dev.resources("AWS::SQS::Queue")[work]["Properties"]
    assert queue["RedrivePolicy"] == {
        "deadLetterTargetArn": {"Fn::GetAtt": [dead, "Arn"]},
        "maxReceiveCount": 3,
    }
    assert queue["VisibilityTimeout"] >= 6 * function["Timeout"]
    assert function["Environment"]["Variables"]["PIPELINE_QUEUE_URL"] == {"Ref": work}
    (mapping,) = [
        m["Properties"]
        for m in dev.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [work, "Arn"]}
    ]
    assert mapping["FunctionName"] == {"Ref": pipeline}
    assert mapping["BatchSize"] == 10
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert mapping["ScalingConfig"] == {"MaximumConcurrency": 10}
    # The function may send to its queue and receive from it; nothing else of SQS.
    actions = {
        action
        for p in dev.resources("AWS::IAM::Policy").values()
        for s in p["Properties"]["PolicyDocument"]["Statement"]
        if s.get("Resource") == {"Fn::GetAtt": [work, "Arn"]}
        for action in ([s["Action"]] if isinstance(s["Action"], str) else s["Action"])
    }
    assert "sqs:SendMessage" in actions
    assert "sqs:ReceiveMessage" in actions
    assert "sqs:DeleteMessage" in actions
    assert not any(a in actions for a in ("sqs:*", "sqs:PurgeQueue", "sqs:DeleteQueue"))


def test_the_scheduler_role_may_only_invoke_the_pipeline_and_write_to_its_queue(dev: Synthesised) -> None:
    policy = dev.resources("AWS::IAM::Policy")[dev.logical_id("AWS::IAM::Policy", "ScheduleSchedulerRole")]
    statements = policy["Properties"]["PolicyDocument"]["Statement"]
    assert sorted(json.dumps(s["Action"]) for s in statements) == [
        '"lambda:InvokeFunction"',
        '"sqs:SendMessage"',
    ]
    pipeline = dev.logical_id("AWS::Lambda::Function", "FunctionsPipeline")
    invoke = next(s for s in statements if s["Action"] == "lambda:InvokeFunction")
    assert invoke["Resource"][0] == {"Fn::GetAtt": [pipeline, "Arn"]}
    role = dev.resources("AWS::IAM::Role")[dev.logical_id("AWS::IAM::Role", "ScheduleSchedulerRole")]
    principal = role["Properties"]["AssumeRolePolicyDocument"]["Statement"][0]["Principal"]
    assert principal == {"Service": "scheduler.amazonaws.com"}

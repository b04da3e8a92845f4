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
    queue = dev.resources("AWS::SQS::Queue")[dev.logical_id("AWS::SQS::Queue", "ScheduleDeadLetters")]
    assert queue["Properties"]["SqsManagedSseEnabled"] is True
    assert queue["Properties"]["MessageRetentionPeriod"] == 14 * 86_400
    policies = dev.resources("AWS::SQS::QueuePolicy")
    policy = policies[dev.logical_id("AWS::SQS::QueuePolicy", "ScheduleDeadLetters")]["Properties"]
    policy = policy["PolicyDocument"]["Statement"]
    denials = [s for s in policy if s["Effect"] == "Deny"]
    assert denials
    assert denials[0]["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}


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

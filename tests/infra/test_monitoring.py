"""Alarms on errors, throttles, 5xx rate, p99 latency, dead letters and a stalled pipeline; a dashboard."""

from __future__ import annotations

from typing import Any

from tests.infra.conftest import Synthesised


def _alarms(env: Synthesised) -> dict[str, dict[str, Any]]:
    return {k: r["Properties"] for k, r in env.resources("AWS::CloudWatch::Alarm").items()}


def _alarm(env: Synthesised, name: str) -> dict[str, Any]:
    return _alarms(env)[env.logical_id("AWS::CloudWatch::Alarm", f"Monitoring{name}")]


def test_every_alarm_notifies_the_topic_when_it_fires_and_when_it_clears(dev: Synthesised) -> None:
    topic = {"Ref": dev.logical_id("AWS::SNS::Topic", "MonitoringAlarmTopic")}
    alarms = _alarms(dev)
    # errors and throttles of four functions, 5xx, latency, dead letters, stall, webhook dead letters
    assert len(alarms) == 13
    for alarm in alarms.values():
        assert alarm["AlarmActions"] == [topic]
        assert alarm["OKActions"] == [topic]


def test_function_errors_and_throttles_are_alarmed_for_every_function(prod: Synthesised) -> None:
    for name in ("Api", "Pipeline", "Live", "Notifier"):
        function = {"Ref": prod.logical_id("AWS::Lambda::Function", f"Functions{name}")}
        errors, throttles = _alarm(prod, f"{name}Errors"), _alarm(prod, f"{name}Throttles")
        assert (errors["MetricName"], errors["Namespace"], errors["Statistic"]) == (
            "Errors",
            "AWS/Lambda",
            "Sum",
        )
        assert errors["Dimensions"] == [{"Name": "FunctionName", "Value": function}]
        assert errors["Threshold"] == prod.config.alarms.function_errors
        assert errors["EvaluationPeriods"] == prod.config.alarms.periods
        assert throttles["MetricName"] == "Throttles"
        assert throttles["Threshold"] == prod.config.alarms.function_throttles


def test_the_5xx_alarm_is_a_rate_of_all_requests(prod: Synthesised) -> None:
    alarm = _alarm(prod, "Api5xxRate")
    expression = next(m for m in alarm["Metrics"] if "Expression" in m)
    assert expression["Expression"] == "IF(requests > 0, 100 * errors / requests, 0)"
    names = {m["Id"]: m["MetricStat"]["Metric"]["MetricName"] for m in alarm["Metrics"] if "MetricStat" in m}
    assert names == {"errors": "5xx", "requests": "Count"}
    assert alarm["Threshold"] == prod.config.alarms.api_5xx_percent
    assert alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold"
    latency = _alarm(prod, "ApiLatencyP99")
    assert (latency["MetricName"], latency["ExtendedStatistic"]) == ("Latency", "p99")
    assert latency["Threshold"] == prod.config.alarms.api_latency_p99_ms


def test_one_message_in_the_dead_letter_queue_fires_its_alarm(dev: Synthesised) -> None:
    alarm = _alarm(dev, "DeadLetters")
    queue = dev.logical_id("AWS::SQS::Queue", "ScheduleDeadLetters")
    assert alarm["MetricName"] == "ApproximateNumberOfMessagesVisible"
    assert alarm["Dimensions"] == [{"Name": "QueueName", "Value": {"Fn::GetAtt": [queue, "QueueName"]}}]
    assert (alarm["ComparisonOperator"], alarm["Threshold"], alarm["EvaluationPeriods"]) == (
        "GreaterThanThreshold",
        0,
        1,
    )


def test_a_pipeline_that_stops_running_is_alarmed(dev: Synthesised) -> None:
    alarm = _alarm(dev, "PipelineStalled")
    assert (alarm["MetricName"], alarm["Period"], alarm["Threshold"]) == ("Invocations", 300, 1)
    assert alarm["ComparisonOperator"] == "LessThanThreshold"
    assert alarm["TreatMissingData"] == "breaching"  # no data at all is the failure it looks for


def test_a_dashboard_shows_the_api_the_functions_the_queue_and_the_table(dev: Synthesised) -> None:
    dashboard = dev.one("AWS::CloudWatch::Dashboard")["Properties"]
    assert dashboard["DashboardName"] == "scopa-dev"
    body = str(dashboard["DashboardBody"])
    for title in ("API requests and errors", "API 5xx %", "API latency", "Api function", "Pipeline function"):
        assert title in body
    for title in ("Dead letters", "Table capacity consumed", "Alarms"):
        assert title in body


def test_the_alarm_topic_refuses_plain_http_and_mails_only_when_asked(dev: Synthesised) -> None:
    policy = dev.one("AWS::SNS::TopicPolicy")["Properties"]["PolicyDocument"]["Statement"]
    assert any(
        s["Effect"] == "Deny" and s["Condition"] == {"Bool": {"aws:SecureTransport": "false"}} for s in policy
    )
    dev.assertions.resource_count_is("AWS::SNS::Subscription", 0)

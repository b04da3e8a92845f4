"""Alarms on errors, throttles, 5xx rate, p99 latency (waits excluded), DynamoDB throttling, dead letters and
a stalled pipeline, delivered to a topic CloudWatch may publish to; a dashboard."""

from __future__ import annotations

import json
from typing import Any

from tests.infra.conftest import Synthesised


def _alarms(env: Synthesised) -> dict[str, dict[str, Any]]:
    return {k: r["Properties"] for k, r in env.resources("AWS::CloudWatch::Alarm").items()}


def _alarm(env: Synthesised, name: str) -> dict[str, Any]:
    return _alarms(env)[env.logical_id("AWS::CloudWatch::Alarm", f"Monitoring{name}")]


def test_every_alarm_notifies_the_topic_when_it_fires_and_when_it_clears(dev: Synthesised) -> None:
    topic = {"Ref": dev.logical_id("AWS::SNS::Topic", "MonitoringAlarmTopic")}
    alarms = _alarms(dev)
    # errors and throttles of five functions, 5xx, latency, table throttling, dead letters, stall,
    # webhook dead letters, fan-out dead letters
    assert len(alarms) == 17
    for alarm in alarms.values():
        assert alarm["AlarmActions"] == [topic]
        assert alarm["OKActions"] == [topic]


def test_function_errors_and_throttles_are_alarmed_for_every_function(prod: Synthesised) -> None:
    for name in ("Api", "Pipeline", "Live", "Notifier", "Jobs"):
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
    """The HTTP API's requests and the moves through the API function's URL (on by default), which never
    reach the HTTP API: a deploy that breaks moves fires it, and CodeDeploy rolls back."""
    assert prod.config.move_url
    alarm = _alarm(prod, "Api5xxRate")
    expression = next(m for m in alarm["Metrics"] if "Expression" in m)["Expression"]
    total = "(FILL(requests, 0) + FILL(urlRequests, 0))"
    assert expression == f"IF({total} > 0, 100 * (FILL(errors, 0) + FILL(urlErrors, 0)) / {total}, 0)"
    stats = {m["Id"]: m["MetricStat"]["Metric"] for m in alarm["Metrics"] if "MetricStat" in m}
    names = {k: m["MetricName"] for k, m in stats.items()}
    assert names == {
        "errors": "5xx",
        "requests": "Count",
        "urlErrors": "Url5xxCount",
        "urlRequests": "UrlRequestCount",
    }
    for url_metric in ("urlErrors", "urlRequests"):  # the alias the URL is on, not the whole function
        dims = {d["Name"] for d in stats[url_metric]["Dimensions"]}
        assert dims == {"FunctionName", "Resource"}
    assert alarm["Threshold"] == prod.config.alarms.api_5xx_percent
    assert alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold"


def test_the_latency_alarm_watches_the_apis_own_metric_that_leaves_long_polls_out(prod: Synthesised) -> None:
    from api import latency as api_latency
    from api.observability import API_SERVICE, NAMESPACE

    alarm = _alarm(prod, "ApiLatencyP99")
    assert (alarm["MetricName"], alarm["Namespace"], alarm["ExtendedStatistic"]) == (
        api_latency.METRIC,
        NAMESPACE,
        "p99",
    )
    assert alarm["Dimensions"] == [{"Name": "service", "Value": API_SERVICE}]
    assert alarm["Threshold"] == prod.config.alarms.api_latency_p99_ms
    # The API function runs under that service name, so its metrics carry that dimension.
    api = prod.resources("AWS::Lambda::Function")[prod.logical_id("AWS::Lambda::Function", "FunctionsApi")]
    assert api["Properties"]["Environment"]["Variables"]["POWERTOOLS_SERVICE_NAME"] == API_SERVICE
    assert api["Properties"]["Environment"]["Variables"]["POWERTOOLS_METRICS_NAMESPACE"] == NAMESPACE


def test_dynamodb_throttling_on_the_table_or_any_index_fires_an_alarm(prod: Synthesised) -> None:
    from infra.components.data import INDEXES

    alarm = _alarm(prod, "TableThrottles")
    stats = [m["MetricStat"]["Metric"] for m in alarm["Metrics"] if "MetricStat" in m]
    table = {"Ref": prod.logical_id("AWS::DynamoDB::Table", "DataTable")}
    seen = set()
    for metric in stats:
        assert metric["Namespace"] == "AWS/DynamoDB"
        dims = {d["Name"]: d["Value"] for d in metric["Dimensions"]}
        assert dims.pop("TableName") == table
        seen.add((metric["MetricName"], dims.get("GlobalSecondaryIndexName")))
    expected = {
        (f"{k}ThrottleEvents", i) for k in ("Read", "Write") for i in (None, *(n for n, *_ in INDEXES))
    }
    assert seen == expected
    (expression,) = [m for m in alarm["Metrics"] if "Expression" in m]
    assert expression["ReturnData"] is True
    assert all(
        f"FILL({m['Id']}, 0)" in expression["Expression"] for m in alarm["Metrics"] if "MetricStat" in m
    )
    assert (alarm["Threshold"], alarm["EvaluationPeriods"]) == (1, 1)
    assert alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold"


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


def test_one_parked_fanout_slice_fires_its_alarm(dev: Synthesised) -> None:
    alarm = _alarm(dev, "FanoutDeadLetters")
    queue = dev.logical_id("AWS::SQS::Queue", "LiveFanoutDeadLetters")
    assert alarm["MetricName"] == "ApproximateNumberOfMessagesVisible"
    assert alarm["Dimensions"] == [{"Name": "QueueName", "Value": {"Fn::GetAtt": [queue, "QueueName"]}}]
    assert (alarm["ComparisonOperator"], alarm["Threshold"], alarm["EvaluationPeriods"]) == (
        "GreaterThanThreshold",
        0,
        1,
    )
    assert alarm["AlarmActions"]
    assert alarm["OKActions"]


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


def test_cloudwatch_may_publish_to_the_alarm_topic_for_this_accounts_alarms_only(prod: Synthesised) -> None:
    """enforce_ssl's Deny replaces SNS's default policy: without an Allow no alarm would be delivered."""
    topic = {"Ref": prod.logical_id("AWS::SNS::Topic", "MonitoringAlarmTopic")}
    policy = prod.one("AWS::SNS::TopicPolicy")["Properties"]
    assert policy["Topics"] == [topic]
    (allow,) = [s for s in policy["PolicyDocument"]["Statement"] if s["Effect"] == "Allow"]
    assert allow["Principal"] == {"Service": "cloudwatch.amazonaws.com"}
    assert allow["Action"] == "sns:Publish"
    assert allow["Resource"] == topic
    assert allow["Condition"]["StringEquals"] == {"aws:SourceAccount": {"Ref": "AWS::AccountId"}}
    source = json.dumps(allow["Condition"]["ArnLike"]["aws:SourceArn"])
    assert ":cloudwatch:" in source
    assert ":alarm:*" in source
    assert "AWS::AccountId" in source
    # Still TLS only.
    assert any(s["Effect"] == "Deny" for s in policy["PolicyDocument"]["Statement"])


def test_the_alarm_topic_refuses_plain_http_and_mails_only_when_asked(dev: Synthesised) -> None:
    policy = dev.one("AWS::SNS::TopicPolicy")["Properties"]["PolicyDocument"]["Statement"]
    assert any(
        s["Effect"] == "Deny" and s["Condition"] == {"Bool": {"aws:SecureTransport": "false"}} for s in policy
    )
    dev.assertions.resource_count_is("AWS::SNS::Subscription", 0)

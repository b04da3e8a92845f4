"""Alarms (every function's errors and throttles, API 5xx rate, p99 latency of the requests that do not
wait, DynamoDB throttling, DLQ depth, a stalled pipeline), an SNS topic they notify, and a dashboard of the
same figures (and the WebSocket API's traffic).

The topic enforces TLS: CDK then gives it a resource policy holding only that Deny, which replaces SNS's
default policy, so CloudWatch could not publish to it. The policy therefore also allows
``cloudwatch.amazonaws.com`` to publish, for alarms of this account and region only.

Latency: API Gateway's ``Latency`` and ``IntegrationLatency`` count every request, long-polls included
(``GET /matches/{id}?wait=20`` holds its request up to 20 s on purpose), and per-route metrics cannot
help because a long-poll and a plain read share that route. The API function therefore emits its own
metric, ``RequestLatency`` (``api.latency``: time spent resolving each request that does not wait), and
the p99 alarm watches that.
"""

from __future__ import annotations

from aws_cdk import ArnFormat, Duration, Stack
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import Alarms

PERIOD = Duration.minutes(1)
#: The API function's own latency metric (``functions/api/latency.py``), under Powertools' namespace and
#: default ``service`` dimension; requests that wait (long-polls) are not in it.
LATENCY_METRIC = "RequestLatency"
METRICS_NAMESPACE = "Scopa"
API_SERVICE = "scopa-api"


class Monitoring(Construct):
    """Every alarm notifies :attr:`topic`; :attr:`dashboard` shows the traffic behind them."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        stage: str,
        thresholds: Alarms,
        api: apigw.HttpApi,
        functions: dict[str, lambda_.Function],
        dead_letters: sqs.IQueue,
        fanout_dead_letters: sqs.IQueue | None = None,
        table: dynamodb.ITable,
        pipeline: lambda_.Function,
        indexes: tuple[str, ...] = (),
        live_api: apigw.WebSocketApi | None = None,
        move_url_alias: lambda_.IAlias | None = None,
    ):
        super().__init__(scope, construct_id)
        self.topic = sns.Topic(self, "AlarmTopic", display_name=f"scopa {stage} alarms", enforce_ssl=True)
        stack = Stack.of(self)
        # enforce_ssl's Deny replaces SNS's default policy: without this statement no alarm is delivered.
        self.topic.add_to_resource_policy(
            iam.PolicyStatement(
                sid="CloudWatchAlarmsPublish",
                principals=[iam.ServicePrincipal("cloudwatch.amazonaws.com")],
                actions=["sns:Publish"],
                resources=[self.topic.topic_arn],
                conditions={
                    "StringEquals": {"aws:SourceAccount": stack.account},
                    "ArnLike": {
                        "aws:SourceArn": stack.format_arn(
                            service="cloudwatch",
                            resource="alarm",
                            resource_name="*",
                            arn_format=ArnFormat.COLON_RESOURCE_NAME,
                        )
                    },
                },
            )
        )
        if thresholds.email:
            self.topic.add_subscription(subscriptions.EmailSubscription(thresholds.email))
        self.alarms: list[cw.Alarm] = []
        n = thresholds.periods

        for name, function in functions.items():
            self._alarm(
                f"{name}Errors",
                function.metric_errors(period=PERIOD, statistic="Sum"),
                thresholds.function_errors,
                n,
                f"{name} function: {thresholds.function_errors}+ errors a minute",
            )
            self._alarm(
                f"{name}Throttles",
                function.metric_throttles(period=PERIOD, statistic="Sum"),
                thresholds.function_throttles,
                n,
                f"{name} function: throttled invocations",
            )

        using: dict[str, cw.IMetric] = {
            "errors": api.metric_server_error(period=PERIOD, statistic="Sum"),
            "requests": api.metric_count(period=PERIOD, statistic="Sum"),
        }
        expression = "IF(requests > 0, 100 * errors / requests, 0)"
        if move_url_alias is not None:
            # Moves through the function URL never reach the HTTP API: their 5xx count too (the deploy's
            # rollback watches this alarm), each series filled with 0 where it has no traffic.
            using["urlErrors"] = move_url_alias.metric("Url5xxCount", period=PERIOD, statistic="Sum")
            using["urlRequests"] = move_url_alias.metric("UrlRequestCount", period=PERIOD, statistic="Sum")
            total = "(FILL(requests, 0) + FILL(urlRequests, 0))"
            expression = f"IF({total} > 0, 100 * (FILL(errors, 0) + FILL(urlErrors, 0)) / {total}, 0)"
        self.api_5xx_rate = cw.MathExpression(
            expression=expression, using_metrics=using, label="5xx %", period=PERIOD
        )
        self._alarm(
            "Api5xxRate", self.api_5xx_rate, thresholds.api_5xx_percent, n, "API: share of 5xx answers"
        )
        latency = cw.Metric(
            namespace=METRICS_NAMESPACE,
            metric_name=LATENCY_METRIC,
            dimensions_map={"service": API_SERVICE},
            period=PERIOD,
            statistic="p99",
        )
        self._alarm(
            "ApiLatencyP99",
            latency,
            thresholds.api_latency_p99_ms,
            n,
            "API: p99 time to answer a request that does not wait (long-polls excluded), ms",
        )
        # DynamoDB throttling, on the table and on each index: on-demand tables throttle too (a partition's
        # limits, the account's table quota), and a throttled write is a failed or slow request.
        self.throttle_metrics: dict[str, cw.IMetric] = {}
        for i, index in enumerate((None, *indexes)):
            for kind in ("Read", "Write"):
                dims = {"TableName": table.table_name}
                if index is not None:
                    dims["GlobalSecondaryIndexName"] = index
                self.throttle_metrics[f"{kind.lower()}{i}"] = cw.Metric(
                    namespace="AWS/DynamoDB",
                    metric_name=f"{kind}ThrottleEvents",
                    dimensions_map=dims,
                    period=PERIOD,
                    statistic="Sum",
                )
        throttled = cw.MathExpression(
            expression=" + ".join(f"FILL({m}, 0)" for m in self.throttle_metrics),
            using_metrics=self.throttle_metrics,
            label="throttle events, table and indexes",
            period=PERIOD,
        )
        self._alarm(
            "TableThrottles",
            throttled,
            1,
            1,
            "DynamoDB: read or write throttle events on the table or one of its indexes",
        )

        depth = dead_letters.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum")
        self._alarm(
            "DeadLetters",
            depth,
            0,
            1,
            "Pipeline runs that failed or could not be delivered are waiting in the dead-letter queue",
            comparison=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
        )
        if fanout_dead_letters is not None:
            # A slice parked here is a push some followers never got: nothing replays it, so say so at once.
            self._alarm(
                "FanoutDeadLetters",
                fanout_dead_letters.metric_approximate_number_of_messages_visible(
                    period=PERIOD, statistic="Maximum"
                ),
                0,
                1,
                "Live fan-out slices failed every attempt and wait in the fan-out dead-letter queue: "
                "followers of a big topic missed a push",
                comparison=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
            )
        invocations = pipeline.metric_invocations(period=Duration.minutes(5), statistic="Sum")
        self._alarm(
            "PipelineStalled",
            invocations,
            1,
            1,
            "The pipeline has not run for 5 minutes (schedule disabled or failing to deliver)",
            comparison=cw.ComparisonOperator.LESS_THAN_THRESHOLD,
            missing=cw.TreatMissingData.BREACHING,
        )

        self.dashboard = cw.Dashboard(self, "Dashboard", dashboard_name=f"scopa-{stage}")
        self.dashboard.add_widgets(
            cw.GraphWidget(
                title="API requests and errors",
                left=[using["requests"], using["errors"], api.metric_client_error(period=PERIOD)],
            ),
            cw.GraphWidget(title="API 5xx %", left=[self.api_5xx_rate]),
            cw.GraphWidget(
                title="API latency",
                left=[api.metric_latency(period=PERIOD, statistic="p50"), latency],
                right=[api.metric_latency(period=PERIOD, statistic="p99")],  # long-polls included
            ),
        )
        self.dashboard.add_widgets(
            *(
                cw.GraphWidget(
                    title=f"{name} function",
                    left=[
                        fn.metric_invocations(period=PERIOD),
                        fn.metric_errors(period=PERIOD),
                        fn.metric_throttles(period=PERIOD),
                    ],
                    right=[fn.metric_duration(period=PERIOD, statistic="p99")],
                )
                for name, fn in functions.items()
            ),
            cw.GraphWidget(title="Dead letters", left=[depth]),
        )
        if live_api is not None:  # WebSocket traffic: connections opened, messages, failed integrations
            self.dashboard.add_widgets(
                cw.GraphWidget(
                    title="Live: connections and messages",
                    left=[
                        live_api.metric("ConnectCount", period=PERIOD, statistic="Sum"),
                        live_api.metric("MessageCount", period=PERIOD, statistic="Sum"),
                    ],
                    right=[
                        live_api.metric("IntegrationError", period=PERIOD, statistic="Sum"),
                        live_api.metric("ExecutionError", period=PERIOD, statistic="Sum"),
                    ],
                )
            )
        self.dashboard.add_widgets(
            cw.GraphWidget(
                title="Table capacity consumed",
                left=[
                    table.metric_consumed_read_capacity_units(period=PERIOD),
                    table.metric_consumed_write_capacity_units(period=PERIOD),
                ],
            ),
            cw.GraphWidget(
                title="Table throttled requests",
                left=[
                    throttled,
                ],
            ),
            cw.AlarmStatusWidget(title="Alarms", alarms=list(self.alarms)),
        )

    def alarm(self, construct_id: str) -> cw.Alarm:
        """The alarm made under ``construct_id`` (``ApiErrors``, ``Api5xxRate``, ...)."""
        found = self.node.find_child(construct_id)
        assert isinstance(found, cw.Alarm), construct_id
        return found

    def _alarm(
        self,
        construct_id: str,
        metric: cw.IMetric,
        threshold: float,
        periods: int,
        description: str,
        *,
        comparison: cw.ComparisonOperator = cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        missing: cw.TreatMissingData = cw.TreatMissingData.NOT_BREACHING,
    ) -> None:
        alarm = cw.Alarm(
            self,
            construct_id,
            metric=metric,
            threshold=threshold,
            evaluation_periods=periods,
            datapoints_to_alarm=periods,
            comparison_operator=comparison,
            treat_missing_data=missing,
            alarm_description=description,
        )
        alarm.add_alarm_action(actions.SnsAction(self.topic))
        alarm.add_ok_action(actions.SnsAction(self.topic))
        self.alarms.append(alarm)

"""Alarms (every function's errors and throttles, API 5xx rate and p99 latency, DLQ depth, a stalled
pipeline), an SNS topic they notify, and a dashboard of the same figures (and the WebSocket API's traffic)."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import Alarms

PERIOD = Duration.minutes(1)


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
        table: dynamodb.ITable,
        pipeline: lambda_.Function,
        live_api: apigw.WebSocketApi | None = None,
    ):
        super().__init__(scope, construct_id)
        self.topic = sns.Topic(self, "AlarmTopic", display_name=f"scopa {stage} alarms", enforce_ssl=True)
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

        errors = api.metric_server_error(period=PERIOD, statistic="Sum")
        count = api.metric_count(period=PERIOD, statistic="Sum")
        self.api_5xx_rate = cw.MathExpression(
            expression="IF(requests > 0, 100 * errors / requests, 0)",
            using_metrics={"errors": errors, "requests": count},
            label="5xx %",
            period=PERIOD,
        )
        self._alarm(
            "Api5xxRate", self.api_5xx_rate, thresholds.api_5xx_percent, n, "API: share of 5xx answers"
        )
        latency = api.metric_latency(period=PERIOD, statistic="p99")
        self._alarm("ApiLatencyP99", latency, thresholds.api_latency_p99_ms, n, "API: p99 latency (ms)")

        depth = dead_letters.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum")
        self._alarm(
            "DeadLetters",
            depth,
            0,
            1,
            "Pipeline runs that failed or could not be delivered are waiting in the dead-letter queue",
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
                title="API requests and errors", left=[count, errors, api.metric_client_error(period=PERIOD)]
            ),
            cw.GraphWidget(title="API 5xx %", left=[self.api_5xx_rate]),
            cw.GraphWidget(
                title="API latency",
                left=[api.metric_latency(period=PERIOD, statistic="p50"), latency],
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
                    table.metric_throttled_requests_for_operations(
                        operations=[
                            dynamodb.Operation.GET_ITEM,
                            dynamodb.Operation.PUT_ITEM,
                            dynamodb.Operation.QUERY,
                            dynamodb.Operation.TRANSACT_WRITE_ITEMS,
                        ],
                        period=PERIOD,
                    )
                ],
            ),
            cw.AlarmStatusWidget(title="Alarms", alarms=list(self.alarms)),
        )

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

"""The WebSocket API (API Gateway v2) of live play, wired to the live and notifier functions.

Every client message is JSON with an ``action`` (docs/live.md); the route selection expression reads it,
but the protocol's actions all go to ``$default``: one function parses them, as it does locally. ``$connect``
and ``$disconnect`` go to the same function. Replies and updates are posted to the connection through the
stage's management API (``execute-api:ManageConnections``), never returned from the integration, so a
reply and the updates behind it leave in one order.

The stage throttles messages and writes JSON access logs (never a message body: API Gateway has no field
for it). The API, live and pipeline functions may invoke the notifier (``NOTIFIER_FUNCTION``) and nothing
else; the live and notifier functions may post to this stage's connections and close them
(``WEBSOCKET_ENDPOINT``: the notifier closes a player's connections when their token changes, the live
function one whose token was retired while it authenticated); the API function tells pages the public URL
(``WEBSOCKET_URL``).

Fan-out (docs/live.md, "Fan-out"): a topic with more than a slice (100) of followers is posted by several
notifier runs. The notifier sends the further slices to :attr:`Live.fanout` (``FANOUT_QUEUE_URL``), ten
to a ``SendMessageBatch``, and reads that queue itself through its alias, one slice per invocation and no
batching window (a slice waits for no other); a slice that failed twice is parked in the dead letters. An
SQS queue rather than the notifier invoking itself: the self-grant would need a hand-built ARN (the
role's policy naming its own function is a CloudFormation cycle), and the queue gives a concurrency cap
(a 10,000-follower change is 100 slices; the cap keeps the account's other functions their share), a
dead-letter queue and per-record retries for the same two requests per slice. The same queue carries the
lobby's delayed re-notify (one ``SendMessage`` with ``DelaySeconds`` a second at most: docs/live.md, "The
lobby is coalesced"): the same grant (``sqs:SendMessage``) and the same mapping, no new resource.
"""

from __future__ import annotations

import jsii
from aws_cdk import Acknowledgment, Duration, RemovalPolicy, Stack, Validations
from aws_cdk import aws_apigateway as apigw_v1
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.components import queues
from infra.components.retention import retention
from infra.config import EnvironmentConfig

STAGE = "live"
ROUTE_SELECTION = "$request.body.action"
#: One JSON object per connect, disconnect and message; the message body is never logged.
ACCESS_LOG_FORMAT = (
    '{"requestId":"$context.requestId","ip":"$context.identity.sourceIp",'
    '"requestTime":"$context.requestTime","eventType":"$context.eventType","routeKey":"$context.routeKey",'
    '"connectionId":"$context.connectionId","status":"$context.status",'
    '"integrationLatency":"$context.integrationLatency","integrationError":"$context.integration.error",'
    '"error":"$context.error.message"}'
)
NO_AUTHORIZER = (
    "A WebSocket client authenticates after connecting, with an auth message whose bearer token the live "
    "function checks against SHA-256 hashes in the table (docs/live.md); anonymous connections may follow "
    "what anyone may see, so $connect and the message routes have no API Gateway authorizer."
)
CONNECTIONS_WILDCARD = (
    "Connection ids exist only at run time: the grant is POST (PostToConnection) and DELETE "
    "(DeleteConnection, closing a retired token's connections) on this one stage's @connections, the "
    "narrowest resources API Gateway's ManageConnections offers."
)
#: What the live and notifier functions do to a connection: post to it, close it.
CONNECTION_METHODS = ("POST", "DELETE")
#: Fan-out slices: one per invocation, no batching window; a slice failed twice goes to the dead letters.
#: At most 200 notifier runs read the queue at once (a 10,000-follower change is 99 slices: two such
#: changes at once still run without waiting). Visibility: six times the notifier's timeout (Lambda's SQS
#: guidance); a slice still queued after 10 minutes is dropped: newer updates went out meanwhile.
FANOUT_BATCH = 1
FANOUT_CONCURRENCY = 200
FANOUT_RECEIVES = 2
FANOUT_RETENTION = Duration.minutes(10)


@jsii.implements(apigw.IAccessLogSettings)
class _AccessLogs:
    def __init__(self, destination: apigw.IAccessLogDestination) -> None:
        self._destination = destination

    @property
    def destination(self) -> apigw.IAccessLogDestination:
        return self._destination

    @property
    def format(self) -> apigw_v1.AccessLogFormat:
        return apigw_v1.AccessLogFormat.custom(ACCESS_LOG_FORMAT)


class Live(Construct):
    """The WebSocket API and its stage; the grants and environment of the functions that use it."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: EnvironmentConfig,
        live: lambda_.Function,
        notifier: lambda_.Function,
        api: lambda_.Function,
        pipeline: lambda_.Function,
        live_alias: lambda_.IFunction | None = None,
        notifier_alias: lambda_.IFunction | None = None,
    ):
        super().__init__(scope, construct_id)
        # Routes and invokes reach the published versions through the aliases (when given).
        live_target = live_alias or live
        notifier_target = notifier_alias or notifier
        integration = integrations.WebSocketLambdaIntegration(
            "Handler", live_target, timeout=Duration.seconds(29)
        )
        route = apigw.WebSocketRouteOptions(integration=integration)
        self.api = apigw.WebSocketApi(
            self,
            "Api",
            api_name=f"scopa-{config.name}-live",
            description="Scopa live play: push of match, tournament, inbox and lobby updates",
            route_selection_expression=ROUTE_SELECTION,
            connect_route_options=route,
            disconnect_route_options=route,
            default_route_options=route,
        )
        self.access_logs = logs.LogGroup(
            self,
            "AccessLogs",
            retention=retention(config.log_retention_days),
            removal_policy=RemovalPolicy.RETAIN if config.retain_logs else RemovalPolicy.DESTROY,
        )
        self.stage = apigw.WebSocketStage(
            self,
            "Stage",
            web_socket_api=self.api,
            stage_name=STAGE,
            auto_deploy=True,
            throttle=apigw.ThrottleSettings(
                rate_limit=config.live_throttle_rate, burst_limit=config.live_throttle_burst
            ),
            access_log_settings=_AccessLogs(apigw.LogGroupLogDestination(self.access_logs)),
        )
        for child in self.api.node.children:
            if isinstance(child, apigw.WebSocketRoute):
                Validations.of(child).acknowledge(
                    Acknowledgment(id="AwsSolutions::AwsSolutions-APIG4", reason=NO_AUTHORIZER)
                )

        # Who may post to a connection and close it: the live function (replies; a connection whose token
        # was retired while it authenticated) and the notifier (updates; a player's connections when
        # their token changes).
        for function in (live, notifier):
            function.add_to_role_policy(
                iam.PolicyStatement(
                    actions=["execute-api:ManageConnections"],
                    resources=[self.connections_arn(m) for m in CONNECTION_METHODS],
                )
            )
            for method in CONNECTION_METHODS:
                Validations.of(function.role).acknowledge(  # type: ignore[arg-type]
                    Acknowledgment(
                        id=f"AwsSolutions::AwsSolutions-IAM5[Resource::{self._connections_finding(method)}]",
                        reason=CONNECTIONS_WILDCARD,
                    )
                )
            function.add_environment("WEBSOCKET_ENDPOINT", self.management_url)
        # Who may hand changes to the notifier: every function that writes (its alias's ARN only).
        for function in (api, pipeline, live):
            function.add_to_role_policy(
                iam.PolicyStatement(
                    actions=["lambda:InvokeFunction"], resources=[notifier_target.function_arn]
                )
            )
            function.add_environment("NOTIFIER_FUNCTION", notifier_target.function_arn)
        api.add_environment("WEBSOCKET_URL", self.url)

        # Fan-out: the notifier hands a big topic's further slices to this queue and reads them back.
        self.fanout_dead_letters = queues.dead_letters(self, "FanoutDeadLetters")
        self.fanout = queues.redriven(
            self,
            "FanoutSlices",
            dead=self.fanout_dead_letters,
            receives=FANOUT_RECEIVES,
            visibility=Duration.seconds(6 * config.notifier.timeout_seconds),
            retention=FANOUT_RETENTION,
        )
        queues.allow_send(self.fanout, notifier)
        notifier.add_environment("FANOUT_QUEUE_URL", self.fanout.queue_url)
        self.fanout_mapping = queues.feed(
            self.fanout, notifier_target, batch_size=FANOUT_BATCH, max_concurrency=FANOUT_CONCURRENCY
        )

    @property
    def url(self) -> str:
        """The public ``wss://`` URL clients connect to."""
        return self.stage.url

    @property
    def management_url(self) -> str:
        """The stage's ``https://`` management endpoint (PostToConnection)."""
        return self.stage.callback_url

    def connections_arn(self, method: str) -> str:
        """Every connection of this stage, for one management method (POST: post, DELETE: close)."""
        return Stack.of(self).format_arn(
            service="execute-api",
            resource=self.api.api_id,
            resource_name=f"{STAGE}/{method}/@connections/*",
        )

    def _connections_finding(self, method: str) -> str:
        """How cdk-nag names the wildcard resource of :meth:`connections_arn` in its finding."""
        api = Stack.of(self).get_logical_id(self.api.node.default_child)  # type: ignore[arg-type]
        account = "arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>"
        return f"{account}:<{api}>/{STAGE}/{method}/@connections/*"

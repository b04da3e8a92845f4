"""The HTTP API (API Gateway v2): one route per resolver route, all to the API function.

Authentication is the service's own (bearer tokens whose SHA-256 the function looks up), so API Gateway
has no authorizer. The default stage throttles and writes JSON access logs to a log group with retention.
"""

from __future__ import annotations

from collections.abc import Sequence

import jsii
from aws_cdk import Acknowledgment, Duration, RemovalPolicy, Validations
from aws_cdk import aws_apigateway as apigw_v1
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.components.retention import retention
from infra.config import CORS_HEADERS, EnvironmentConfig

#: One JSON object per request; the Authorization header is never logged (API Gateway has no field for it).
ACCESS_LOG_FORMAT = (
    '{"requestId":"$context.requestId","ip":"$context.identity.sourceIp",'
    '"requestTime":"$context.requestTime","method":"$context.httpMethod","routeKey":"$context.routeKey",'
    '"status":"$context.status","protocol":"$context.protocol","responseLength":"$context.responseLength",'
    '"latency":"$context.responseLatency","integrationLatency":"$context.integrationLatency",'
    '"integrationError":"$context.integrationErrorMessage"}'
)
NO_AUTHORIZER = (
    "Bearer tokens are checked inside the API function against SHA-256 hashes in the table (and the admin "
    "token's hash from ADMIN_TOKEN_HASH), as the match service designs it; public routes need none."
)


@jsii.implements(apigw.IAccessLogSettings)
class _AccessLogs:
    """The stage's access log settings (a jsii interface, so a class rather than a dict)."""

    def __init__(self, destination: apigw.IAccessLogDestination) -> None:
        self._destination = destination

    @property
    def destination(self) -> apigw.IAccessLogDestination:
        return self._destination

    @property
    def format(self) -> apigw_v1.AccessLogFormat:
        return apigw_v1.AccessLogFormat.custom(ACCESS_LOG_FORMAT)


class HttpApi(Construct):
    """The API, its routes to ``handler``, throttling, CORS and access logs."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: EnvironmentConfig,
        handler: lambda_.IFunction,
        routes: Sequence[tuple[str, str]],
    ):
        super().__init__(scope, construct_id)
        self.api = apigw.HttpApi(
            self,
            "Api",
            api_name=f"scopa-{config.name}",
            description="Scopa tournament and ranking service",
            create_default_stage=False,
            cors_preflight=apigw.CorsPreflightOptions(
                allow_origins=list(config.cors_origins),
                allow_methods=[apigw.CorsHttpMethod.ANY],
                allow_headers=list(CORS_HEADERS),
                max_age=Duration.minutes(10),
            ),
        )
        self.access_logs = logs.LogGroup(
            self,
            "AccessLogs",
            retention=retention(config.log_retention_days),
            removal_policy=RemovalPolicy.RETAIN if config.retain_logs else RemovalPolicy.DESTROY,
        )
        self.stage = apigw.HttpStage(
            self,
            "DefaultStage",
            http_api=self.api,
            stage_name="$default",
            auto_deploy=True,
            throttle=apigw.ThrottleSettings(
                rate_limit=config.throttle_rate, burst_limit=config.throttle_burst
            ),
            access_log_settings=_AccessLogs(apigw.LogGroupLogDestination(self.access_logs)),
        )
        # One integration, one Lambda permission for the whole API: a permission per route would grow the
        # function's resource policy past its 20 KB limit at about 50 routes.
        integration = integrations.HttpLambdaIntegration(
            "Handler", handler, scope_permission_to_route=False, timeout=Duration.seconds(29)
        )
        self.routes: list[apigw.HttpRoute] = []
        for method, path in routes:
            added = self.api.add_routes(
                path=path, methods=[apigw.HttpMethod(method)], integration=integration
            )
            self.routes.extend(added)
        for route in self.routes:
            Validations.of(route).acknowledge(
                Acknowledgment(id="AwsSolutions::AwsSolutions-APIG4", reason=NO_AUTHORIZER)
            )

    @property
    def url(self) -> str:
        return self.api.api_endpoint

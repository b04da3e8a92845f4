"""The HTTP API: a route for every resolver route, one integration and permission, throttling, CORS, logs.

The WebSocket API's resources (the ``Live`` construct) have the same types: ``tests/infra/test_live.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from aws_cdk.assertions import Match

from infra.routes import resolver_routes
from tests.infra.conftest import Synthesised


def _http(env: Synthesised, kind: str) -> dict[str, dict[str, Any]]:
    """The HTTP API's resources of ``kind`` (its construct is ``Http``)."""
    return {k: r for k, r in env.resources(kind).items() if k.startswith("Http")}


def test_the_route_table_is_read_from_the_resolver() -> None:
    routes = resolver_routes()
    assert len(routes) == len(set(routes)) >= 50
    assert ("POST", "/matches/{match_id}/moves") in routes
    assert ("GET", "/health") in routes
    assert ("DELETE", "/clubs/{club_id}/members/{player_id}") in routes
    assert not [path for _, path in routes if "<" in path or ">" in path]


def test_every_resolver_route_has_an_api_gateway_route_and_nothing_else_does(dev: Synthesised) -> None:
    keys = sorted(r["Properties"]["RouteKey"] for r in _http(dev, "AWS::ApiGatewayV2::Route").values())
    assert keys == sorted(f"{method} {path}" for method, path in resolver_routes())
    assert "ANY /{proxy+}" not in keys


def test_every_route_goes_to_the_api_functions_alias_through_one_integration(dev: Synthesised) -> None:
    integration_id = dev.logical_id("AWS::ApiGatewayV2::Integration", "Http")
    targets = {json.dumps(r["Properties"]["Target"]) for r in _http(dev, "AWS::ApiGatewayV2::Route").values()}
    assert targets == {json.dumps({"Fn::Join": ["", ["integrations/", {"Ref": integration_id}]]})}
    integration = dev.resources("AWS::ApiGatewayV2::Integration")[integration_id]["Properties"]
    alias = dev.logical_id("AWS::Lambda::Alias", "FunctionsApiLive")
    assert integration["IntegrationUri"] == {"Ref": alias}  # the alias CodeDeploy moves, not $LATEST
    assert integration["PayloadFormatVersion"] == "2.0"  # what APIGatewayHttpResolver reads
    assert integration["TimeoutInMillis"] == 29_000


def test_one_invoke_permission_for_the_whole_api_keeps_the_function_policy_small(dev: Synthesised) -> None:
    permissions = dev.resources("AWS::Lambda::Permission")
    api_function = {"Ref": dev.logical_id("AWS::Lambda::Alias", "FunctionsApiLive")}
    from_api = [
        p
        for p in permissions.values()
        if p["Properties"]["Principal"] == "apigateway.amazonaws.com"
        and p["Properties"]["FunctionName"] == api_function
    ]
    assert len(from_api) == 1
    parts = from_api[0]["Properties"]["SourceArn"]["Fn::Join"][1]
    api = dev.logical_id("AWS::ApiGatewayV2::Api", "HttpApi")
    assert parts[-2:] == [{"Ref": api}, "/*/*/*"]  # this API, any stage, method and path


def test_no_authorizer_the_function_checks_bearer_tokens(dev: Synthesised) -> None:
    dev.assertions.resource_count_is("AWS::ApiGatewayV2::Authorizer", 0)
    for route in _http(dev, "AWS::ApiGatewayV2::Route").values():
        assert route["Properties"].get("AuthorizationType", "NONE") == "NONE"


@pytest.mark.parametrize("env_name", ["dev", "prod"])
def test_the_default_stage_throttles_and_writes_json_access_logs(synth: Any, env_name: str) -> None:
    env: Synthesised = synth(env_name)
    (stage,) = [s["Properties"] for s in _http(env, "AWS::ApiGatewayV2::Stage").values()]
    assert stage["StageName"] == "$default"
    assert stage["AutoDeploy"] is True
    assert stage["DefaultRouteSettings"] == {
        "ThrottlingBurstLimit": env.config.throttle_burst,
        "ThrottlingRateLimit": env.config.throttle_rate,
    }
    logs = env.logical_id("AWS::Logs::LogGroup", "HttpAccessLogs")
    assert stage["AccessLogSettings"]["DestinationArn"] == {"Fn::GetAtt": [logs, "Arn"]}
    line = json.loads(stage["AccessLogSettings"]["Format"])
    assert {"requestId", "status", "routeKey", "latency", "integrationError"} <= set(line)
    assert "authorization" not in stage["AccessLogSettings"]["Format"].lower()
    env.assertions.has_resource(
        "AWS::Logs::LogGroup",
        Match.object_like({"Properties": {"RetentionInDays": env.config.log_retention_days}}),
    )


def test_cors_lets_browsers_send_the_bearer_token_and_idempotency_key(dev: Synthesised) -> None:
    (api,) = _http(dev, "AWS::ApiGatewayV2::Api").values()
    cors = api["Properties"]["CorsConfiguration"]
    assert cors["AllowOrigins"] == list(dev.config.cors_origins)
    assert {"authorization", "content-type", "idempotency-key"} <= set(cors["AllowHeaders"])
    assert cors["AllowMethods"] == ["*"]
    assert cors["MaxAge"] == 600


def test_the_api_url_is_an_output(dev: Synthesised) -> None:
    api = dev.logical_id("AWS::ApiGatewayV2::Api", "HttpApi")
    dev.assertions.has_output("ApiUrl", {"Value": {"Fn::GetAtt": [api, "ApiEndpoint"]}})

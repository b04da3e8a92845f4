"""The move URL (``move_url``, on by default): a function URL on the API's alias, auth NONE, with the HTTP
API's CORS; its address in an SSM parameter the API function is told the name of and may read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from infra.config import CORS_HEADERS, load
from tests.infra.conftest import ADMIN_HASH, Synthesised, _stand_in_layer


def _url(env: Synthesised) -> tuple[str, dict[str, Any]]:
    ((logical_id, url),) = env.resources("AWS::Lambda::Url").items()
    return logical_id, url


def _api_function(env: Synthesised) -> dict[str, Any]:
    function: dict[str, Any] = env.template["Resources"][
        env.logical_id("AWS::Lambda::Function", "FunctionsApi")
    ]
    return function


@pytest.mark.parametrize("env_name", ["dev", "prod"])
def test_the_move_url_is_on_the_api_alias_with_auth_none_and_the_http_apis_cors(
    synth: Any, env_name: str
) -> None:
    env: Synthesised = synth(env_name)
    assert env.config.move_url  # on by default
    _, url = _url(env)
    props = url["Properties"]
    assert props["AuthType"] == "NONE"  # the app checks its own signed bearer tokens
    assert props["TargetFunctionArn"] == {
        "Fn::GetAtt": [env.logical_id("AWS::Lambda::Function", "FunctionsApi"), "Arn"]
    }
    assert props["Qualifier"] == "live"  # the alias CodeDeploy shifts: the URL follows its deploys
    alias = env.logical_id("AWS::Lambda::Alias", "FunctionsApiLive")
    assert alias in url["DependsOn"]
    # CORS as the HTTP API's (its configuration in the same template)
    (http,) = [
        r
        for r in env.resources("AWS::ApiGatewayV2::Api").values()
        if r["Properties"].get("ProtocolType") == "HTTP"
    ]
    http_cors = http["Properties"]["CorsConfiguration"]
    cors = props["Cors"]
    assert cors["AllowOrigins"] == http_cors["AllowOrigins"] == list(env.config.cors_origins)
    assert cors["AllowHeaders"] == http_cors["AllowHeaders"] == list(CORS_HEADERS)
    assert cors["MaxAge"] == http_cors["MaxAge"]
    assert cors["AllowMethods"] == ["POST"]  # the only method the URL serves
    # anyone may invoke it through the URL (and only through the URL), on the alias
    permissions = [
        p["Properties"]
        for p in env.resources("AWS::Lambda::Permission").values()
        if p["Properties"].get("FunctionUrlAuthType") == "NONE"
        or p["Properties"].get("InvokedViaFunctionUrl")
    ]
    assert {p["Action"] for p in permissions} == {"lambda:InvokeFunctionUrl", "lambda:InvokeFunction"}
    assert all(p["FunctionName"] == {"Ref": alias} and p["Principal"] == "*" for p in permissions)


def test_the_url_is_written_to_the_parameter_the_api_is_told_the_name_of_and_may_read(
    prod: Synthesised,
) -> None:
    url_id, _ = _url(prod)
    (parameter,) = [
        p
        for p in prod.resources("AWS::SSM::Parameter").values()
        if p["Properties"]["Name"] == "/scopa/prod/move-url"
    ]
    assert parameter["Properties"]["Value"] == {"Fn::GetAtt": [url_id, "FunctionUrl"]}
    assert prod.config.move_url_parameter_name == "/scopa/prod/move-url"
    variables = _api_function(prod)["Properties"]["Environment"]["Variables"]
    assert variables["MOVE_URL_PARAMETER"] == "/scopa/prod/move-url"  # a name: no reference to the URL
    # the API's role reads exactly that parameter
    role = _api_function(prod)["Properties"]["Role"]["Fn::GetAtt"][0]
    statements = [
        s
        for policy in prod.resources("AWS::IAM::Policy").values()
        if {"Ref": role} in policy["Properties"]["Roles"]
        for s in policy["Properties"]["PolicyDocument"]["Statement"]
        if s["Action"] == "ssm:GetParameter"
    ]
    resources = json.dumps([s["Resource"] for s in statements])
    assert "parameter/scopa/prod/move-url" in resources
    # and no other function is told of it
    for logical_id, function in prod.resources("AWS::Lambda::Function").items():
        if not logical_id.startswith("FunctionsApi"):
            assert "MOVE_URL_PARAMETER" not in json.dumps(function), logical_id
    assert prod.template["Outputs"]["MoveUrl"]["Value"] == {"Fn::GetAtt": [url_id, "FunctionUrl"]}


def test_the_move_url_can_be_turned_off_and_the_api_reserved_concurrency_set(tmp_path: Path) -> None:
    from aws_cdk import App

    from infra.app import build, feature_flags

    context = {
        **feature_flags(),
        "admin_token_hash": ADMIN_HASH,
        "move_url": "false",
        "api_reserved_concurrency": "50",
    }
    app = App(outdir=str(tmp_path / "cdk.out"), context=context)
    stack = build(app, "dev", layer_dir=_stand_in_layer(tmp_path / "layer"))
    app.synth()
    template = json.loads((tmp_path / "cdk.out" / f"{stack.stack_name}.template.json").read_text())
    kinds = [r["Type"] for r in template["Resources"].values()]
    assert "AWS::Lambda::Url" not in kinds
    assert "MOVE_URL_PARAMETER" not in json.dumps(template)
    assert "MoveUrl" not in template["Outputs"]
    (api,) = [
        r
        for k, r in template["Resources"].items()
        if r["Type"] == "AWS::Lambda::Function" and k.startswith("FunctionsApi")
    ]
    assert api["Properties"]["ReservedConcurrentExecutions"] == 50


def test_the_config_flag_is_on_by_default_and_typed() -> None:
    assert load("dev").move_url is True
    assert load("dev", move_url=False).move_url is False
    assert load("dev").api_reserved_concurrency is None
    with pytest.raises(ValueError, match="api_reserved_concurrency"):
        load("dev", api_reserved_concurrency=0)

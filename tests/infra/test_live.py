"""The live side in the template: the WebSocket API, its stage, the live and notifier functions, who may
post to connections and who may invoke the notifier, the settings each function receives, and the reads
the topics' renderers make (recorded on moto) against the live and notifier grants."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from api.settings import load
from bench.meter import DynamoMeter
from infra.components import grants
from infra.components.live import ROUTE_SELECTION, STAGE
from tests.api import conftest as api_conftest
from tests.api.conftest import Api
from tests.api.tournament_support import create_tournament, organizer
from tests.infra.conftest import Synthesised
from tests.infra.test_grants import _needed

api = api_conftest.api_on_moto  # the REST reads the renderers repeat, on DynamoDB (moto)
moto_api = api_conftest.moto_api
clock = api_conftest.clock

FUNCTIONS = ("Api", "Pipeline", "Live", "Notifier")
HANDLERS = {"Live": "live.handler.handler", "Notifier": "notifier.handler.handler"}


def _function_id(env: Synthesised, name: str) -> str:
    return env.logical_id("AWS::Lambda::Function", f"Functions{name}")


def _alias_id(env: Synthesised, name: str) -> str:
    """The function's alias ``live``: what API Gateway and the writers invoke."""
    return env.logical_id("AWS::Lambda::Alias", f"Functions{name}Live")


def _function(env: Synthesised, name: str) -> dict[str, Any]:
    props: dict[str, Any] = env.resources("AWS::Lambda::Function")[_function_id(env, name)]["Properties"]
    return props


def _live(env: Synthesised, kind: str) -> dict[str, dict[str, Any]]:
    return {k: r["Properties"] for k, r in env.resources(kind).items() if k.startswith("Live")}


def _statements(env: Synthesised, name: str) -> list[dict[str, Any]]:
    policy = env.resources("AWS::IAM::Policy")[env.logical_id("AWS::IAM::Policy", f"Functions{name}Role")]
    statements: list[dict[str, Any]] = policy["Properties"]["PolicyDocument"]["Statement"]
    return statements


def _actions(statement: dict[str, Any]) -> list[str]:
    action = statement["Action"]
    return action if isinstance(action, list) else [action]


def _resolve(value: Any, refs: dict[str, str]) -> str:
    """A template value as the deployed string, with ``refs`` standing for the resources' ids."""
    if isinstance(value, str):
        return value
    if "Ref" in value:
        return refs[value["Ref"]]
    if "Fn::Join" in value:
        separator, parts = value["Fn::Join"]
        return str(separator).join(_resolve(part, refs) for part in parts)
    raise AssertionError(f"unexpected intrinsic {value}")


# ------------------------------------------------------------------------------ the WebSocket API


def test_one_websocket_api_selects_routes_by_the_action_of_a_message(dev: Synthesised) -> None:
    (api,) = _live(dev, "AWS::ApiGatewayV2::Api").values()
    assert api["ProtocolType"] == "WEBSOCKET"
    assert api["RouteSelectionExpression"] == ROUTE_SELECTION == "$request.body.action"


def test_connect_disconnect_and_default_go_to_the_live_function_through_one_integration(
    dev: Synthesised,
) -> None:
    routes = _live(dev, "AWS::ApiGatewayV2::Route")
    assert sorted(r["RouteKey"] for r in routes.values()) == ["$connect", "$default", "$disconnect"]
    (integration_id,) = _live(dev, "AWS::ApiGatewayV2::Integration")
    for route in routes.values():
        assert route["Target"] == {"Fn::Join": ["", ["integrations/", {"Ref": integration_id}]]}
        assert route.get("AuthorizationType", "NONE") == "NONE"  # the token comes in an auth message
        assert "RouteResponseSelectionExpression" not in route  # replies are posted, never returned
    integration = _live(dev, "AWS::ApiGatewayV2::Integration")[integration_id]
    assert integration["IntegrationType"] == "AWS_PROXY"
    assert integration["IntegrationUri"]["Fn::Join"][1][-2:] == [
        {"Ref": _alias_id(dev, "Live")},  # the alias: a published version, never $LATEST
        "/invocations",
    ]


def test_api_gateway_may_invoke_the_live_function_from_this_api_only(dev: Synthesised) -> None:
    live = {"Ref": _alias_id(dev, "Live")}
    api = dev.logical_id("AWS::ApiGatewayV2::Api", "LiveApi")
    permissions = [p["Properties"] for p in dev.resources("AWS::Lambda::Permission").values()]
    to_live = [p for p in permissions if p["FunctionName"] == live]
    assert len(to_live) == 3  # one per route
    for permission in to_live:
        assert permission["Principal"] == "apigateway.amazonaws.com"
        assert {"Ref": api} in permission["SourceArn"]["Fn::Join"][1]
    for notifier in (
        {"Fn::GetAtt": [_function_id(dev, "Notifier"), "Arn"]},
        {"Ref": _alias_id(dev, "Notifier")},
    ):
        assert not [p for p in permissions if p["FunctionName"] == notifier]  # nobody outside the account


@pytest.mark.parametrize("env_name", ["dev", "prod"])
def test_the_stage_deploys_itself_throttles_and_logs_json_without_bodies(synth: Any, env_name: str) -> None:
    env: Synthesised = synth(env_name)
    (stage,) = _live(env, "AWS::ApiGatewayV2::Stage").values()
    assert stage["StageName"] == STAGE
    assert stage["AutoDeploy"] is True
    assert stage["DefaultRouteSettings"] == {
        "ThrottlingBurstLimit": env.config.live_throttle_burst,
        "ThrottlingRateLimit": env.config.live_throttle_rate,
    }
    logs = env.logical_id("AWS::Logs::LogGroup", "LiveAccessLogs")
    assert stage["AccessLogSettings"]["DestinationArn"] == {"Fn::GetAtt": [logs, "Arn"]}
    line = json.loads(stage["AccessLogSettings"]["Format"])
    assert {"requestId", "eventType", "routeKey", "connectionId", "status", "integrationError"} <= set(line)
    assert "body" not in stage["AccessLogSettings"]["Format"].lower()
    group = env.resources("AWS::Logs::LogGroup")[logs]
    assert group["Properties"]["RetentionInDays"] == env.config.log_retention_days
    assert group["DeletionPolicy"] == ("Retain" if env.config.retain_logs else "Delete")


def test_the_public_url_is_an_output(dev: Synthesised) -> None:
    api = dev.logical_id("AWS::ApiGatewayV2::Api", "LiveApi")
    url = _resolve(dev.template["Outputs"]["WebSocketUrl"]["Value"], _fake_refs(dev))
    assert url == f"wss://{api.lower()}.execute-api.eu-south-1.amazonaws.com/{STAGE}"


# ------------------------------------------------------------------------------ the two functions


@pytest.mark.parametrize("name", sorted(HANDLERS))
def test_the_live_functions_run_like_the_api_from_the_same_code_and_layer(
    dev: Synthesised, name: str
) -> None:
    props, api = _function(dev, name), _function(dev, "Api")
    assert props["Handler"] == HANDLERS[name]
    for key in ("Runtime", "Architectures", "Layers", "Code", "TracingConfig"):
        assert props[key] == api[key], key
    group = dev.logical_id("AWS::Logs::LogGroup", f"Functions{name}Logs")
    assert props["LoggingConfig"] == {"LogGroup": {"Ref": group}}


@pytest.mark.parametrize("env_name", ["dev", "prod"])
def test_sizes_come_from_the_environment_config(synth: Any, env_name: str) -> None:
    env: Synthesised = synth(env_name)
    for name, size in (("Live", env.config.live), ("Notifier", env.config.notifier)):
        props = _function(env, name)
        assert (props["MemorySize"], props["Timeout"]) == (size.memory_mb, size.timeout_seconds)
    assert env.config.live.timeout_seconds < 29  # API Gateway's integration timeout


def test_a_failed_notifier_run_is_retried_once_and_a_stale_one_dropped(dev: Synthesised) -> None:
    notifier = {"Ref": _function_id(dev, "Notifier")}
    (config,) = [
        c["Properties"]
        for c in dev.resources("AWS::Lambda::EventInvokeConfig").values()
        if c["Properties"]["FunctionName"] == notifier
    ]
    assert (config["MaximumRetryAttempts"], config["MaximumEventAgeInSeconds"]) == (1, 60)


def _fake_refs(env: Synthesised) -> dict[str, str]:
    """Deployed-looking values for every resource reference (ids as lowercase logical ids)."""
    refs = {key: key.lower() for key in env.template["Resources"]}
    refs.update({"AWS::Region": "eu-south-1", "AWS::URLSuffix": "amazonaws.com", "AWS::Partition": "aws"})
    return refs


def test_each_function_gets_the_live_settings_it_reads_and_they_parse(prod: Synthesised) -> None:
    refs = _fake_refs(prod)
    notifier = {"Ref": _alias_id(prod, "Notifier")}  # the alias's ARN
    env = {name: _function(prod, name)["Environment"]["Variables"] for name in FUNCTIONS}
    for name in ("Api", "Pipeline", "Live"):
        assert env[name]["NOTIFIER_FUNCTION"] == notifier
    assert "NOTIFIER_FUNCTION" not in env["Notifier"]  # the notifier publishes nothing
    assert {n for n in FUNCTIONS if "WEBSOCKET_ENDPOINT" in env[n]} == {"Live", "Notifier"}
    assert {n for n in FUNCTIONS if "WEBSOCKET_URL" in env[n]} == {"Api"}
    api = prod.logical_id("AWS::ApiGatewayV2::Api", "LiveApi").lower()
    for name in FUNCTIONS:
        values = {key: _resolve(value, refs) for key, value in env[name].items()}
        settings = load(values)
        if name in ("Live", "Notifier"):
            assert (
                settings.websocket_endpoint == f"https://{api}.execute-api.eu-south-1.amazonaws.com/{STAGE}"
            )
        if name == "Api":
            assert settings.websocket_url == f"wss://{api}.execute-api.eu-south-1.amazonaws.com/{STAGE}"


# ------------------------------------------------------------------------------ grants


def test_only_live_and_notifier_may_post_to_and_close_connections_of_this_stage_only(
    dev: Synthesised,
) -> None:
    api = dev.logical_id("AWS::ApiGatewayV2::Api", "LiveApi")
    posting = set()
    for name in FUNCTIONS:
        for statement in _statements(dev, name):
            if any(a.startswith("execute-api:") for a in _actions(statement)):
                posting.add(name)
                assert _actions(statement) == ["execute-api:ManageConnections"]
                tails = [resource["Fn::Join"][1][-2:] for resource in statement["Resource"]]
                assert sorted(tails, key=str) == [
                    [{"Ref": api}, f"/{STAGE}/DELETE/@connections/*"],  # DeleteConnection: close
                    [{"Ref": api}, f"/{STAGE}/POST/@connections/*"],  # PostToConnection: push
                ]
    assert posting == {"Live", "Notifier"}


def test_the_writers_may_invoke_the_notifier_and_nothing_else(dev: Synthesised) -> None:
    notifier = {"Ref": _alias_id(dev, "Notifier")}  # its alias only: no version or alias wildcard
    jobs = {"Fn::GetAtt": [_function_id(dev, "Jobs"), "Arn"]}
    invoking: dict[str, list[Any]] = {}
    for name in (*FUNCTIONS, "Jobs"):
        for statement in _statements(dev, name):
            if "lambda:InvokeFunction" in _actions(statement):
                assert _actions(statement) == ["lambda:InvokeFunction"]
                resources = statement["Resource"]
                invoking.setdefault(name, []).extend(
                    resources if isinstance(resources, list) else [resources]
                )
    # The API also queues admin jobs (the jobs function, unqualified); nobody else invokes anything.
    assert {k: sorted(map(json.dumps, v)) for k, v in invoking.items()} == {
        "Api": sorted(map(json.dumps, [jobs, notifier])),
        "Pipeline": [json.dumps(notifier)],
        "Live": [json.dumps(notifier)],
    }


def test_the_notifier_reads_and_deletes_but_never_creates_or_updates_but_its_leases(dev: Synthesised) -> None:
    assert set(grants.NOTIFIER_ITEM_ACTIONS) < set(grants.LIVE_ITEM_ACTIONS)
    assert not {"dynamodb:PutItem", "dynamodb:UpdateItem"} & set(grants.NOTIFIER_ITEM_ACTIONS)
    writes = [
        statement
        for policy in dev.resources("AWS::IAM::Policy").values()
        if "Notifier" in json.dumps(policy["Properties"]["Roles"])
        for statement in policy["Properties"]["PolicyDocument"]["Statement"]
        if set(grants.NOTIFIER_LEASE_ACTIONS)
        & set(statement["Action"] if isinstance(statement["Action"], list) else [statement["Action"]])
    ]
    assert [w["Condition"] for w in writes] == [
        {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["LEASE#*"]}}
    ]


def test_the_template_has_no_dependency_cycle(dev: Synthesised) -> None:
    """The functions' settings name the WebSocket API whose routes name the live function: no loop."""
    resources = dev.template["Resources"]
    edges: dict[str, set[str]] = {}
    for key, resource in resources.items():
        text = json.dumps({k: v for k, v in resource.items() if k != "DependsOn"})
        found = set(re.findall(r'"Ref": "(\w+)"', text)) | set(re.findall(r'"Fn::GetAtt": \["(\w+)"', text))
        depends = resource.get("DependsOn", [])
        found |= set(depends if isinstance(depends, list) else [depends])
        edges[key] = {k for k in found if k in resources}
    done: set[str] = set()

    def visit(key: str, path: tuple[str, ...]) -> None:
        assert key not in path, " -> ".join((*path, key))
        if key in done:
            return
        for target in edges[key]:
            visit(target, (*path, key))
        done.add(key)

    for key in resources:
        visit(key, ())


def test_a_real_live_session_needs_only_what_the_live_and_notifier_roles_grant(api: Api) -> None:
    """Drive both handlers as API Gateway and the feed would (connect, auth, follow every topic kind,
    a change of each, the player's token changing, unsubscribe, disconnect) on DynamoDB, and check every
    call against the grants."""
    from api import context
    from live.handler import handler as live_handler
    from notifier.handler import handler as notifier_handler
    from scopa.application.ports.push import RecordingPusher
    from tools.apigw import FakeLambdaContext, websocket_event

    ada, ada_token = api.register("Ada")
    bea, _ = api.register("Bea")
    match = api.call("POST", "/matches", {"players": [ada, bea]}, token=ada_token).body
    assert api.call("POST", "/lobby/seeks", {}, token=ada_token).status == 201
    _, olga = organizer(api)
    tournament = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    pusher = RecordingPusher()
    context.use_live(None, pusher)
    topics = [f"match:{match['id']}", f"tournament:{tournament['id']}", f"inbox:{ada}", "lobby"]
    meter = DynamoMeter(context.dynamodb_client())

    def say(route: str, body: dict[str, Any] | None = None) -> None:
        frame = json.dumps(body) if body is not None else None
        assert live_handler(websocket_event(route, "c_1", frame), FakeLambdaContext())["statusCode"] == 200

    try:
        with meter.recording() as live_calls:
            say("$connect")
            say("$default", {"action": "auth", "token": ada_token})
            for topic in topics:
                say("$default", {"action": "subscribe", "topic": topic})
        with meter.recording() as notifier_calls:
            event = {"changes": [{"topic": topic, "version": None} for topic in topics]}
            notifier_handler(event, FakeLambdaContext())
            changed_at_ms = int(api.clock.now() * 1000)  # Ada's token changed (the change's time)
            retired = {"changes": [{"topic": f"player:{ada}", "version": changed_at_ms}]}
            assert notifier_handler(retired, FakeLambdaContext())["closed"] == 1
        assert pusher.closed == ["c_1"]
        with meter.recording() as closing_calls:
            say("$default", {"action": "unsubscribe", "topic": "lobby"})
            say("$disconnect")
    finally:
        context.use_live(None, None)
    sent = pusher.sent.get("c_1", [])
    assert not [m for m in sent if m.get("type") == "error"], sent
    assert {m["topic"] for m in sent if m.get("type") == "update"} == set(topics)
    for calls, actions, indexes in (
        (live_calls + closing_calls, grants.LIVE_ITEM_ACTIONS, grants.LIVE_INDEXES),
        (
            notifier_calls,
            grants.NOTIFIER_ITEM_ACTIONS + grants.NOTIFIER_LEASE_ACTIONS,
            grants.NOTIFIER_INDEXES,
        ),
    ):
        needed, used = _needed(calls)
        assert needed <= set(actions), needed - set(actions)
        assert used <= set(indexes), used - set(indexes)


# ------------------------------------------------------------------------------ fan-out


def test_the_notifier_hands_slices_to_its_own_queue_and_reads_them_one_at_a_time(dev: Synthesised) -> None:
    """A big topic's further slices: the notifier alone may send to the fan-out queue; its alias reads
    it, one slice per invocation, no batching window, failed records retried, twice then parked."""
    queue = dev.logical_id("AWS::SQS::Queue", "LiveFanoutSlices")
    dead = dev.logical_id("AWS::SQS::Queue", "LiveFanoutDeadLetters")
    props = dev.resources("AWS::SQS::Queue")[queue]["Properties"]
    assert props["RedrivePolicy"] == {
        "deadLetterTargetArn": {"Fn::GetAtt": [dead, "Arn"]},
        "maxReceiveCount": 2,
    }
    assert props["VisibilityTimeout"] >= 6 * _function(dev, "Notifier")["Timeout"]
    assert props["SqsManagedSseEnabled"] is True
    (mapping,) = [
        m["Properties"]
        for m in dev.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [queue, "Arn"]}
    ]
    named = json.dumps(mapping["FunctionName"])  # the function's name, qualified by its alias
    assert _alias_id(dev, "Notifier") in named
    assert named.endswith('":live"]]}')
    assert mapping["BatchSize"] == 1
    assert "MaximumBatchingWindowInSeconds" not in mapping
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert mapping["ScalingConfig"] == {"MaximumConcurrency": 200}
    senders = {
        name
        for name in (*FUNCTIONS, "Jobs")
        for statement in _statements(dev, name)
        if "sqs:SendMessage" in _actions(statement)
        and statement["Resource"] == {"Fn::GetAtt": [queue, "Arn"]}
    }
    assert senders == {"Notifier"}
    env = {name: _function(dev, name)["Environment"]["Variables"] for name in FUNCTIONS}
    assert {n for n in FUNCTIONS if "FANOUT_QUEUE_URL" in env[n]} == {"Notifier"}
    assert env["Notifier"]["FANOUT_QUEUE_URL"] == {"Ref": queue}

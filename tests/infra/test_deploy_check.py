"""The deploy check: prod synthesised as a deploy would be, then what a first real deploy depends on.

Alarms reach someone (the topic's policy lets CloudWatch publish; every alarm notifies the topic), every
function runs the Python the suite runs on, the real layer holds bytecode for that version and only arm64
binaries, no IAM statement has a wildcard action, the API deploys gradually through its alias and rolls
back on its alarms, and ``cdk.json`` sets every feature flag to its recommended value (so the CDK CLI has
none to warn about).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from infra import layer
from infra.config import PYTHON_VERSION
from tests.infra.conftest import Synthesised

EM_AARCH64 = 183  # ELF e_machine of 64-bit ARM
BYTECODE_TAG = f"cpython-{sys.version_info.major}{sys.version_info.minor}"


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def test_the_alarm_topic_accepts_cloudwatch_and_every_alarm_notifies_it(prod: Synthesised) -> None:
    topic = {"Ref": prod.logical_id("AWS::SNS::Topic", "MonitoringAlarmTopic")}
    statements = prod.one("AWS::SNS::TopicPolicy")["Properties"]["PolicyDocument"]["Statement"]
    assert [
        s
        for s in statements
        if s["Effect"] == "Allow"
        and s["Principal"] == {"Service": "cloudwatch.amazonaws.com"}
        and "sns:Publish" in _as_list(s["Action"])
        and s["Resource"] == topic
    ]
    alarms = prod.resources("AWS::CloudWatch::Alarm")
    assert len(alarms) >= 15
    for name, alarm in alarms.items():
        assert alarm["Properties"]["AlarmActions"] == [topic], name


def test_every_function_runs_the_python_this_suite_runs_on(prod: Synthesised) -> None:
    running = "{}.{}".format(*sys.version_info[:2])
    assert running == PYTHON_VERSION
    functions = prod.resources("AWS::Lambda::Function")
    assert len(functions) == 6
    for name, function in functions.items():
        assert function["Properties"]["Runtime"] == f"python{running}", name
        assert function["Properties"]["Architectures"] == ["arm64"], name
    (built_for,) = [
        r["Properties"]["CompatibleRuntimes"] for r in prod.resources("AWS::Lambda::LayerVersion").values()
    ]
    assert built_for == [f"python{running}"]


def test_no_iam_statement_anywhere_allows_a_wildcard_action(prod: Synthesised) -> None:
    """Roles and resource policies alike; a Deny may cover every action (the TLS-only policies do)."""
    documents = [p["Properties"]["PolicyDocument"] for p in prod.resources("AWS::IAM::Policy").values()]
    documents += [p["Properties"]["PolicyDocument"] for p in prod.resources("AWS::SNS::TopicPolicy").values()]
    documents += [p["Properties"]["PolicyDocument"] for p in prod.resources("AWS::SQS::QueuePolicy").values()]
    for role in prod.resources("AWS::IAM::Role").values():
        documents += [p["PolicyDocument"] for p in role["Properties"].get("Policies", [])]
    allowed = [
        a for d in documents for s in d["Statement"] if s["Effect"] == "Allow" for a in _as_list(s["Action"])
    ]
    assert len(allowed) > 20
    assert not [a for a in allowed if "*" in a]
    denied = [
        a for d in documents for s in d["Statement"] if s["Effect"] == "Deny" for a in _as_list(s["Action"])
    ]
    assert set(denied) <= {"sns:*", "sqs:*", "sns:Publish"}


def test_the_api_deploys_through_its_alias_gradually_and_rolls_back_on_its_alarms(synth: Any) -> None:
    styles = {
        "dev": "CodeDeployDefault.LambdaAllAtOnce",
        "prod": "CodeDeployDefault.LambdaCanary10Percent5Minutes",
    }
    for env_name, style in styles.items():
        env: Synthesised = synth(env_name)
        (group,) = env.resources("AWS::CodeDeploy::DeploymentGroup").values()
        props = group["Properties"]
        assert props["DeploymentConfigName"] == style
        assert props["DeploymentStyle"] == {
            "DeploymentOption": "WITH_TRAFFIC_CONTROL",
            "DeploymentType": "BLUE_GREEN",
        }
        alarms = {a["Name"]["Ref"] for a in props["AlarmConfiguration"]["Alarms"]}
        assert alarms == {
            env.logical_id("AWS::CloudWatch::Alarm", "MonitoringApiErrors"),
            env.logical_id("AWS::CloudWatch::Alarm", "MonitoringApi5xxRate"),
        }
        assert props["AlarmConfiguration"]["Enabled"] is True
        assert set(props["AutoRollbackConfiguration"]["Events"]) == {
            "DEPLOYMENT_FAILURE",
            "DEPLOYMENT_STOP_ON_ALARM",
            "DEPLOYMENT_STOP_ON_REQUEST",
        }
        alias_id = env.logical_id("AWS::Lambda::Alias", "FunctionsApiLive")
        alias = env.resources("AWS::Lambda::Alias")[alias_id]
        assert alias["Properties"]["Name"] == "live"
        # CloudFormation hands the alias's update to CodeDeploy instead of moving it at once.
        assert alias["UpdatePolicy"]["CodeDeployLambdaAliasUpdate"]["DeploymentGroupName"] == {
            "Ref": env.logical_id("AWS::CodeDeploy::DeploymentGroup", "ApiDeployGroup")
        }
        version = alias["Properties"]["FunctionVersion"]["Fn::GetAtt"][0]
        assert env.resources("AWS::Lambda::Version")[version]["Properties"]["FunctionName"] == {
            "Ref": env.logical_id("AWS::Lambda::Function", "FunctionsApi")
        }
        # The live side is on versions too: each of its functions is reached through its alias.
        names = {a["Properties"]["FunctionName"]["Ref"] for a in env.resources("AWS::Lambda::Alias").values()}
        assert names == {
            env.logical_id("AWS::Lambda::Function", f"Functions{n}") for n in ("Api", "Live", "Notifier")
        }


def test_cdk_json_sets_every_feature_flag_to_its_recommended_value(prod: Synthesised) -> None:
    """The feature-flag report the CDK CLI reads to warn: no flag unset, none against the recommendation."""
    (report,) = [
        a["properties"]["flags"]
        for a in prod.manifest["artifacts"].values()
        if a["type"] == "cdk:feature-flag-report"
    ]
    assert len(report) >= 80
    unset = sorted(name for name, flag in report.items() if "userValue" not in flag)
    assert unset == []
    against = sorted(name for name, flag in report.items() if flag["userValue"] != flag["recommendedValue"])
    assert against == []
    cdk_json = json.loads((Path(layer.ROOT) / "infra" / "cdk.json").read_text())
    assert set(report) <= set(cdk_json["context"])


def test_the_pipelines_reserved_concurrency_is_an_option_off_by_default(
    prod: Synthesised, tmp_path: Path
) -> None:
    from aws_cdk import App
    from aws_cdk.assertions import Template

    from infra.app import build, feature_flags
    from tests.infra.conftest import ADMIN_HASH

    assert prod.config.pipeline_reserved_concurrency is None
    (tmp_path / "layer" / "python" / "scopa").mkdir(parents=True)
    (tmp_path / "layer" / "python" / "scopa" / "__init__.py").write_text("")
    context = {**feature_flags(), "admin_token_hash": ADMIN_HASH, "pipeline_reserved_concurrency": "2"}
    stack = build(App(outdir=str(tmp_path / "out"), context=context), "dev", layer_dir=tmp_path / "layer")
    functions = Template.from_stack(stack).find_resources("AWS::Lambda::Function")
    reserved = {k: f["Properties"].get("ReservedConcurrentExecutions") for k, f in functions.items()}
    assert [v for k, v in reserved.items() if k.startswith("FunctionsPipeline")] == [2]
    assert [v for k, v in reserved.items() if not k.startswith("FunctionsPipeline")] == [None] * 5


# ---------------------------------------------------------------------------------- the real layer


@pytest.fixture(scope="module")
def built_layer(real_layer: Path) -> Path:
    """The real layer's ``python`` folder, as ``make layer`` builds it (tests/infra/conftest.py)."""
    return real_layer / "python"


def test_the_layer_holds_bytecode_for_the_runtime_python_and_nothing_else(built_layer: Path) -> None:
    sources = [p for p in built_layer.rglob("*.py") if "__pycache__" not in p.parts]
    assert len(sources) > 500
    caches = list(built_layer.rglob("__pycache__/*.pyc"))
    tags = {p.name.split(".")[-2] for p in caches}
    assert tags == {BYTECODE_TAG}  # compiled by the runtime's version, no other
    compiled = {p.parent.parent / (p.name.split(".")[0] + ".py") for p in caches}
    missing = [p for p in sources if p not in compiled]
    assert len(missing) <= len(sources) // 100, missing[:5]  # (a few files pip ships are not importable)
    for module in (
        "scopa/domain/games/scopa/engine.py",
        "pydantic/main.py",
        "aws_lambda_powertools/__init__.py",
    ):
        assert built_layer / module in compiled, module


def test_the_layer_holds_no_x86_binary(built_layer: Path) -> None:
    binaries = list(built_layer.rglob("*.so")) + list(built_layer.rglob("*.so.*"))
    assert binaries  # pydantic-core at least
    for binary in binaries:
        header = binary.read_bytes()[:20]
        assert header[:4] == b"\x7fELF", binary
        assert int.from_bytes(header[18:20], "little") == EM_AARCH64, binary
        assert "x86_64" not in binary.name, binary

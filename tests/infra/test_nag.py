"""cdk-nag's AwsSolutions pack: it runs on every synthesis, stops it on an unacknowledged finding, and every
acknowledgment in the code has a reason and is still needed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.infra.conftest import ADMIN_HASH, Synthesised

#: Each acknowledged finding and how often it occurs; a new one must be added here on purpose.
EXPECTED = {
    # no API Gateway authorizer: one finding per HTTP route and per WebSocket route ($connect,
    # $disconnect, $default)
    "AwsSolutions-APIG4": "routes",
    "AwsSolutions-IAM5[Resource::*]": 6,  # X-Ray on each function's role
    "AwsSolutions-L1": 6,  # each function runs the newest Python the suite can run on, not the newest one
    # CodeDeploy's service role for the API's gradual deploys: the AWS-managed Lambda policy
    "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
    "AWSCodeDeployRoleForLambdaLimited]": 1,
    "AwsSolutions-SMG4": 1,  # the token signing key is not rotated automatically (it signs everyone out)
}
WEBSOCKET_ROUTES = 3


def _plugin(env: Synthesised) -> dict[str, Any]:
    (plugin,) = [p for p in env.report["pluginReports"] if p["pluginName"] == "AwsSolutions"]
    found: dict[str, Any] = plugin
    return found


@pytest.mark.parametrize("env_name", ["dev", "prod"])
def test_the_stack_passes_with_no_unacknowledged_finding(synth: Any, env_name: str) -> None:
    plugin = _plugin(synth(env_name))
    assert plugin["conclusion"] == "success"
    assert plugin["violations"] == []


def test_only_the_expected_findings_are_acknowledged_each_with_a_reason(dev: Synthesised) -> None:
    suppressed = _plugin(dev)["suppressedViolations"]
    counts = Counter(v["ruleName"] for v in suppressed)
    scheduler = [rule for rule in counts if rule.startswith("AwsSolutions-IAM5[Resource::<FunctionsPipeline")]
    assert len(scheduler) == 1
    assert counts.pop(scheduler[0]) == 1
    # Post to and close any connection id of the one stage, for the live and the notifier roles
    for method in ("POST", "DELETE"):
        connections = [rule for rule in counts if rule.endswith(f"/live/{method}/@connections/*]")]
        assert len(connections) == 1
        assert connections[0].startswith("AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:")
        assert counts.pop(connections[0]) == 2
    routes = len(dev.routes) + WEBSOCKET_ROUTES
    assert dict(counts) == {k: routes if v == "routes" else v for k, v in EXPECTED.items()}
    for violation in suppressed:
        assert len(violation["reason"]) > 40, violation


def test_every_acknowledgment_in_the_code_suppresses_a_real_finding(dev: Synthesised) -> None:
    acknowledged = {
        (path.lstrip("/"), rule)
        for path, entries in dev.metadata.items()
        for entry in entries
        if entry["type"] == "aws:cdk:acknowledged-rules"
        for rule in entry["data"]
    }
    used = {(v["acknowledgedAt"], v["acknowledgedId"]) for v in _plugin(dev)["suppressedViolations"]}
    assert acknowledged
    assert acknowledged == used


def test_an_unacknowledged_finding_stops_the_synthesis(tmp_path: Path) -> None:
    from aws_cdk import App
    from aws_cdk import aws_sqs as sqs

    from infra.app import build

    (tmp_path / "layer" / "python" / "scopa").mkdir(parents=True)
    (tmp_path / "layer" / "python" / "scopa" / "__init__.py").write_text("")
    app = App(outdir=str(tmp_path / "out"), context={"admin_token_hash": ADMIN_HASH})  # flags do not matter
    stack = build(app, "dev", layer_dir=tmp_path / "layer")
    sqs.Queue(stack, "PlainQueue")  # no TLS-only policy, no dead-letter queue
    with pytest.raises(RuntimeError, match="ValidationFailed"):
        app.synth()
    report = (tmp_path / "out" / "validation-report.json").read_text()
    assert "AwsSolutions-SQS4" in report
    assert "PlainQueue" in report

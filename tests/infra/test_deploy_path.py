"""The deploy path as a user walks it, from a shell that holds only PATH and HOME: ``make layer``, ``make
synth``, the CDK CLI's ``cdk synth`` from infra/, and ``make rehearse``, green; and the rehearsal red when
the template it synthesised loses a grant or an index, names a wrong handler or drops a variable."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from infra.rehearsal.run import UNCALLED
from tests.infra.conftest import ROOT, DeployCommands, clean_shell

INFRA = ROOT / "infra"


def test_make_layer_builds_the_layer_in_a_clean_shell(deploy_commands: DeployCommands) -> None:
    ran = deploy_commands["make layer"]
    assert ran.returncode == 0, ran.output[-3000:]
    assert (ROOT / "build" / "layer" / "python" / "scopa" / "__init__.py").exists()


def test_make_synth_writes_the_assembly_in_a_clean_shell(deploy_commands: DeployCommands) -> None:
    ran = deploy_commands["make synth"]
    assert ran.returncode == 0, ran.output[-3000:]
    assert "SettingsError" not in ran.output
    template = json.loads((ROOT / "cdk.out" / "Scopa-dev.template.json").read_text())
    assert len([r for r in template["Resources"].values() if r["Type"] == "AWS::Lambda::Function"]) == 6


def test_make_rehearse_is_green_and_lists_what_is_granted_and_never_called(
    deploy_commands: DeployCommands,
) -> None:
    ran = deploy_commands["make rehearse"]
    assert ran.returncode == 0, ran.output[-6000:]
    assert "Deploy rehearsal of Scopa-dev: GREEN" in ran.output
    never = ran.output.split("Granted and never called", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert len(never) == len(UNCALLED), never  # each unused grant is one listed with its reason
    for part in ("moves through the function URL", "webhook deliveries", "schedule runs"):
        assert part in ran.output


def test_the_cdk_cli_synthesises_from_infra_in_a_clean_shell(
    deploy_commands: DeployCommands, tmp_path: Path
) -> None:
    """``npx aws-cdk@2 synth``, as docs/deploying.md says to run it (the 2.x CLI, from npm)."""
    assert deploy_commands["make layer"].returncode == 0  # the layer the app checks for
    done = subprocess.run(
        ["npx", "--yes", "aws-cdk@2", "synth", "--quiet", "--output", str(tmp_path / "out")],
        cwd=INFRA,
        env=clean_shell(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "end-of-life" not in done.stderr  # cdk.json's app silences jsii's notice, as the Makefile does
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert "Scopa-dev" in manifest["artifacts"]


# ------------------------------------------------------------------------ the rehearsal catches breakage


def _resource(template: dict[str, Any], kind: str, prefix: str) -> dict[str, Any]:
    resources: dict[str, dict[str, Any]] = template["Resources"]
    (found,) = [r for k, r in resources.items() if r["Type"] == kind and k.startswith(prefix)]
    return found


def lose_the_gsi3_grant(template: dict[str, Any]) -> None:
    policy = _resource(template, "AWS::IAM::Policy", "FunctionsApiRoleDefaultPolicy")
    for statement in policy["Properties"]["PolicyDocument"]["Statement"]:
        if isinstance(statement["Resource"], list):
            statement["Resource"] = [r for r in statement["Resource"] if "/index/gsi3" not in json.dumps(r)]


def lose_the_gsi3_index(template: dict[str, Any]) -> None:
    """The index and its key attributes gone, as from an app that no longer declares it."""
    table = _resource(template, "AWS::DynamoDB::Table", "DataTable")["Properties"]
    table["GlobalSecondaryIndexes"] = [i for i in table["GlobalSecondaryIndexes"] if i["IndexName"] != "gsi3"]
    kept = table["AttributeDefinitions"]
    table["AttributeDefinitions"] = [a for a in kept if not a["AttributeName"].startswith("gsi3")]


def keep_an_unused_key_attribute(template: dict[str, Any]) -> None:
    """An attribute definition no key uses: DynamoDB refuses the table, so the deploy stops there."""
    table = _resource(template, "AWS::DynamoDB::Table", "DataTable")["Properties"]
    table["AttributeDefinitions"].append({"AttributeName": "gsi9pk", "AttributeType": "S"})


def misname_the_pipeline_handler(template: dict[str, Any]) -> None:
    _resource(template, "AWS::Lambda::Function", "FunctionsPipeline")["Properties"]["Handler"] = (
        "pipeline.handler.run"
    )


def lose_the_notifier_table_name(template: dict[str, Any]) -> None:
    function = _resource(template, "AWS::Lambda::Function", "FunctionsNotifier")
    del function["Properties"]["Environment"]["Variables"]["TABLE_NAME"]


#: Each breakage, made in the synthesised template as a wrong CDK app would have written it, and what the
#: rehearsal's report must then say.
BREAKAGES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "grant": (
        lose_the_gsi3_grant,
        "dynamodb:Query on arn:aws:dynamodb:eu-south-1:123456789012:table/scopa-dev/index/gsi3",
    ),
    "index": (lose_the_gsi3_index, "Invalid index: gsi3 for table: scopa-dev"),
    "table": (keep_an_unused_key_attribute, "DeployFailed: DataTable"),
    "handler": (misname_the_pipeline_handler, "(pipeline.handler.run) failed at init: AttributeError"),
    "variable": (lose_the_notifier_table_name, "TABLE_NAME: required when STORAGE=dynamodb"),
}


@pytest.fixture(scope="module")
def green_assembly(deploy_commands: DeployCommands) -> Path:
    """The assembly ``make rehearse`` synthesised and found green."""
    assert deploy_commands["make rehearse"].returncode == 0
    return ROOT / "build" / "rehearsal"


def broken_copy(green: Path, into: Path, breakage: Callable[[dict[str, Any]], None]) -> Path:
    """The green assembly with its template broken: the small files copied, the assets' folders linked."""
    into.mkdir()
    for item in green.iterdir():
        if item.is_dir():
            (into / item.name).symlink_to(item.resolve(), target_is_directory=True)
        else:
            shutil.copy(item, into / item.name)
    path = into / "Scopa-dev.template.json"
    template = json.loads(path.read_text())
    breakage(template)
    path.write_text(json.dumps(template))
    return into


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_the_rehearsal_is_red_when_a_grant_an_index_the_table_a_handler_or_a_variable_is_wrong(
    green_assembly: Path, tmp_path: Path, breakage: str
) -> None:
    change, said = BREAKAGES[breakage]
    broken = broken_copy(green_assembly, tmp_path / "cdk.out", change)
    done = subprocess.run(
        [sys.executable, "-m", "infra.rehearsal", str(broken)],
        cwd=ROOT,
        env={**clean_shell(), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 1, done.stdout[-3000:]
    assert "Deploy rehearsal of Scopa-dev: RED" in done.stdout
    assert said in done.stdout, done.stdout[-4000:]

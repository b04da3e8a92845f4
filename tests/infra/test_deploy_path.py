"""The deploy path as a user walks it, from a shell that holds only PATH and HOME: ``make layer``, ``make
synth``, the CDK CLI's ``cdk synth`` from infra/, and ``make rehearse``, green; and the rehearsal red when
the CDK app loses a grant, a handler path or an environment variable."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import textwrap
from pathlib import Path

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

#: Each breakage made in the CDK app itself (a module constant, or an override on the function), and
#: what the rehearsal's report must then say.
BREAKAGES = {
    "grant": (
        "grants.API_INDEXES = tuple(i for i in grants.API_INDEXES if i != 'gsi3')",
        "",
        "dynamodb:Query on arn:aws:dynamodb:eu-south-1:123456789012:table/scopa-dev/index/gsi3",
    ),
    "handler": (
        "functions.PIPELINE = dataclasses.replace(functions.PIPELINE, handler='pipeline.handler.run')",
        "",
        "(pipeline.handler.run) failed at init: AttributeError",
    ),
    "variable": (
        "",
        "stack.functions.notifier.node.default_child.add_property_deletion_override("
        "'Environment.Variables.TABLE_NAME')",
        "TABLE_NAME: required when STORAGE=dynamodb",
    ),
}

SYNTH = """
import dataclasses, sys
from pathlib import Path
from aws_cdk import App
from infra.app import build, feature_flags
from infra.components import functions, grants
{before}
app = App(outdir=sys.argv[1], context={{**feature_flags(), "admin_token_hash": "{hash}"}})
stack = build(app, "dev", layer_dir=Path(sys.argv[2]))
{after}
app.synth()
"""


@pytest.fixture(scope="module")
def broken_assemblies(real_layer: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One assembly per breakage, each synthesised by the app with that change (one process each)."""
    made = {}
    for name, (before, after, _) in BREAKAGES.items():
        out = tmp_path_factory.mktemp(f"broken-{name}")
        code = SYNTH.format(before=before, after=after, hash=hashlib.sha256(b"x").hexdigest())
        done = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code), str(out), str(real_layer)],
            cwd=ROOT,
            env={
                **clean_shell(),
                "PYTHONPATH": str(ROOT),
                "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20",
            },
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        made[name] = out
    return made


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_the_rehearsal_is_red_when_the_app_loses_a_grant_a_handler_or_a_variable(
    broken_assemblies: dict[str, Path], breakage: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "infra.rehearsal", str(broken_assemblies[breakage])],
        cwd=ROOT,
        env={**clean_shell(), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 1, done.stdout[-3000:]
    assert "Deploy rehearsal of Scopa-dev: RED" in done.stdout
    assert BREAKAGES[breakage][2] in done.stdout, done.stdout[-4000:]

"""The CDK app synthesised once per session and environment, with cdk-nag, into a temporary assembly.

Synthesis starts a Node process (jsii) and costs 4-10 s the first time in a process, so every test reads
the same synthesised templates. The functions' layer is a stand-in folder here (the layer's contents do
not change the template); ``test_layer.py`` builds the real one.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

# jsii prints an end-of-life banner for Node 20 on every start; Node 20 synthesises correctly (see Makefile).
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")

ADMIN_HASH = "0" * 63 + "1"  # any 64 hex digits: the stack only passes it on


@dataclass
class Synthesised:
    """One environment's synthesised stack: its template, the cdk-nag report and the assembly folder."""

    config: Any  # infra.config.EnvironmentConfig
    template: dict[str, Any]
    report: dict[str, Any]
    metadata: dict[str, Any]
    outdir: Path
    routes: list[tuple[str, str]]
    manifest: dict[str, Any]
    _assertions: Any = None

    @property
    def assertions(self) -> Any:
        """The template as ``aws_cdk.assertions.Template`` (built once)."""
        from aws_cdk.assertions import Template

        if self._assertions is None:
            self._assertions = Template.from_json(self.template)
        return self._assertions

    def resources(self, kind: str) -> dict[str, dict[str, Any]]:
        return {k: r for k, r in self.template["Resources"].items() if r["Type"] == kind}

    def one(self, kind: str) -> dict[str, Any]:
        found = list(self.resources(kind).values())
        assert len(found) == 1, f"{len(found)} {kind}"
        return found[0]

    def logical_id(self, kind: str, prefix: str) -> str:
        found = [k for k in self.resources(kind) if k.startswith(prefix)]
        assert len(found) == 1, f"{kind} {prefix}: {found}"
        return found[0]


def _stand_in_layer(root: Path) -> Path:
    (root / "python" / "scopa").mkdir(parents=True)
    (root / "python" / "scopa" / "__init__.py").write_text("")
    return root


def _synthesise(env: str, tmp: Path) -> Synthesised:
    from aws_cdk import App

    from infra.app import build, feature_flags

    outdir = tmp / "cdk.out"
    # cdk.json's feature flags, as the CDK CLI passes them: the tests check what a deploy synthesises.
    app = App(outdir=str(outdir), context={**feature_flags(), "admin_token_hash": ADMIN_HASH})
    stack = build(app, env, layer_dir=_stand_in_layer(tmp / "layer"))
    app.synth()  # cdk-nag's findings raise here
    name = stack.stack_name
    return Synthesised(
        config=stack.config,
        template=json.loads((outdir / f"{name}.template.json").read_text()),
        report=json.loads((outdir / "validation-report.json").read_text()),
        metadata=json.loads((outdir / f"{name}.metadata.json").read_text()),
        outdir=outdir,
        routes=stack.routes,
        manifest=json.loads((outdir / "manifest.json").read_text()),
    )


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Synthesised]:
    """``synth("dev")`` / ``synth("prod")``: each environment synthesised at most once per session."""
    cache: dict[str, Synthesised] = {}

    def get(env: str) -> Synthesised:
        if env not in cache:
            cache[env] = _synthesise(env, tmp_path_factory.mktemp(f"synth-{env}"))
        return cache[env]

    return get


@pytest.fixture(scope="session")
def dev(synth: Callable[[str], Synthesised]) -> Synthesised:
    return synth("dev")


@pytest.fixture(scope="session")
def prod(synth: Callable[[str], Synthesised]) -> Synthesised:
    return synth("prod")


# ------------------------------------------------------------------ the deploy commands, as a user types them

ROOT = Path(__file__).resolve().parents[2]
#: What a user's plain shell holds: the commands below must not need a variable the test process set.
CLEAN_SHELL_VARIABLES = ("PATH", "HOME")


def clean_shell() -> dict[str, str]:
    return {name: os.environ[name] for name in CLEAN_SHELL_VARIABLES if name in os.environ}


@dataclass(frozen=True)
class Ran:
    """A command's exit status and what it printed (stdout and stderr together)."""

    command: str
    returncode: int
    output: str


#: The deploy path in the order a user meets it; each from the repository root, in a clean shell.
DEPLOY_COMMANDS = ("make layer", "make synth", "make rehearse")


class DeployCommands:
    """Runs each of :data:`DEPLOY_COMMANDS` once per test run, whichever xdist worker asks first (under a
    lock; the others read what it printed): they write the checkout's build/ and cdk.out, as for the
    user. Asking for one runs the ones before it first, as a user would have."""

    def __init__(self, run_id: str) -> None:
        self.run_id = run_id
        (ROOT / "build").mkdir(exist_ok=True)
        self.record = ROOT / "build" / ".deploy-commands.json"

    def __getitem__(self, command: str) -> Ran:
        for step in DEPLOY_COMMANDS[: DEPLOY_COMMANDS.index(command) + 1]:
            ran = self._run_once(step)
        return ran

    def _run_once(self, step: str) -> Ran:
        import fcntl

        with (ROOT / "build" / ".deploy-commands.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # held for one step: another worker may read the ones done
            saved = json.loads(self.record.read_text()) if self.record.exists() else {}
            ran = saved.get("ran", {}) if saved.get("run") == self.run_id else {}
            if step not in ran:
                done = subprocess.run(
                    step.split(),
                    cwd=ROOT,
                    env=clean_shell(),
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                    timeout=900,
                    check=False,
                )
                ran[step] = Ran(step, done.returncode, done.stdout).__dict__
                self.record.write_text(json.dumps({"run": self.run_id, "ran": ran}))
            return Ran(**ran[step])


@pytest.fixture(scope="session")
def deploy_commands() -> DeployCommands:
    return DeployCommands(os.environ.get("PYTEST_XDIST_TESTRUNUID", f"solo-{os.getpid()}"))


@pytest.fixture(scope="session")
def real_layer(deploy_commands: DeployCommands) -> Path:
    """The layer ``make layer`` built (arm64 wheels from the package registry, bytecode compiled here)."""
    ran = deploy_commands["make layer"]
    assert ran.returncode == 0, ran.output[-3000:]
    return ROOT / "build" / "layer"

"""The two functions: runtime, architecture, handlers, sizes, environment, layer, logs, code asset."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from infra.config import PYTHON_VERSION
from scopa.application.match_limits import MAX_WAIT_SECONDS
from tests.infra.conftest import ADMIN_HASH, Synthesised

HANDLERS = {
    "Api": "api.handler.handler",
    "Pipeline": "pipeline.handler.handler",
    "Live": "live.handler.handler",
    "Notifier": "notifier.handler.handler",
    "Jobs": "jobs.handler.handler",
}


def _function(env: Synthesised, name: str) -> dict[str, Any]:
    return env.resources("AWS::Lambda::Function")[env.logical_id("AWS::Lambda::Function", f"Functions{name}")]


@pytest.mark.parametrize("name", sorted(HANDLERS))
def test_each_function_runs_the_configured_python_on_arm64(dev: Synthesised, name: str) -> None:
    props = _function(dev, name)["Properties"]
    assert props["Runtime"] == f"python{PYTHON_VERSION}"
    assert props["Architectures"] == ["arm64"]
    assert props["Handler"] == HANDLERS[name]
    assert props["TracingConfig"] == {"Mode": "Active"}
    layer = dev.one("AWS::Lambda::LayerVersion")["Properties"]
    assert props["Layers"] == [{"Ref": dev.logical_id("AWS::Lambda::LayerVersion", "FunctionsDependencies")}]
    assert layer["CompatibleRuntimes"] == [f"python{PYTHON_VERSION}"]
    assert layer["CompatibleArchitectures"] == ["arm64"]


@pytest.mark.parametrize("handler", sorted(HANDLERS.values()))
def test_each_handler_named_in_the_template_exists(handler: str) -> None:
    module, _, attribute = handler.rpartition(".")
    assert callable(getattr(importlib.import_module(module), attribute))


@pytest.mark.parametrize("env_name", ["dev", "prod"])
def test_memory_and_timeouts_come_from_the_environment_config(synth: Any, env_name: str) -> None:
    env: Synthesised = synth(env_name)
    for name, size in (("Api", env.config.api), ("Pipeline", env.config.pipeline)):
        props = _function(env, name)["Properties"]
        assert (props["MemorySize"], props["Timeout"]) == (size.memory_mb, size.timeout_seconds)
    # A long-poll waits up to MAX_WAIT_SECONDS: the function outlives it, API Gateway (29 s) the function.
    assert MAX_WAIT_SECONDS < env.config.api.timeout_seconds < 29
    # The pipeline runs every minute: a run ends before the next one is due (runs may overlap safely).
    assert env.config.pipeline.timeout_seconds < 60
    # No reserved concurrency by default: new accounts (a quota of 10) could not deploy it.
    for name in HANDLERS:
        assert "ReservedConcurrentExecutions" not in _function(env, name)["Properties"], name


def test_environment_variables_configure_the_table_powertools_and_only_the_api_reads_the_admin_hash(
    prod: Synthesised,
) -> None:
    table = {"Ref": prod.logical_id("AWS::DynamoDB::Table", "DataTable")}
    api = _function(prod, "Api")["Properties"]["Environment"]["Variables"]
    pipeline = _function(prod, "Pipeline")["Properties"]["Environment"]["Variables"]
    for variables, service in ((api, "scopa-api"), (pipeline, "scopa-pipeline")):
        assert variables["TABLE_NAME"] == table
        assert variables["RANKING_SHARDS"] == str(prod.config.ranking_shards)
        assert variables["POWERTOOLS_SERVICE_NAME"] == service
        assert variables["POWERTOOLS_LOG_LEVEL"] == "INFO"
        assert variables["POWERTOOLS_LOGGER_LOG_EVENT"] == "false"
    # The hash is in an SSM parameter the API reads (and caches), not in any function's environment.
    assert api["ADMIN_TOKEN_PARAMETER"] == "/scopa/prod/admin-token-hash"
    assert int(api["ADMIN_TOKEN_MAX_AGE"]) == 300
    assert ADMIN_HASH not in json.dumps(prod.resources("AWS::Lambda::Function"))
    (parameter,) = [
        p
        for p in prod.resources("AWS::SSM::Parameter").values()
        if p["Properties"]["Name"] == "/scopa/prod/admin-token-hash"
    ]
    assert parameter["Properties"]["Value"] == ADMIN_HASH
    assert "ADMIN_TOKEN_PARAMETER" not in pipeline


@pytest.mark.parametrize("env_name", ["dev", "prod"])
def test_each_function_logs_to_its_own_group_with_the_configured_retention(synth: Any, env_name: str) -> None:
    env: Synthesised = synth(env_name)
    for name in HANDLERS:
        group = env.logical_id("AWS::Logs::LogGroup", f"Functions{name}Logs")
        props = _function(env, name)["Properties"]
        assert props["LoggingConfig"] == {"LogGroup": {"Ref": group}}
        env.assertions.has_resource(
            "AWS::Logs::LogGroup",
            {
                "Properties": {"RetentionInDays": env.config.log_retention_days},
                "DeletionPolicy": "Retain" if env.config.retain_logs else "Delete",
            },
        )


def test_the_code_asset_is_the_plain_functions_folder_without_local_helpers(dev: Synthesised) -> None:
    code = _function(dev, "Api")["Properties"]["Code"]
    assert code == _function(dev, "Pipeline")["Properties"]["Code"]
    assets = [p for p in dev.outdir.glob("asset.*") if (p / "api" / "handler.py").exists()]
    assert len(assets) == 1
    files = {p.relative_to(assets[0]).as_posix() for p in assets[0].rglob("*") if p.is_file()}
    assert {"api/handler.py", "pipeline/handler.py", "api/routes/matches.py"} <= files
    assert not {f for f in files if f.startswith("local_") or "__pycache__" in f or f.endswith(".pyc")}


def test_assets_are_plain_folders_zipped_as_they_are_no_docker_images(dev: Synthesised) -> None:
    manifest = json.loads((dev.outdir / f"{dev.config.stack_name}.assets.json").read_text())
    assert manifest.get("dockerImages", {}) == {}
    sources = [asset["source"] for asset in manifest["files"].values()]
    folders = [s for s in sources if s.get("packaging") == "zip"]
    assert len(folders) == 2  # the functions' code and the layer
    assert all((dev.outdir / s["path"]).is_dir() for s in folders)


def test_the_jobs_functions_name_is_an_output(dev: Synthesised) -> None:
    """What the operator's ``aws lambda invoke`` of a task names (docs/deploying.md, Upgrading)."""
    dev.assertions.has_output(
        "JobsFunctionName", {"Value": {"Ref": dev.logical_id("AWS::Lambda::Function", "FunctionsJobs")}}
    )

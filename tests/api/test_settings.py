"""The functions' settings: read once at import, read again only through ``api.context.reset()``.

A missing or malformed variable fails the import (the Lambda's cold start) with a message naming the
variable, not a 500 inside the first request; ``STORAGE`` chooses the adapter the services are built on.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from api import context
from api import settings as settings_module
from api.settings import Settings, SettingsError, settings

ROOT = Path(__file__).resolve().parents[2]
VARIABLES = (
    "STORAGE",
    "TABLE_NAME",
    "SQLITE_PATH",
    "ADMIN_TOKEN",
    "ADMIN_TOKEN_HASH",
    "DYNAMODB_ENDPOINT",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "RANKING_SHARDS",
)


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """A clean environment of just a table; the settings and services of the suite are back afterwards."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TABLE_NAME", "scopa-settings")
    yield monkeypatch
    monkeypatch.undo()
    context.reset()


def test_the_defaults(env: pytest.MonkeyPatch) -> None:
    got = settings_module.reload()
    assert got == settings()
    assert (got.storage, got.table_name, got.sqlite_path) == ("dynamodb", "scopa-settings", ".local/scopa.db")
    assert (got.admin_token_hash, got.dynamodb_endpoint, got.region, got.ranking_shards) == (
        None,
        None,
        "eu-south-1",
        4,
    )


def test_a_missing_table_name_fails_the_reload_and_names_the_variable(env: pytest.MonkeyPatch) -> None:
    env.delenv("TABLE_NAME")
    with pytest.raises(SettingsError, match=r"TABLE_NAME: required when STORAGE=dynamodb"):
        settings_module.reload()
    with pytest.raises(SettingsError, match="TABLE_NAME"):
        context.reset()  # the tests' and local server's one reload path
    env.setenv("TABLE_NAME", "")  # empty counts as unset
    with pytest.raises(SettingsError, match="TABLE_NAME"):
        settings_module.reload()
    env.setenv("TABLE_NAME", "ab")  # DynamoDB's shortest name has 3 characters
    with pytest.raises(
        SettingsError, match=r"^invalid configuration: TABLE_NAME: String should match pattern '[^']+'$"
    ):
        settings_module.reload()


@pytest.mark.parametrize("value", ["0", "65", "-3", "many", "4.5"])
def test_a_bad_ranking_shards_names_the_variable(env: pytest.MonkeyPatch, value: str) -> None:
    env.setenv("RANKING_SHARDS", value)
    with pytest.raises(SettingsError, match=r"^invalid configuration: RANKING_SHARDS: "):
        settings_module.reload()


@pytest.mark.parametrize("value", ["1", "64", "16"])
def test_a_good_ranking_shards_is_read(env: pytest.MonkeyPatch, value: str) -> None:
    env.setenv("RANKING_SHARDS", value)
    assert settings_module.reload().ranking_shards == int(value)


def test_every_wrong_variable_is_named_at_once(env: pytest.MonkeyPatch) -> None:
    env.setenv("STORAGE", "mongodb")
    env.setenv("ADMIN_TOKEN_HASH", "not-a-hash")
    env.setenv("DYNAMODB_ENDPOINT", "localhost:8000")
    with pytest.raises(SettingsError) as caught:
        settings_module.reload()
    message = str(caught.value)
    for name in ("STORAGE:", "ADMIN_TOKEN_HASH:", "DYNAMODB_ENDPOINT:"):
        assert name in message
    assert "not-a-hash" not in message
    assert "localhost:8000" not in message


def test_the_admin_token_is_kept_only_as_its_hash(env: pytest.MonkeyPatch) -> None:
    env.setenv("ADMIN_TOKEN", "adm_secret-bootstrap")
    got = settings_module.reload()
    assert got.admin_token_hash == hashlib.sha256(b"adm_secret-bootstrap").hexdigest()
    assert got.admin_token is None
    assert "adm_secret-bootstrap" not in repr(got) + str(vars(got))
    # ADMIN_TOKEN_HASH wins over ADMIN_TOKEN, and any case of hex digits is read as lower case
    given = hashlib.sha256(b"other").hexdigest()
    env.setenv("ADMIN_TOKEN_HASH", given.upper())
    assert settings_module.reload().admin_token_hash == given


def test_the_region_comes_from_aws_region_then_aws_default_region(env: pytest.MonkeyPatch) -> None:
    env.setenv("AWS_DEFAULT_REGION", "us-east-1")
    assert settings_module.reload().region == "us-east-1"
    env.setenv("AWS_REGION", "eu-west-1")
    assert settings_module.reload().region == "eu-west-1"


def test_sqlite_needs_no_table(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    env.delenv("TABLE_NAME")
    env.setenv("STORAGE", "sqlite")
    env.setenv("SQLITE_PATH", str(tmp_path / "scopa.db"))
    got = settings_module.reload()
    assert (got.storage, got.table_name, got.sqlite_path) == ("sqlite", "", str(tmp_path / "scopa.db"))


def test_storage_sqlite_builds_the_services_on_the_sqlite_stores(
    env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    env.setenv("STORAGE", "sqlite")
    env.setenv("SQLITE_PATH", str(tmp_path / "scopa.db"))
    context.reset()
    services = context.services()
    stores = vars(services.stores)
    assert set(stores) == {
        "players",
        "matches",
        "clubs",
        "tournaments",
        "ratings",
        "idempotency",
        "seeks",
        "connections",
        "webhooks",
        "jobs",
        "guests",
        "seasons",
        "rates",
        "topic_leases",
    }
    for name, store in stores.items():
        assert type(store).__module__.startswith("scopa.adapters.sqlite."), name
    assert services.requests.records is services.stores.idempotency
    assert (tmp_path / "scopa.db").exists()


def test_storage_dynamodb_builds_the_services_on_the_table(env: pytest.MonkeyPatch) -> None:
    context.reset()
    stores = vars(context.services().stores)
    for name, store in stores.items():
        assert type(store).__module__.startswith("scopa.adapters.dynamodb."), name
    assert {getattr(store, "table", None) for store in stores.values()} == {"scopa-settings"}


def cold_start(code: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter imports a handler, as a Lambda's cold start does."""
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    env.update(environment, PYTHONPATH=str(ROOT / "functions"))
    return subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_cold_start_without_a_table_fails_naming_the_variable() -> None:
    started = cold_start("import api.handler")
    assert started.returncode != 0
    assert (
        "SettingsError: invalid configuration: TABLE_NAME: required when STORAGE=dynamodb" in started.stderr
    )


def test_the_pipeline_cold_start_fails_on_a_bad_ranking_shards() -> None:
    started = cold_start("import pipeline.handler", TABLE_NAME="scopa-cold", RANKING_SHARDS="0")
    assert started.returncode != 0
    assert "SettingsError: invalid configuration: RANKING_SHARDS: " in started.stderr


def test_the_lambda_never_loads_the_sqlite_adapter() -> None:
    started = cold_start(
        "import sys, api.handler, pipeline.handler, api.context as c; c.services(); "
        "print(sorted(m for m in sys.modules if m.startswith('scopa.adapters.')))",
        TABLE_NAME="scopa-cold",
    )
    assert started.returncode == 0, started.stderr
    loaded = started.stdout.strip()
    assert "scopa.adapters.dynamodb.stores" in loaded
    assert "sqlite" not in loaded


def test_settings_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings().ranking_shards = 8  # type: ignore[misc]
    assert isinstance(settings(), Settings)


def test_flags_and_numbers_are_read_from_their_words(env: pytest.MonkeyPatch) -> None:
    env.setenv("WEBHOOKS_ALLOW_HTTP", "yes")
    env.setenv("WEBHOOKS_ALLOW_PRIVATE", "0")
    env.setenv("RATE_LIMIT_PER_SECOND", "2.5")
    got = settings_module.reload()
    assert (got.webhooks_allow_http, got.webhooks_allow_private) == (True, False)
    assert got.rate_limit_per_second == 2.5
    env.setenv("WEBHOOKS_ALLOW_HTTP", "maybe")
    env.setenv("TOKEN_SIGNING_KEY", "too-short")
    with pytest.raises(SettingsError) as caught:
        settings_module.reload()
    assert "WEBHOOKS_ALLOW_HTTP: " in str(caught.value)
    assert "TOKEN_SIGNING_KEY: " in str(caught.value)
    assert "too-short" not in str(caught.value)

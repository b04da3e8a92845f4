"""The typed per-environment configuration: what it accepts, what it refuses, where the hash comes from."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from infra.config import ENVIRONMENTS, LOG_RETENTION_DAYS, EnvironmentConfig, load

HASH = "ab" * 32


def test_dev_and_prod_load_with_their_own_names_and_sizes() -> None:
    dev, prod = load("dev"), load("prod", admin_token_hash=HASH)
    assert (dev.stack_name, prod.stack_name) == ("Scopa-dev", "Scopa-prod")
    assert (dev.table_name, prod.table_name) == ("scopa-dev", "scopa-prod")
    assert prod.deletion_protection
    assert prod.retain_logs
    assert not dev.deletion_protection
    assert prod.api.memory_mb >= dev.api.memory_mb
    assert prod.admin_token_hash == HASH


def test_prod_refuses_to_load_without_an_admin_token_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCOPA_ADMIN_TOKEN_HASH", raising=False)
    with pytest.raises(ValidationError, match="admin_token_hash"):
        load("prod")


def test_the_hash_falls_back_to_the_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOPA_ADMIN_TOKEN_HASH", HASH)
    assert load("prod").admin_token_hash == HASH
    assert load("dev", admin_token_hash="cd" * 32).admin_token_hash == "cd" * 32  # context wins


@pytest.mark.parametrize("bad", ["secret-token", "AB" * 32, "ab" * 31, "ab" * 33])
def test_anything_but_a_sha256_hex_digest_is_refused_as_the_hash(bad: str) -> None:
    with pytest.raises(ValidationError, match="SHA-256"):
        load("dev", admin_token_hash=bad)


def test_unknown_environments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown environment"):
        load("staging")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"log_retention_days": 10}, "does not offer 10 days"),
        ({"deletion_protection": False}, "deletion protection"),
        ({"retain_logs": False}, "retains its logs"),
        ({"throttle_burst": 10}, "throttle_burst"),
        ({"api": {"memory_mb": 64, "timeout_seconds": 10}}, "memory_mb"),
    ],
)
def test_prod_settings_that_would_weaken_it_are_refused(change: dict[str, object], message: str) -> None:
    raw = {**ENVIRONMENTS["prod"], "admin_token_hash": HASH, **change}
    with pytest.raises(ValidationError, match=message):
        EnvironmentConfig.model_validate(raw)


def test_every_retention_the_config_accepts_has_a_cdk_value() -> None:
    from infra.components.retention import BY_DAYS

    assert set(BY_DAYS) == LOG_RETENTION_DAYS

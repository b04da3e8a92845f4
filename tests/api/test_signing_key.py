"""Where the key that signs tokens comes from: the variable or an SSM parameter (in Lambda, one must)."""

from __future__ import annotations

from collections.abc import Iterator

import boto3
import pytest
from moto import mock_aws

from api import context
from api.settings import SettingsError
from tests.common import use_fake_aws

use_fake_aws()


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    for name in (
        "TOKEN_SIGNING_KEY",
        "TOKEN_SIGNING_KEY_PARAMETER",
        "TOKEN_SIGNING_KEY_SECRET",
        "AWS_LAMBDA_FUNCTION_NAME",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("STORAGE", "sqlite")
    monkeypatch.setenv("SQLITE_PATH", ":memory:")
    context.reset()
    yield monkeypatch
    monkeypatch.undo()
    context.reset()


def test_the_key_is_read_once_from_an_ssm_secure_string(environment: pytest.MonkeyPatch) -> None:
    with mock_aws():
        ssm = boto3.client("ssm")
        ssm.put_parameter(Name="/scopa/test/signing-key", Value="s" * 40, Type="SecureString")
        environment.setenv("TOKEN_SIGNING_KEY_PARAMETER", "/scopa/test/signing-key")
        environment.setenv("AWS_LAMBDA_FUNCTION_NAME", "scopa-api")
        context.reset()
        assert context.signing_key() == b"s" * 40
        ssm.put_parameter(Name="/scopa/test/signing-key", Value="t" * 40, Type="SecureString", Overwrite=True)
        assert context.signing_key() == b"s" * 40  # cached for the container's life


def test_the_key_is_read_once_from_a_secrets_manager_secret(environment: pytest.MonkeyPatch) -> None:
    """What the CDK app deploys: a generated secret, named to the functions by TOKEN_SIGNING_KEY_SECRET."""
    with mock_aws():
        secrets = boto3.client("secretsmanager")
        arn = secrets.create_secret(Name="scopa-test-token-signing-key", SecretString="k" * 48)["ARN"]
        environment.setenv("TOKEN_SIGNING_KEY_SECRET", arn)
        environment.setenv("AWS_LAMBDA_FUNCTION_NAME", "scopa-api")
        context.reset()
        assert context.signing_key() == b"k" * 48
        secrets.put_secret_value(SecretId=arn, SecretString="m" * 48)
        assert context.signing_key() == b"k" * 48  # cached for the container's life


def test_a_short_key_in_the_parameter_is_refused(environment: pytest.MonkeyPatch) -> None:
    with mock_aws():
        boto3.client("ssm").put_parameter(Name="/scopa/test/short", Value="short", Type="SecureString")
        environment.setenv("TOKEN_SIGNING_KEY_PARAMETER", "/scopa/test/short")
        context.reset()
        with pytest.raises(SettingsError) as refused:
            context.signing_key()
        assert "short" not in str(refused.value).replace("/scopa/test/short", "")


def test_in_lambda_a_key_is_required(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("AWS_LAMBDA_FUNCTION_NAME", "scopa-api")
    context.reset()
    with pytest.raises(SettingsError, match="TOKEN_SIGNING_KEY"):
        context.signing_key()
    environment.setenv("TOKEN_SIGNING_KEY", "v" * 32)
    context.reset()
    assert context.signing_key() == b"v" * 32

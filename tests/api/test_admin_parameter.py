"""The admin token's hash from SSM Parameter Store (the deployed API), through Powertools Parameters:
read on first use, cached for ``ADMIN_TOKEN_MAX_AGE`` seconds, failing closed; and admin jobs queued to the
jobs Lambda by an asynchronous invoke."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from api import context
from api.settings import settings
from scopa.adapters.aws_lambda.jobs import LambdaJobRunner
from scopa.adapters.dynamodb.players_matches import create_table
from scopa.application.ports.jobs import Job
from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error
from tests.common import ManualClock

PARAMETER = "/scopa/test/admin-token-hash"
ROTATED = "rotated-admin-token"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@pytest.fixture
def ssm_api(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Api, Any]]:
    """The API on moto whose only admin setting is the SSM parameter (no ADMIN_TOKEN, no hash)."""
    with mock_aws():
        ssm = boto3.client("ssm")
        ssm.put_parameter(Name=PARAMETER, Value=_digest(ADMIN_TOKEN), Type="SecureString")
        create_table(boto3.client("dynamodb"), os.environ["TABLE_NAME"])
        monkeypatch.delenv("ADMIN_TOKEN", raising=False)
        monkeypatch.delenv("ADMIN_TOKEN_HASH", raising=False)
        monkeypatch.setenv("STORAGE", "dynamodb")
        monkeypatch.setenv("ADMIN_TOKEN_PARAMETER", PARAMETER)
        monkeypatch.setenv("ADMIN_TOKEN_MAX_AGE", "60")
        context.reset()
        clock = ManualClock()
        context.use_clock(clock)
        try:
            yield Api(clock), ssm
        finally:
            monkeypatch.undo()
            context.reset()


def test_the_api_accepts_the_admin_token_whose_hash_is_in_ssm_and_reads_it_once(
    ssm_api: tuple[Api, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    api, ssm = ssm_api
    assert settings().admin_token_hash is None  # nothing in the environment
    reads: list[str] = []
    provider = context.ssm_provider()
    original = provider._get

    def counted(name: str, **kwargs: Any) -> Any:
        reads.append(name)
        return original(name, **kwargs)

    monkeypatch.setattr(provider, "_get", counted)
    assert reads == []  # not read at import nor when the services were built
    assert api.call("GET", "/rankings").status == 200
    assert reads == []  # an anonymous request never needs it
    queued = api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN)
    assert queued.status == 202
    assert api.call("GET", queued.headers["Location"], token=ADMIN_TOKEN).body["status"] == "done"
    assert reads == [PARAMETER]  # read on first use, then cached
    _, player_token = api.register("Ada")
    assert_error(api.call("POST", "/rankings/scopa/recompute", token=player_token), 403, "forbidden")

    # Rotation: the new hash is served once the cached value is older than ADMIN_TOKEN_MAX_AGE.
    ssm.put_parameter(Name=PARAMETER, Value=_digest(ROTATED), Type="SecureString", Overwrite=True)
    assert api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN).status == 202  # cached
    provider.clear_cache()  # what max_age does after 60 s, without waiting for it
    assert_error(api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN), 401, "unauthorized")
    assert api.call("POST", "/rankings/scopa/recompute", token=ROTATED).status == 202
    assert reads == [PARAMETER, PARAMETER]


def test_a_missing_or_malformed_parameter_means_no_admin_never_a_5xx(ssm_api: tuple[Api, Any]) -> None:
    api, ssm = ssm_api
    ssm.put_parameter(Name=PARAMETER, Value="not a digest", Type="String", Overwrite=True)
    assert_error(api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN), 401, "unauthorized")
    context.ssm_provider().clear_cache()
    ssm.delete_parameter(Name=PARAMETER)
    assert_error(api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN), 401, "unauthorized")
    assert api.call("GET", "/rankings").status == 200


class _LambdaClient:
    """Records invokes; answers like Lambda's asynchronous invoke (202), or fails as told."""

    def __init__(self, fail: Exception | None = None, status: int = 202) -> None:
        self.calls: list[dict[str, Any]] = []
        self.fail = fail
        self.status = status

    def invoke(self, **kwargs: Any) -> dict[str, Any]:
        self.calls.append(kwargs)
        if self.fail is not None:
            raise self.fail
        return {"StatusCode": self.status}


def _job() -> Job:
    return Job("j_0123456789abcdef", "recompute", "scopa", "queued", "t", "t", 0)


def test_the_lambda_runner_queues_the_job_id_asynchronously_and_never_runs_it_here() -> None:
    client = _LambdaClient()
    ran: list[str] = []
    assert LambdaJobRunner(client, "scopa-jobs").submit(_job(), ran.append) is True
    (call,) = client.calls
    assert (call["FunctionName"], call["InvocationType"]) == ("scopa-jobs", "Event")
    assert json.loads(call["Payload"]) == {"job": {"id": "j_0123456789abcdef"}}
    assert ran == []
    assert LambdaJobRunner(_LambdaClient(fail=RuntimeError("down")), "f").submit(_job(), ran.append) is False
    assert LambdaJobRunner(_LambdaClient(status=500), "f").submit(_job(), ran.append) is False


def test_a_job_that_cannot_be_queued_is_answered_failed_so_the_admin_asks_again(api: Api) -> None:
    context.services().jobs.runner = LambdaJobRunner(_LambdaClient(fail=RuntimeError("down")), "f")
    queued = api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN)
    assert queued.status == 202
    assert (queued.body["status"], queued.body["error"]) == ("failed", "not_queued")


def test_the_api_queues_jobs_to_the_function_named_in_jobs_function(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JOBS_FUNCTION", "scopa-jobs")
    context.reset()
    client = _LambdaClient()
    monkeypatch.setattr(context, "lambda_client", lambda: client)
    context.services.cache_clear()
    queued = api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN)
    assert (queued.status, queued.body["status"]) == (202, "queued")
    assert [json.loads(c["Payload"]) for c in client.calls] == [{"job": {"id": queued.body["id"]}}]

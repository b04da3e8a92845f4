"""What every tier needs before the functions' modules are imported.

The functions read and check their settings once, at import (a Lambda's cold start fails on a missing
variable), so a tier that imports ``api`` first must find a table named. Fake AWS credentials and region
are set here too, so nothing reaches AWS. A tier may name its own table (``tests/api/conftest.py`` does);
``api.context.reset()`` reads the environment again.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from moto.core.config import default_user_config

from tests.common import use_fake_aws

use_fake_aws()
# moto starts every mock with a new default boto3 session, and a new session reads botocore's service
# models from disk again (~60 ms for DynamoDB): once per test on moto. The tests' fake credentials and
# region come from the environment, so one session serves them all.
default_user_config["core"]["reset_boto3_session"] = False
os.environ.setdefault("TABLE_NAME", "scopa-test")
os.environ.setdefault("RATE_LIMIT_PER_SECOND", "0")  # tests/api/test_contract.py turns it on

#: ``make check`` (the edit loop) sets this: each property test runs a tenth of its examples (at least
#: :data:`QUICK_MIN_EXAMPLES`); ``make test`` runs them all.
QUICK_EXAMPLES = "SCOPA_QUICK_EXAMPLES"
QUICK_MIN_EXAMPLES = 10


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not os.environ.get(QUICK_EXAMPLES):
        return
    for test in {id(i.obj): i.obj for i in items if hasattr(i, "obj")}.values():  # each function once
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if isinstance(chosen, settings):  # a @given test: its own settings, scaled down
            fewer = max(QUICK_MIN_EXAMPLES, chosen.max_examples // 10)
            test._hypothesis_internal_use_settings = settings(chosen, max_examples=fewer)

"""The local server of ``make run`` on its own in-process moto, for the tiers that test over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from moto import mock_aws

from api import context, idempotency
from scopa.application.clock import SystemClock
from tools.local_server import LocalServer, ensure_table


@contextmanager
def local_server_on_moto(table: str, admin_token: str, **environment: str) -> Iterator[LocalServer]:
    """A running server on a free loopback port with a fresh table; the API's caches are cleared around it
    so the next test's handler sees its own table and the system clock again."""
    with pytest.MonkeyPatch.context() as env:
        env.delenv("DYNAMODB_ENDPOINT", raising=False)
        env.delenv("ADMIN_TOKEN_HASH", raising=False)
        env.setenv("ADMIN_TOKEN", admin_token)
        env.setenv("TABLE_NAME", table)
        for name, value in environment.items():
            env.setenv(name, value)
        with mock_aws():
            context.reset()
            idempotency.reset()
            ensure_table()
            local = LocalServer("127.0.0.1", 0)
            try:
                with local.running():
                    yield local
            finally:
                context.use_clock(SystemClock())
                context.reset()
                idempotency.reset()

"""The local server of ``make run`` in this process, for the tiers that test over HTTP.

``storage`` picks the store as ``make run`` does: ``sqlite`` (its default: a fresh file in a temporary
folder) or ``dynamodb`` (a fresh table in in-process moto).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Literal

import pytest

from api import context, idempotency
from scopa.application.clock import SystemClock
from tools.local_server import LocalServer, ensure_table

Storage = Literal["sqlite", "dynamodb"]
STORAGES: tuple[Storage, ...] = ("sqlite", "dynamodb")


@contextmanager
def local_server(storage: Storage, name: str, admin_token: str, **environment: str) -> Iterator[LocalServer]:
    """A running server on a free loopback port over a fresh store (the SQLite file or the table
    ``name``); the API's caches are cleared around it so the next test sees its own store and clock."""
    with pytest.MonkeyPatch.context() as env, ExitStack() as stack:
        env.delenv("DYNAMODB_ENDPOINT", raising=False)
        env.delenv("ADMIN_TOKEN_HASH", raising=False)
        env.setenv("ADMIN_TOKEN", admin_token)
        env.setenv("STORAGE", storage)
        if storage == "sqlite":
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="scopa-served-"))
            env.setenv("SQLITE_PATH", str(Path(folder) / f"{name}.db"))
        else:
            from moto import mock_aws

            env.setenv("TABLE_NAME", name)
            env.setenv("AWS_DEFAULT_REGION", "eu-south-1")
            env.setenv("AWS_ACCESS_KEY_ID", "testing")
            env.setenv("AWS_SECRET_ACCESS_KEY", "testing")
            stack.enter_context(mock_aws())
        for key, value in environment.items():
            env.setenv(key, value)
        context.reset()
        idempotency.reset()
        try:
            if storage == "dynamodb":
                ensure_table()
            server = LocalServer("127.0.0.1", 0)
            with server.running():
                yield server
        finally:
            context.use_clock(SystemClock())
            context.reset()
            idempotency.reset()


@contextmanager
def local_server_on_moto(table: str, admin_token: str, **environment: str) -> Iterator[LocalServer]:
    """The server on in-process moto (``STORAGE=dynamodb make run``)."""
    with local_server("dynamodb", table, admin_token, **environment) as server:
        yield server

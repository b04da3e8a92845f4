"""The client tier: the typed client, its session layer and ``scopa bot`` against the local server of
``make run`` (SQLite), over real HTTP and WebSockets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scopa_client import Session
from tests.api.conftest import ADMIN_TOKEN
from tests.served import local_server
from tools.local_server import LocalServer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_BOT = ROOT / "clients" / "python" / "examples" / "taker.py"


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    with local_server("sqlite", "scopa-client", ADMIN_TOKEN) as local:
        yield local


def bot_account(url: str, name: str) -> tuple[str, str]:
    """A bot account made by the admin: its id and token."""
    with Session(url, ADMIN_TOKEN) as admin:
        made = admin.request("POST", "/admin/bots", {"name": name})
    return str(made["player"]["id"]), str(made["token"])

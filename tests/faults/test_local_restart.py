"""``make run`` keeps its data across restarts in its SQLite file, and says where it is.

The server runs as ``make run`` runs it (``python -m tools.local_server``, in a child process, on a free
loopback port). What was written over HTTP survives a kill without warning (SIGKILL: every write was
committed before its answer) and a clean stop (SIGTERM); ``STORAGE=dynamodb`` runs on embedded moto.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.api.support import SEED

ROOT = Path(__file__).resolve().parents[2]


class Server:
    def __init__(self, process: subprocess.Popen[str], url: str, banner: str) -> None:
        self.process = process
        self.url = url
        self.banner = banner

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:  # loopback only
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    def stop(self, sig: int) -> str:
        """Send ``sig``, wait for the exit, return what the server printed after its banner."""
        self.process.send_signal(sig)
        out, _ = self.process.communicate(timeout=20)
        return out


@contextmanager
def local_server(**environment: str) -> Iterator[Server]:
    env = {
        **os.environ,
        "PORT": "0",
        "HOST": "127.0.0.1",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "functions"), os.environ.get("PYTHONPATH")])),
        "ADMIN_TOKEN": "admin-local",
        "PIPELINE_SECONDS": "0",
        **environment,
    }
    for name in ("DYNAMODB_ENDPOINT", "TABLE_NAME", "ADMIN_TOKEN_HASH"):
        env.pop(name, None)
    if "STORAGE" not in environment:
        env.pop("STORAGE", None)  # the default of make run
    process = subprocess.Popen(
        [sys.executable, "-m", "tools.local_server"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield _wait_for_banner(process)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()


def _wait_for_banner(process: subprocess.Popen[str]) -> Server:
    assert process.stdout is not None
    seen: list[str] = []
    url = None
    for line in process.stdout:  # ends when the process does
        seen.append(line)
        found = re.search(r"running on (http://127\.0\.0\.1:\d+)", line)
        url = found.group(1) if found else url
        if line.startswith("Press Ctrl-C") and url:
            return Server(process, url, "".join(seen))
    raise AssertionError("the server did not start:\n" + "".join(seen))


def test_make_run_keeps_its_data_in_its_sqlite_file_across_restarts(tmp_path: Path) -> None:
    data = tmp_path / "local" / "scopa.db"

    # A first run: a player registers, then the server is killed without warning.
    with local_server(SQLITE_PATH=str(data)) as server:
        assert f"SQLite file {data}" in server.banner
        assert f"`rm {data}*` forgets it" in server.banner  # not make reset: it deletes .local/scopa.db only
        status, body = server.call("POST", "/players", {"name": "Ada"})
        assert status == 201, body
        ada, token = body["player"]["id"], body["token"]
        server.stop(signal.SIGKILL)
    assert data.exists()

    # A second run finds her (and her token works); she starts a match and moves; SIGTERM stops it cleanly.
    with local_server(SQLITE_PATH=str(data)) as server:
        status, me = server.call("GET", "/me", token=token)
        assert (status, me["id"], me["name"]) == (200, ada, "Ada")
        status, match = server.call("POST", "/matches", {"players": [ada, "bot-greedy"], "seed": SEED}, token)
        assert status == 201, match
        chosen = match["view"]["legal_moves"][0]
        move = {"card": chosen["card"], "take": chosen["take"], "version": match["version"]}
        status, moved = server.call("POST", f"/matches/{match['id']}/moves", move, token)
        assert status == 200, moved
        out = server.stop(signal.SIGTERM)
    assert server.process.returncode == 0, out
    assert "stopped" in out

    # A third run answers the match as it was left.
    with local_server(SQLITE_PATH=str(data)) as server:
        status, again = server.call("GET", f"/matches/{match['id']}", token=token)
        assert status == 200, again
        assert again == moved
        server.stop(signal.SIGTERM)


def test_storage_dynamodb_runs_on_embedded_moto_and_forgets_at_exit() -> None:
    with local_server(STORAGE="dynamodb") as server:
        assert "in embedded moto (in memory, gone at exit)" in server.banner
        status, body = server.call("POST", "/players", {"name": "Bea"})
        assert status == 201, body
        token = body["token"]
        server.stop(signal.SIGTERM)
    assert server.process.returncode == 0
    with local_server(STORAGE="dynamodb") as server:
        status, body = server.call("GET", "/me", token=token)
        assert (status, body["code"]) == (401, "unauthorized")
        server.stop(signal.SIGTERM)

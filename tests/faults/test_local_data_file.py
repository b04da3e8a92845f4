"""``DATA_FILE=... make run``: the local server keeps its data across restarts.

The server runs as ``make run`` runs it (``python -m tools.local_server``, in a child process, on a free
loopback port). Data written over HTTP survives a clean stop (SIGTERM, saved at exit) and a crash
(SIGKILL, after a periodic save); a file that cannot be read stops the start instead of being replaced.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.api.support import SEED

FUNCTIONS = Path(__file__).resolve().parents[2] / "functions"


class Server:
    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process = process
        self.url = url

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")


@contextmanager
def local_server(data_file: Path, save_seconds: float = 0) -> Iterator[Server]:
    env = {
        **os.environ,
        "PORT": "0",
        "HOST": "127.0.0.1",
        "PYTHONPATH": str(FUNCTIONS),
        "TABLE_NAME": "scopa-local",
        "ADMIN_TOKEN": "admin-local",
        "PIPELINE_SECONDS": "0",
        "DATA_FILE": str(data_file),
        "DATA_SAVE_SECONDS": str(save_seconds),
    }
    env.pop("DYNAMODB_ENDPOINT", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "tools.local_server"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url = _wait_for_banner(process)
        yield Server(process, url)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()


def _wait_for_banner(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    seen = []
    for line in process.stdout:  # ends when the process does
        seen.append(line)
        found = re.search(r"running on (http://127\.0\.0\.1:\d+)", line)
        if found:
            return found.group(1)
    raise AssertionError("the server did not start:\n" + "".join(seen))


def stop(server: Server, sig: int) -> str:
    """Send ``sig``, wait for the exit, return what the server printed after its banner."""
    server.process.send_signal(sig)
    out, _ = server.process.communicate(timeout=20)
    return out


def test_the_local_server_keeps_its_data_in_a_file_across_restarts(tmp_path: Path) -> None:
    data = tmp_path / "local" / "scopa.ndjson.gz"

    # A first run with periodic saves: a player registers, then the server is killed without warning.
    with local_server(data, save_seconds=0.3) as server:
        status, body = server.call("POST", "/players", {"name": "Ada"})
        assert status == 201, body
        ada, token = body["player"]["id"], body["token"]
        deadline = time.monotonic() + 10
        while not data.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.7)  # a save that began before the registration is followed by one after it
        stop(server, signal.SIGKILL)
    assert data.exists()
    assert not list(data.parent.glob("*.part"))  # saves are renamed into place, never left half-written

    # A second run finds her (and her token works); she starts a match and moves; SIGTERM stops it cleanly.
    with local_server(data) as server:
        status, me = server.call("GET", "/me", token=token)
        assert (status, me["id"], me["name"]) == (200, ada, "Ada")
        status, match = server.call("POST", "/matches", {"players": [ada, "bot-greedy"], "seed": SEED}, token)
        assert status == 201, match
        chosen = match["view"]["legal_moves"][0]
        move = {"card": chosen["card"], "take": chosen["take"], "version": match["version"]}
        status, moved = server.call("POST", f"/matches/{match['id']}/moves", move, token)
        assert status == 200, moved
        out = stop(server, signal.SIGTERM)
    assert server.process.returncode == 0, out
    assert re.search(r"data saved to .*scopa\.ndjson\.gz \(\d+ items\)", out), out

    # A third run answers the match as it was left.
    with local_server(data) as server:
        status, again = server.call("GET", f"/matches/{match['id']}", token=token)
        assert status == 200, again
        assert again == moved
        stop(server, signal.SIGTERM)


def test_a_data_file_that_cannot_be_read_stops_the_start_and_is_left_alone(tmp_path: Path) -> None:
    data = tmp_path / "scopa.ndjson"
    data.write_text("not a backup\n", encoding="utf-8")
    env = {**os.environ, "PORT": "0", "PYTHONPATH": str(FUNCTIONS), "DATA_FILE": str(data)}
    env["PIPELINE_SECONDS"] = "0"
    env.pop("DYNAMODB_ENDPOINT", None)
    done = subprocess.run(
        [sys.executable, "-m", "tools.local_server"],
        check=False,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"cannot restore {data}" in done.stderr
    assert data.read_text(encoding="utf-8") == "not a backup\n"

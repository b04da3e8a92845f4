"""The quick starts, run as a user runs them: ``make run`` in one terminal, the documents' ``sh`` blocks in
another.

``make run`` starts from the repository's root in an environment holding only ``PATH`` and ``HOME``, plus
``PORT=0`` (a free port, read back from its banner) and ``SQLITE_PATH`` in a temporary folder (never the
developer's ``.local/scopa.db``): nothing this test process set for itself (``tests/conftest.py`` sets a
table, fake AWS keys and turns the rate limit off) reaches it. The blocks are read from README.md,
docs/api.md and docs/api-walkthrough.md themselves and run by ``bash -euo pipefail`` in an environment as
clean, from a temporary folder (the walk-through writes record files there; ``.venv`` links to the
repository's), with the documents' ``http://127.0.0.1:8000`` pointed at the server's port. What each
walk-through promises is then checked on what it printed.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.docs.facts import ROOT, document
from tools.local_server import DEFAULT_HOST, DEFAULT_PORT

DOCUMENTED_URL = f"http://{DEFAULT_HOST}:{DEFAULT_PORT}"
START_SECONDS = 60  # make run on a busy 2-core machine: the imports and the SQLite schema


def _clean_environment(**extra: str) -> dict[str, str]:
    return {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/"), **extra}


@dataclass
class Server:
    url: str
    output: list[str]  # what make run has printed so far (read all along, so its pipe never fills)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("make-run")
    env = _clean_environment(PORT="0", SQLITE_PATH=str(data / "scopa.db"))
    process = subprocess.Popen(
        ["make", "--no-print-directory", "run"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group: make, and the server it starts, end together
    )
    output: list[str] = []
    started = threading.Event()
    reader = threading.Thread(target=_read, args=(process, output, started), daemon=True)
    reader.start()
    try:
        started.wait(START_SECONDS)
        url = re.search(r"running on (http://\S+)", "".join(output))
        assert url, "make run printed no address:\n" + "".join(output)
        _wait_for_health(url.group(1))
        yield Server(url.group(1), output)
    finally:
        _stop(process)
        reader.join(timeout=10)


def _read(process: subprocess.Popen[str], output: list[str], started: threading.Event) -> None:
    """Keep what ``make run`` prints; ``started`` once its banner is out (or it ended)."""
    assert process.stdout is not None
    for line in process.stdout:
        output.append(line)
        if line.startswith("Press Ctrl-C"):
            started.set()
    started.set()


def _wait_for_health(url: str) -> None:
    deadline = time.monotonic() + 10
    while True:
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=5) as answer:  # loopback only
                assert json.load(answer) == {"ok": True}
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _stop(process: subprocess.Popen[str]) -> None:
    """End make and the server it started: their process group, SIGTERM, then SIGKILL after 10 s."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if not _group_alive(process):
            break
        os.killpg(process.pid, sig)
        deadline = time.monotonic() + 10
        while _group_alive(process) and time.monotonic() < deadline:
            time.sleep(0.05)
    process.wait(timeout=10)


def _group_alive(process: subprocess.Popen[str]) -> bool:
    process.poll()  # reap make once it ends, so that its zombie does not keep the group alive
    try:
        os.killpg(process.pid, 0)
    except ProcessLookupError:
        return False
    return True


def _sh_blocks(path: str) -> list[str]:
    return [b.text for b in document(path).blocks if b.language == "sh"]


def _run(blocks: list[str], server: Server, folder: Path) -> list[str]:
    """Run the blocks as one script (they share variables, as in one terminal); each block's output."""
    script = []
    for i, block in enumerate(blocks):
        assert DOCUMENTED_URL in block or "$API" in block, block
        script.append(f"printf '\\n@@block {i}\\n'")  # on a line of its own, after any output
        script.append(block.replace(DOCUMENTED_URL, server.url))
    (folder / ".venv").symlink_to(ROOT / ".venv")
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", "\n".join(script)],
        cwd=folder,
        env=_clean_environment(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    outputs = re.split(r"^@@block \d+\n", done.stdout, flags=re.MULTILINE)[1:]
    assert len(outputs) == len(blocks), done.stdout
    return outputs


def _json_values(text: str) -> list[Any]:
    """The JSON values printed one after another (jq's pretty or compact output)."""
    decoder = json.JSONDecoder()
    values: list[Any] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return values
        value, at = decoder.raw_decode(text, at)
        values.append(value)


def _retry_check(server: Server) -> str:
    """Lines that send the walk-through's move again under its key and read the match afterwards: what
    the comment "a retry with the same key changes nothing" promises."""
    return "\n".join(
        [
            "echo '@@retry'",
            f'curl -s -X POST {server.url}/matches/$MID/moves -H "Authorization: Bearer $TOKEN" '
            "-H 'Idempotency-Key: move-1' -H 'Content-Type: application/json' -d \"$MOVE\" "
            "| jq -c '{version, status, table: .view.table}'",
            f'curl -s {server.url}/matches/$MID -H "Authorization: Bearer $TOKEN" '
            "| jq -c '{version, status, table: .view.table, players: [.seats[].player_id]}'",
        ]
    )


def _run_with_retry(path: str, server: Server, folder: Path) -> tuple[list[Any], list[Any]]:
    """The document's first ``sh`` block holding the walk-through, then :func:`_retry_check`: the values
    the block printed and those the check printed."""
    (block,) = [b for b in _sh_blocks(path) if "Idempotency-Key: move-1" in b]
    outputs = _run([block + "\n" + _retry_check(server)], server, folder)
    printed, _, checked = outputs[0].partition("@@retry\n")
    return _json_values(printed), _json_values(checked)


def _assert_a_move_against_the_bot_applied_once(moved: dict[str, Any], checked: list[Any]) -> None:
    again, match = checked
    assert moved["status"] == "active"
    assert moved["version"] >= 2  # created at 1; the move (with the bot's reply) advanced it
    assert again == {k: moved[k] for k in ("version", "status", "table")}  # the same answer
    assert match["version"] == moved["version"]  # and nothing applied twice
    assert match["table"] == moved["table"]
    assert "bot-greedy" in match["players"]


def test_the_readme_quick_start(server: Server, tmp_path: Path) -> None:
    printed, checked = _run_with_retry("README.md", server, tmp_path)
    (moved,) = printed
    assert set(moved) == {"version", "status", "table"}
    _assert_a_move_against_the_bot_applied_once(moved, checked)


def test_the_api_documents_quick_start(server: Server, tmp_path: Path) -> None:
    printed, checked = _run_with_retry("docs/api.md", server, tmp_path)
    view, moved = printed
    assert view["version"] == 1
    assert view["view"]["legal_moves"]
    assert moved["last"]["card"] is not None
    _assert_a_move_against_the_bot_applied_once(moved, checked)


def test_the_api_walkthrough(server: Server, tmp_path: Path) -> None:
    blocks = _sh_blocks("docs/api-walkthrough.md")
    assert blocks[0].strip() == "make run"  # this test's server
    out = [_json_values(o) for o in _run(blocks[1:], server, tmp_path)]
    health, registered, me, invited, accepted, view, moved, retried, waited, resigned, record = out[:11]
    bots, played, replayed = out[11:]
    assert health == [{"ok": True}]
    ada = registered[0]["player"]
    assert registered[0]["token"].startswith("scs_")
    assert me == [{"id": ada["id"], "name": "Ada", "role": "player"}]
    assert invited[0]["status"] == "pending"
    assert accepted[0]["status"] == "active"
    assert view[0]["hand"]
    assert view[1:]  # one line per legal move
    body, answer = moved
    assert answer["version"] == body["version"] + 1
    assert retried == [{"version": answer["version"]}, retried[1]]
    assert retried[1]["code"] == "stale_version"
    woke = waited[0] | waited[1]  # the waiting request answers once the move is applied: in either order
    assert woke["woke_at_version"] == woke["moved_to_version"]
    assert woke["your_turn"] is True
    assert resigned[0]["result"]["reason"] == "resigned"
    assert record[1]["ok"] is True
    assert bots[0] == ["bot-random", "bot-greedy", "bot-strong"]
    assert played[0]["status"] == "finished"
    assert played[0]["result"]["reason"] == "target"
    assert replayed[0]["ok"] is True
    assert replayed[0]["result"]["scores"] == played[0]["result"]["scores"]

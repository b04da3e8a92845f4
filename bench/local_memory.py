"""Memory of ``make run`` over many games: the server's resident set size (RSS) every 100 games.

Starts the local server as ``make run`` does (``python -m tools.local_server``, a child process on a free
loopback port, on a fresh store), then a few client threads play whole matches against ``bot-greedy``
over HTTP (a match to ``--target`` points; the bot answers within each move), and the server's RSS is read
from ``/proc`` (Linux) before the first game and after every ``--every`` games. The goal: flat, and under
300 MB after 1,000 games. Run by hand, not in ``make test``:

    python -m bench.local_memory --storage sqlite --games 1000
    python -m bench.local_memory --storage dynamodb --games 300
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def rss_mb(pid: int) -> float:
    """The process's resident set size in MB, from /proc/<pid>/status."""
    text = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    found = re.search(r"^VmRSS:\s+(\d+) kB", text, re.MULTILINE)
    assert found, "no VmRSS line"
    return int(found.group(1)) / 1024


def call(url: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:  # loopback only
            return json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as exc:
        raise RuntimeError(f"{method} {path} answered {exc.code}: {exc.read()[:200]!r}") from None


def play_one(url: str, token: str, me: str, target: int, rng: random.Random) -> int:
    """One match against bot-greedy to its end; the number of moves the client made."""
    match = call(url, "POST", "/matches", {"players": [me, "bot-greedy"], "target": target}, token)
    moves = 0
    while match["status"] == "active":
        chosen = rng.choice(match["view"]["legal_moves"])
        move = {"card": chosen["card"], "take": chosen["take"], "version": match["version"]}
        match = call(url, "POST", f"/matches/{match['id']}/moves", move, token)
        moves += 1
    return moves


def start_server(storage: str, folder: Path) -> tuple[subprocess.Popen[str], str]:
    env = {
        **os.environ,
        "PORT": "0",
        "HOST": "127.0.0.1",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "functions"), os.environ.get("PYTHONPATH")])),
        "STORAGE": storage,
        "SQLITE_PATH": str(folder / "scopa.db"),
        "ADMIN_TOKEN": "adm_bench-local-memory",
    }
    env.pop("DYNAMODB_ENDPOINT", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "tools.local_server"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"running on (http://127\.0\.0\.1:\d+)", line)
        if found:
            # Keep draining the server's output, so a chatty server never blocks on a full pipe.
            threading.Thread(target=process.stdout.read, daemon=True).start()
            return process, found.group(1)
    raise RuntimeError("the server did not start")


def run(storage: str, games: int, clients: int, every: int, target: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="scopa-memory-") as folder:
        process, url = start_server(storage, Path(folder))
        try:
            samples = [(0, rss_mb(process.pid))]
            lock = threading.Lock()
            state = {"started": 0, "done": 0, "moves": 0}
            errors: list[str] = []
            t0 = time.perf_counter()

            def client(number: int) -> None:
                rng = random.Random(number)
                joined = call(url, "POST", "/players", {"name": f"Bench {number}"})
                token, me = joined["token"], joined["player"]["id"]
                while True:
                    with lock:
                        if state["started"] >= games or errors:
                            return
                        state["started"] += 1
                    try:
                        moves = play_one(url, token, me, target, rng)
                    except Exception as exc:
                        with lock:
                            errors.append(str(exc))
                        return
                    with lock:
                        state["done"] += 1
                        state["moves"] += moves
                        if state["done"] % every == 0:
                            samples.append((state["done"], rss_mb(process.pid)))
                            print(f"  {state['done']:5d} games  RSS {samples[-1][1]:7.1f} MB", flush=True)

            threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            seconds = time.perf_counter() - t0
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
    if errors:
        raise RuntimeError(f"{len(errors)} clients failed; first: {errors[0]}")
    later = [s for s in samples if s[0] >= every]
    slope = (later[-1][1] - later[0][1]) / (later[-1][0] - later[0][0]) if len(later) > 1 else 0.0
    return {
        "storage": storage,
        "games": state["done"],
        "moves": state["moves"],
        "clients": clients,
        "seconds": round(seconds, 1),
        "rss_mb": [(n, round(mb, 1)) for n, mb in samples],
        "mb_per_game_after_first_sample": round(slope, 4),
        "peak_mb": round(max(mb for _, mb in samples), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.local_memory", description=__doc__.split("\n")[0])
    parser.add_argument("--storage", choices=("sqlite", "dynamodb"), default="sqlite")
    parser.add_argument("--games", type=int, default=1000, help="matches in all (default 1000)")
    parser.add_argument("--clients", type=int, default=3, help="concurrent client threads (default 3)")
    parser.add_argument("--every", type=int, default=100, help="read the RSS every this many games")
    parser.add_argument("--target", type=int, default=1, help="points to win a match (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    print(
        f"make run on {args.storage}: {args.games} games against bot-greedy, {args.clients} clients",
        flush=True,
    )
    report = run(args.storage, args.games, args.clients, args.every, args.target)
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{report['games']} games ({report['moves']} client moves) in {report['seconds']} s; "
            f"RSS {report['rss_mb'][0][1]} MB at start, {report['rss_mb'][-1][1]} MB at the end "
            f"(peak {report['peak_mb']} MB); {report['mb_per_game_after_first_sample']} MB per game "
            f"after the first {args.every}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

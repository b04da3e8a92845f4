"""The example bot's games against the house bots through a running server (docs/bots.md, "Measured").

    ADMIN_TOKEN=... make run    # in another terminal
    ADMIN_TOKEN=... python -m tools.bot_games --versus bot-greedy -n 20 [--url http://127.0.0.1:8000]

Makes a bot account (as the admin), runs ``scopa bot`` with the example bot
(``clients/python/examples/taker.py``, or ``--program``) for ``n`` games against the house bot, then reads
each game's record and prints the points per deal of both sides, with the games won.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path

from scopa_client import Session
from scopa_client.bot import BotRunner, BotSettings, Program

EXAMPLE = Path(__file__).resolve().parent.parent / "clients" / "python" / "examples" / "taker.py"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--versus", default="bot-greedy")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("-n", "--games", type=int, default=20)
    parser.add_argument("--program", default=f"{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))}")
    args = parser.parse_args(argv)
    admin_token = os.environ.get("ADMIN_TOKEN")
    if not admin_token:
        print("set ADMIN_TOKEN to the server's admin token", file=sys.stderr)
        return 2
    with Session(args.url, admin_token) as admin:
        made = admin.request("POST", "/admin/bots", {"name": "Example bot"})
    token = str(made["token"])
    program = Program(shlex.split(args.program))
    settings = BotSettings(
        versus=args.versus,
        versus_preset=args.preset,
        max_games=1,
        stop_after=args.games,
        accept_challenges=False,
    )
    started = time.perf_counter()
    with Session(args.url, token) as session:
        try:
            report = BotRunner(session, program, settings).run()
        finally:
            program.close()
        seconds = time.perf_counter() - started
        mine = other = deals = wins = 0
        for done in report.finished:
            record = session.request("GET", f"/matches/{done.match_id}/record")
            seat = int(done.seat or 0)
            for deal in record["deals"]:
                if deal.get("points"):
                    deals += 1
                    mine += deal["points"][seat]
                    other += deal["points"][1 - seat]
            wins += int(record["result"]["winner"] == seat)
    games = len(report.finished)
    summary = {
        "versus": args.versus,
        "preset": args.preset,
        "games": games,
        "wins": wins,
        "deals": deals,
        "points_per_deal": round(mine / deals, 3) if deals else None,
        "opponent_points_per_deal": round(other / deals, 3) if deals else None,
        "decisions": report.decisions,
        "seconds": round(seconds, 1),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

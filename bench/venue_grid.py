"""Results per minute at the organizer's results grid (docs/venue.md): a scripted browser run.

``python -m bench.venue_grid`` (in ``make bench``) starts ``make run``'s server (SQLite) on a free port, a
60-entrant in-person Swiss whose round 1 has 30 tables, and chromium (Playwright). Three ways to enter the
30 results, each into a fresh tournament, measured in the same run:

* **reference**: the 30 ``PUT .../score`` requests sent straight to the API, one after another: the
  floor the grid cannot beat;
* **grid, machine speed**: the grid page, every line typed at once ("12 11-7", Enter): what the page
  adds to the API;
* **grid, practiced hand**: the same lines typed at ``--key-ms`` a key (150 ms: about 70 words a
  minute) after ``--read-ms`` to read each slip (1 s): what an organizer at the desk can do.

The issue's goal: 30 tables in under two minutes (15 a minute) by a practiced hand. Also printed: the
keystrokes a result (the test asserts at most 8: tests/web/test_venue_pages.py).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from bench.api import ADMIN_TOKEN
from bench.live_latency import call, served

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")  # Debian's (make browser), as tests/web
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
GOAL_PER_MINUTE = 15.0  # 30 tables in two minutes
TABLES = 30


def tournament(server: Any, tables: int) -> tuple[str, str, list[int]]:
    """An in-person Swiss of ``2 * tables`` players, round 1 paired: (id, organizer's token, tables)."""
    url = server.url
    me = call(url, "POST", "/players", {"name": "Olga"})
    call(url, "PUT", f"/players/{me['player']['id']}/role", {"role": "organizer"}, ADMIN_TOKEN)
    olga = me["token"]
    settings = {"format": "swiss", "rounds": 3, "target": 11, "play_mode": "in_person"}
    t = call(url, "POST", "/tournaments", {"name": "Bench night", "settings": settings}, olga)
    for i in range(2 * tables):
        pid = call(url, "POST", "/players", {"name": f"Player {i + 1:02d}"})["player"]["id"]
        call(url, "POST", f"/tournaments/{t['id']}/entries", {"players": [pid]}, olga)
    call(url, "POST", f"/tournaments/{t['id']}/start", None, olga)
    server.run_pipeline()
    numbers = [x["table"] for x in call(url, "GET", f"/tournaments/{t['id']}/rounds/1")["tables"]]
    return t["id"], olga, numbers


def line(table: int) -> str:
    return f"{table} 11-{table % 10}"


def by_api(server: Any) -> float:
    tid, olga, numbers = tournament(server, TABLES)
    began = time.perf_counter()
    for n in numbers:
        body = {"games": [[11, n % 10]], "reason": "entered at the desk"}
        call(server.url, "PUT", f"/tournaments/{tid}/rounds/1/tables/{n}/score", body, olga)
    return time.perf_counter() - began


def by_grid(server: Any, browser: Any, key_ms: float, read_ms: float) -> tuple[float, int]:
    tid, olga, numbers = tournament(server, TABLES)
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    ctx.add_init_script(f"sessionStorage.setItem('scopa.token', {olga!r})")
    page = ctx.new_page()
    keys = 0
    try:
        page.goto(f"{server.url}/web/tournaments/{tid}/results")
        page.wait_for_function("() => document.getElementById('tally').textContent !== ''")
        page.focus("#command")
        began = time.perf_counter()
        for n in numbers:
            if read_ms:
                page.wait_for_timeout(read_ms)
            page.keyboard.type(line(n), delay=key_ms)
            page.keyboard.press("Enter")
            keys += len(line(n)) + 1
        page.wait_for_function(
            f"() => document.getElementById('results').dataset.confirmed === '{len(numbers)}'",
            timeout=300_000,
        )
        seconds = time.perf_counter() - began
    finally:
        ctx.close()
    done = call(server.url, "GET", f"/tournaments/{tid}/rounds/1")["tables"]
    if sum(x["state"] == "confirmed" for x in done) != len(numbers):
        raise RuntimeError("the grid did not confirm every table")
    return seconds, keys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--key-ms", type=float, default=150.0, help="a practiced hand's time a key (150)")
    parser.add_argument("--read-ms", type=float, default=1000.0, help="time to read a slip, ms (1000)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with served("sqlite") as server, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            reference = by_api(server)
            fast, keys = by_grid(server, browser, 0, 0)
            hand, _ = by_grid(server, browser, args.key_ms, args.read_ms)
        finally:
            browser.close()
    rate = TABLES / hand * 60
    verdict = "met" if rate >= GOAL_PER_MINUTE else "MISSED"
    print(
        f"results grid, {TABLES} tables: practiced hand ({args.key_ms:.0f} ms a key, {args.read_ms:.0f} ms "
        f"a slip) {hand:.1f} s = {rate:.0f} results a minute (goal >= {GOAL_PER_MINUTE:.0f}: {verdict}); "
        f"machine speed {fast:.2f} s = {TABLES / fast * 60:.0f} a minute; reference (the API alone) "
        f"{reference:.2f} s = {TABLES / reference * 60:.0f} a minute; {keys / TABLES:.1f} keys a result"
    )
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))

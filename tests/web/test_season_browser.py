"""A club season in a real browser: an organizer starts it from the club page, attaches a finished club
tournament on the season page, sees the standings the API gives, and detaches it again."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from tests.web.conftest import Site
from tests.web.test_console import Tab, flashed


def finished_club_tournament(site: Site, token: str, club: str) -> str:
    http = site.http
    body = {
        "name": "Notte dei bot",
        "club_id": club,
        "settings": {"format": "swiss", "rounds": 2, "target": 1},
    }
    t = http.ok("POST", "/tournaments", body, token)
    for i in range(5):
        http.ok("POST", f"/tournaments/{t['id']}/entries", {"players": [f"bot-greedy-{i + 1}"]}, token)
    http.ok("POST", f"/tournaments/{t['id']}/start", None, token)
    for _ in range(50):
        if http.ok("GET", f"/tournaments/{t['id']}")["status"] == "finished":
            return str(t["id"])
        site.run_pipeline()
    raise AssertionError("the club tournament did not finish")


def test_an_organizer_runs_a_season_by_clicking(site: Site, browser: Any) -> None:
    http = site.http
    _olga_id, olga = http.organizer("Olga")
    club = http.ok("POST", "/clubs", {"name": "Circolo delle stagioni"}, olga)["id"]
    tid = finished_club_tournament(site, olga, club)
    today = datetime.fromtimestamp(site.clock.now(), UTC).date()
    tab = Tab(browser, olga)
    page = tab.page
    try:
        page.goto(f"{site.url}/web/clubs/{club}")
        page.wait_for_selector("#organizer-panel:not([hidden])")
        page.click("#season-tool summary")
        page.fill("#season-form input[name=name]", "Stagione")
        page.fill("#season-form input[name=starts_on]", (today - timedelta(days=30)).isoformat())
        page.fill("#season-form input[name=ends_on]", (today + timedelta(days=30)).isoformat())
        page.fill("#season-form input[name=points]", "10, 6, 4, 2, 1")
        page.fill("#season-form input[name=best_of]", "3")
        page.click("#season-form button[type=submit]")
        page.wait_for_url(re.compile(rf"/web/clubs/{club}/seasons/s_"))
        sid = page.url.rsplit("/", 1)[1]
        season = http.ok("GET", f"/clubs/{club}/seasons/{sid}")
        assert (season["rules"]["points"], season["rules"]["best_of"]) == ([10, 6, 4, 2, 1], 3)

        page.wait_for_selector("#season-console:not([hidden])")
        page.select_option("#attach-form select", tid)
        page.click("#attach-form button[type=submit]")
        flashed(page, "#season-status", "counts in the season")
        rows = http.ok("GET", f"/clubs/{club}/seasons/{sid}/standings")["rows"]
        assert len(rows) == 5
        shown = page.eval_on_selector_all(
            "#season-standings tbody tr",
            "rows => rows.map(r => [r.dataset.player, Number(r.querySelector('.points').textContent)])",
        )
        assert shown == [[r["player"], r["points"]] for r in rows]

        page.wait_for_selector("#season-events button.detach")
        page.click("#season-events button.detach")
        flashed(page, "#season-status", "no longer counts")
        assert http.ok("GET", f"/clubs/{club}/seasons/{sid}")["tournaments"] == []
        assert page.locator("#season-standings").count() == 0
    finally:
        tab.close()

"""The organizer console's import form in a real browser: a pasted list is checked (nothing entered),
then imported with unknown names made guests; each line's outcome is listed under the form."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Site
from tests.web.test_console import Tab


def test_an_organizer_checks_then_imports_a_pasted_list(site: Site, browser: Any) -> None:
    http = site.http
    _, olga = http.organizer("Olga Import")
    ada, _ = http.register("Ada Import")
    tid = http.ok(
        "POST",
        "/tournaments",
        {"name": "Giovedì", "settings": {"format": "swiss", "rounds": 3, "target": 1}},
        olga,
    )["id"]
    tab = Tab(browser, olga)
    try:
        page = tab.page
        page.goto(f"{site.url}/web/tournaments/{tid}")
        page.wait_for_selector("#organizer-panel:not([hidden])")
        page.fill("#import-form textarea[name=text]", "ada import\nNonna Import\nada import\n")
        page.check("#import-form input[name=create_guests]")
        page.click("#import-form button[data-do=check]")
        page.wait_for_selector("#import-report:not([hidden]) li")
        checked = page.locator("#import-report li").evaluate_all("items => items.map(i => i.dataset.status)")
        assert checked == ["entered", "guest_created", "duplicate"]
        assert "nothing was entered" in page.inner_text("#console-status")
        assert http.ok("GET", f"/tournaments/{tid}/entries")["entries"] == []

        page.click("#import-form button[data-do=import]")
        page.wait_for_function(
            "() => (document.getElementById('console-status')?.textContent || '').includes('Imported.')"
        )
        lines = page.locator("#import-report li").all_inner_texts()
        assert lines[0].startswith("line 1, Ada Import: entered")
        assert lines[2] == "line 3, ada import: duplicate (the same player as line 1)"
        entered = {e["name"]: e["id"] for e in http.ok("GET", f"/tournaments/{tid}/entries")["entries"]}
        assert entered.keys() == {"Ada Import", "Nonna Import"}
        assert entered["Ada Import"] == ada
        assert http.ok("GET", f"/players/{entered['Nonna Import']}")["guest"] is True
    finally:
        tab.close()

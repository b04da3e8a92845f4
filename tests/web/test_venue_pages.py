"""The venue pages in a real browser (docs/venue.md): the projector pages itself through long lists and
follows the tournament by push; the printed pairings, result slips (each QR code holds its table's report
page), standings and crosstable, printed to PDF by chromium, hold the right tables; the organizer's desk
shows the venue code and its QR code and takes late entries and drops; an entrant checks in with the code.

The field is eleven registered players in an in-person Swiss (to 11 points); the organizer enters the
tables' scores, which the test counts itself (the independent recount).
"""

from __future__ import annotations

import io
import math
import re
import time
from datetime import UTC, datetime
from typing import Any

import pytest

from scopa.web.qr import qr_matrix
from scopa.web.venue import report_path
from tests.web.conftest import Site
from tests.web.support import Http

PLAYERS = ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil", "Gea", "Ugo", "Ivo", "Lia", "Max"]
SWISS = {"format": "swiss", "rounds": 3, "preset": "classic", "target": 11, "play_mode": "in_person"}


class Field:
    """A started Swiss of registered players (names -> ids, tokens), run by an organizer."""

    def __init__(
        self,
        site: Site,
        settings: dict[str, Any] = SWISS,
        start: bool = True,
        players: list[str] = PLAYERS,
        guests: tuple[str, ...] | list[str] = (),
        club_id: str | None = None,
        olga: str | None = None,
    ) -> None:
        http = site.http
        self.http = http
        self.site = site
        self.olga = olga or http.organizer("Olga")[1]
        body: dict[str, Any] = {"name": "Giovedì al circolo", "settings": settings}
        if club_id is not None:
            body["club_id"] = club_id
        t = http.ok("POST", "/tournaments", body, self.olga)
        self.id: str = t["id"]
        self.base = f"/tournaments/{self.id}"
        self.ids: dict[str, str] = {}
        self.tokens: dict[str, str] = {}
        for name in players:
            pid, token = http.register(name)
            self.ids[name], self.tokens[name] = pid, token
            http.ok("POST", f"{self.base}/entries", {"players": [pid]}, self.olga)
        if guests:  # people without a phone: entered from a pasted list, made guests of the organizer
            text = "".join(f"{name}\n" for name in guests)
            body = {"format": "list", "text": text, "create_guests": True}
            report = http.ok("POST", f"{self.base}/entries/import", body, self.olga)
            assert [line["status"] for line in report["lines"]] == ["guest_created"] * len(guests)
            for entry in http.ok("GET", f"{self.base}/entries")["entries"]:
                if entry["name"] in guests:
                    self.ids[entry["name"]] = entry["id"]
        self.names = {pid: name for name, pid in self.ids.items()}
        if start:
            http.ok("POST", f"{self.base}/start", None, self.olga)
            site.run_pipeline()

    def round(self, number: int) -> dict[str, Any]:
        return dict(self.http.ok("GET", f"{self.base}/rounds/{number}"))

    def decide(self, number: int, table: int, games: list[list[int]]) -> dict[str, Any]:
        """The organizer enters a table's games (PUT .../score)."""
        body = {"games": games, "reason": "seen at the table"}
        path = f"{self.base}/rounds/{number}/tables/{table}/score"
        return dict(self.http.ok("PUT", path, body, self.olga))


def signed_in(browser: Any, token: str | None, viewport: dict[str, int]) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport=viewport)
    if token:
        ctx.add_init_script(f"sessionStorage.setItem('scopa.token', {token!r})")
    tab = ctx.new_page()
    tab.set_default_timeout(20_000)
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and not m.text.startswith("WebSocket connection to")
            else None
        ),
    )
    return ctx, tab, errors


def pdf_text(page: Any) -> tuple[str, int]:
    """The page printed to PDF by chromium (A4, print CSS): its text layer and its page count."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True)))
    return "\n".join(p.extract_text() for p in reader.pages), len(reader.pages)


def svg_modules(svg_path: str, border: int = 2) -> list[list[int]]:
    """The dark modules of a segno SVG path ("M2 2.5h7m1 0h1..."), as rows of 0/1 without the quiet zone:
    read back from what the page drew, to compare with the code of the URL it should hold."""
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for op, a, b in re.findall(r"([MmHh])\s*(-?[\d.]+)(?:[ ,](-?[\d.]+))?", svg_path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            length = float(a) if op == "h" else float(a) - x
            for i in range(round(length)):
                dark.add((int(y), int(x) + i))
            x += length
    size = max(*(r for r, _ in dark), *(c for _, c in dark)) + 1 - border
    return [[int((r + border, c + border) in dark) for c in range(size)] for r in range(size)]


def test_the_projector_pages_itself_and_follows_by_push(site: Site, browser: Any) -> None:
    field = Field(site)
    rnd = field.round(1)
    tables = rnd["tables"]
    assert len(tables) == 5
    assert len(rnd["byes"]) == 1
    # A short wall (a low projector), pages turned every second
    ctx, tab, errors = signed_in(browser, None, {"width": 1024, "height": 360})
    try:
        tab.goto(f"{site.url}/web/tournaments/{field.id}/projector?seconds=1")
        tab.wait_for_function("() => Number(document.getElementById('projector').dataset.pages) > 2")
        pages = int(tab.eval_on_selector("#projector", "e => e.dataset.pages"))
        # Every page fits the wall (nothing to scroll), and across the pages every name shows
        seen_tables: set[str] = set()
        seen_names: set[str] = set()
        for _ in range(pages):
            start = tab.eval_on_selector("#projector", "e => e.dataset.page")
            assert tab.evaluate("document.documentElement.scrollHeight") <= 360 + 1
            seen_tables |= set(
                tab.eval_on_selector_all(
                    "#pairings tbody tr:not([hidden]) td.num", "l => l.map(e => e.textContent)"
                )
            )
            seen_names |= set(
                tab.eval_on_selector_all("#where li:not([hidden]) .who", "l => l.map(e => e.textContent)")
            )
            tab.wait_for_function(f"() => document.getElementById('projector').dataset.page !== '{start}'")
        assert seen_tables == {str(x["table"]) for x in tables}
        assert seen_names == set(PLAYERS)
        # Who plays where is A to Z, each at their table
        where = tab.eval_on_selector_all(
            "#where li",
            "l => l.map(e => [e.querySelector('.who').textContent, e.querySelector('.at').textContent])",
        )
        assert [w[0] for w in where] == sorted(PLAYERS)
        at = {x[side]["name"]: f"Table {x['table']}" for x in tables for side in ("first", "second")}
        at |= {b["name"]: "Bye" for b in rnd["byes"]}
        assert dict(where) == at

        # When the organizer decides table 1, the wall shows it without a reload (the push)
        tab.evaluate("window.sameDocument = true")
        began = time.monotonic()
        field.decide(1, 1, [[11, 7]])
        tab.wait_for_function(
            "() => document.querySelector('#pairings tr[data-table=\"1\"] td.res').textContent === '11-7'"
        )
        delay = time.monotonic() - began
        print(f"\nprojector push delay after a result: {delay * 1000:.0f} ms")
        assert tab.evaluate("window.sameDocument") is True
        assert int(tab.evaluate("document.body.dataset.refreshes")) >= 1
    finally:
        ctx.close()
    assert errors == []


def test_printed_sheets_hold_the_right_tables(site: Site, browser: Any) -> None:
    field = Field(site)
    rnd = field.round(1)
    tables = rnd["tables"]
    ctx, tab, errors = signed_in(browser, None, {"width": 1200, "height": 900})
    try:
        # Pairings: every table with both names, and who plays where
        tab.goto(f"{site.url}/web/tournaments/{field.id}/print/pairings?round=1")
        text, pages = pdf_text(tab)
        assert pages == 1
        assert "Pairings, round 1" in text
        assert "At the venue" not in text  # the menus stay on the screen
        for x in tables:
            assert re.search(rf"^{x['table']}\s*{x['first']['name']}\s*{x['second']['name']}", text, re.M), x
        assert f"Bye: {rnd['byes'][0]['name']}" in text

        # Result slips: one a table, three to a sheet, each QR code the table's report page
        tab.goto(f"{site.url}/web/tournaments/{field.id}/print/slips")
        slips = tab.eval_on_selector_all(
            ".slip",
            "l => l.map(s => [s.dataset.table, s.querySelector('svg.qr').dataset.text,"
            " s.querySelector('svg.qr path').getAttribute('d')])",
        )
        assert [int(s[0]) for s in slips] == [x["table"] for x in tables]
        for table, url, drawn in slips:
            assert url == f"{site.url}/web/tournaments/{field.id}/rounds/1/tables/{table}"
            assert svg_modules(drawn) == qr_matrix(url), f"table {table}: the QR code is not its URL"
        text, pages = pdf_text(tab)
        assert pages == math.ceil(len(tables) / 3)
        for x in tables:
            assert f"Table {x['table']}" in text
            assert f"/rounds/1/tables/{x['table']}" in text.replace("\n", "")
        # The QR link opens the table's phone page with its two players
        tab.goto(slips[0][1])
        assert (
            tab.inner_text(".report-players")
            == f"{tables[0]['first']['name']} – {tables[0]['second']['name']}"
        )

        # Finish round 1 by corrections: the first seat wins every table (the recount below)
        for x in tables:
            field.decide(1, x["table"], [[11, 4]])
        site.run_pipeline()
        assert field.round(1)["status"] == "closed"
        points = dict.fromkeys(PLAYERS, 0.0)
        for x in tables:
            points[x["first"]["name"]] += 1
        bye = field.http.ok("GET", field.base)["settings"]["bye_points"]
        points[rnd["byes"][0]["name"]] += bye

        tab.goto(f"{site.url}/web/tournaments/{field.id}/print/standings")
        text, pages = pdf_text(tab)
        assert pages == 1
        assert "Standings after round 1" in text
        rows = tab.eval_on_selector_all(
            "#print-standings tbody tr", "l => l.map(r => [...r.cells].map(c => c.textContent))"
        )
        assert {r[1]: float(r[2]) for r in rows} == points
        assert [float(r[2]) for r in rows] == sorted(points.values(), reverse=True)
        for name in PLAYERS:
            assert name in text

        tab.goto(f"{site.url}/web/tournaments/{field.id}/print/crosstable")
        text, pages = pdf_text(tab)
        assert pages == 1
        assert "R1" in text
        cells = tab.eval_on_selector_all(
            "#print-crosstable tbody tr", "l => l.map(r => [r.cells[1].textContent, r.cells[2].textContent])"
        )
        marks = {
            name: ("1" if points[name] == 1 and name != rnd["byes"][0]["name"] else "0") for name in PLAYERS
        }
        marks[rnd["byes"][0]["name"]] = "B"
        assert {n: c.split("·")[0] for n, c in cells} == marks
    finally:
        ctx.close()
    assert errors == []


def test_the_desk_the_venue_code_and_the_check_in(site: Site, browser: Any) -> None:
    starts = datetime.fromtimestamp(site.clock.now() + 600, UTC).isoformat()
    field = Field(site, {**SWISS, "starts_at": starts, "check_in_minutes": 60}, start=False)
    field.http.call("POST", f"{field.base}/open", None, field.olga)  # a scheduled start opens at once
    code = field.http.ok("GET", f"{field.base}/venue-code", None, field.olga)["code"]

    # The organizer's desk: the code, its QR code (the check-in page with the code), late entry, a drop
    ctx, tab, errors = signed_in(browser, field.olga, {"width": 1200, "height": 900})
    try:
        tab.goto(f"{site.url}/web/tournaments/{field.id}/venue")
        tab.wait_for_selector("#venue-code-panel:not([hidden])")
        assert tab.inner_text("#venue-code") == code
        url = f"{site.url}/web/tournaments/{field.id}/check-in?code={code}"
        assert tab.inner_text("#venue-url") == url
        drawn = tab.get_attribute("#venue-qr svg.qr path", "d")
        assert svg_modules(drawn) == qr_matrix(url)
        late_id, _ = field.http.register("Zoe")
        tab.fill("#late-form input[name=player]", f"{site.url}/web/players/{late_id}")
        tab.click("#late-form button")
        tab.wait_for_function("() => document.getElementById('desk-status').textContent.includes('Entered')")
        tab.select_option("#drop-form select", field.ids["Max"])
        tab.click("#drop-form button")
        tab.wait_for_function(
            "() => document.getElementById('desk-status').textContent.includes('Withdrawn')"
        )
        entries = {e["name"]: e["status"] for e in field.http.ok("GET", f"{field.base}/entries")["entries"]}
        assert entries.get("Zoe") == "active"
        assert "Max" not in entries  # withdrawn before the start: removed
    finally:
        ctx.close()
    assert errors == []

    # A player checks in on a phone: a wrong code is refused, the scanned link's code checks in
    ctx, tab, errors = signed_in(browser, field.tokens["Ada"], {"width": 390, "height": 844})
    try:
        tab.goto(f"{site.url}/web/tournaments/{field.id}/check-in")
        tab.fill("#code", "XXXXXX")
        tab.click("#check-in-form button")
        tab.wait_for_selector("#check-in-status.error")
        assert "not this tournament's venue code" in tab.inner_text("#check-in-status")
        tab.goto(url)
        assert tab.input_value("#code") == code
        tab.click("#check-in-form button")
        tab.wait_for_function(
            "() => document.getElementById('check-in-status').textContent.includes('checked in as Ada')"
        )
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()
    assert [e for e in errors if "status of 403" not in e] == []  # the wrong code's refusal, as expected
    entries = {e["name"]: e for e in field.http.ok("GET", f"{field.base}/entries")["entries"]}
    assert entries["Ada"]["checked_in_at"] is not None
    assert entries["Bea"]["checked_in_at"] is None


@pytest.mark.parametrize(
    "path",
    [
        "projector",
        "print/pairings",
        "print/slips",
        "print/standings",
        "print/crosstable",
        "venue",
        "results",
        "check-in",
    ],
)
def test_every_venue_page_answers_before_the_first_round(site: Site, path: str) -> None:
    http: Http = site.http
    _, olga = http.organizer("Oda")
    t = http.ok("POST", "/tournaments", {"name": "Presto", "settings": SWISS}, olga)
    reply = http.call("GET", f"/web/tournaments/{t['id']}/{path}")
    assert reply.status == 200, reply.text[:300]
    assert "script-src 'self'" in reply.headers["content-security-policy"]
    assert http.call("GET", f"/web/tournaments/nope/{path}").status == 404


def test_players_report_from_their_phones_and_the_organizer_settles_a_dispute(
    site: Site, browser: Any
) -> None:
    field = Field(site)
    tables = field.round(1)["tables"]
    one, two = tables[0], tables[1]
    phone = {"width": 390, "height": 844}
    opened: list[tuple[Any, list[str]]] = []

    def at_table(name: str, table: int) -> Any:
        ctx, tab, errors = signed_in(browser, field.tokens[name], phone)
        opened.append((ctx, errors))
        tab.goto(f"{site.url}/web/tournaments/{field.id}/rounds/1/tables/{table}")
        tab.wait_for_selector("#report-form:not([hidden])")
        return tab

    def report(tab: Any, a: int, b: int) -> None:
        tab.fill("input[name=g0a]", str(a))
        tab.fill("input[name=g0b]", str(b))
        tab.click("#report-form button")

    def state(tab: Any, expected: str) -> None:
        tab.wait_for_function(f"() => document.getElementById('report').dataset.state === '{expected}'")

    try:
        # Table one: the first reports 11-7, the second sees it by push and confirms
        first = at_table(one["first"]["name"], one["table"])
        second = at_table(one["second"]["name"], one["table"])
        assert first.evaluate("document.documentElement.scrollWidth") <= 390
        state(first, "waiting")
        report(first, 11, 7)
        state(first, "reported")
        state(second, "reported")  # pushed to the opponent's phone
        assert "reported 11-7" in second.inner_text("#reports")
        assert first.is_hidden("#confirm")  # nobody confirms their own report
        second.click("#confirm")
        state(second, "confirmed")
        state(first, "confirmed")
        assert second.inner_text("#score") == "11-7"
        assert second.is_hidden("#report-form")
        # Someone not at the table sees it but may not report
        ctx, other, errors = signed_in(browser, field.tokens[two["first"]["name"]], phone)
        opened.append((ctx, errors))
        other.goto(f"{site.url}/web/tournaments/{field.id}/rounds/1/tables/{one['table']}")
        other.wait_for_selector("#not-seated:not([hidden])")
        assert other.is_hidden("#report-form")

        # Table two: the two players disagree: a dispute the organizer's grid shows and settles
        a = at_table(two["first"]["name"], two["table"])
        b = at_table(two["second"]["name"], two["table"])
        report(a, 11, 9)
        state(b, "reported")
        report(b, 9, 11)
        state(a, "disputed")
        ctx, grid, errors = signed_in(browser, field.olga, {"width": 1200, "height": 900})
        opened.append((ctx, errors))
        grid.goto(f"{site.url}/web/tournaments/{field.id}/results")
        row = f"#grid tr[data-table='{two['table']}']"
        grid.wait_for_selector(f"{row}.disputed")
        grid.wait_for_selector(f"#grid tr[data-table='{one['table']}'].confirmed")
        # Without a reason, the disputed table is not settled; with one, it is
        grid.fill("#command", f"{two['table']} 11-9")
        grid.keyboard.press("Enter")
        grid.wait_for_function(
            "() => document.getElementById('results-status').textContent.includes('disputed')"
        )
        assert grid.input_value("#command") == f"{two['table']} 11-9"  # kept, to add the reason
        grid.fill("#command", f"{two['table']} 11-9 score sheet signed by both")
        grid.keyboard.press("Enter")
        grid.wait_for_selector(f"{row}.confirmed")
        state(a, "confirmed")
        settled = next(x for x in field.round(1)["tables"] if x["table"] == two["table"])
        assert settled["score"] == [[11, 9]]
        assert settled["result"] == [1, 0]
        audit = field.http.ok("GET", f"{field.base}/audit?limit=50", None, field.olga)["audit"]
        assert any(e["details"].get("reason") == "score sheet signed by both" for e in audit)
    finally:
        for ctx, errors in opened:
            ctx.close()
            assert errors == []


def entries_per_minute(site: Site, browser: Any, tables: int) -> tuple[float, int, int]:
    """A practiced hand at the grid: every table of round 1 typed as "<table> <a>-<b>" and Enter. The
    results per minute, the keystrokes typed and the results entered."""
    field = Field(site, start=False)
    for i in range(2 * tables - len(PLAYERS)):
        pid, _ = field.http.register(f"Extra {i + 1:02d}")
        field.http.ok("POST", f"{field.base}/entries", {"players": [pid]}, field.olga)
    field.http.ok("POST", f"{field.base}/start", None, field.olga)
    site.run_pipeline()
    numbers = [x["table"] for x in field.round(1)["tables"]]
    assert len(numbers) == tables
    ctx, grid, errors = signed_in(browser, field.olga, {"width": 1200, "height": 900})
    keys = 0
    sent: list[str | None] = []  # each entry's Idempotency-Key
    grid.on("request", lambda r: sent.append(r.headers.get("idempotency-key")) if r.method == "PUT" else None)
    try:
        grid.goto(f"{site.url}/web/tournaments/{field.id}/results")
        grid.wait_for_function("() => document.getElementById('tally').textContent !== ''")
        grid.focus("#command")
        began = time.monotonic()
        for n in numbers:
            line = f"{n} 11-{n % 10}"
            grid.keyboard.type(line)
            grid.keyboard.press("Enter")
            keys += len(line) + 1
        grid.wait_for_function(f"() => document.getElementById('results').dataset.confirmed === '{tables}'")
        seconds = time.monotonic() - began
    finally:
        ctx.close()
    assert errors == []
    decided = [x for x in field.round(1)["tables"] if x["state"] == "confirmed"]
    assert len(decided) == tables
    assert all(x["score"] == [[11, x["table"] % 10]] for x in decided)
    assert len(sent) == tables
    assert len(set(sent)) == tables
    assert None not in sent
    return tables / seconds * 60, keys, len(decided)


def test_the_results_grid_takes_a_result_in_a_few_keystrokes(site: Site, browser: Any) -> None:
    per_minute, keys, entered = entries_per_minute(site, browser, 30)
    print(f"\nresults grid: {per_minute:.0f} results a minute, {keys / entered:.1f} keystrokes a result")
    assert keys / entered <= 8  # "12 11-7" and Enter: at most eight keys a result for 30 tables


def test_between_rounds_the_wall_shows_the_standings_after_the_organizer_closes_the_round(
    site: Site, browser: Any
) -> None:
    settings = {**SWISS, "next_round": "by_organizer", "late_entry_rounds": 2, "round_seconds": 3600}
    field = Field(site, settings)
    rnd = field.round(1)
    *played, last = rnd["tables"]
    opened: list[tuple[Any, list[str]]] = []
    try:
        ctx, wall, errors = signed_in(browser, None, {"width": 1280, "height": 800})
        opened.append((ctx, errors))
        wall.goto(f"{site.url}/web/tournaments/{field.id}/projector")
        wall.wait_for_selector("#pairings")
        # The round clock counts down to the round's deadline (an hour a round)
        wall.wait_for_function(
            "() => document.getElementById('clock').textContent.startsWith('Round ends in')"
        )
        assert re.fullmatch(r"Round ends in (\d+ min \d\d s|1 h 0 min)", wall.inner_text("#clock"))
        for x in played:
            field.decide(1, x["table"], [[11, 5]])
        # The last table's second player never came: the organizer closes the round from the grid
        ctx, grid, errors = signed_in(browser, field.olga, {"width": 1200, "height": 900})
        opened.append((ctx, errors))
        grid.goto(f"{site.url}/web/tournaments/{field.id}/results")
        grid.wait_for_function(
            f"() => document.getElementById('results').dataset.confirmed === '{len(played)}'"
        )
        grid.click("#close-tool summary")
        grid.check(f"#close-form input[value='{last['second']['id']}']")
        grid.fill("#close-form input[name=reason]", "never came")
        grid.click("#close-form button")
        grid.wait_for_function("() => document.getElementById('results').dataset.closed === 'true'")
        # The wall turns to the standings by push; round 2 waits for the organizer
        wall.wait_for_selector("#wall-standings")
        assert "Standings after round 1" in wall.inner_text("#standings-h")
        shown = wall.eval_on_selector_all(
            "#wall-standings tbody tr", "l => l.map(r => [r.cells[1].textContent, r.cells[2].textContent])"
        )
        points = dict.fromkeys(PLAYERS, 0.0)
        for x in rnd["tables"]:
            points[x["first"]["name"]] += 1  # every first seat won: by 11-5, or the last by forfeit
        points[rnd["byes"][0]["name"]] += field.http.ok("GET", field.base)["settings"]["bye_points"]
        assert {name: float(p) for name, p in shown} == points
        assert field.round(1)["status"] == "closed"
        assert field.http.call("GET", f"{field.base}/rounds/2").status == 404
        forfeited = next(x for x in field.round(1)["tables"] if x["table"] == last["table"])
        assert forfeited["forfeit"] is True
        assert forfeited["result"] == [1, 0]

        # Between the rounds, at the desk: Zoe arrives late, the absent player is dropped
        ctx, desk, errors = signed_in(browser, field.olga, {"width": 1200, "height": 900})
        opened.append((ctx, errors))
        desk.goto(f"{site.url}/web/tournaments/{field.id}/venue")
        desk.wait_for_selector("#late-panel:not([hidden])")
        zoe, _ = field.http.register("Zoe")
        desk.fill("#late-form input[name=player]", zoe)
        desk.click("#late-form button")
        desk.wait_for_function("() => document.getElementById('desk-status').textContent.includes('Entered')")
        absent = last["second"]["id"]
        desk.select_option("#drop-form select", absent)
        desk.click("#drop-form button")
        desk.wait_for_function(
            "() => document.getElementById('desk-status').textContent.includes('Withdrawn')"
        )
        field.http.ok("POST", f"{field.base}/advance", None, field.olga)
        paired = field.round(2)
        seated = {e["id"] for x in paired["tables"] for e in (x["first"], x["second"])}
        seated |= {b["id"] for b in paired["byes"]}
        assert zoe in seated
        assert absent not in seated
        assert len(seated) == len(PLAYERS)  # one in, one out
        # The wall is back to the pairings of round 2
        wall.wait_for_selector("#pairings")
        assert "Round 2" in wall.inner_text(".wall-round")
    finally:
        for ctx, errors in opened:
            ctx.close()
            assert errors == []


def test_a_round_or_table_that_is_not_there_is_a_404_page(site: Site) -> None:
    field = Field(site)
    http = field.http
    assert http.call("GET", f"/web/tournaments/{field.id}/rounds/1/tables/1").status == 200
    for path in ("rounds/1/tables/99", "rounds/7/tables/1", "print/slips?round=7", "print/pairings?round=7"):
        reply = http.call("GET", f"/web/tournaments/{field.id}/{path}")
        assert reply.status == 404, path
        assert reply.headers["content-type"].startswith("text/html")
    for path in ("rounds/0/tables/1", "rounds/1/tables/0", "print/nothing", "projector?seconds=0"):
        assert http.call("GET", f"/web/tournaments/{field.id}/{path}").status in (404, 422), path


def test_the_sheets_print_in_italian_and_the_desk_keeps_the_code_from_others(
    site: Site, browser: Any
) -> None:
    field = Field(site)
    ctx, tab, errors = signed_in(browser, field.tokens["Ada"], {"width": 1200, "height": 900})
    try:
        tab.goto(f"{site.url}/web/tournaments/{field.id}/print/pairings?lang=it")
        text, _pages = pdf_text(tab)
        assert "Abbinamenti, turno 1" in text
        assert "Chi gioca dove" in text
        tab.goto(f"{site.url}/web/tournaments/{field.id}/print/slips?lang=it")
        text, _pages = pdf_text(tab)
        assert "Inquadra per comunicare il risultato" in text
        # A player at the desk: no code, no forms, the API's refusal in the status line
        tab.goto(f"{site.url}/web/tournaments/{field.id}/venue?lang=en")
        tab.wait_for_function(
            "() => document.getElementById('desk-status').textContent.includes('organizers')"
        )
        assert tab.is_hidden("#venue-code-panel")
        assert tab.is_hidden("#late-panel")
        assert tab.inner_text("#venue-code") == ""
    finally:
        ctx.close()
    assert [e for e in errors if "status of 403" not in e] == []


def test_a_mixed_round_prints_slips_for_the_tables_played_in_person_only(site: Site, browser: Any) -> None:
    field = Field(site, {**SWISS, "play_mode": "mixed"}, start=False)
    http, base = field.http, field.base
    for name in ("Ada", "Bea"):
        http.ok("PUT", f"{base}/entries/{field.ids[name]}/online", {"online": True}, field.olga)
    names = PLAYERS[:10]
    tables = [[field.ids[names[i]], field.ids[names[i + 1]]] for i in range(0, 10, 2)]
    http.ok("PUT", f"{base}/rounds/1/pairings", {"tables": tables, "byes": [field.ids["Max"]]}, field.olga)
    http.ok("POST", f"{base}/start", None, field.olga)
    site.run_pipeline()
    rnd = field.round(1)
    modes = {x["table"]: x["mode"] for x in rnd["tables"]}
    online = [n for n, mode in modes.items() if mode == "online"]
    assert len(online) == 1  # Ada and Bea's
    ctx, tab, errors = signed_in(browser, field.tokens["Ada"], {"width": 390, "height": 844})
    try:
        tab.goto(f"{site.url}/web/tournaments/{field.id}/print/slips")
        slips = tab.eval_on_selector_all(".slip", "l => l.map(s => Number(s.dataset.table))")
        assert slips == sorted(n for n, mode in modes.items() if mode == "in_person")
        tab.goto(f"{site.url}/web/tournaments/{field.id}/rounds/1/tables/{online[0]}")
        tab.wait_for_selector("#online-game:not([hidden])")
        assert tab.is_hidden("#report-form")
        assert tab.inner_text("#state") == "online"
    finally:
        ctx.close()
    assert errors == []


def test_a_club_night_of_three_rounds_at_the_venue(site: Site, browser: Any) -> None:
    """Ten entrants of a club, four of them guests imported from a pasted list, three in-person rounds run
    from the venue pages: slips printed each round (their QR codes checked), round 1's tables of two
    registered players reported from phones (one disputed and settled at the grid), every other table
    typed into the grid, the wall following by push throughout; at the end the printed standings,
    crosstable, the TRF report and the club's season standings equal the test's own recount."""
    guests = ["Nonna Pina", "Zio Beppe", "Zia Rosa", "Nonno Gino"]  # no phone: imported from a pasted list
    names = PLAYERS[:6] + guests
    http = site.http
    _, olga = http.organizer("Olga")
    club = http.ok("POST", "/clubs", {"name": "Circolo del giovedì"}, olga)["id"]
    today = datetime.now(UTC).date()
    season_body = {
        "name": "Stagione",
        "starts_on": today.replace(day=1).isoformat(),
        "ends_on": today.replace(year=today.year + 1).isoformat(),
    }
    season = http.ok("POST", f"/clubs/{club}/seasons", season_body, olga)
    field = Field(site, players=names[:6], guests=guests, club_id=club, olga=olga)
    assert http.ok("GET", f"/players/{field.ids[guests[0]]}")["guest"] is True
    phone = {"width": 390, "height": 844}
    opened: list[tuple[Any, list[str]]] = []

    def tab(token: str | None, viewport: dict[str, int]) -> Any:
        ctx, page, errors = signed_in(browser, token, viewport)
        opened.append((ctx, errors))
        return page

    points = dict.fromkeys(names, 0.0)
    met: dict[str, list[tuple[int, str, str]]] = {name: [] for name in names}  # (round, opponent, mark)

    def record(number: int, x: dict[str, Any], first_won: bool) -> None:
        a, b = x["first"]["name"], x["second"]["name"]
        winner, loser = (a, b) if first_won else (b, a)
        points[winner] += 1
        met[winner].append((number, loser, "1"))
        met[loser].append((number, winner, "0"))

    try:
        wall = tab(None, {"width": 1280, "height": 800})
        wall.goto(f"{site.url}/web/tournaments/{field.id}/projector?seconds=2")
        grid = tab(field.olga, {"width": 1200, "height": 900})
        printer = tab(None, {"width": 1200, "height": 900})
        for number in (1, 2, 3):
            rnd = field.round(number)
            tables = rnd["tables"]
            assert len(tables) == 5
            assert rnd["byes"] == []
            wall.wait_for_function(
                f"() => document.querySelector('.wall-round').textContent.startsWith('Round {number} ')"
            )
            # The slips of the round: one a table, each QR code its table's report page
            printer.goto(f"{site.url}/web/tournaments/{field.id}/print/slips?round={number}")
            drawn = printer.eval_on_selector_all(
                ".slip svg.qr", "l => l.map(s => [s.dataset.text, s.querySelector('path').getAttribute('d')])"
            )
            assert [url for url, _ in drawn] == [
                f"{site.url}/web/tournaments/{field.id}/rounds/{number}/tables/{x['table']}" for x in tables
            ]
            assert all(svg_modules(d) == qr_matrix(url) for url, d in drawn)
            _text, sheets = pdf_text(printer)
            assert sheets == 2
            by_grid = list(tables)
            phones: list[dict[str, Any]] = []
            if number == 1:
                # The tables of two players with phones (the guests have none): the first is disputed,
                # a second, if the pairing made one, is reported and confirmed from the phones
                phones = [x for x in tables if {x["first"]["name"], x["second"]["name"]} <= set(field.tokens)]
                assert phones, "round 1 seats two registered players together"
                two = phones[0]
                by_grid.remove(two)
            if number == 1 and len(phones) > 1:
                one = phones[1]
                by_grid.remove(one)
                # Table one from the phones: reported, confirmed by the opponent
                first = tab(field.tokens[one["first"]["name"]], phone)
                second = tab(field.tokens[one["second"]["name"]], phone)
                for page in (first, second):
                    page.goto(f"{site.url}{report_path(field.id, 1, one['table'])}")
                    page.wait_for_selector("#report-form:not([hidden])")
                first.fill("input[name=g0a]", "8")
                first.fill("input[name=g0b]", "11")
                first.click("#report-form button")
                second.wait_for_selector("#confirm:not([hidden])")
                second.click("#confirm")
                first.wait_for_function(
                    "() => document.getElementById('report').dataset.state === 'confirmed'"
                )
                record(1, one, first_won=False)
            if number == 1:
                # Table two: the players disagree; the organizer settles it at the grid with a reason
                a = tab(field.tokens[two["first"]["name"]], phone)
                b = tab(field.tokens[two["second"]["name"]], phone)
                for page, score in ((a, ("11", "2")), (b, ("2", "11"))):
                    page.goto(f"{site.url}{report_path(field.id, 1, two['table'])}")
                    page.wait_for_selector("#report-form:not([hidden])")
                    page.fill("input[name=g0a]", score[0])
                    page.fill("input[name=g0b]", score[1])
                    page.click("#report-form button")
                    page.wait_for_selector("#report-status:not(.error)")
                a.wait_for_function("() => document.getElementById('report').dataset.state === 'disputed'")
                wall.wait_for_selector(f"#pairings tr[data-table='{two['table']}'] .state-disputed")
                grid.goto(f"{site.url}/web/tournaments/{field.id}/results")
                grid.wait_for_selector(f"#grid tr[data-table='{two['table']}'].disputed")
                grid.fill("#command", f"{two['table']} 11-2 both signed the sheet")
                grid.keyboard.press("Enter")
                grid.wait_for_selector(f"#grid tr[data-table='{two['table']}'].confirmed")
                record(1, two, first_won=True)
            else:
                grid.goto(f"{site.url}/web/tournaments/{field.id}/results")
            grid.wait_for_function("() => document.getElementById('tally').textContent !== ''")
            for x in by_grid:
                first_won = (x["table"] + number) % 2 == 0
                line = f"{x['table']} 11-6" if first_won else f"{x['table']} 6-11"
                grid.fill("#command", line)
                grid.keyboard.press("Enter")
                grid.wait_for_selector(f"#grid tr[data-table='{x['table']}'].confirmed")
                record(number, x, first_won)
            assert field.round(number)["status"] == "closed"

        # The end: the wall shows the final standings; the sheets and the TRF report hold the recount
        wall.wait_for_selector("#wall-standings")
        assert field.http.ok("GET", field.base)["status"] == "finished"
        printer.goto(f"{site.url}/web/tournaments/{field.id}/print/standings")
        text, sheets = pdf_text(printer)
        assert sheets == 1
        assert "Standings after round 3" in text
        rows = printer.eval_on_selector_all(
            "#print-standings tbody tr", "l => l.map(r => [...r.cells].map(c => c.textContent))"
        )
        assert {r[1]: float(r[2]) for r in rows} == points
        assert [float(r[2]) for r in rows] == sorted(points.values(), reverse=True)
        rank = {r[1]: int(r[0]) for r in rows}
        printer.goto(f"{site.url}/web/tournaments/{field.id}/print/crosstable")
        _text, sheets = pdf_text(printer)
        assert sheets == 1
        cells = printer.eval_on_selector_all(
            "#print-crosstable tbody tr", "l => l.map(r => [...r.cells].map(c => c.textContent))"
        )
        expected = {
            name: [f"{mark}·{rank[opponent]}" for _n, opponent, mark in sorted(met[name])] for name in names
        }
        assert {c[1]: c[2:5] for c in cells} == expected
        assert {c[1]: float(c[5]) for c in cells} == points
        trf = field.http.call("GET", f"{field.base}/export?format=trf").text
        records = {line[14:47].strip(): line for line in trf.splitlines() if line.startswith("001")}
        assert set(records) == set(names)
        assert {name: float(line[80:84]) for name, line in records.items()} == points
        # The season of the club counts the night: the default scale by place, places shared by entrants
        # equal on everything but the lot (recounted here from the public standings)
        http.ok("PUT", f"/clubs/{club}/seasons/{season['id']}/tournaments/{field.id}", None, olga)
        standings = http.ok("GET", f"{field.base}/standings")["standings"]
        key = [
            (r["points"], sorted((k, v) for k, v in r["tiebreaks"].items() if k != "lot")) for r in standings
        ]
        scale = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
        expected_season = {}
        for i, row in enumerate(standings):
            shared = [j for j in range(len(standings)) if key[j] == key[i]]
            expected_season[row["name"]] = sum(scale[j] for j in shared) / len(shared)
        season_rows = http.ok("GET", f"/clubs/{club}/seasons/{season['id']}/standings")["rows"]
        assert {r["name"]: float(r["points"]) for r in season_rows} == expected_season
        assert [float(r["points"]) for r in season_rows] == sorted(expected_season.values(), reverse=True)
    finally:
        for ctx, errors in opened:
            ctx.close()
            assert errors == []

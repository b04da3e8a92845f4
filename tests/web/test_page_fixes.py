"""The page fixes of the club issue, measured in chromium at a phone's and a desktop's size.

* knockout bracket boxes are as wide as their longest name: no name runs into "bye" or a score;
* wide tables (standings with tie-breaks, a round's game links, the shuffle check) scroll sideways in
  their box with a visible scrollbar, the first column (rank and name) pinned while they scroll;
* the rankings table's headers stand over their columns (it no longer takes the card table's grid);
* settings in words ("1 day a move", "1 point", "to 11 points"), in Italian too;
* a knockout crosstable shows eliminated entrants as eliminated, not absent ("A").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, CHROMIUM_FLAGS, DESKTOP, PHONE, Site, screenshot
from tests.web.support import bot_tournament

LONG_NAMES = (
    "Massimiliano Bartolomeo Castellani",
    "Maria Vittoria Pellegrini-Santoro",
    "Giangiacomo Ferdinando Lombardi",
    "Annunziata Filomena Dell'Acqua",
    "Pierluigi Costantino Marchetti",
    "Bea",
)
SIZES = {"phone": PHONE, "desktop": DESKTOP}


@pytest.fixture(scope="module")
def browser(playwright: Any) -> Iterator[Any]:
    """Chromium as the session's, but with its scrollbars drawn: Playwright hides them by default
    (``--hide-scrollbars``), and these tests measure them. Launched by the session's one driver."""
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_FLAGS, ignore_default_args=["--hide-scrollbars"]
    )
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="module")
def fields(site: Site) -> dict[str, Any]:
    """A finished knockout of six players (five with long names) whose results the organizer entered,
    and a finished, rated Swiss of eight bots to 11 points with the default day-long move clock."""
    http = site.http
    _, olga = http.organizer("Olga")
    t = http.ok(
        "POST", "/tournaments", {"name": "Coppa lunga", "settings": {"format": "knockout", "target": 1}}, olga
    )
    for name in LONG_NAMES:
        _, token = http.register(name)
        http.ok("POST", f"/tournaments/{t['id']}/entries", {}, token)
    http.ok("POST", f"/tournaments/{t['id']}/start", None, olga)
    for _ in range(10):
        current = http.ok("GET", f"/tournaments/{t['id']}")
        if current["status"] == "finished":
            break
        rnd = http.ok("GET", f"/tournaments/{t['id']}/rounds/{current['current_round']}")
        for table in rnd["tables"]:
            if table["result"] is None:
                body = {"result": [1, 0], "reason": "played over the board"}
                http.ok(
                    "POST",
                    f"/tournaments/{t['id']}/rounds/{rnd['number']}/tables/{table['table']}/result",
                    body,
                    olga,
                )
        site.run_pipeline()
    assert http.ok("GET", f"/tournaments/{t['id']}")["status"] == "finished"
    swiss = bot_tournament(site, olga, "Torneo lungo", {"format": "swiss", "rounds": 3, "target": 11}, 8)
    site.clock.advance(10)  # past the rating step's settling time
    site.run_pipeline()
    return {"knockout": t["id"], "swiss": swiss}


BRACKET_ROWS = """() => {
  const svg = document.querySelector('svg.bracket');
  const box = b => ({x: b.x, y: b.y, right: b.x + b.width, bottom: b.y + b.height});
  const rects = [...svg.querySelectorAll('rect')].map(r => box(r.getBBox()));
  const rows = [];
  const texts = [...svg.querySelectorAll('text')].filter(t => t.getAttribute('text-anchor') !== 'middle');
  for (const name of texts.filter(t => !t.hasAttribute('text-anchor'))) {
    const y = name.getAttribute('y');
    const n = box(name.getBBox());
    const rect = rects.find(r => r.x <= n.x && n.x < r.right && r.y <= n.y && n.y < r.bottom);
    const score = texts.find(t => t.getAttribute('text-anchor') === 'end' && t.getAttribute('y') === y
      && rect.x < Number(t.getAttribute('x')) && Number(t.getAttribute('x')) <= rect.right);
    rows.push({name: name.textContent, box: n, rect, score: score.textContent,
      scoreBox: score.textContent ? box(score.getBBox()) : null});
  }
  return rows;
}"""


@pytest.mark.parametrize("size", sorted(SIZES))
def test_bracket_boxes_fit_long_names_beside_bye_and_the_score(
    site: Site, fields: dict[str, Any], page: Any, size: str
) -> None:
    page.set_viewport_size(SIZES[size])
    page.goto(f"{site.url}/web/tournaments/{fields['knockout']}")
    rows = page.evaluate(BRACKET_ROWS)
    long_rows = [r for r in rows if len(r["name"]) > 25]
    assert len(long_rows) >= 5
    assert any(r["score"] == "bye" for r in long_rows)  # a long name with a bye
    assert any(r["score"] not in ("", "bye") for r in long_rows)  # and with a score
    for row in rows:
        assert row["box"]["right"] <= row["rect"]["right"] - 4, row
        if row["scoreBox"] is not None:
            assert row["box"]["right"] + 6 <= row["scoreBox"]["x"], row  # the name ends before the score
            assert row["scoreBox"]["right"] <= row["rect"]["right"], row
    screenshot(page, f"fix-bracket-{size}")


def scroll_box(page: Any, selector: str) -> dict[str, Any]:
    """The scroll container of a table: its sizes, and where the pinned cells and the last column are
    after scrolling it to its end (viewport coordinates)."""
    # Two frames first: a page just reached by a link draws its scrollbars at its first frames.
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    found: dict[str, Any] = page.evaluate(
        """sel => {
          const table = document.querySelector(sel);
          const box = table.closest('.scroll');
          const before = box.getBoundingClientRect();
          const state = {scrollWidth: box.scrollWidth, clientWidth: box.clientWidth,
            bar: box.offsetHeight - box.clientHeight, overflowX: getComputedStyle(box).overflowX,
            left: before.left, right: before.right};
          box.scrollLeft = box.scrollWidth;
          const row = table.querySelector('tbody tr');
          const cells = [...row.children];
          state.scrolled = box.scrollLeft;
          state.first = cells[0].getBoundingClientRect().left;
          state.second = cells[1].getBoundingClientRect().left;
          state.secondRight = cells[1].getBoundingClientRect().right;
          state.pin2 = table.classList.contains('pin2');
          const last = cells[cells.length - 1].getBoundingClientRect();
          state.lastLeft = last.left;
          state.lastRight = last.right;
          state.viewport = document.documentElement.clientWidth;
          state.pageWidth = document.documentElement.scrollWidth;
          state.shadows = getComputedStyle(box).backgroundImage;
          return state;
        }""",
        selector,
    )
    return found


def assert_scrolls_with_a_pinned_first_column(state: dict[str, Any], must_overflow: bool) -> None:
    assert state["pageWidth"] <= state["viewport"], state  # the page itself never scrolls sideways
    assert state["overflowX"] in ("auto", "scroll"), state
    if must_overflow:
        assert state["scrollWidth"] > state["clientWidth"], state
        assert state["scrolled"] > 0, state
        assert state["bar"] > 0, state  # a scrollbar that takes room: visible, not an overlay
    # Where scrollbars are overlays (phones), a shadow at the edge that has more says it scrolls.
    assert state["shadows"].count("radial-gradient") == 2, state
    assert abs(state["first"] - state["left"]) <= 1, state  # the first column stays at the left edge
    if state["pin2"]:
        assert state["first"] <= state["second"] < state["left"] + 60, state
    # The last column is reachable: inside the box and the screen once scrolled.
    assert state["lastRight"] <= min(state["right"], state["viewport"]) + 1, state
    assert (
        state["lastLeft"] >= state["secondRight"] - 1 if state["pin2"] else state["lastLeft"] > state["first"]
    )


def test_on_a_phone_wide_tables_scroll_with_a_visible_bar_and_a_pinned_first_column(
    site: Site, fields: dict[str, Any], page: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{site.url}/web/tournaments/{fields['swiss']}")
    assert_scrolls_with_a_pinned_first_column(scroll_box(page, "#standings"), must_overflow=True)
    assert_scrolls_with_a_pinned_first_column(scroll_box(page, "#crosstable"), must_overflow=False)
    rounds = scroll_box(page, "details.round[open] table")
    assert_scrolls_with_a_pinned_first_column(rounds, must_overflow=True)
    # A game link of the last column can be clicked once its table is scrolled.
    link = page.locator("details.round[open] table tbody tr").first.locator("td").last.locator("a").first
    link.click()
    page.wait_for_url("**/web/matches/**")
    screenshot(page, "fix-replay-from-link")
    # Measured on a fresh load: after a same-tab navigation, headless chromium draws overlay scrollbars
    # (no room taken) until the page is loaded anew, whatever the page's CSS.
    page.goto(page.url)
    checks = scroll_box(page, "#verification")
    assert_scrolls_with_a_pinned_first_column(checks, must_overflow=True)
    ok = page.locator("#verification tbody tr").first.locator("td").last
    assert ok.inner_text() == "OK"
    box = ok.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= PHONE["width"]
    page.goto(f"{site.url}/web/tournaments/{fields['swiss']}")
    screenshot(page, "fix-tournament-phone")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_rankings_headers_stand_over_their_columns(
    site: Site, fields: dict[str, Any], page: Any, size: str
) -> None:
    page.set_viewport_size(SIZES[size])
    page.goto(f"{site.url}/web/rankings/scopa")
    layout = page.evaluate(
        """() => {
          const table = document.getElementById('leaderboard');
          const heads = [...table.querySelectorAll('thead th')].map(c => c.getBoundingClientRect());
          const rows = [...table.querySelectorAll('tbody tr')].slice(0, 3).map(
            r => [...r.children].map(c => c.getBoundingClientRect()));
          return {display: getComputedStyle(table).display, heads: heads.map(b => [b.left, b.width]),
                  rows: rows.map(cells => cells.map(b => [b.left, b.width]))};
        }"""
    )
    assert layout["display"] == "table"
    assert len(layout["rows"]) == 3
    for cells in layout["rows"]:
        assert len(cells) == len(layout["heads"]) == 6
        for (head_x, head_w), (cell_x, cell_w) in zip(layout["heads"], cells, strict=True):
            assert abs(head_x - cell_x) <= 1, layout
            assert abs(head_w - cell_w) <= 1, layout
    screenshot(page, f"fix-rankings-{size}")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("1 day a move", "to 11 points", "1 point", "one game")),
        ("it", ("1 giorno a mossa", "a 11 punti", "1 punto", "una partita")),
    ],
)
def test_settings_read_in_words(
    site: Site, fields: dict[str, Any], page: Any, lang: str, words: tuple[str, ...]
) -> None:
    page.goto(f"{site.url}/web/tournaments/{fields['swiss']}?lang={lang}")
    settings = page.locator("dl.settings").inner_text()
    for text in words:
        assert text in settings, settings
    assert "86400" not in settings
    assert not re.search(r"(?<!\d)1 (points|punti)", settings), settings
    assert "best of 1" not in settings


def test_a_knockout_crosstable_shows_eliminated_entrants_as_out_not_absent(
    site: Site, fields: dict[str, Any], page: Any
) -> None:
    page.goto(f"{site.url}/web/tournaments/{fields['knockout']}")
    rows = page.eval_on_selector_all(
        "#crosstable tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('td')].slice(1, -1)"
        ".map(c => [c.textContent.trim(), c.className]))",
    )
    assert len(rows) == len(LONG_NAMES)
    out = [cell for row in rows for cell in row if cell[1] == "out"]
    assert out  # four entrants lost before the final
    assert all(text == "—" for text, _ in out)
    assert not any(text.startswith("A") for row in rows for text, _ in row)
    for row in rows:  # once out, out for the rest
        flags = [cls == "out" for _, cls in row]
        if True in flags:
            assert all(flags[flags.index(True) :])
    assert "eliminated" in page.locator("#crosstable caption").inner_text()

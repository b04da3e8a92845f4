"""The double-elimination and groups pages in a real browser: both brackets drawn; the group tables,
then the knockout bracket. Screenshots under test-artifacts/web/."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import DESKTOP, Site, screenshot
from tests.web.support import bot_tournament


def test_a_double_elimination_page_draws_the_winners_and_the_losers_bracket(site: Site, page: Any) -> None:
    _, olga = site.http.organizer()
    tid = bot_tournament(site, olga, "Doppia", {"format": "double_elimination", "target": 1}, 6)
    entries = site.http.ok("GET", f"/tournaments/{tid}/entries")["entries"]

    page.goto(f"{site.url}/web/tournaments/{tid}")

    brackets = page.locator("svg.bracket")
    assert brackets.count() == 2
    assert page.locator("#bracket-h ~ h3").all_text_contents() == ["Winners' bracket", "Losers' bracket"]
    winners, losers = brackets.nth(0).inner_html(), brackets.nth(1).inner_html()
    for entry in entries:
        assert entry["name"] in winners  # everyone starts in the winners' bracket
    assert "Grand final" in winners
    # 8 slots: 4 + 2 + 1 winners' matches and the grand final (and the reset when it was played).
    t = site.http.ok("GET", f"/tournaments/{tid}")
    assert winners.count("<rect") == 4 + 2 + 1 + 1 + (1 if t["rounds_planned"] == 7 else 0)
    assert losers.count("<rect") == 2 + 2 + 1 + 1  # losers' rounds 1-4
    assert "Round 5" in losers  # headed by the tournament round it is played in
    champion = site.http.ok("GET", f"/tournaments/{tid}/standings")["standings"][0]["name"]
    assert brackets.nth(0).locator("text[font-weight=bold]", has_text=champion).count() >= 1
    assert page.locator("#crosstable td.out").count() > 0  # rounds waiting or out, not absences
    screenshot(page, "double-elimination", phone=True)


def test_a_groups_page_shows_the_group_tables_then_the_knockout(site: Site, page: Any) -> None:
    _, olga = site.http.organizer()
    settings = {"format": "groups_knockout", "target": 1, "group_size": 4}
    tid = bot_tournament(site, olga, "Gironi", settings, 8)

    page.goto(f"{site.url}/web/tournaments/{tid}")

    groups = page.locator("table.group")
    assert groups.count() == 2
    assert groups.nth(0).locator("caption").inner_text() == "Group A"
    for k in range(2):
        assert groups.nth(k).locator("tbody tr").count() == 4
        assert groups.nth(k).locator("tr.through").count() == 2
    headings = page.locator("main h2").all_text_contents()
    assert headings.index("Groups") < headings.index("Bracket")
    bracket = page.locator("svg.bracket")
    assert bracket.count() == 1
    assert bracket.inner_html().count("<rect") == 2 + 1  # four qualifiers: semi-finals and the final
    screenshot(page, "groups-knockout", phone=True)


def test_a_knockout_page_draws_the_match_for_third_place_apart(site: Site, page: Any) -> None:
    _, olga = site.http.organizer()
    settings = {"format": "knockout", "target": 1, "third_place_match": True}
    tid = bot_tournament(site, olga, "Finalina", settings, 6)
    last = site.http.ok("GET", f"/tournaments/{tid}/rounds/3")
    third = next(t for t in last["tables"] if t["stage"] == "third_place")
    standings = site.http.ok("GET", f"/tournaments/{tid}/standings")["standings"]

    page.goto(f"{site.url}/web/tournaments/{tid}")

    brackets = page.locator("svg.bracket")
    assert brackets.count() == 2
    assert page.locator("#bracket-h ~ h3").all_text_contents() == ["Third place"]
    main, apart = brackets.nth(0).inner_html(), brackets.nth(1).inner_html()
    assert main.count("<rect") == 4 + 2 + 1  # 8 slots: the third-place match is not in the bracket
    assert apart.count("<rect") == 1
    assert third["first"]["name"] in apart
    assert third["second"]["name"] in apart
    assert "Round 3" in apart
    podium = page.locator("#podium li").evaluate_all("lis => lis.map(li => li.dataset.entrant)")
    assert podium == [r["entrant"] for r in standings[:3]]
    assert standings[2]["entrant"] in (third["first"]["id"], third["second"]["id"])
    assert page.locator("details.round").first.locator(".third-place").count() == 1
    screenshot(page, "knockout-third-place", phone=True)


def test_the_wizard_creates_a_groups_knockout_and_a_double_elimination(site: Site, browser: Any) -> None:
    _, olga = site.http.organizer()
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_init_script(f"sessionStorage.setItem('scopa.token', {olga!r})")
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        made = []
        for name, fmt in (("Gironi di prova", "groups_knockout"), ("Doppia di prova", "double_elimination")):
            page.goto(f"{site.url}/web/tournaments/new")
            page.fill("input[name=name]", name)
            page.select_option("select[name=format]", fmt)
            assert page.locator("#rounds-field").is_hidden()
            if fmt == "groups_knockout":
                assert page.locator("#reset-field").is_hidden()
                page.fill("input[name=group_size]", "5")
                page.fill("input[name=advance_per_group]", "3")
                page.check("input[name=third_place_match]")
            else:
                assert page.locator("#group-size-field").is_hidden()
                assert page.locator("#third-place-field").is_hidden()
                page.uncheck("input[name=bracket_reset]")
            page.click("#create")
            page.wait_for_url(re.compile(r"/web/tournaments/t_"))
            made.append(site.http.ok("GET", f"/tournaments/{page.url.rsplit('/', 1)[1]}")["settings"])
        groups, double = made
        chosen = (
            groups["format"],
            groups["group_size"],
            groups["advance_per_group"],
            groups["third_place_match"],
        )
        assert chosen == ("groups_knockout", 5, 3, True)
        assert (double["format"], double["bracket_reset"]) == ("double_elimination", False)
        assert double["third_place_match"] is False
        # A plain knockout offers the match for third place too, unchecked by default.
        page.goto(f"{site.url}/web/tournaments/new")
        page.select_option("select[name=format]", "knockout")
        assert page.locator("#third-place-field").is_visible()
        assert not page.is_checked("input[name=third_place_match]")
        page.select_option("select[name=format]", "swiss")
        assert page.locator("#third-place-field").is_hidden()
    finally:
        ctx.close()
    assert errors == []

"""The organizer console in a real browser: an organizer runs a 6-entrant Swiss by clicking.

The organizer founds a club, edits it, adds members (a textarea of ids and profile links) and removes
one, creates the tournament in the wizard, enters one entrant from the console, sets a forbidden pair,
starts it, pairs round 2 by hand, corrects results with a reason, pauses and resumes, advances it round by
round and finishes with a podium. A player enters by clicking Enter, finds the link to their next game,
and sees the standings change while the page stays open (the tournament's push topic). The house bots
play their games themselves; the player's games against them are decided by the organizer's corrections
(the clicks under test). Screenshots go to test-artifacts/web/console-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import DESKTOP, PHONE, Site, console_error, screenshot
from tests.web.support import Http

BOTS = ["bot-greedy-1", "bot-random-2", "bot-greedy-3", "bot-random-4"]
BY_CLICK_BOT = "bot-greedy-5"
EXTRA_BOT = "bot-random-6"


class Tab:
    """A browser context signed in with ``token`` (this tab's storage, as the account page does)."""

    def __init__(self, browser: Any, token: str, viewport: dict[str, int] = DESKTOP) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.context.add_init_script(f"sessionStorage.setItem('scopa.token', {token!r})")
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if console_error(m) else None)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], f"the browser reported errors: {self.errors}"


@pytest.fixture
def tabs(browser: Any) -> Iterator[list[Tab]]:
    opened: list[Tab] = []
    yield opened
    for tab in opened:
        tab.close()


def flashed(page: Any, selector: str, text: str) -> None:
    """Wait until the status line says ``text`` (after the action's reload)."""
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.textContent || '').includes(text)",
        arg=[selector, text],
    )


def tournament_of(http: Http, tid: str) -> dict[str, Any]:
    return dict(http.ok("GET", f"/tournaments/{tid}"))


def rematch_free(tables: list[list[str]], entrants: list[str]) -> list[list[str]]:
    """A pairing of ``entrants`` (in order) in which no pair met in ``tables``: round 2 set by hand."""
    met = {frozenset(t) for t in tables}

    def pair(rest: list[str]) -> list[list[str]] | None:
        if not rest:
            return []
        first = rest[0]
        for other in rest[1:]:
            if frozenset((first, other)) in met:
                continue
            tail = pair([p for p in rest[1:] if p != other])
            if tail is not None:
                return [[first, other], *tail]
        return None

    found = pair(entrants)
    assert found is not None
    return found


def correct_own_table(page: Any, http: Http, tid: str, number: int, player: str, reason: str) -> list[float]:
    """The organizer corrects the player's table of round ``number`` in their favour, with ``reason``."""
    rnd = http.ok("GET", f"/tournaments/{tid}/rounds/{number}")
    table = next(x for x in rnd["tables"] if player in (x["first"]["id"], x["second"]["id"]))
    result = [1.0, 0.0] if table["first"]["id"] == player else [0.0, 1.0]
    page.click("#correct-tool summary")
    page.select_option("#correct-form select[name=table]", f"{number}:{table['table']}")
    page.select_option("#correct-form select[name=result]", ",".join(str(int(x)) for x in result))
    page.fill("#correct-form input[name=reason]", reason)
    page.click("#correct-form button[type=submit]")
    flashed(page, "#console-status", "Result corrected.")
    after = http.ok("GET", f"/tournaments/{tid}/rounds/{number}")
    corrected = next(x for x in after["tables"] if x["table"] == table["table"])
    assert corrected["result"] == result
    assert corrected["reason"] == "corrected"
    return result


def test_an_organizer_runs_a_six_entrant_swiss_by_clicking(site: Site, browser: Any, tabs: list[Tab]) -> None:
    http = site.http
    olga_id, olga = http.organizer("Olga")
    pia_id, pia = http.register("Pia")
    quinto_id, _quinto = http.register("Quinto")
    organizer = Tab(browser, olga)
    tabs.append(organizer)
    page = organizer.page

    # The club: founded from the clubs page, members added at once (an id and a profile link a line).
    page.goto(f"{site.url}/web/clubs")
    page.wait_for_selector("#found-club:not([hidden])")
    page.fill("#club-form input[name=name]", "Circolo della Scopa")
    page.fill("#club-form input[name=description]", "Giovedì sera, al bar")
    page.click("#club-form button[type=submit]")
    page.wait_for_url(re.compile(r"/web/clubs/c_"))
    club_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#organizer-panel:not([hidden])")
    page.fill("#members-form textarea", f"{pia_id}\n{site.url}/web/players/{quinto_id}\n")
    page.click("#members-form button[type=submit]")
    flashed(page, "#club-status", "Added: Pia, Quinto.")
    members = {m["player_id"]: m["role"] for m in http.ok("GET", f"/clubs/{club_id}/members")["members"]}
    assert members == {olga_id: "organizer", pia_id: "member", quinto_id: "member"}
    assert page.locator("#members tbody tr").count() == 3
    page.wait_for_selector(f"#members tr[data-player='{quinto_id}'] button.remove")
    screenshot(page, "console-club", phone=True)

    # The club edited: described again and opened to anyone.
    page.click("#edit-tool summary")
    page.fill("#edit-form input[name=description]", "Giovedì sera, al bar del porto")
    page.check("#edit-form input[name=open]")
    page.click("#edit-form button[type=submit]")
    flashed(page, "#club-status", "The club is saved.")
    club = http.ok("GET", f"/clubs/{club_id}")
    assert (club["description"], club["open"]) == ("Giovedì sera, al bar del porto", True)
    assert "Anyone may join" in page.inner_text(".stats")

    # Quinto is removed again with the row's button.
    page.click(f"#members tr[data-player='{quinto_id}'] button.remove")
    flashed(page, "#club-status", "Quinto was removed.")
    members = {m["player_id"]: m["role"] for m in http.ok("GET", f"/clubs/{club_id}/members")["members"]}
    assert quinto_id not in members

    # The wizard, from the club's page (the club chosen): a 3-round Swiss of one-deal games.
    page.click("#new-tournament")
    page.wait_for_url(re.compile(r"/web/tournaments/new\?club="))
    assert page.input_value("select[name=club_id]") == club_id
    page.fill("input[name=name]", "Swiss del giovedì")
    page.select_option("select[name=format]", "swiss")
    page.fill("input[name=rounds]", "3")
    page.select_option("select[name=target]", "1")
    page.select_option("select[name=seconds_per_move]", "120")
    page.select_option("select[name=tiebreak] >> nth=0", "buchholz")
    page.select_option("select[name=tiebreak] >> nth=1", "wins")
    page.fill("input[name=max_entrants]", "8")
    screenshot(page, "console-wizard", phone=True)
    page.click("#create")
    page.wait_for_url(re.compile(r"/web/tournaments/t_"))
    tid = page.url.rsplit("/", 1)[1]
    created = tournament_of(http, tid)
    assert created["club_id"] == club_id
    assert created["status"] == "registration"
    assert created["created_by"] == olga_id
    settings = created["settings"]
    assert (settings["format"], settings["rounds"], settings["target"]) == ("swiss", 3, 1)
    assert (settings["seconds_per_move"], settings["max_entrants"]) == (120, 8)
    assert created["tiebreaks"] == ["buchholz", "wins", "lot"]
    page.wait_for_selector("#organizer-panel:not([hidden])")

    # The player enters by clicking Enter on the tournament page (a phone).
    player = Tab(browser, pia, PHONE)
    tabs.append(player)
    mine = player.page
    mine.goto(f"{site.url}/web/tournaments/{tid}")
    mine.wait_for_selector("#enter:not([hidden])")
    mine.click("#enter")
    mine.wait_for_selector("#withdraw-me:not([hidden])")
    assert "You are entered as Pia." in mine.inner_text("#you-state")
    entries = http.ok("GET", f"/tournaments/{tid}/entries")["entries"]
    assert [e["id"] for e in entries] == [pia_id]

    # Four more by the API; the sixth entered from the console by the organizer.
    for i, bot in enumerate(BOTS):
        http.ok("POST", f"/tournaments/{tid}/entries", {"players": [bot], "rating": 1800 - 20 * i}, olga)
    page.reload()
    page.fill("#enter-form input[name=player]", BY_CLICK_BOT)
    page.click("#enter-form button[type=submit]")
    flashed(page, "#console-status", "Entered.")
    entered = {e["id"] for e in http.ok("GET", f"/tournaments/{tid}/entries")["entries"]}
    assert entered == {pia_id, *BOTS, BY_CLICK_BOT}
    assert page.locator("#entrants li").count() == 6

    # One too many, entered and withdrawn again from the console.
    page.fill("#enter-form input[name=player]", EXTRA_BOT)
    page.click("#enter-form button[type=submit]")
    flashed(page, "#console-status", "Entered.")
    page.select_option("#entry-form select[name=entrant]", EXTRA_BOT)
    page.click("#entry-form button[data-do=withdraw]")
    flashed(page, "#console-status", "Withdrawn.")
    entered = {e["id"] for e in http.ok("GET", f"/tournaments/{tid}/entries")["entries"]}
    assert entered == {pia_id, *BOTS, BY_CLICK_BOT}

    # A forbidden pair for round 1, then the start.
    page.click("#pairing-tool summary")
    page.fill("#forbidden-form textarea", f"{pia_id} {BOTS[0]}")
    page.click("#forbidden-form button[type=submit]")
    flashed(page, "#console-status", "Forbidden pairs saved.")
    assert tournament_of(http, tid)["settings"]["forbidden_pairs"] == [[pia_id, BOTS[0]]]
    screenshot(page, "console-registration", phone=True)
    page.click("#actions button[data-action=start]")
    flashed(page, "#console-status", "The tournament has started.")
    assert tournament_of(http, tid)["current_round"] == 1
    round1 = http.ok("GET", f"/tournaments/{tid}/rounds/1")
    pairs1 = [[x["first"]["id"], x["second"]["id"]] for x in round1["tables"]]
    assert len(pairs1) == 3
    assert not round1["byes"]
    assert {pia_id, BOTS[0]} not in [set(p) for p in pairs1]

    # The player's page shows the way to the game (the page was open before the start).
    mine.reload()
    mine.wait_for_selector("#next-game:not([hidden])")
    own = next(x for x in round1["tables"] if pia_id in (x["first"]["id"], x["second"]["id"]))
    assert mine.get_attribute("#next-game", "href") == f"/web/play/{own['games'][0]}"
    screenshot(mine, "console-player-running")

    # Round 2 paired by hand: no rematch, in an order the system would not choose.
    order = [pia_id, *reversed([*BOTS, BY_CLICK_BOT])]
    manual = rematch_free(pairs1, order)
    page.click("#pairing-tool summary")
    seats = page.locator("#pairing-form select[name=seat]")
    for i, entrant in enumerate(p for pair in manual for p in pair):
        seats.nth(i).select_option(entrant)
    page.click("#pairing-form button[type=submit]")
    flashed(page, "#console-status", "Round 2 will be paired as you set it.")
    assert tournament_of(http, tid)["next_round_override"] is True

    # Round 1: the player's table corrected with a reason; the player's page follows without a reload.
    before = mine.inner_text(f"#standings tr[data-entrant='{pia_id}'] .points")
    correct_own_table(page, http, tid, 1, pia_id, "the opponent conceded at the table")
    audit = http.ok("GET", f"/tournaments/{tid}/audit")["audit"]
    assert any(
        a["action"] == "result_corrected" and a["details"]["reason"] == "the opponent conceded at the table"
        for a in audit
    )
    page.click("#actions button[data-action=advance]")
    flashed(page, "#console-status", "Advanced.")
    assert tournament_of(http, tid)["current_round"] == 2
    mine.wait_for_function(
        "([sel, before]) => document.querySelector(sel).textContent !== before",
        arg=[f"#standings tr[data-entrant='{pia_id}'] .points", before],
    )
    assert mine.inner_text(f"#standings tr[data-entrant='{pia_id}'] .points") == "1"
    round2 = http.ok("GET", f"/tournaments/{tid}/rounds/2")
    assert round2["manual"] is True
    assert [[x["first"]["id"], x["second"]["id"]] for x in round2["tables"]] == manual

    # Pause and resume, then rounds 2 and 3 the same way, to the end.
    page.click("#actions button[data-action=pause]")
    flashed(page, "#console-status", "Paused.")
    assert tournament_of(http, tid)["paused"] is True
    page.click("#actions button[data-action=resume]")
    flashed(page, "#console-status", "Resumed.")
    for number in (2, 3):
        correct_own_table(page, http, tid, number, pia_id, f"round {number}: result phoned in")
        page.click("#actions button[data-action=advance]")
        flashed(page, "#console-status", "Advanced.")
        for _ in range(3):  # a finished last round may take one more step to close the tournament
            now = tournament_of(http, tid)
            if now["current_round"] > number or now["status"] != "running":
                break
            page.click("#actions button[data-action=advance]")
            flashed(page, "#console-status", "Advanced.")
    assert tournament_of(http, tid)["status"] == "finished"

    # The podium: the first three of the standings, their names linked to their pages.
    standings = http.ok("GET", f"/tournaments/{tid}/standings")["standings"]
    assert standings[0]["entrant"] == pia_id
    assert standings[0]["points"] == 3
    podium = page.eval_on_selector_all(
        "#podium li", "lis => lis.map(li => [li.dataset.entrant, li.querySelector('a').getAttribute('href')])"
    )
    assert podium == [[r["entrant"], f"/web/players/{r['entrant']}"] for r in standings[:3]]
    assert page.locator("#actions button").count() == 0
    page.click("#audit-tool summary")
    page.wait_for_selector("#audit li")
    assert "the opponent conceded at the table" in page.inner_text("#audit")
    screenshot(page, "console-finished", phone=True)
    mine.reload()
    mine.wait_for_selector("#podium")
    assert mine.locator("#next-game").is_hidden()
    screenshot(mine, "console-player-finished")

    # The console in Italian, as the rest of the pages.
    page.goto(f"{site.url}/web/tournaments/{tid}?lang=it")
    page.wait_for_selector("#organizer-panel:not([hidden])")
    assert page.inner_text("#podium-h") == "Podio"
    assert page.inner_text("#organize-h") == "Organizza"

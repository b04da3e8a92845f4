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
from contextlib import contextmanager
from datetime import UTC, datetime
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


@contextmanager
def console_action(page: Any, text: str) -> Iterator[None]:
    """Around a click of an organizer action (the console reloads the page when it succeeded): wait for
    the reloaded page's status line to say ``text``. The text alone proves nothing: the page before may
    still say it from the action before (a second Advance, a second Approve)."""
    page.evaluate("window.beforeAction = true")
    yield
    page.wait_for_function(
        "text => window.beforeAction === undefined"
        " && (document.getElementById('console-status')?.textContent || '').includes(text)",
        arg=text,
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
    with console_action(page, "Result corrected."):
        page.click("#correct-form button[type=submit]")
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
    page.dblclick("#club-form button[type=submit]")  # an impatient double click founds one club
    page.wait_for_url(re.compile(r"/web/clubs/c_"))
    club_id = page.url.rsplit("/", 1)[1]
    named = [c["id"] for c in http.ok("GET", "/clubs")["clubs"] if c["name"] == "Circolo della Scopa"]
    assert named == [club_id]
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
    with console_action(page, "Entered."):
        page.click("#enter-form button[type=submit]")
    entered = {e["id"] for e in http.ok("GET", f"/tournaments/{tid}/entries")["entries"]}
    assert entered == {pia_id, *BOTS, BY_CLICK_BOT}
    assert page.locator("#entrants li").count() == 6

    # One too many, entered and withdrawn again from the console.
    page.fill("#enter-form input[name=player]", EXTRA_BOT)
    with console_action(page, "Entered."):
        page.click("#enter-form button[type=submit]")
    page.select_option("#entry-form select[name=entrant]", EXTRA_BOT)
    with console_action(page, "Withdrawn."):
        page.click("#entry-form button[data-do=withdraw]")
    entered = {e["id"] for e in http.ok("GET", f"/tournaments/{tid}/entries")["entries"]}
    assert entered == {pia_id, *BOTS, BY_CLICK_BOT}

    # A forbidden pair for round 1, then the start.
    page.click("#pairing-tool summary")
    page.fill("#forbidden-form textarea", f"{pia_id} {BOTS[0]}")
    with console_action(page, "Forbidden pairs saved."):
        page.click("#forbidden-form button[type=submit]")
    assert tournament_of(http, tid)["settings"]["forbidden_pairs"] == [[pia_id, BOTS[0]]]
    screenshot(page, "console-registration", phone=True)
    with console_action(page, "The tournament has started."):
        page.click("#actions button[data-action=start]")
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
    with console_action(page, "Round 2 will be paired as you set it."):
        page.click("#pairing-form button[type=submit]")
    assert tournament_of(http, tid)["next_round_override"] is True

    # Round 1: the player's table corrected with a reason; the player's page follows without a reload.
    before = mine.inner_text(f"#standings tr[data-entrant='{pia_id}'] .points")
    correct_own_table(page, http, tid, 1, pia_id, "the opponent conceded at the table")
    audit = http.ok("GET", f"/tournaments/{tid}/audit")["audit"]
    assert any(
        a["action"] == "result_corrected" and a["details"]["reason"] == "the opponent conceded at the table"
        for a in audit
    )
    with console_action(page, "Advanced."):
        page.click("#actions button[data-action=advance]")
    assert tournament_of(http, tid)["current_round"] == 2
    mine.wait_for_function(  # the advance reloads the player's page: its table may not be parsed yet
        "([sel, before]) => (document.querySelector(sel)?.textContent ?? before) !== before",
        arg=[f"#standings tr[data-entrant='{pia_id}'] .points", before],
    )
    assert mine.inner_text(f"#standings tr[data-entrant='{pia_id}'] .points") == "1"
    round2 = http.ok("GET", f"/tournaments/{tid}/rounds/2")
    assert round2["manual"] is True
    assert [[x["first"]["id"], x["second"]["id"]] for x in round2["tables"]] == manual

    # Pause (a double click pauses once: the buttons wait for the first answer) and resume, then rounds 2
    # and 3 the same way, to the end.
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
    with console_action(page, "Paused."):
        page.dblclick("#actions button[data-action=pause]")
    assert posted == [f"{site.url}/tournaments/{tid}/pause"]
    assert tournament_of(http, tid)["paused"] is True
    with console_action(page, "Resumed."):
        page.click("#actions button[data-action=resume]")
    for number in (2, 3):
        correct_own_table(page, http, tid, number, pia_id, f"round {number}: result phoned in")
        with console_action(page, "Advanced."):
            page.click("#actions button[data-action=advance]")
        for _ in range(3):  # a finished last round may take one more step to close the tournament
            now = tournament_of(http, tid)
            if now["current_round"] > number or now["status"] != "running":
                break
            with console_action(page, "Advanced."):
                page.click("#actions button[data-action=advance]")
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


def test_entries_wait_for_approval_and_entrants_check_in_by_clicking(
    site: Site, browser: Any, tabs: list[Tab]
) -> None:
    """A player's entry waits until the organizer approves it by clicking; the player checks in by clicking;
    at the start, an approved entrant who did not check in is withdrawn and not paired."""
    http = site.http
    _olga_id, olga = http.organizer("Olga")
    pia_id, pia = http.register("Pia")
    quinto_id, quinto = http.register("Quinto")
    rita_id, rita = http.register("Rita")
    # The check-in is open for a week before a start half an hour away (the server's clock runs ahead of
    # the browser's once earlier tests skipped time).
    starts = datetime.fromtimestamp(site.clock.now() + 1800, UTC).isoformat()
    settings = {
        "format": "swiss",
        "rounds": 1,
        "target": 1,
        "approve_entries": True,
        "starts_at": starts,
        "check_in_minutes": 7 * 24 * 60,
    }
    tid = http.ok("POST", "/tournaments", {"name": "Coppa su invito", "settings": settings}, olga)["id"]

    # The player enters by clicking: the entry waits; the player checks in by clicking.
    player = Tab(browser, pia, PHONE)
    tabs.append(player)
    mine = player.page
    mine.goto(f"{site.url}/web/tournaments/{tid}")
    mine.wait_for_selector("#enter:not([hidden])")
    mine.click("#enter")
    mine.wait_for_selector("#check-in:not([hidden])")
    assert "Your entry waits for the organizers' approval." in mine.inner_text("#you-state")
    screenshot(mine, "console-check-in")
    mine.click("#check-in")
    flashed(mine, "#you-state", "You have checked in.")
    assert mine.locator("#check-in").is_hidden()

    # Two more ask by the API; a house bot entered by the organizer is checked in (bots are always there).
    http.ok("POST", f"/tournaments/{tid}/entries", {}, quinto)
    http.ok("POST", f"/tournaments/{tid}/entries", {}, rita)
    http.ok("POST", f"/tournaments/{tid}/entries", {"players": [BOTS[0]]}, olga)
    entries = {e["id"]: e for e in http.ok("GET", f"/tournaments/{tid}/entries")["entries"]}
    assert {k: e["status"] for k, e in entries.items()} == {
        pia_id: "requested",
        quinto_id: "requested",
        rita_id: "requested",
        BOTS[0]: "active",
    }
    assert entries[pia_id]["checked_in_at"]
    assert entries[BOTS[0]]["checked_in_at"]

    # The organizer approves two and refuses one from the console.
    organizer = Tab(browser, olga)
    tabs.append(organizer)
    page = organizer.page
    page.goto(f"{site.url}/web/tournaments/{tid}")
    page.wait_for_selector("#organizer-panel:not([hidden])")
    assert page.locator("#requests li").count() == 3
    for entrant in (pia_id, quinto_id):
        with console_action(page, "Approved."):
            page.click(f"#requests button[data-approve='{entrant}']")
    with console_action(page, "Refused."):
        page.click(f"#requests button[data-refuse='{rita_id}']")
    assert page.locator("#requests li").count() == 0
    assert "Checked in: 2 of 3." in page.inner_text("#checked-in")
    entries = {e["id"]: e for e in http.ok("GET", f"/tournaments/{tid}/entries")["entries"]}
    assert {k: e["status"] for k, e in entries.items()} == {
        pia_id: "active",
        quinto_id: "active",
        BOTS[0]: "active",
    }
    screenshot(page, "console-approvals", phone=True)

    # The start withdraws the entrant who did not check in; the player's page leads to the game.
    with console_action(page, "The tournament has started."):
        page.click("#actions button[data-action=start]")
    round1 = http.ok("GET", f"/tournaments/{tid}/rounds/1")
    assert [{x["first"]["id"], x["second"]["id"]} for x in round1["tables"]] == [{pia_id, BOTS[0]}]
    assert not round1["byes"]
    assert {e["id"] for e in http.ok("GET", f"/tournaments/{tid}/entries")["entries"]} == {pia_id, BOTS[0]}
    audit = http.ok("GET", f"/tournaments/{tid}/audit")["audit"]
    actions = [(a["action"], a["details"]) for a in audit]
    assert ("entry_approved", {"entrant": pia_id}) in actions
    assert ("entry_refused", {"entrant": rita_id}) in actions
    assert ("withdrawn_at_start", {"not_approved": [], "not_checked_in": [quinto_id]}) in actions
    mine.reload()
    mine.wait_for_selector("#next-game:not([hidden])")


def test_players_ask_to_join_a_club_and_its_organizer_decides_by_clicking(
    site: Site, browser: Any, tabs: list[Tab]
) -> None:
    http = site.http
    olga_id, olga = http.organizer("Olga")
    quinto_id, quinto = http.register("Quinto")
    rita_id, rita = http.register("Rita")
    club_id = http.ok("POST", "/clubs", {"name": "Circolo chiuso"}, olga)["id"]

    # A player asks to join by clicking and sees the request wait.
    asker = Tab(browser, quinto, PHONE)
    tabs.append(asker)
    mine = asker.page
    mine.goto(f"{site.url}/web/clubs/{club_id}")
    mine.wait_for_selector("#ask:not([hidden])")
    assert mine.locator("#join-row").is_hidden()
    mine.click("#ask")
    flashed(mine, "#club-status", "You asked to join the club.")
    flashed(mine, "#ask-state", "Your request to join waits for the organizers.")
    assert mine.locator("#ask").is_hidden()
    http.ok("POST", f"/clubs/{club_id}/join-requests", None, rita)

    # The organizer approves one and refuses the other from the club page.
    organizer = Tab(browser, olga)
    tabs.append(organizer)
    page = organizer.page
    page.goto(f"{site.url}/web/clubs/{club_id}")
    page.wait_for_selector("#requests-box:not([hidden])")
    assert page.locator("#join-requests li").count() == 2
    screenshot(page, "console-join-requests", phone=True)
    # While Quinto's approval is under way, his Refuse waits too (both could be sent); Rita's do not.
    held: list[tuple[Any, Any]] = []
    approving = re.compile(r".*/join-requests/[^/]+/approve$")
    page.route(approving, lambda route: held.append((route, route.fetch())))
    page.click(f"#join-requests li[data-player='{quinto_id}'] button.approve")
    page.wait_for_function("() => document.querySelectorAll('#join-requests button:disabled').length === 2")
    assert page.locator(f"#join-requests li[data-player='{quinto_id}'] button.refuse").is_disabled()
    assert page.locator(f"#join-requests li[data-player='{rita_id}'] button.refuse").is_enabled()
    for _ in range(400):
        if held:
            break
        page.wait_for_timeout(50)
    route, answer = held.pop()
    route.fulfill(response=answer)
    page.unroute(approving)
    flashed(page, "#club-status", "Quinto is now a member.")
    page.click(f"#join-requests li[data-player='{rita_id}'] button.refuse")
    flashed(page, "#club-status", "Rita was refused.")
    page.wait_for_selector("#members tbody tr >> nth=1")
    assert page.locator("#requests-box").is_hidden()
    members = {m["player_id"]: m["role"] for m in http.ok("GET", f"/clubs/{club_id}/members")["members"]}
    assert members == {olga_id: "organizer", quinto_id: "member"}
    requests = http.ok("GET", f"/clubs/{club_id}/join-requests", None, olga)["requests"]
    assert [(r["player_id"], r["status"], r["decided_by"]) for r in requests] == [
        (rita_id, "refused", olga_id)
    ]

    # The refused player sees it and may ask again.
    refused = Tab(browser, rita, PHONE)
    tabs.append(refused)
    refused.page.goto(f"{site.url}/web/clubs/{club_id}")
    flashed(refused.page, "#ask-state", "Your request to join was refused.")
    refused.page.wait_for_selector("#ask:not([hidden])")


def test_an_organizer_adds_members_by_name_and_namesakes_are_reported(
    site: Site, browser: Any, tabs: list[Tab]
) -> None:
    """Names resolve by the exact name lookup; an unknown or shared name is reported line by line with the
    candidates' ids, and nobody is added until every line names one player."""
    http = site.http
    olga_id, olga = http.organizer("Olga")
    dario_id, _ = http.register("Dario Esposito")
    elena_ids = sorted(http.register("Elena")[0] for _ in range(2))
    club_id = http.ok("POST", "/clubs", {"name": "Circolo dei nomi"}, olga)["id"]
    organizer = Tab(browser, olga)
    tabs.append(organizer)
    page = organizer.page
    page.goto(f"{site.url}/web/clubs/{club_id}")
    page.wait_for_selector("#organizer-panel:not([hidden])")

    page.fill("#members-form textarea", "dario esposito\nElena\nNessuno Qui\n")
    page.click("#members-form button[type=submit]")
    flashed(page, "#club-status", "Nobody was added")
    said = page.inner_text("#club-status")
    assert "line 2, Elena: 2 players have this name" in said
    assert all(pid in said for pid in elena_ids)
    assert "line 3, Nessuno Qui: no player has this name" in said
    assert "dario" not in said.casefold()
    assert page.input_value("#members-form textarea") == "dario esposito\nElena\nNessuno Qui\n"
    members = {m["player_id"] for m in http.ok("GET", f"/clubs/{club_id}/members")["members"]}
    assert members == {olga_id}

    page.fill("#members-form textarea", f"dario esposito\n{elena_ids[1]}\n")
    page.click("#members-form button[type=submit]")
    flashed(page, "#club-status", "Added: Dario Esposito, Elena.")
    members = {m["player_id"] for m in http.ok("GET", f"/clubs/{club_id}/members")["members"]}
    assert members == {olga_id, dario_id, elena_ids[1]}


def test_the_organizer_panel_shows_only_once_its_forms_answer(
    site: Site, browser: Any, tabs: list[Tab]
) -> None:
    """The panel used to show before its forms were wired (the page still read the join requests): a
    quick organizer's submit went to the browser, which reloaded the page with the names in its address
    and said nothing. The read is held here: the panel stays hidden until it is answered, then works."""
    http = site.http
    _, olga = http.organizer("Olga")
    club_id = http.ok("POST", "/clubs", {"name": "Circolo lento"}, olga)["id"]
    organizer = Tab(browser, olga)
    tabs.append(organizer)
    page = organizer.page
    held: list[tuple[Any, Any]] = []
    requests = re.compile(r".*/join-requests\?limit=100$")
    page.route(requests, lambda route: held.append((route, route.fetch())))
    page.goto(f"{site.url}/web/clubs/{club_id}")
    for _ in range(400):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for the join requests"
    assert page.locator("#organizer-panel").is_hidden()
    route, answer = held.pop()
    route.fulfill(response=answer)
    page.unroute(requests)
    page.wait_for_selector("#organizer-panel:not([hidden])")
    page.fill("#members-form textarea", "Nessuno Qui\n")
    page.click("#members-form button[type=submit]")
    flashed(page, "#club-status", "Nobody was added")
    assert "?" not in page.url  # the page did not submit the form itself


def test_an_edit_made_meanwhile_by_another_organizer_is_not_undone(
    site: Site, browser: Any, tabs: list[Tab]
) -> None:
    """The edit form sends only what the organizer changed, with the version it shows: a club edited
    meanwhile by another organizer is shown again as it is now, with a plain word, and nothing is lost."""
    http = site.http
    _, olga = http.organizer("Olga")
    ugo_id, ugo = http.register("Ugo")
    pia_id, pia = http.register("Pia")
    club_id = http.ok("POST", "/clubs", {"name": "Circolo", "description": "Il giovedì"}, olga)["id"]
    http.ok("POST", f"/clubs/{club_id}/members", {"player_id": ugo_id, "role": "organizer"}, olga)
    http.ok("POST", f"/clubs/{club_id}/members", {"player_id": pia_id}, olga)

    # A member's page: no organizer's panel, no join or ask buttons (the role comes with the club).
    member = Tab(browser, pia, PHONE)
    tabs.append(member)
    with member.page.expect_response(lambda r: r.url.endswith(f"/clubs/{club_id}") and r.ok):
        member.page.goto(f"{site.url}/web/clubs/{club_id}")
    member.page.wait_for_load_state("networkidle")
    for hidden in ("#organizer-panel", "#join-row", "#ask-row"):
        assert member.page.locator(hidden).is_hidden(), hidden

    organizer = Tab(browser, olga)
    tabs.append(organizer)
    page = organizer.page
    page.goto(f"{site.url}/web/clubs/{club_id}")
    page.wait_for_selector("#organizer-panel:not([hidden])")
    page.click("#edit-tool summary")
    page.fill("#edit-form input[name=description]", "Il venerdì")

    # Ugo renames the club while Olga's form is open: her save is refused, the page shows his name.
    http.ok("PATCH", f"/clubs/{club_id}", {"name": "Circolo del porto"}, ugo)
    page.click("#edit-form button[type=submit]")
    flashed(page, "#club-status", "Someone else changed this club; here it is now.")
    assert organizer.errors, "the refused save was logged"
    assert all("409" in e for e in organizer.errors), organizer.errors
    organizer.errors.clear()  # the browser logs the refused save itself; that is the point here
    assert page.inner_text("h1") == "Circolo del porto"
    assert page.input_value("#edit-form input[name=description]") == "Il giovedì"
    club = http.ok("GET", f"/clubs/{club_id}")
    assert (club["name"], club["description"], club["version"]) == ("Circolo del porto", "Il giovedì", 1)

    # Saved again, only the description is sent: Ugo's name stays.
    page.click("#edit-tool summary")
    page.fill("#edit-form input[name=description]", "Il venerdì")
    page.click("#edit-form button[type=submit]")
    flashed(page, "#club-status", "The club is saved.")
    club = http.ok("GET", f"/clubs/{club_id}")
    assert (club["name"], club["description"], club["version"]) == ("Circolo del porto", "Il venerdì", 2)

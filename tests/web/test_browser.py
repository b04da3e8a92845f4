"""The pages in a real browser (Debian's chromium through Playwright): what people see and click.

One local server for the module holds a rated Swiss and a knockout of house-bot identities; every test
saves screenshots under test-artifacts/web/ (and a phone-sized one where the layout matters).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from api import context
from tests.common import hidden_cards, without_finished_deal
from tests.web.conftest import Site, screenshot
from tests.web.support import bot_tournament, shown_cards


@pytest.fixture(scope="module")
def world(site: Site) -> dict[str, Any]:
    """A finished, rated 3-round Swiss of 8 bots and a finished knockout of 6."""
    _, olga = site.http.organizer()
    swiss = bot_tournament(site, olga, "Torneo di Natale", {"format": "swiss", "rounds": 3, "target": 1}, 8)
    knockout = bot_tournament(site, olga, "Coppa", {"format": "knockout", "target": 1}, 6)
    site.clock.advance(10)  # past the rating step's settling time
    site.run_pipeline()
    return {"swiss": swiss, "knockout": knockout}


def hidden_from(site: Site, match_id: str) -> set[str]:
    """The cards the human seat of a match against a bot may not see, as the store holds them now."""
    stored = site.server.gate.run(lambda: context.services().stores.matches.get_match(match_id))
    assert stored is not None
    seat = next(i for i, player in enumerate(stored.seats) if not player.startswith("bot-"))
    return hidden_cards(stored.state, seat)


def cells(page: Any, selector: str) -> list[list[str]]:
    found: list[list[str]] = page.eval_on_selector_all(
        selector, "rows => rows.map(r => [...r.querySelectorAll('td, th')].map(c => c.textContent.trim()))"
    )
    return found


def test_the_rankings_page_lists_players_in_rating_order(
    site: Site, world: dict[str, Any], page: Any
) -> None:
    api = site.http.ok("GET", "/rankings/scopa?limit=100")["rows"]
    entrants = {
        player
        for tid in world.values()
        for entry in site.http.ok("GET", f"/tournaments/{tid}/entries")["entries"]
        for player in entry["players"]
    }
    assert {r["player_id"] for r in api} == entrants  # everyone played a rated match

    page.goto(f"{site.url}/web/rankings/scopa")

    shown = page.eval_on_selector_all("#leaderboard tbody tr", "rows => rows.map(r => r.dataset.player)")
    assert shown == [r["player_id"] for r in api]
    elos = [float(re.sub(r"[^0-9.]", "", row[2])) for row in cells(page, "#leaderboard tbody tr")]
    assert elos == sorted(elos, reverse=True)
    assert elos == [r["elo"] for r in api]
    assert elos[0] > elos[-1]
    screenshot(page, "rankings", phone=True)

    page.select_option("select[name=by]", "glicko")
    page.click("form.row button[type=submit]")
    page.wait_for_url(re.compile(r"by=glicko"))
    by_glicko = site.http.ok("GET", "/rankings/scopa?by=glicko&limit=100")["rows"]
    shown = page.eval_on_selector_all("#leaderboard tbody tr", "rows => rows.map(r => r.dataset.player)")
    assert shown == [r["player_id"] for r in by_glicko]

    page.click(f"#leaderboard a[href='/web/players/{api[0]['player_id']}']")
    page.wait_for_url(re.compile(r"/web/players/"))
    assert page.locator("h1").inner_text() == api[0]["name"]
    assert page.locator("svg.chart polyline").count() == 1
    history = site.http.ok("GET", f"/players/{api[0]['player_id']}/ratings?pool=scopa")["pools"][0]["history"]
    assert page.locator("svg.chart circle").count() == len(history)
    assert page.locator("#recent-matches li").count() >= 3
    screenshot(page, "player", phone=True)


def test_a_tournament_page_shows_the_standings_of_the_api(
    site: Site, world: dict[str, Any], page: Any
) -> None:
    tid = world["swiss"]
    api = site.http.ok("GET", f"/tournaments/{tid}/standings")

    page.goto(f"{site.url}/web/tournaments/{tid}")

    rows = page.eval_on_selector_all(
        "#standings tbody tr",
        """rows => rows.map(r => ({
            entrant: r.dataset.entrant,
            rank: Number(r.querySelector('.rank').textContent),
            points: Number(r.querySelector('.points').textContent),
            tiebreaks: Object.fromEntries([...r.querySelectorAll('td.tb')].map(
                c => [c.dataset.tiebreak, Number(c.textContent)])),
        }))""",
    )
    assert len(rows) == len(api["standings"]) == 8
    for shown, expected in zip(rows, api["standings"], strict=True):
        assert shown["entrant"] == expected["entrant"]
        assert shown["rank"] == expected["rank"]
        assert shown["points"] == expected["points"]
        assert list(shown["tiebreaks"]) == api["tiebreaks"]
        for name, value in expected["tiebreaks"].items():
            assert shown["tiebreaks"][name] == pytest.approx(value, abs=1e-4), name
    crosstable = site.http.ok("GET", f"/tournaments/{tid}/crosstable")["rows"]
    assert page.locator("#crosstable tbody tr").count() == len(crosstable)
    assert page.locator("details.round").count() == 3
    first_round = site.http.ok("GET", f"/tournaments/{tid}/rounds/1")
    game = first_round["tables"][0]["games"][0]
    assert page.locator(f"a[href='/web/matches/{game}']").count() == 1
    screenshot(page, "tournament", phone=True)

    page.goto(f"{site.url}/web/tournaments")
    assert page.locator("table a", has_text="Torneo di Natale").count() == 1
    screenshot(page, "tournaments")


def test_the_knockout_bracket_is_drawn_as_a_bracket(site: Site, world: dict[str, Any], page: Any) -> None:
    tid = world["knockout"]
    entries = site.http.ok("GET", f"/tournaments/{tid}/entries")["entries"]

    page.goto(f"{site.url}/web/tournaments/{tid}")

    bracket = page.locator("svg.bracket")
    assert bracket.count() == 1
    text = bracket.inner_html()
    for entry in entries:
        assert entry["name"] in text
    assert "Final" in text
    assert "Semi-finals" in text
    assert text.count("<rect") == 4 + 2 + 1  # 8 slots: 4 pairings (2 of them byes), 2 semi-finals, the final
    last = site.http.ok("GET", f"/tournaments/{tid}/rounds/3")["tables"][0]
    name = (last["first"] if last["result"][0] > last["result"][1] else last["second"])["name"]
    assert bracket.locator("text[font-weight=bold]", has_text=name).count() >= 2  # won the final and a semi
    screenshot(page, "knockout")


def test_the_viewer_replays_a_finished_match_with_buttons_and_keys(
    site: Site, world: dict[str, Any], page: Any
) -> None:
    rnd = site.http.ok("GET", f"/tournaments/{world['swiss']}/rounds/1")
    match_id = rnd["tables"][0]["games"][0]
    record = site.http.ok("GET", f"/matches/{match_id}/record")
    moves = sum(len(d["moves"]) for d in record["deals"])

    page.goto(f"{site.url}/web/matches/{match_id}")
    assert page.locator("#counter").inner_text() == f"0 / {moves}"
    page.click("#next")
    page.wait_for_function("() => document.getElementById('counter').textContent.startsWith('1 /')")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('counter').textContent.startsWith('3 /')")
    assert page.url.endswith("?move=3")
    first = record["deals"][0]["moves"][3]
    assert page.locator("img.card.played").get_attribute("src").endswith(f"/{first['card']}.svg")
    taken = {
        src.rsplit("/", 1)[1][:2]
        for src in page.eval_on_selector_all("img.card.taken", "imgs => imgs.map(i => i.getAttribute('src'))")
    }
    assert taken == set(first["take"])
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.getElementById('counter').textContent.startsWith('2 /')")
    screenshot(page, "match-replay", phone=True)
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.getElementById('counter').textContent === '{moves} / {moves}'")
    assert page.locator("#move-text").inner_text().startswith("The end")
    checks = page.locator("#verification tbody td:last-child").all_inner_texts()
    assert checks == ["OK"] * len(record["deals"])

    page.goto(f"{site.url}/web/matches/{match_id}?move=3&style=french")
    assert (
        page.locator("img.card.played")
        .get_attribute("alt")
        .endswith(("diamonds", "hearts", "spades", "clubs"))
    )
    screenshot(page, "match-replay-french")


def test_a_whole_match_against_a_bot_is_played_by_clicking(site: Site, page: Any) -> None:
    page.goto(f"{site.url}/")
    screenshot(page, "home", phone=True)

    page.click("#play-bot")
    page.wait_for_url(re.compile(r"/web/play/"))
    page.wait_for_selector("#game[data-version]")
    match_id = page.url.rsplit("/", 1)[1].split("?")[0]
    assert page.evaluate("sessionStorage.getItem('scopa.token')").startswith("scs_")
    assert "scs_" not in page.content()
    assert page.locator("#hand img.card").count() == 3
    screenshot(page, "play", phone=True)

    # The first move by keyboard, then by clicks to the end; after each, neither the API's answer nor
    # the page holds a card the player may not see (the bot's hand, the stock), checked against the store.
    # A guard against a match that never ends, not a guess at its length (the shuffle decides that: about
    # one match in 200 needs more than 120 clicks). Every deal scores the settebello, so a side reaches
    # the target within 2 * target - 1 deals of 18 moves each; a few more for a tie at the top (play on).
    target = site.http.ok("GET", f"/matches/{match_id}")["rules"]["target"]
    most = 18 * (2 * target + 4)
    clicks = 0
    played_face_up: set[str] = set()
    while page.get_attribute("#game", "data-finished") is None:
        assert clicks < most, "the match did not end"
        version = page.get_attribute("#game", "data-version")
        choice = page.locator("#moves button.move-choice").first
        assert choice.get_attribute("aria-label")
        with page.expect_response(lambda r: r.url.endswith("/moves")) as answer:
            if clicks == 0:
                choice.focus()
                page.keyboard.press("Enter")
            else:
                choice.click()
        page.wait_for_function("v => document.getElementById('game').dataset.version !== v", arg=version)
        hidden = hidden_from(site, match_id)
        body = answer.value.json()
        # The last finished deal was played face up (the page may keep its count open): its cards are in
        # the new deal's shuffle again, so they may be named beside the new deal's hidden ones.
        if body["view"].get("finished_deal"):
            played_face_up = shown_cards(json.dumps(body["view"]["finished_deal"]))
        assert not shown_cards(json.dumps(without_finished_deal(body))) & hidden
        assert not (shown_cards(page.inner_html("#game")) & hidden) - played_face_up
        clicks += 1

    match = site.http.ok("GET", f"/matches/{match_id}")
    assert match["status"] == "finished"
    assert clicks >= 18  # at least one whole deal of moves
    assert page.locator("#status").inner_text().startswith("The match is over")
    scores = match["result"]["scores"]
    mine = next(i for i, s in enumerate(match["seats"]) if not s["player_id"].startswith("bot-"))
    you_first = [scores[mine], *(x for side, x in enumerate(scores) if side != mine)]
    assert "-".join(map(str, you_first)) in page.locator("#status").inner_text()  # "you" first
    screenshot(page, "play-finished")

    page.click("#watch")
    page.wait_for_url(re.compile(rf"/web/matches/{match_id}"))
    assert page.locator("#verification td.ok").count() == len(match["view"]["shuffle"]["commitments"])


def test_the_table_follows_the_opponent_without_a_reload(site: Site, page: Any) -> None:
    ada, ada_token = site.http.register("Ada")
    bea, bea_token = site.http.register("Bea")
    created = site.http.ok("POST", "/matches", {"players": [bea, ada]}, bea_token)  # Bea invites Ada

    page.goto(f"{site.url}/web/play/{created['id']}")
    page.fill("#signin-form input[name=token]", ada_token)
    page.click("#signin-form button")
    page.wait_for_selector("#game[data-version]")
    page.evaluate("window.sameDocument = true")
    assert "invited" in page.locator("#moves").inner_text()
    page.click("#accept")
    page.wait_for_function("() => document.getElementById('game').dataset.version === '2'")
    assert site.http.ok("GET", f"/matches/{created['id']}")["status"] == "active"
    match = site.http.ok("GET", f"/matches/{created['id']}", token=ada_token)
    if match["view"]["your_turn"]:  # Ada leads: she plays first, by a click
        page.locator("#moves button.move-choice").first.click()
        page.wait_for_function("() => document.getElementById('game').dataset.version === '3'")
    assert page.locator("#moves button").count() == 0
    assert "Waiting for Bea" in page.locator("#moves").inner_text()

    theirs = site.http.ok("GET", f"/matches/{created['id']}", token=bea_token)
    move = theirs["view"]["legal_moves"][0]
    body = {"card": move["card"], "take": move["take"], "version": theirs["version"]}
    site.http.ok("POST", f"/matches/{created['id']}/moves", body, bea_token)

    page.wait_for_function(
        f"() => document.getElementById('game').dataset.version === '{theirs['version'] + 1}'"
    )
    assert page.evaluate("window.sameDocument") is True  # followed by long-polling, not by a reload
    assert page.locator("#moves button.move-choice").count() >= 1
    assert "Bea played" in page.locator("#last-move").inner_text()
    screenshot(page, "play-human")


def test_a_spectator_sees_only_the_face_up_cards(site: Site, page: Any) -> None:
    ada, token = site.http.register("Ada")
    created = site.http.ok("POST", "/matches", {"players": [ada, "bot-strong"]}, token)
    spectator = site.http.ok("GET", f"/matches/{created['id']}")["view"]

    page.goto(f"{site.url}/web/matches/{created['id']}")

    assert page.locator("section.seat img.card.back").count() == sum(spectator["hand_sizes"])
    assert page.locator("section.seat img.card:not(.back)").count() == 0
    table = page.eval_on_selector_all(".felt img.card", "imgs => imgs.map(i => i.getAttribute('alt'))")
    assert len(table) == len(spectator["table"])
    screenshot(page, "match-live")


def test_a_signed_in_player_starts_a_bot_match_from_home_as_themselves(site: Site, page: Any) -> None:
    ada, token = site.http.register("Ada")
    page.goto(f"{site.url}/web/account")
    page.fill("#signin-form input[name=token]", token)
    page.click("#signin-form button[type=submit]")
    page.wait_for_selector("#signed-in:not([hidden])")
    page.goto(f"{site.url}/?style=french")
    page.wait_for_function("() => document.getElementById('who').textContent.includes('Signed in as Ada')")
    assert token not in page.content()

    page.select_option("select[name=bot]", "bot-random")
    page.select_option("select[name=target]", "16")
    page.click("#play-bot")
    page.wait_for_url(re.compile(r"/web/play/.+style=french"))
    page.wait_for_selector("#game[data-version]")

    match_id = page.url.rsplit("/", 1)[1].split("?")[0]
    match = site.http.ok("GET", f"/matches/{match_id}", token=token)
    assert {s["player_id"] for s in match["seats"]} == {ada, "bot-random"}
    assert match["rules"]["target"] == 16
    assert match["your_seat"] is not None
    alts = page.eval_on_selector_all("#hand img.card", "imgs => imgs.map(i => i.alt)")
    assert len(alts) == 3
    assert all(" of " in alt for alt in alts)  # French faces and names

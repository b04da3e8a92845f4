"""Briscola in a real browser: a whole game played by clicking between two people, and one against a bot;
after every move no hidden card (the other hand, the stock below the turned-up trump) is in either page.

Screenshots go under ``test-artifacts/web/`` (git-ignored), at a desktop and at a phone's size. The bot
game needs the services to seat a Briscola bot (issue 16, the match layer's part).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from api import context
from scopa.application.auth import Caller
from scopa.application.services.matches import NewMatch
from scopa.domain.games.briscola.cards import CODES
from scopa.domain.games.briscola.state import BriscolaState
from tests.web.conftest import DESKTOP, PHONE, Site, screenshot
from tests.web.support import shown_cards
from tests.web.test_live_pages import Person


@pytest.fixture
def people(browser: Any) -> Iterator[list[Person]]:
    made: list[Person] = []
    yield made
    for person in made:
        person.close()


def stored_state(site: Site, match_id: str) -> BriscolaState:
    stored = site.server.gate.run(lambda: context.services().stores.matches.get_match(match_id))
    assert stored is not None
    return BriscolaState.from_json(dict(stored.state))


def codes_of(mask: int) -> set[str]:
    return {CODES[i] for i in range(len(CODES)) if mask >> i & 1}


def hidden_briscola(state: BriscolaState, seat: int | None) -> set[str]:
    """What ``seat`` (None: a spectator) may not see: the other hands and the stock, except the turned-up
    trump, which the whole table saw (and saw drawn: in another hand it is still public)."""
    hidden: set[str] = set()
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= codes_of(hand)
    stock = {CODES[c] for c in state.deck[state.drawn :]}
    trump = CODES[state.trump] if state.trump >= 0 else None
    return (hidden | stock) - {trump}


def create_briscola(site: Site, creator: str, players: list[str]) -> str:
    """A Briscola match through the services (the API's ``game`` field is the match layer's part)."""
    caller = Caller(creator, "player")
    seed = secrets.token_hex(32)  # given until the Briscola engine makes its own seed (G1)
    made = site.server.gate.run(
        lambda: context.services().matches.create(
            caller, NewMatch(players=players, game="briscola", seed=seed, agreed=tuple(players))
        )
    )
    return str(made.id)


def page_cards(page: Any) -> set[str]:
    return shown_cards(page.content())


def test_hidden_briscola_reads_the_state_as_the_engine_writes_it(site: Site) -> None:
    """The checker above is only as good as its reading of the state: check it against the engine."""
    from scopa.domain.games.briscola.engine import new_match
    from scopa.domain.games.briscola.rules import make_rules

    state = new_match(make_rules("classic"), "ab" * 32, 0)
    hidden = hidden_briscola(BriscolaState.from_json(state.to_json()), 0)
    mine = codes_of(state.hands[0])
    assert len(mine) == 3
    assert not mine & hidden
    assert codes_of(state.hands[1]) <= hidden
    assert CODES[state.trump] not in hidden
    assert len(hidden) == 40 - 3 - 1  # everything but my hand and the trump


def play_one(person: Person, seat_cards: set[str]) -> str:
    """Click a card of the hand (alternating: a tap on the card, or its move button); return it."""
    page = person.page
    version = page.get_attribute("#game", "data-version")
    buttons = page.locator("#moves button.move-choice")
    card = str(buttons.first.get_attribute("data-card"))
    assert card in seat_cards
    if int(version or 0) % 2:
        page.click(f"#hand button.hand-card[data-card='{card}']")
    else:
        buttons.first.click()
    page.wait_for_function("v => document.getElementById('game').dataset.version !== v", arg=version)
    return card


def close_count(page: Any) -> None:
    if page.locator("#count").is_visible():
        assert "game" in page.locator("#count-h").inner_text().lower()
        page.click("#count-close")


def test_two_people_play_a_whole_briscola_game_by_clicking_and_never_see_a_hidden_card(
    site: Site, browser: Any, people: list[Person]
) -> None:
    ana_id, ana_token = site.http.register("Ana")
    ben_id, ben_token = site.http.register("Ben")
    ana = Person(browser, DESKTOP, ana_token)
    ben = Person(browser, PHONE, ben_token)
    people += [ana, ben]
    match_id = create_briscola(site, ana_id, [ana_id, ben_id])
    created = site.http.ok("GET", f"/matches/{match_id}")
    if created["status"] == "pending":
        site.http.ok("POST", f"/matches/{match_id}/accept", None, ben_token)
    seat_of = {ana_id: 0, ben_id: 1}
    seats = [s["player_id"] for s in site.http.ok("GET", f"/matches/{match_id}")["seats"]]
    persons = {seats.index(ana_id): ana, seats.index(ben_id): ben}
    seat_of = {ana_id: seats.index(ana_id), ben_id: seats.index(ben_id)}
    for person in persons.values():
        person.page.goto(f"{site.url}/web/play/{match_id}")
        person.page.wait_for_selector("#game[data-version]")
        assert person.page.locator("#trump img.card").count() == 1
        assert person.page.locator("#hand img.card").count() == 3
    assert ana.page.locator("#scores tbody tr th").first.inner_text() == "You"
    assert ana.page.get_attribute("#rules-link", "href") == "/web/rules/briscola/classic"

    moves = 0
    while True:
        match = site.http.ok("GET", f"/matches/{match_id}")
        if match["status"] == "finished":
            break
        turn = match["turn"]
        person = persons[turn]
        person.page.wait_for_selector("#moves button.move-choice")
        state = stored_state(site, match_id)
        mine = codes_of(state.hands[turn])
        played = play_one(person, mine)
        moves += 1
        assert moves < 400
        state = stored_state(site, match_id)
        for seat, who in persons.items():
            page = who.page
            page.wait_for_function(
                "v => Number(document.getElementById('game').dataset.version) >= v",
                arg=int(site.http.ok("GET", f"/matches/{match_id}")["version"]),
            )
            leaked = page_cards(page) & hidden_briscola(state, seat)
            assert leaked == set(), f"seat {seat} sees hidden cards {leaked} after {played}"
            close_count(page)
        if moves == 1:
            assert played in ben.page.locator("#trick").inner_html() + ana.page.locator("#trick").inner_html()
            screenshot(ana.page, "briscola-play", phone=True)
    # 40 cards a game: the classic preset plays one, but replays a 60-60 draw (38 in 3,000 random games)
    assert moves == 40 * len(stored_state(site, match_id).history)

    for who in persons.values():
        page = who.page
        page.wait_for_selector("#game[data-finished]")
        status = page.locator("#status").inner_text()
        assert status.startswith("The match is over: you")
        assert "Why: won more games" in status or "Why: " in status
    final = site.http.ok("GET", f"/matches/{match_id}")
    winners = final["result"]["winners"]
    for player_id, seat in seat_of.items():
        text = persons[seat].page.locator("#status").inner_text()
        assert ("you won" in text) == (player_id in winners), text
    screenshot(ben.page, "briscola-finished")

    assert ana.page.get_attribute("#rules-link", "href") == "/web/rules/briscola/classic"


def test_a_person_plays_a_whole_briscola_game_against_a_bot_by_clicking(
    site: Site, browser: Any, people: list[Person]
) -> None:
    """Needs the match layer to seat a Briscola bot (issue 16, the services' part)."""
    cleo_id, token = site.http.register("Cleo")
    cleo = Person(browser, DESKTOP, token)
    people.append(cleo)
    created = site.http.ok(
        "POST", "/matches", {"players": [cleo_id, "bot-greedy"], "game": "briscola"}, token
    )
    match_id = created["id"]
    seat = [s["player_id"] for s in created["seats"]].index(cleo_id)
    page = cleo.page
    page.goto(f"{site.url}/web/play/{match_id}")
    page.wait_for_selector("#game[data-version]")
    moves = 0
    while page.get_attribute("#game", "data-finished") is None:
        close_count(page)
        page.wait_for_selector("#moves button.move-choice, #game[data-finished]")
        if page.get_attribute("#game", "data-finished") is not None:
            break
        mine = codes_of(stored_state(site, match_id).hands[seat])
        play_one(cleo, mine)
        moves += 1
        assert moves < 200
        state = stored_state(site, match_id)
        leaked = page_cards(page) & hidden_briscola(state, seat)
        assert leaked == set(), f"hidden cards {leaked} shown"
    assert moves == 20 * len(stored_state(site, match_id).history)  # half of each game's 40 (draws replayed)
    assert page.locator("#status").inner_text().startswith("The match is over: you")
    screenshot(page, "briscola-bot", phone=True)

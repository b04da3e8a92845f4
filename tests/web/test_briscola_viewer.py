"""Briscola on the spectator page, the replay viewer, the rules help and the home form.

Over plain HTTP: every state of a Briscola match (pending, active, finished) answers its page without a 5xx,
and no page shows a card of a hand or of the stock before the end (the turned-up trump is public); the
replay steps through the record's tricks and checks every game's shuffle; the rules help of every preset
is written from its options, in both languages. In chromium: a spectator follows a game to its end, and a
Briscola match against a bot starts from the home page (that one needs the API's ``game`` field).
"""

from __future__ import annotations

import random
import re
import secrets
from typing import Any

import pytest

from api import context
from scopa.application.auth import ANONYMOUS, Caller
from scopa.application.services.matches import NewMatch
from scopa.domain.games.briscola.cards import CODES
from scopa.domain.games.briscola.engine import apply_move, new_match
from scopa.domain.games.briscola.record import replay
from scopa.domain.games.briscola.rules import PRESET_DESCRIPTIONS, PRESETS, make_rules
from scopa.domain.games.briscola.state import Move
from scopa.web.games.briscola import views as briscola
from scopa.web.games.briscola.rules_help import rules_help
from tests.web.conftest import Site, screenshot
from tests.web.support import shown_cards
from tests.web.test_briscola_pages import hidden_briscola, stored_state


def create(site: Site, players: list[str], preset: str = "classic", agreed: bool = True) -> str:
    """A Briscola match through the services (the API's ``game`` field is the match layer's part)."""
    caller = Caller(players[0], "player")
    request = NewMatch(
        players=players,
        game="briscola",
        preset=preset,
        seed=secrets.token_hex(32),
        agreed=tuple(players) if agreed else (players[0],),
    )
    made = site.server.gate.run(lambda: context.services().matches.create(caller, request))
    return str(made.id)


def play(site: Site, match_id: str, moves: int | None, rng: random.Random) -> int:
    """Play ``moves`` random legal moves through the services (None: to the end); returns how many.

    Through the services, so that chiamata's bids and calls need nothing of the API (the match layer's
    part); every move is published to the match's followers as an API move is."""

    def one_move() -> bool:
        matches = context.services().matches
        seen = matches.get(ANONYMOUS, match_id)
        if seen.status != "active" or seen.turn is None:
            return False
        caller = Caller(seen.seats[seen.turn].player_id, "player")
        mine = matches.get(caller, match_id)
        matches.move(caller, match_id, rng.choice(mine.view["legal_moves"]), mine.version)
        return True

    made = 0
    while (moves is None or made < moves) and site.server.gate.run(one_move):
        made += 1
        assert made < 400
    return made


@pytest.fixture(scope="module")
def world(site: Site) -> dict[str, Any]:
    """Briscola matches in every state, between people (no bot: the services' part of issue 16)."""
    people = [site.http.register(name) for name in ("Ada", "Bea", "Cy", "Dan", "Eli")]
    ids = [p for p, _ in people]
    tokens = dict(people)
    rng = random.Random(16)
    active = create(site, ids[:2])
    play(site, active, 5, rng)  # a trick under way: one card on the table
    finished = create(site, ids[:2], "best_of_three")
    play(site, finished, None, rng)
    chiamata = create(site, ids, "chiamata")
    play(site, chiamata, None, rng)
    return {
        "ids": ids,
        "tokens": tokens,
        "active": active,
        "finished": finished,
        "chiamata": chiamata,
    }


# ------------------------------------------------------------------------------------ HTTP


def record_of(site: Site, match_id: str) -> dict[str, Any]:
    """The published record, as the replay page reads it (GET .../record is the API's part)."""
    return dict(site.server.gate.run(lambda: context.services().matches.record(match_id)))


def test_a_pending_briscola_match_has_a_page_without_a_card(site: Site, world: dict[str, Any]) -> None:
    """Needs the Briscola engine's view of a match not dealt (``waiting_view``, the services' part)."""
    pending = create(site, world["ids"][:2], agreed=False)
    for query in ("", "?style=french", "?lang=it", "?move=3"):
        reply = site.http.call("GET", f"/web/matches/{pending}{query}")
        assert reply.status == 200, (query, reply.text[:300])
    page = site.http.call("GET", f"/web/matches/{pending}").text
    assert "Nothing is dealt before every seat has accepted." in page
    assert not shown_cards(page)


def test_every_dealt_state_of_a_briscola_match_has_a_page_and_none_shows_a_hidden_card(
    site: Site, world: dict[str, Any]
) -> None:
    for state in ("active", "finished", "chiamata"):
        for query in ("", "?style=french", "?lang=it", "?move=3", "?move=10000"):
            reply = site.http.call("GET", f"/web/matches/{world[state]}{query}")
            assert reply.status == 200, (state, query, reply.text[:300])

    stored = stored_state(site, world["active"])
    assert stored.result is None
    hidden = hidden_briscola(stored, None)
    assert len(hidden) >= 30  # both hands and the stock: there is something to hide
    for query in ("", "?style=french", "?lang=it"):
        page = site.http.call("GET", f"/web/matches/{world['active']}{query}").text
        assert not shown_cards(page) & hidden, query
    page = site.http.call("GET", f"/web/matches/{world['active']}").text
    # What lies face up is shown: the turned-up trump, the card led, the trick before it.
    shown = shown_cards(page)
    assert briscola.face(CODES[stored.trump]) in shown
    assert {briscola.face(CODES[c]) for c in stored.trick} <= shown
    assert {briscola.face(CODES[c]) for c in stored.tricks[-1].cards} <= shown
    assert f"stock {stored.stock_size}" in page
    assert re.search(r"<td>0</td><td>\d+</td>", page)  # games won, card points this game
    assert page.count('class="card back"') == sum(h.bit_count() for h in stored.hands)


def test_the_replay_steps_through_every_trick_of_the_record_and_checks_each_shuffle(
    site: Site, world: dict[str, Any]
) -> None:
    record = record_of(site, world["finished"])
    report = replay(record)
    steps = briscola.steps(record)
    assert len(steps) == report.moves + 1
    assert steps[-1].result == report.result
    assert steps[-1].scores == list(report.result["scores"])
    assert len(report.deal_points) >= 2  # best of three: at least two games, each with its own shuffle

    # Every trick's taker as the engine's own trick log names it, game after game.
    state = new_match(make_rules("best_of_three"), record["master_seed"], record["first_dealer"])
    takers: list[int] = []
    for game in record["games"]:
        for entry in game["moves"]:
            seat, _, text = entry.partition(":")
            after = apply_move(state, Move.parse(text), int(seat))
            if len(after.history) > len(state.history):
                takers.append(-1)  # a game's last trick: checked against its points below
            elif len(after.tricks) > len(state.tricks):
                takers.append(after.tricks[-1].winner)
            state = after
    took = [s.took for s in steps if s.took is not None]
    assert len(took) == len(takers) == report.moves // 2
    assert all(t == w for t, w in zip(took, takers, strict=True) if w >= 0)
    for step in steps:  # every card is somewhere: hands, trick, stock, taken
        assert sum(len(h) for h in step.hands) + len(step.trick) + step.stock <= 40
        assert sum(step.points) <= 120

    base = f"/web/matches/{world['finished']}"
    last = len(steps) - 1
    first = site.http.call("GET", base).text
    assert f'data-last="{last}"' in first
    assert "Game 1, move 1" in first
    assert first.count('<td class="ok">OK</td>') == len(record["games"])
    assert "FAIL" not in first
    end = site.http.call("GET", f"{base}?move={last}").text
    assert "The end" in end
    assert "won more games" in end
    middle = site.http.call("GET", f"{base}?move=1").text
    assert "took the trick." in middle  # the second card of the first trick takes it
    italian = site.http.call("GET", f"{base}?move=1&lang=it").text
    assert "Partita 1, mossa 2" in italian
    assert "ha preso la mano." in italian

    chiamata = site.http.call("GET", f"/web/matches/{world['chiamata']}").text
    assert "bids" in chiamata or "passes" in chiamata


def test_a_tampered_record_fails_the_shuffle_check(site: Site, world: dict[str, Any]) -> None:
    record = record_of(site, world["finished"])
    published = [g["commitment"] for g in record["games"]]
    assert all(c.ok for c in briscola.verify_shuffles(record, published))
    record["games"][0]["deck"] = record["games"][0]["deck"][2:] + record["games"][0]["deck"][:2]
    checks = briscola.verify_shuffles(record, published)
    assert not checks[0].deck_ok
    assert checks[0].commitment_ok
    assert checks[0].seed_ok
    assert not briscola.verify_shuffles(record, ["00" * 32] * len(published))[0].commitment_ok


def test_the_rules_help_lists_every_briscola_preset_and_explains_each_from_its_options(site: Site) -> None:
    index = site.http.call("GET", "/web/rules").text
    for preset in PRESETS:
        assert f'href="/web/rules/briscola/{preset}"' in index
        assert PRESET_DESCRIPTIONS[preset] in index
    assert 'href="/web/rules/classic"' in index  # Scopa's are still there

    pages = {p: site.http.call("GET", f"/web/rules/briscola/{p}") for p in PRESETS}
    assert all(r.status == 200 for r in pages.values())
    text = {p: r.text for p, r in pages.items()}
    for page in text.values():
        assert "no duty to follow suit" in page
        assert "ace, three, king, knight, jack, seven, six, five, four, two" in page
    assert "more than 60 points wins the game; 60-60 is a draw" in text["classic"]
    assert "the last card drawn" in text["classic"]
    assert "Each player gets 3 cards" in text["classic"]
    assert "One game; a drawn game is dealt again" in text["classic"]
    assert "Best of 3 games" in text["best_of_three"]
    assert "Hands of 9 cards" in text["nine_cards"]
    assert "Each player gets 9 cards" in text["nine_cards"]
    assert "1 of the twos are taken out" in text["three_players"]
    assert "(78 cards)" in text["six_players"]
    assert "240 in all" in text["six_players"]
    assert "more than 120 points wins" not in text["six_players"]  # three sides: the most points
    assert "the most points wins the game" in text["six_players"]
    assert "secret partner" in text["chiamata"]
    assert "turned up" in text["chiamata"]
    assert "the last card drawn" not in text["chiamata"]
    assert "face up" in text["scoperta"]
    assert "face up" not in text["classic"]
    assert "partnerships" in text["partnership"]

    italian = site.http.call("GET", "/web/rules/briscola/classic?lang=it").text
    assert "obbligo di rispondere al seme" in italian
    assert "più di 60 punti vince la partita" in italian
    assert site.http.call("GET", "/web/rules/briscola/nope").status == 404
    assert site.http.call("GET", "/web/rules/classic").status == 200


def test_a_second_deck_card_is_drawn_and_named_as_its_face() -> None:
    assert briscola.face("AD") == "Ad"
    assert briscola.face("7b") == "7b"
    assert briscola.side_names(make_rules("partnership"), ["a", "b", "c", "d"]) == ["a & c", "b & d"]
    assert briscola.per_side(make_rules("six_players"), [1, 2, 3, 4, 5, 6]) == [5, 7, 9]


def test_the_help_of_a_rule_set_follows_its_options() -> None:
    points = [s.title for s in rules_help("classic", "en")]
    assert points == ["The deal", "Playing a trick", "Card points", "Winning a game", "The match"]
    from scopa.web.games.briscola.rules_help import help_for

    signals = help_for(make_rules("partnership", {"signals": True}), "en")
    assert signals[-1].title == "This variant"
    assert "high trumps" in signals[-1].lines[0]
    target = help_for(make_rules("classic", {"match": "points", "points_target": 300}), "en")
    assert any("reaches 300 points" in line for line in target[-1].lines)


# ------------------------------------------------------------------------------------ chromium


def test_a_spectator_follows_a_briscola_game_to_its_end_and_never_sees_a_hidden_card(
    site: Site, page: Any, world: dict[str, Any]
) -> None:
    ids = world["ids"]
    match_id = create(site, ids[2:4])
    page.goto(f"{site.url}/web/matches/{match_id}")
    page.wait_for_selector("#live #trump img.card")
    rng = random.Random(4)
    n = 0
    while True:  # 40 moves a game; a 60-60 draw is replayed, so the match may take 80 or more
        version = int(page.get_attribute("#live", "data-version") or 0)
        assert play(site, match_id, 1, rng) == 1
        n += 1
        if stored_state(site, match_id).result is not None:
            break
        assert n < 400
        page.wait_for_function(
            "v => Number(document.getElementById('live').dataset.version) > v", arg=version
        )
        state = stored_state(site, match_id)
        leaked = shown_cards(page.content()) & hidden_briscola(state, None)
        assert leaked == set(), f"the spectator sees {leaked} after move {n}"
        assert page.locator("#trick figure").count() == len(state.trick)
        if n == 3:
            assert "took the trick." in page.locator("#last-trick").inner_text()
            screenshot(page, "briscola-watch", phone=True)
    page.wait_for_selector("#replay")  # at the end the page reloads as the replay
    # The keys work once the viewer's module script has run (deferred: before DOMContentLoaded); the
    # element alone can be there earlier, and an End pressed then goes nowhere.
    page.wait_for_load_state("domcontentloaded")
    assert page.locator("#verification td.ok").count() == len(stored_state(site, match_id).history)  # a game
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.getElementById('counter').textContent.startsWith('{n} /')")
    assert "The end" in page.locator("#move-text").inner_text()
    screenshot(page, "briscola-replay")


def test_a_briscola_match_against_a_bot_starts_from_the_home_page(site: Site, page: Any) -> None:
    """Needs the API's ``game`` field on POST /matches and a Briscola bot (issue 16, the services' part)."""
    page.goto(f"{site.url}/")
    assert page.locator("#briscola-match").is_hidden()
    page.select_option("select[name=game]", "briscola")
    assert page.locator("#scopa-target").is_hidden()
    page.select_option("select[name=briscola_preset]", "best_of_three")
    page.click("#play-bot")
    page.wait_for_url(re.compile(r"/web/play/"))
    page.wait_for_selector("#game[data-version] #trump img.card")
    match_id = page.url.split("/web/play/")[1].split("?")[0]
    match = site.http.ok("GET", f"/matches/{match_id}")
    assert match["game"] == "briscola"
    assert match["preset"] == "best_of_three"
    assert match["seats"][1]["player_id"].startswith("bot-") or match["seats"][0]["player_id"].startswith(
        "bot-"
    )
    assert page.get_attribute("#rules-link", "href") == "/web/rules/briscola/best_of_three"

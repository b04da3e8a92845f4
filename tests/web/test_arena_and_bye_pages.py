"""The tournament page: an Arena's leaderboard and games under way, a Swiss round's requested bye."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Site


def test_the_arena_page_shows_the_leaderboard_and_the_games_under_way(site: Site) -> None:
    http = site.http
    _, olga = http.organizer()
    settings = {"format": "arena", "arena_minutes": 30, "target": 1}
    t = http.ok("POST", "/tournaments", {"name": "Arena del venerdì", "settings": settings}, olga)
    tid = t["id"]
    for i, bot in enumerate(("bot-greedy-1", "bot-random-2")):
        http.ok("POST", f"/tournaments/{tid}/entries", {"players": [bot], "rating": 1900 - i}, olga)
    humans = {}
    for name in ("Ada", "Bea"):
        pid, token = http.register(name)
        http.ok("POST", f"/tournaments/{tid}/entries", {}, token)
        humans[pid] = token
    ada = next(iter(humans))
    before = http.call("GET", f"/web/tournaments/{tid}")
    assert "Not started yet." in before.text
    http.ok("POST", f"/tournaments/{tid}/start", None, olga)
    site.run_pipeline()
    http.ok("PUT", f"/tournaments/{tid}/entries/{ada}/paused", {"paused": True}, humans[ada])

    page = http.call("GET", f"/web/tournaments/{tid}")
    assert page.status == 200
    html = page.text
    assert 'id="arena-board"' in html
    assert 'id="crosstable"' not in html  # an arena has no rounds to cross
    board = http.ok("GET", f"/tournaments/{tid}/arena")
    rows = re.findall(r'<tr data-entrant="([^"]+)"', html.split('id="arena-board"')[1].split("</table>")[0])
    assert rows == [r["entrant"] for r in board["leaderboard"]]
    assert len(rows) == 4
    scores = re.findall(r'<td class="points">(\d+)</td>', html)
    assert [int(s) for s in scores] == [r["score"] for r in board["leaderboard"]]
    assert "(paused)" in html  # Ada asked not to be paired; her game under way is played out
    assert "Players waiting for a game are paired every minute." in html  # a wait is not a fault
    # The humans' game (they are rated below both bots) is under way, with a link to watch it.
    playing = [g for g in board["playing"] if g["first"]["id"] in humans]
    assert len(playing) == 1
    assert f"/web/matches/{playing[0]['games'][0]}" in html.split('id="arena-playing"')[1]
    italian = http.call("GET", f"/web/tournaments/{tid}?lang=it").text
    assert "Partite in corso" in italian
    assert "Chi aspetta una partita viene abbinato ogni minuto." in italian


def test_the_tournament_page_shows_a_requested_bye(site: Site) -> None:
    http = site.http
    _, olga = http.organizer("Oriana")
    t = http.ok("POST", "/tournaments", {"name": "Coppa", "settings": {"rounds": 2, "target": 1}}, olga)
    tid = t["id"]
    for i in range(5):
        http.ok("POST", f"/tournaments/{tid}/entries", {"players": [f"bot-greedy-{i + 1}"]}, olga)
    http.ok("POST", f"/tournaments/{tid}/byes", {"round": 2, "entrant": "bot-greedy-1"}, olga)
    http.ok("POST", f"/tournaments/{tid}/start", None, olga)
    for _ in range(10):
        if http.ok("GET", f"/tournaments/{tid}")["status"] == "finished":
            break
        site.run_pipeline()
    html = http.call("GET", f"/web/tournaments/{tid}").text
    assert 'class="requested-byes">Bye on request: Greedy bot 1</p>' in html
    crosstable = html.split('id="crosstable"')[1].split("</table>")[0]
    row = next(r for r in crosstable.split("<tr") if "Greedy bot 1" in r)
    assert "<td>R</td>" in row


def test_the_wizard_creates_an_arena(site: Site, browser: Any) -> None:
    """In a real browser: the wizard's arena asks for its minutes, not rounds, and posts single games."""
    http = site.http
    _, olga = http.organizer("Orsola")
    context = browser.new_context()
    context.add_init_script(f"sessionStorage.setItem('scopa.token', {olga!r})")
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{site.url}/web/tournaments/new")
        page.fill("input[name=name]", "Arena del sabato")
        page.select_option("select[name=format]", "arena")
        assert page.is_visible("#arena-field")
        assert not page.is_visible("#rounds-field")
        page.fill("input[name=arena_minutes]", "45")
        page.select_option("select[name=tiebreak] >> nth=0", "buchholz")  # an arena takes none: not sent
        page.click("#create")
        page.wait_for_url(re.compile(r"/web/tournaments/t_"))
        tid = page.url.rsplit("/", 1)[1]
        settings = http.ok("GET", f"/tournaments/{tid}")["settings"]
        assert (settings["format"], settings["arena_minutes"], settings["games_per_match"]) == (
            "arena",
            45,
            1,
        )
        page.wait_for_selector("#arena-h")
    finally:
        context.close()
    assert errors == []

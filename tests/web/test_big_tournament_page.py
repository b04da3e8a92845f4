"""A big tournament's page stays small: each list shows its first lines and points to the CSV export, and
the organizer's tools take typed ids instead of a choice of every entrant for every seat. Before, a
300-entrant Swiss made a 5 MB page (the hand-pairing tool grew with the square of the entrants) and a
10,000-player arena a 6.3 MB one: over the 6 MB a Lambda function may answer, so a 502 on AWS."""

from __future__ import annotations

import re

import pytest

from scopa.web.pages import PAGE_ROWS, PAIRING_SELECTS, RELOAD_SPREAD
from tests.api.conftest import (
    Api,
    api_on_sqlite,  # noqa: F401 (the pages through the API, on SQLite)
    clock,  # noqa: F401 (its hand-moved clock)
)
from tests.api.tournament_support import count_tournament_reads, create_tournament, organizer

LIMIT = 400 * 1024  # far under the 6 MB a Lambda may answer, whatever the field


def enter(api: Api, tournament_id: str, count: int) -> list[str]:
    """``count`` players registered and entered by themselves (each from an address of its own, as a
    field arrives: the per-address limit is not what this tests)."""
    ids = []
    for i in range(count):
        address = f"10.1.{i >> 8}.{i & 255}"
        player = api.call("POST", "/players", {"name": f"Player{i:04d}"}, source_ip=address)
        assert player.status == 201, player.body
        entered = api.call(
            "POST", f"/tournaments/{tournament_id}/entries", {}, token=player.body["token"], source_ip=address
        )
        assert entered.status == 201, entered.body
        ids.append(player.body["player"]["id"])
    return ids


def test_a_400_player_swiss_page_offers_the_hand_pairing_as_lines_of_ids(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 9, "target": 1, "max_entrants": 2000})
    enter(api, t["id"], 400)
    page = api.call("GET", f"/web/tournaments/{t['id']}")
    assert page.status == 200
    html = page.body
    assert len(html.encode()) < LIMIT
    assert PAIRING_SELECTS < 400
    assert 'name="seat"' not in html  # no choice of 400 entrants for each of 400 seats
    field = html.split('<textarea name="tables"')[1].split("</textarea>")[0]
    lines = field.split(">", 1)[1].strip().splitlines()
    assert len(lines) == 200  # every table of the seeding order, two ids a line, for the organizer to edit
    assert all(len(line.split()) == 2 for line in lines)
    assert 'name="entrant" required' in html  # withdraw or exclude: the entrant's id, typed
    entrants = re.findall(r'<li data-entrant="', html.split('id="entrants"')[1])
    assert len(entrants) == PAGE_ROWS
    assert "The first 200 of 400 are shown;" in html
    assert f'href="/tournaments/{t["id"]}/export"' in html


def test_a_1000_player_arena_page_shows_the_top_of_each_list(api: Api) -> None:
    _, olga = organizer(api)
    settings = {"format": "arena", "arena_minutes": 60, "target": 1, "max_entrants": 1000}
    t = create_tournament(api, olga, settings)
    enter(api, t["id"], 1000)
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    html = api.call("GET", f"/web/tournaments/{t['id']}").body
    assert len(html.encode()) < LIMIT
    board = html.split('id="arena-board"')[1].split("</table>")[0]
    assert len(re.findall(r"<tr data-entrant=", board)) == PAGE_ROWS
    assert "The first 200 of 1000 are shown;" in html
    assert "300 more games under way." in html  # 500 tables in the first wave
    assert "300 more tables:" in html
    assert 'name="table" required pattern="[0-9]+:[0-9]+"' in html  # a correction names round:table
    italian = api.call("GET", f"/web/tournaments/{t['id']}", query={"lang": "it"}).body
    assert "Sono mostrati i primi 200 di 1000;" in italian


def test_the_tournament_page_and_the_wall_read_the_tournament_once(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each view reads the tournament's partition once (it was three times: the page, its standings and
    its arena or crosstable): at 10,000 entrants a read is about 3.6 MB, and a page is followed by many."""
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1, "play_mode": "in_person"})
    enter(api, t["id"], 6)
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    reads = count_tournament_reads(monkeypatch)
    for page in ("", "/projector", "/print/standings", "/print/crosstable"):
        reads.clear()
        assert api.call("GET", f"/web/tournaments/{t['id']}{page}").status == 200
        assert reads == [t["id"]], page


def test_a_big_tournaments_page_is_rendered_once_per_version_and_its_followers_reload_spread(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Followers reload the page of a big tournament when its round changes: the container serves the
    page it rendered for that version (one read of the tournament's item each), and a new version is
    rendered once. Their reloads are spread over RELOAD_SPREAD seconds."""
    _, olga = organizer(api)
    t = create_tournament(
        api, olga, {"format": "arena", "arena_minutes": 60, "target": 1, "max_entrants": 300}
    )
    enter(api, t["id"], PAGE_ROWS + 1)
    small = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    reads = count_tournament_reads(monkeypatch)
    first = api.call("GET", f"/web/tournaments/{t['id']}").body
    assert f'data-reload-spread="{RELOAD_SPREAD}"' in first
    assert api.call("GET", f"/web/tournaments/{t['id']}").body == first
    assert reads == [t["id"]]  # the second view read no partition
    fresh = api.call("GET", f"/web/tournaments/{t['id']}", query={"fresh": "1"})  # after an action
    assert fresh.status == 200
    assert reads == [t["id"]] * 2  # rendered anew
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    reads.clear()
    started = api.call("GET", f"/web/tournaments/{t['id']}").body
    assert started != first  # a new version: rendered again, with the first wave
    assert "Games under way" in started
    assert reads == [t["id"]]

    reads.clear()
    for _ in range(2):  # a small tournament's page is rendered at every view
        assert 'data-reload-spread="0"' in api.call("GET", f"/web/tournaments/{small['id']}").body
    assert reads == [small["id"]] * 2

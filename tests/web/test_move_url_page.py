"""The play page posts moves to the match's ``links.moves`` (in AWS the API function's URL, another
origin than the pages'), and to the API's path when that link cannot be reached.

Here the link is the same local server under another origin (``localhost`` for pages served from
``127.0.0.1``): a cross-origin POST with the token, its CORS preflight, and the page's CSP allowing it.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from api import context
from api import settings as settings_module
from tests.web.conftest import Site
from tests.web.test_live_pages import PLAY_DESKTOP, Person, play_until, sign_in

GAME_OVER = "() => document.getElementById('game').dataset.finished !== undefined"


@pytest.fixture
def people() -> Iterator[list[Person]]:
    made: list[Person] = []
    yield made
    for person in made:
        person.close()


@pytest.fixture
def move_url(site: Site, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``set(url)``: the server's match answers link moves to ``url`` (as MOVE_URL_PARAMETER does in AWS)."""

    def use(url: str) -> None:
        monkeypatch.setenv("MOVE_URL", url)
        settings_module.reload()

    yield use
    monkeypatch.undo()
    settings_module.reload()
    context.ssm_provider.cache_clear()


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port that refuses connections for the whole test: bound, so that no other server (of
    another worker, another run) can take it, and never listening. A port bound and released at once
    could be taken before the browser tries it, and the link would answer."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield int(held.getsockname()[1])


def _moves(person: Person) -> list[str]:
    return [u for u in person.requests if u.endswith("/moves")]


def test_the_table_posts_moves_to_the_link_on_another_origin(
    site: Site, browser: Any, people: list[Person], move_url: Any
) -> None:
    other = site.url.replace("127.0.0.1", "localhost")
    move_url(other)
    ada, token, person = sign_in(site, browser, people, "Ada", PLAY_DESKTOP)
    created = site.http.ok("POST", "/matches", {"players": [ada, "bot-greedy"], "target": 1}, token)
    assert created["links"]["moves"] == f"{other}/matches/{created['id']}/moves"
    person.page.goto(f"{site.url}/web/play/{created['id']}")
    person.page.wait_for_selector("#game[data-version]")
    assert play_until(person, GAME_OVER) >= 1
    moves = _moves(person)
    assert moves
    assert set(moves) == {f"{other}/matches/{created['id']}/moves"}  # every move through the link


def test_an_unreachable_link_falls_back_to_the_api_path(
    site: Site, browser: Any, people: list[Person], move_url: Any, closed_port: int
) -> None:
    down = (
        f"http://127.0.0.1:{closed_port}"  # another origin (another port); not "localhost": ::1 is not held
    )
    move_url(down)
    ada, token, person = sign_in(site, browser, people, "Bea", PLAY_DESKTOP)
    created = site.http.ok("POST", "/matches", {"players": [ada, "bot-greedy"], "target": 1}, token)
    person.page.goto(f"{site.url}/web/play/{created['id']}")
    person.page.wait_for_selector("#game[data-version]")
    clicks = play_until(person, GAME_OVER)
    assert clicks >= 2
    moves = _moves(person)
    link, path = f"{down}/matches/{created['id']}/moves", f"{site.url}/matches/{created['id']}/moves"
    assert moves.count(link) == 1  # tried once, then left alone
    assert moves.count(path) == clicks  # every move played through the API's path
    person.errors.clear()  # the browser logs the refused connection; that is the point here


def test_the_pages_may_connect_to_the_move_url_and_the_push_endpoint() -> None:
    from scopa.web.security import page_headers

    csp = page_headers(
        live_url="wss://abc.execute-api.eu-south-1.amazonaws.com/live",
        move_url="https://x7k2.lambda-url.eu-south-1.on.aws",
    )["Content-Security-Policy"]
    assert (
        "connect-src 'self' wss://abc.execute-api.eu-south-1.amazonaws.com "
        "https://x7k2.lambda-url.eu-south-1.on.aws;"
    ) in csp
    assert "connect-src 'self';" in page_headers()["Content-Security-Policy"]  # locally: no other origin

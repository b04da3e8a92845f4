"""A game's pages are a plug-in chosen by the game's name: a test-only game (``cucu``, this folder)
registers its pages at runtime and the shared pages and routes draw it, with no file outside this
folder edited.

Cucù has pages and no engine: these tests hold the web registry on its own, the match and play pages
asked of a stub match service whose match says ``game: "cucu"``; the rules pages, the rules index and
the static file go through the real API handler. A whole third game, engine and pages registered
together and played through the API, is ``tests/third_game``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

import pytest

from scopa.application.services.matches import MatchView, SeatView
from scopa.application.wiring import ServiceSet
from scopa.web import assets, games, i18n, pages
from scopa.web.render import script_messages
from scopa.web.shell import PageOptions
from tests.api.conftest import Api
from tests.common import ManualClock
from tests.web.game_plugin.cucu import PAGES, CucuPages


@pytest.fixture
def cucu() -> Iterator[CucuPages]:
    """Cucù's pages registered for one test (taken away after it)."""
    with games.registered(PAGES):
        yield PAGES


@pytest.fixture
def api(monkeypatch: pytest.MonkeyPatch) -> Iterator[Api]:
    """The API handler in-process, on SQLite in memory (as ``tests/api``'s ``api``)."""
    from api import context

    monkeypatch.setenv("STORAGE", "sqlite")
    monkeypatch.setenv("SQLITE_PATH", ":memory:")
    context.reset()
    clock = ManualClock()
    context.use_clock(clock)
    yield Api(clock)
    monkeypatch.undo()
    context.reset()


@dataclass
class StubMatches:
    """The one call the match and play pages make of the match service."""

    match: MatchView

    def get(self, caller: Any, match_id: str) -> MatchView:
        assert match_id == self.match.id
        return self.match


def stub_services(game: str) -> ServiceSet:
    seats = [SeatView(0, "p-1", "Ada", False, True), SeatView(1, "bot-greedy", "Greedy", True, True)]
    seen = MatchView(
        id="m-cucu",
        game=game,
        preset="quick",
        rules={},
        status="active",
        version=3,
        seats=seats,
        your_seat=None,
        turn=0,
        turn_player_id="p-1",
        deadline=None,
        move_seconds=60,
        created_at="2026-11-29T00:00:00Z",
        updated_at="2026-11-29T00:00:00Z",
        result=None,
        tournament=None,
        seeded=False,
        view={},
    )
    return cast(ServiceSet, type("Services", (), {"matches": StubMatches(seen)})())


def test_the_match_page_is_drawn_by_the_plug_in_of_the_match_s_game(cucu: CucuPages) -> None:
    html = pages.match(stub_services("cucu"), "m-cucu", 4, PageOptions())
    assert '<h1 id="cucu">The cucù table: Ada v Greedy</h1>' in html
    assert "active · quick · 4" in html
    assert "<title>Ada v Greedy · Scopa</title>" in html  # in the shared shell
    assert assets.static_url("cucu.js") in html  # its own script, fingerprinted
    italian = pages.match(stub_services("cucu"), "m-cucu", None, PageOptions(lang="it"))
    assert "Il tavolo del cucù: Ada v Greedy" in italian  # its own strings, merged into the catalogue
    assert 'alt="una carta coperta"' in italian  # and the shared ones still there


def test_the_play_page_names_the_game_and_links_its_rules(cucu: CucuPages) -> None:
    html = pages.play(stub_services("cucu"), "m-cucu", PageOptions())
    assert 'Cucù · quick · <a id="rules-link" href="/web/rules/cucu/quick">' in html


def test_a_game_without_pages_is_not_found() -> None:
    from scopa.application.errors import NotFound

    with pytest.raises(NotFound) as raised:
        pages.match(stub_services("cucu"), "m-cucu", None, PageOptions())
    assert raised.value.code == "game_not_found"


def test_the_routes_serve_a_registered_game_s_rules_index_and_script(cucu: CucuPages, api: Api) -> None:
    rules = api.call("GET", "/web/rules/cucu/quick", query={"lang": "it"})
    assert rules.status == 200
    assert "<h1>Regole: Cucù, quick</h1>" in rules.body
    assert "Un giro, per vedere il plug-in all&#39;opera." in rules.body
    assert '<a href="/rules?game=cucu">' in rules.body
    missing = api.call("GET", "/web/rules/cucu/slow")
    assert missing.status == 404
    assert "preset_not_found" in missing.body
    index = api.call("GET", "/web/rules")
    assert '<ul class="plain" id="cucu-presets">' in index.body
    assert '<a href="/web/rules/cucu/quick">quick</a>' in index.body
    assert '<a href="/web/rules/briscola/classic">' in index.body  # the built-in games stay listed
    script = api.call("GET", "/web/static/cucu.js", query={"v": assets.version("cucu.js")})
    assert script.status == 200
    assert 't("Pass the card on")' in script.body
    assert "immutable" in script.headers["Cache-Control"]
    assert "Pass the card on" in script_messages()  # its strings reach every page's table
    assert i18n.gettext("it", "Pass the card on") == "Passa la carta"


def test_unregistered_the_game_is_gone_again(api: Api) -> None:
    with games.registered(PAGES):
        assert api.call("GET", "/web/rules/cucu/quick").status == 200
    assert api.call("GET", "/web/rules/cucu/quick").status == 404
    assert "cucu.js" not in assets.static_names()
    assert "Pass the card on" not in script_messages()
    assert i18n.gettext("it", "Pass the card on") == "Pass the card on"
    assert [g.name for g in games.plugins()] == ["scopa", "briscola"]


def test_a_game_name_or_a_static_file_name_is_taken_once(cucu: CucuPages) -> None:
    class Impostor(CucuPages):
        pass

    with pytest.raises(ValueError, match="already registered"):
        games.register(Impostor())
    games.register(PAGES)  # the same plug-in again: nothing changes

    class Clash(CucuPages):
        name = "clash"  # its folder holds cucu.js too

    with games.registered(Clash()), pytest.raises(ValueError, match=r"cucu\.js"):
        assets.static_names()

"""The games' scripts plug into the shared pages (issue 28): the table and the home page never name a
game, each game's own script is included by the play page from the registry, and a game registered from
outside (the tests' Alta) is offered by the lobby's and the wizard's forms with its presets, in a real
browser, without a change to those files."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from scopa.domain.games import GAMES, register, unregister
from scopa.web import assets
from scopa.web import games as pages
from tests.third_game.alta import AltaEngine
from tests.third_game.alta_pages import PAGES as ALTA_PAGES
from tests.web.conftest import Site
from tests.web.test_wired import signed_in

#: The shared scripts that draw or start a match of any game: none may branch on a game's name.
NEUTRAL = ("play.js", "home.js", "games.js", "table.js", "lobby.js", "wizard.js", "player.js", "terms.js")


@pytest.fixture
def alta() -> Iterator[AltaEngine]:
    engine = AltaEngine()
    register(engine)
    with pages.registered(ALTA_PAGES):
        yield engine
    unregister(engine.name)


@pytest.mark.parametrize("script", NEUTRAL)
def test_the_shared_scripts_name_no_game(script: str) -> None:
    text = assets.static_file(script)[1].decode("utf-8")
    named = [name for name in GAMES if re.search(name, text, re.IGNORECASE)]
    assert named == [], f"{script} mentions {named}: that belongs in the game's own script"


def test_each_game_s_script_is_found_in_its_plug_in_and_a_game_without_one_has_none(alta: AltaEngine) -> None:
    assert assets.game_scripts() == ["scopa.js", "briscola.js"]  # the registry's order; Alta ships none
    assert assets.game_scripts("briscola") == ["briscola.js"]
    assert assets.game_scripts("alta") == []
    for name in ("scopa.js", "briscola.js"):
        text = assets.static_file(name)[1].decode("utf-8")
        assert f'register("{name[:-3]}", {{' in text  # each registers itself with games.js by its name


def test_the_play_page_includes_its_game_s_script_before_the_table(site: Site, page: Any) -> None:
    ada, token = site.http.register("Ada")
    signed_in(page, token)
    for game, script in (("briscola", "briscola.js"), ("scopa", "scopa.js")):
        created = site.http.ok("POST", "/matches", {"players": [ada, "bot-greedy"], "game": game}, token)
        html = site.http.call("GET", f"/web/play/{created['id']}").text
        assert html.index(assets.static_url(script)) < html.index(assets.static_url("play.js"))
        other = "scopa.js" if game == "briscola" else "briscola.js"
        assert f"/web/static/{other}" not in html  # only the match's game's
        page.goto(f"{site.url}/web/play/{created['id']}")
        page.wait_for_selector("#game[data-version] #moves button.move-choice")
        headers = page.locator("#scores thead th").all_inner_texts()
        assert headers == (
            ["Side", "Games won", "Card points"] if game == "briscola" else ["Side", "Score", "Pile", "Scope"]
        )


def chosen_option(page: Any, form: str, game: str) -> None:
    """Choose ``game``'s classic preset in a form's Variant list (the presets of every game are there)."""
    option = page.locator(f"{form} select[name=preset] option[data-game={game}][value=classic]")
    page.select_option(f"{form} select[name=preset]", element=option.element_handle())


def test_a_registered_game_s_presets_are_offered_by_the_lobby_and_the_wizard(
    site: Site, page: Any, alta: AltaEngine
) -> None:
    _, olga = site.http.organizer("Olga")
    signed_in(page, olga)
    page.goto(f"{site.url}/web/lobby")
    page.wait_for_selector("#seek-panel:not([hidden])")
    groups = page.locator("#seek-form select[name=preset] optgroup").evaluate_all(
        "gs => gs.map(g => g.label)"
    )
    assert groups == ["Scopa", "Briscola", "Alta"]
    assert page.input_value("#seek-form select[name=preset]") == "classic"  # Scopa's, as before
    offered = {  # a seek is for two: the presets dealt to more are not offered
        game: page.locator(f"#seek-form option[data-game={game}]").evaluate_all("os => os.map(o => o.value)")
        for game in ("scopa", "briscola", "alta")
    }
    assert offered["scopa"] == [
        "classic",
        "scopa_d_assi",
        "re_bello",
        "napola",
        "scopa_a_quindici",
        "cirulla",
    ]
    assert offered["briscola"] == ["classic", "nine_cards", "scoperta", "best_of_three"]
    assert offered["alta"] == ["classic"]
    chosen_option(page, "#seek-form", "briscola")
    page.click("#offer")
    page.wait_for_selector("#seeks li button.withdraw")
    chosen_option(page, "#seek-form", "alta")
    page.click("#offer")
    page.wait_for_selector("#seeks li:nth-child(2) button.withdraw")
    offered = site.http.ok("GET", "/lobby/seeks")["items"]
    assert sorted((s["game"], s["preset"]) for s in offered) == [("alta", "classic"), ("briscola", "classic")]
    for seek in offered:
        site.http.ok("DELETE", f"/lobby/seeks/{seek['id']}", token=olga)

    page.goto(f"{site.url}/web/tournaments/new")
    page.wait_for_selector("#create:enabled")
    assert page.locator("#wizard select[name=preset] option[data-game=alta]").all_inner_texts() == ["classic"]
    assert "partnership" in page.locator("#wizard option[data-game=briscola]").evaluate_all(
        "os => os.map(o => o.value)"
    )
    page.fill("input[name=name]", "Coppa alta")
    page.select_option("select[name=format]", "round_robin")
    chosen_option(page, "#wizard", "alta")
    page.click("#create")
    page.wait_for_url(re.compile(r"/web/tournaments/t_"))
    tid = page.url.rsplit("/", 1)[1]
    settings = site.http.ok("GET", f"/tournaments/{tid}")["settings"]
    assert (settings["game"], settings["preset"]) == ("alta", "classic")

"""The house bots' levels on the pages: named and described where a person picks a bot, in both languages."""

from __future__ import annotations

import html

from scopa.application.services.players import BOT_LEVELS
from scopa.web.messages_it import IT
from tests.web.conftest import Site


def test_the_home_page_names_and_describes_every_level(site: Site) -> None:
    english = site.http.call("GET", "/?lang=en").text
    italian = site.http.call("GET", "/?lang=it").text
    for kind, (level, about) in BOT_LEVELS.items():
        assert f'<option value="bot-{kind}"' in english
        assert f"{level} ({kind.capitalize()} bot)</option>" in english
        assert html.escape(about) in english
        assert f"{IT[level]} ({kind.capitalize()} bot)</option>" in italian
        assert html.escape(IT[about]) in italian
    assert "bot-champion" not in english  # a trial bot, not offered (docs/bots.md)


def test_a_house_bots_page_tells_its_level(site: Site) -> None:
    page = site.http.call("GET", "/web/players/bot-strong?lang=en").text
    assert "House bot, level: Strong: guesses your hidden cards" in page
    italian = site.http.call("GET", "/web/players/bot-strong?lang=it").text
    assert "Bot della casa, livello: Forte: indovina le tue carte coperte" in italian

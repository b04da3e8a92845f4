"""A tournament's page links the rules help of its own game: a Briscola tournament's preset linked to the
Scopa preset of the same name (``/web/rules/classic``) until the link was asked of the game's pages."""

from __future__ import annotations

import re

import pytest

from tests.api.conftest import Api
from tests.api.tournament_support import create_tournament, organizer


@pytest.mark.parametrize(
    ("game", "preset", "shown"),
    [
        ("scopa", "classic", '<dd><a href="/web/rules/classic">classic</a>'),
        ("briscola", "classic", '<dd>Briscola · <a href="/web/rules/briscola/classic">classic</a>'),
    ],
)
def test_the_settings_link_the_rules_of_the_tournament_s_game(
    api: Api, game: str, preset: str, shown: str
) -> None:
    _, token = organizer(api)
    tournament = create_tournament(
        api, token, {"game": game, "preset": preset, "format": "swiss", "rounds": 3}
    )
    page = api.call("GET", f"/web/tournaments/{tournament['id']}").body
    rules = re.search(r"<dt>Rules</dt>(<dd>.*?</a>)", page)
    assert rules is not None
    assert rules.group(1) == shown
    linked = re.search(r'<dd>(?:Briscola · )?<a href="([^"]+)"', rules.group(1))
    assert linked is not None
    assert api.call("GET", linked.group(1)).status == 200  # the help it links exists

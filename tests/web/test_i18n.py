"""Italian and English pages: the language of a request, the catalog, the switch, the rules help.

The negotiation and the catalog are checked directly; the pages over plain HTTP on the local server.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scopa.domain.games.briscola.rules import PRESET_DESCRIPTIONS as BRISCOLA_DESCRIPTIONS
from scopa.domain.games.briscola.rules import PRESETS as BRISCOLA_PRESETS
from scopa.domain.games.briscola.rules import make_rules
from scopa.domain.games.scopa.rules import PRESET_DESCRIPTIONS, PRESETS
from scopa.web import i18n
from scopa.web.games.briscola import rules_help as briscola_rules_help
from scopa.web.games.scopa import rules_help
from scopa.web.pages import TIEBREAK_LABELS
from scopa.web.render import environment, script_messages
from tests.web.conftest import Site

# ------------------------------------------------------------------------------------ negotiation


@pytest.mark.parametrize(
    ("query", "cookie", "header", "expected"),
    [
        (None, None, None, "en"),
        (None, None, "it-IT,it;q=0.9,en;q=0.8", "it"),
        (None, None, "de-DE, fr;q=0.9, it;q=0.5, en;q=0.4", "it"),
        (None, None, "en;q=0.3, it-CH;q=0.7", "it"),
        (None, None, "it;q=0, en;q=0.1", "en"),
        (None, None, "de, *;q=0.5", "en"),
        (None, None, "it;q=abc, fr", "en"),
        (None, "it", "en", "it"),
        ("en", "it", "it", "en"),
        ("xx", "it", None, "it"),
        (None, "xx", "it", "it"),
    ],
)
def test_the_language_is_the_switch_then_the_browser_then_english(
    query: str | None, cookie: str | None, header: str | None, expected: str
) -> None:
    assert i18n.negotiate(query, cookie, header) == expected


def test_accept_language_ranges_are_ordered_by_quality_then_position() -> None:
    assert i18n.accepted("fr;q=0.5, it, en;q=0.5, de;q=1.0") == ["it", "de", "fr", "en"]
    assert i18n.accepted("") == []
    assert i18n.accepted(";;, =, it;q=2") == []


def all_messages() -> dict[str, str]:
    """Every message a page can show, with where it comes from."""
    env = environment("en")
    found: dict[str, str] = {}
    for name in env.list_templates():
        source = env.loader.get_source(env, name)[0]  # type: ignore[union-attr]
        for _, _, message in env.extract_translations(source):  # type: ignore[attr-defined]
            for text in message if isinstance(message, tuple) else (message,):
                if isinstance(text, str):
                    found.setdefault(text, name)
    for text in script_messages():
        found.setdefault(text, "scripts")
    tables = (
        rules_help.PRIMIERA_VALUES,
        rules_help.MISSING_SUIT,
        rules_help.CAPTURE,
        rules_help.ACE,
        rules_help.LEFTOVERS,
        rules_help.TIES,
        PRESET_DESCRIPTIONS,
        briscola_rules_help.SIGNAL_WORDS,
        briscola_rules_help.REASONS,
        briscola_rules_help.PLAYERS,
        BRISCOLA_DESCRIPTIONS,
    )
    for table in tables:
        for text in table.values():
            found.setdefault(text, "rules help")
    brackets = ("Winners' bracket", "Losers' bracket", "Grand final", "Bracket reset", "Group %(name)s")
    for text in (*i18n.WORDS, *TIEBREAK_LABELS.values(), "Final", "Semi-finals", "Round", *brackets):
        found.setdefault(text, "pages.py")
    found.setdefault("Elo rating of %(name)s (%(pool)s)", "pages.py")
    return found


def test_every_page_string_has_an_italian_translation() -> None:
    messages = all_messages()
    assert len(messages) > 250
    assert "Keep me signed in on this device" in messages  # templates
    assert "Your turn: choose a move." in messages  # scripts
    catalogue = i18n.catalogue()
    missing = sorted(m for m in messages if m not in catalogue)
    assert missing == []
    for english, italian in catalogue.items():  # the placeholders survive translation
        assert sorted(re.findall(r"%\(\w+\)s|\{\w+\}", english)) == sorted(
            re.findall(r"%\(\w+\)s|\{\w+\}", italian)
        ), english


def test_the_rules_help_of_every_preset_is_all_translated() -> None:
    recorded: list[str] = []
    original = i18n.gettext

    def recording(lang: i18n.Lang, message: str) -> str:
        recorded.append(message)
        return original(lang, message)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "gettext", recording)
        for preset in PRESETS:
            rules_help.rules_help(preset, "it")
        for preset in BRISCOLA_PRESETS:
            briscola_rules_help.rules_help(preset, "it")
        briscola_rules_help.help_for(make_rules("partnership", {"signals": True}), "it")
        briscola_rules_help.help_for(make_rules("classic", {"match": "points", "points_target": 200}), "it")
    assert recorded
    assert [m for m in recorded if m not in i18n.catalogue()] == []


# ------------------------------------------------------------------------------------ pages over HTTP


def lang_of(text: str) -> str:
    found = re.search(r'<html lang="(\w+)">', text)
    assert found
    return found.group(1)


def test_accept_language_chooses_italian_and_the_switch_is_remembered(site: Site) -> None:
    http = site.http
    italian = http.call("GET", "/", headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"})
    assert italian.status == 200
    assert lang_of(italian.text) == "it"
    assert ">Classifiche<" in italian.text
    assert ">Tornei<" in italian.text
    assert "Gioca contro un bot" in italian.text
    assert "set-cookie" not in italian.headers  # nobody used the switch

    english = http.call("GET", "/?lang=en", headers={"Accept-Language": "it"})
    assert lang_of(english.text) == "en"
    assert ">Rankings<" in english.text
    cookie = english.headers["set-cookie"]
    assert cookie.startswith("lang=en")
    assert "Path=/" in cookie
    assert "SameSite=Lax" in cookie
    assert "HttpOnly" in cookie

    remembered = http.call("GET", "/web/tournaments", headers={"Accept-Language": "it", "Cookie": "lang=en"})
    assert lang_of(remembered.text) == "en"
    switched = http.call("GET", "/web/tournaments", headers={"Cookie": "theme=x; lang=it"})
    assert lang_of(switched.text) == "it"
    assert "<title>Tornei · Scopa</title>" in switched.text
    # the switch links to both languages, the current one marked
    assert re.search(r'href="\?lang=en[^"]*"[^>]*>English<', switched.text)
    assert re.search(r'href="\?lang=it[^"]*"[^>]*aria-current="true">Italiano<', switched.text)


def strings_of(text: str) -> dict[str, str]:
    import html
    import json

    found = re.search(r"<meta name=\"scopa-strings\" content='([^']*)'>", text)
    assert found
    strings: dict[str, str] = json.loads(html.unescape(found.group(1)))
    return strings


def test_the_scripts_get_their_strings_from_the_page_in_its_language(site: Site) -> None:
    italian = strings_of(site.http.call("GET", "/web/account?lang=it").text)
    english = strings_of(site.http.call("GET", "/web/account?lang=en").text)
    assert set(italian) == set(english) == {*script_messages(), *i18n.WORDS}
    assert italian["declined"] == "rifiutata"  # the script shows a status from data: t(match.status)
    assert english["Your turn: choose a move."] == "Your turn: choose a move."
    assert italian["Your turn: choose a move."] == "Tocca a te: scegli una mossa."
    assert italian["Signed in as {name}."] == "Hai effettuato l'accesso come {name}."


def test_the_rules_help_lists_every_preset_and_explains_each_from_its_options(site: Site) -> None:
    index = site.http.call("GET", "/web/rules")
    assert index.status == 200
    for preset in PRESETS:
        assert f'href="/web/rules/{preset}"' in index.text

    classic = site.http.call("GET", "/web/rules/classic?lang=en").text
    for words in ("scopa, worth one point", "Primiera", "settebello", "at least 11 points", "another deal"):
        assert words in classic, words
    assert "A tie in cards, coins or primiera gives the point to nobody." in classic
    assert "seven 21, six 18, ace 16" in classic

    napola = site.http.call("GET", "/web/rules/napola").text
    assert "at least 21 points" in napola
    assert "Napola:" in napola
    cirulla = site.http.call("GET", "/web/rules/cirulla").text
    assert "at least 51 points" in cirulla
    assert "fifteen" in cirulla
    assert "counts as a scopa" in cirulla
    assert "fifteen" not in classic
    scopone = site.http.call("GET", "/web/rules/scopone_scientifico").text
    assert "Four players in two partnerships" in scopone
    assert "0 go face up" in scopone
    assert "kings are dealt" not in scopone  # no void deal without table cards
    escoba = site.http.call("GET", "/web/rules/escoba")  # an alias
    assert escoba.status == 200
    assert "add up to fifteen" in escoba.text

    italiano = site.http.call("GET", "/web/rules/classic?lang=it").text
    assert "vale un punto" in italiano
    assert "Primiera" in italiano
    assert "almeno 11 punti" in italiano
    assert "worth one point" not in italiano

    missing = site.http.call("GET", "/web/rules/briscola")
    assert missing.status == 404
    assert "preset_not_found" in missing.text


def test_the_new_pages_are_shells_without_a_token(site: Site) -> None:
    _, token = site.http.register("Zoe")
    for path in ("/web/account", "/web/lobby", "/web/inbox"):
        reply = site.http.call("GET", path, token=token)
        assert reply.status == 200, path
        assert token not in reply.text
        assert "Zoe" not in reply.text  # the page does not read the caller: the script does, with the token


def test_a_player_page_offers_a_challenge_except_to_a_bot(site: Site) -> None:
    ada, _ = site.http.register("Ada")
    page = site.http.call("GET", f"/web/players/{ada}").text
    assert 'id="challenge-form"' in page
    assert f'data-player="{ada}"' in page
    bot = site.http.call("GET", "/web/players/bot-greedy").text
    assert 'id="challenge-form"' not in bot


def test_the_content_security_policy_allows_the_configured_push_endpoint(monkeypatch: Any) -> None:
    from scopa.web.security import page_headers

    same_origin = page_headers()["Content-Security-Policy"]
    assert "connect-src 'self';" in same_origin
    elsewhere = page_headers(live_url="wss://abc123.execute-api.eu-south-1.amazonaws.com/live")
    assert (
        "connect-src 'self' wss://abc123.execute-api.eu-south-1.amazonaws.com;"
        in (elsewhere["Content-Security-Policy"])
    )


def test_the_push_endpoint_setting_is_a_websocket_url_and_pages_carry_it() -> None:
    from api.settings import Settings
    from scopa.web.pages import PageOptions, account

    assert Settings(storage="sqlite").websocket_url is None  # the pages then use the same-origin /live
    url = "wss://abc123.execute-api.eu-south-1.amazonaws.com/live"
    assert Settings(storage="sqlite", websocket_url=url).websocket_url == url
    for wrong in ("https://example.com/live", "wss://a b", "wss://x'; script-src *"):
        with pytest.raises(ValueError, match="websocket_url"):
            Settings(storage="sqlite", websocket_url=wrong)
    assert '<meta name="scopa-live" content="/live">' in account(PageOptions())
    assert f'<meta name="scopa-live" content="{url}">' in account(PageOptions(live_url=url))

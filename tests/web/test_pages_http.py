"""The pages over plain HTTP: nothing hidden or secret in them, escaping, headers, errors, assets.

A running match is checked against the stored state: no page and no static file may show another seat's
hand or the stock, by card image, by card name or by code; no page may hold a token or a token hash.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any
from xml.etree import ElementTree

import pytest

from api import context
from scopa.domain.games.common.cards import CODES, display_name
from scopa.domain.games.scopa.bots import make_bot
from scopa.web.assets import CONTENT_TYPES, static_names, static_url
from scopa.web.card_faces import STYLES
from scopa.web.games.scopa.replay import verify_shuffles
from tests.common import codes, hidden_cards
from tests.web.conftest import Site
from tests.web.support import ADMIN_TOKEN, Http, shown_cards

EVIL = "<script>alert(1)</script>"
STATIC = sorted(n for n in static_names())


def play_to_end(http: Http, match_id: str, token: str) -> dict[str, Any]:
    """The human seat plays a match against a bot to the end over the JSON API (greedy choices)."""
    for _ in range(200):
        match: dict[str, Any] = http.ok("GET", f"/matches/{match_id}", token=token)
        if match["status"] != "active":
            return match
        move = make_bot("greedy", seed=match["version"]).choose(match["view"])
        body = {"card": move["card"], "take": move["take"], "version": match["version"]}
        http.ok("POST", f"/matches/{match_id}/moves", body, token)
    raise AssertionError("the match did not end")


@pytest.fixture(scope="module")
def people(site: Site) -> dict[str, Any]:
    """Ada (mid-match against a bot), Eve (named like an attack; a finished match, a tournament entry)."""
    http = site.http
    ada, ada_token = http.register("Ada")
    eve, eve_token = http.register(EVIL)
    running = http.ok("POST", "/matches", {"players": [ada, "bot-greedy"]}, ada_token)
    pending = http.ok("POST", "/matches", {"players": [ada, eve]}, ada_token)  # Eve has not accepted
    finished = http.ok("POST", "/matches", {"players": [eve, "bot-random"], "target": 1}, eve_token)
    play_to_end(http, finished["id"], eve_token)
    _, olga = http.organizer()
    t = http.ok("POST", "/tournaments", {"name": f"Cup {EVIL}", "settings": {"rounds": 3}}, olga)
    http.ok("POST", f"/tournaments/{t['id']}/entries", {}, eve_token)
    club = http.ok("POST", "/clubs", {"name": "Circolo"}, olga)
    http.ok("POST", f"/clubs/{club['id']}/members", {"player_id": eve}, olga)
    site.clock.advance(10)
    site.run_pipeline()  # rates Eve's match
    return {
        "club": club["id"],
        "ada": ada,
        "eve": eve,
        "tokens": [ada_token, eve_token, olga, ADMIN_TOKEN],
        "running": running["id"],
        "pending": pending["id"],
        "finished": finished["id"],
        "tournament": t["id"],
    }


def page_paths(people: dict[str, Any]) -> list[str]:
    return [
        "/",
        "/?style=french",
        "/web/rankings/scopa",
        "/web/rankings/scopa?by=glicko",
        "/web/tournaments",
        f"/web/tournaments/{people['tournament']}",
        f"/web/tournaments/{people['tournament']}?lang=it",
        "/web/tournaments/new",
        f"/web/tournaments/new?club={people['club']}&lang=it",
        "/web/clubs",
        f"/web/clubs/{people['club']}",
        f"/web/clubs/{people['club']}?lang=it",
        f"/web/players/{people['ada']}",
        f"/web/players/{people['eve']}",
        f"/web/matches/{people['running']}",
        f"/web/matches/{people['running']}?style=french",
        f"/web/play/{people['running']}",
        f"/web/matches/{people['pending']}",
        f"/web/matches/{people['finished']}",
        f"/web/matches/{people['finished']}?move=3&style=french",
        f"/web/matches/{people['running']}?lang=it",
        f"/web/play/{people['running']}?lang=it",
        "/web/account",
        "/web/lobby?lang=it",
        "/web/inbox",
        "/web/rules",
        "/web/rules/classic?lang=it",
    ]


def test_no_page_or_static_file_shows_a_hidden_card_or_a_token(site: Site, people: dict[str, Any]) -> None:
    stored = site.server.gate.run(lambda: context.services().stores.matches.get_match(people["running"]))
    assert stored is not None
    assert stored.status == "active"
    hidden = hidden_cards(stored.state, None)
    assert len(hidden) >= 30  # the stock and the bot's hand: there is something to hide
    secrets = set(people["tokens"])
    secrets |= {hashlib.sha256(t.encode()).hexdigest() for t in people["tokens"]}
    bodies = {path: site.http.call("GET", path) for path in page_paths(people)}
    bodies |= {name: site.http.call("GET", static_url(name)) for name in STATIC}
    for path, reply in bodies.items():
        assert reply.status == 200, path
        assert not any(s in reply.text for s in secrets), f"{path} holds a token or a token hash"
        rules = path.startswith("/web/rules")  # the rules name cards ("il sette di denari") by design
        if "finished" not in path and people["finished"] not in path and not rules:
            assert not shown_cards(reply.text) & hidden, f"{path} shows a hidden card"
    # A match waiting for a seat to accept is not dealt: its page shows no card at all
    assert not shown_cards(bodies[f"/web/matches/{people['pending']}"].text)
    # The running match's pages do show what lies face up: the check above is not vacuous.
    live = bodies[f"/web/matches/{people['running']}"].text
    table = set(codes(stored.state["table"]))
    assert table
    assert table <= shown_cards(live)


def test_a_player_named_like_a_script_is_escaped_everywhere(site: Site, people: dict[str, Any]) -> None:
    for path in (
        f"/web/players/{people['eve']}",
        f"/web/matches/{people['finished']}",
        f"/web/tournaments/{people['tournament']}",
        "/web/tournaments",
        f"/web/clubs/{people['club']}",
        "/",
        "/web/rankings/scopa",
    ):
        text = site.http.call("GET", path).text
        assert EVIL not in text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text, path


def test_a_clubs_leaderboard_lists_only_its_members(site: Site, people: dict[str, Any]) -> None:
    everyone = site.http.ok("GET", "/rankings/scopa")["rows"]
    assert {r["player_id"] for r in everyone} == {people["eve"], "bot-random"}
    page = site.http.call("GET", f"/web/rankings/scopa?club={people['club']}").text
    assert re.findall(r'data-player="([^"]+)"', page) == [people["eve"]]
    assert "Circolo" in page
    whole = site.http.call("GET", "/web/rankings/scopa").text
    assert re.findall(r'data-player="([^"]+)"', whole) == [r["player_id"] for r in everyone]
    assert site.http.call("GET", "/web/rankings/scopa?club=c_missing").status == 404


def test_every_page_has_security_headers_and_no_inline_script(site: Site, people: dict[str, Any]) -> None:
    for path in [*page_paths(people), "/web/nowhere", "/web/players/p_missing"]:
        reply = site.http.call("GET", path)
        csp = reply.headers["content-security-policy"]
        assert "script-src 'self'" in csp
        assert "default-src 'none'" in csp
        assert "frame-ancestors 'none'" in csp
        assert reply.headers["x-content-type-options"] == "nosniff"
        assert reply.headers["referrer-policy"] == "no-referrer"
        assert reply.headers["content-type"].startswith("text/html")
        assert reply.headers["cache-control"] == "no-store"
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", reply.text, re.S)
        assert all('src="/web/static/' in attrs and not body.strip() for attrs, body in scripts), path
        assert " style=" not in reply.text, path
        assert "<style" not in reply.text, path
        assert not re.search(r"<[^>]+\son[a-z]+\s*=", reply.text), f"{path} has an inline event handler"


def test_errors_on_pages_are_html_and_the_api_keeps_json(site: Site) -> None:
    missing = site.http.call("GET", "/web/players/p_nobody")
    assert missing.status == 404
    assert 'id="error-code">player_not_found<' in missing.text
    bad = site.http.call("GET", "/web/rankings/scopa?by=fame")
    assert bad.status == 422
    assert "validation_error" in bad.text
    assert site.http.call("GET", "/web/rankings/nopool").status == 404
    club = site.http.call("GET", "/web/clubs/c_missing")
    assert club.status == 404
    assert 'id="error-code">club_not_found<' in club.text
    api = site.http.call("GET", "/players/p_nobody")
    assert api.headers["content-type"].startswith("application/json")
    assert api.json["code"] == "player_not_found"


def test_static_files_are_cached_by_content_hash(site: Site) -> None:
    for name in STATIC:
        fresh = site.http.call("GET", static_url(name))
        assert fresh.status == 200
        assert fresh.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert fresh.headers["content-type"] == CONTENT_TYPES["." + name.rsplit(".", 1)[1]]
        stale = site.http.call("GET", f"/web/static/{name}?v=old")
        assert stale.headers["cache-control"] == "public, max-age=300"
    for path in ("/web/static/nothing.js", "/web/static/..%2Fpages.py", "/web/static/__init__.py"):
        assert site.http.call("GET", path).status == 404, path


@pytest.mark.parametrize("style", STYLES)
def test_every_card_image_is_an_svg_with_its_name(site: Site, style: str) -> None:
    seen = set()
    for number, code in enumerate(CODES):
        reply = site.http.call("GET", f"/web/cards/{style}/{code}.svg")
        assert reply.status == 200
        assert reply.headers["content-type"] == "image/svg+xml"
        root = ElementTree.fromstring(reply.text)
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None
        assert title.text == display_name(number, style)  # type: ignore[arg-type]
        seen.add(reply.text)
    assert len(seen) == 40  # forty different faces
    assert site.http.call("GET", f"/web/cards/{style}/back.svg").status == 200
    assert site.http.call("GET", f"/web/cards/{style}/7x.svg").status == 404
    assert site.http.call("GET", "/web/cards/spanish/7d.svg").status == 404


def test_pages_stay_out_of_the_openapi_document(site: Site) -> None:
    paths = site.http.ok("GET", "/openapi.json")["paths"]
    assert paths
    assert not [p for p in paths if p == "/" or p.startswith("/web")]


def test_the_replay_shows_ok_per_deal_and_fail_for_a_tampered_record(
    site: Site, people: dict[str, Any]
) -> None:
    record = site.http.ok("GET", f"/matches/{people['finished']}/record")
    published = [d["commitment"] for d in record["deals"]]
    assert all(c.ok for c in verify_shuffles(record, published))
    page = site.http.call("GET", f"/web/matches/{people['finished']}").text
    assert page.count('class="ok">OK') == len(record["deals"])
    assert "FAIL" not in page
    forged = {**record, "deals": [dict(d) for d in record["deals"]]}
    forged["deals"][0]["seed"] = "00" * 32
    check = verify_shuffles(forged, published)[0]
    assert not check.ok
    assert not check.seed_ok
    assert not check.commitment_ok
    other = verify_shuffles(record, ["ab" * 32] * len(published))[0]
    assert (other.seed_ok, other.commitment_ok, other.ok) == (True, False, False)

"""Helpers for the web tier: a plain HTTP client, a clock tests can move forward, sample data builders."""

from __future__ import annotations

import http.client
import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from scopa.domain.games.common.cards import CODES, display_name
from scopa.web.card_faces import STYLES

ADMIN_TOKEN = "admin-web-token"


def shown_cards(html: str) -> set[str]:
    """Every card a page shows: card image URLs, card names in either style, codes as words."""
    shown = set(re.findall(r"/web/cards/\w+/(\w\w)\.svg", html))
    lowered = html.lower()
    for number, code in enumerate(CODES):
        names = (re.escape(display_name(number, style)) for style in STYLES)
        if any(re.search(rf"(?<![\w]){name}(?![\w])", lowered) for name in names):  # "re di" is in "tre di"
            shown.add(code)
    shown |= {word for word in re.findall(r"\b[0-9A-Za-z]{2}\b", html) if word in CODES}
    return shown


class OffsetClock:
    """Real time plus an offset the test moves forward; sleeps go through the server's gate clock."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.offset = 0.0

    def now(self) -> float:
        return float(self.inner.now()) + self.offset

    def sleep(self, seconds: float) -> None:
        self.inner.sleep(seconds)

    def advance(self, seconds: float) -> None:
        self.offset += seconds


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    text: str

    @property
    def json(self) -> Any:
        return json.loads(self.text)


class Http:
    """One request per connection (simple and enough here); JSON bodies in, text out."""

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        headers = dict(headers or {})
        if body is not None:
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            conn.request(method, path, json.dumps(body) if body is not None else None, headers)
            answer = conn.getresponse()
            text = answer.read().decode("utf-8")
            return Reply(answer.status, {k.lower(): v for k, v in answer.getheaders()}, text)
        finally:
            conn.close()

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        reply = self.call(method, path, body, token)
        assert 200 <= reply.status < 300, f"{method} {path}: {reply.status} {reply.text[:300]}"
        return reply.json if reply.text else None

    def register(self, name: str) -> tuple[str, str]:
        body = self.ok("POST", "/players", {"name": name})
        return body["player"]["id"], body["token"]

    def organizer(self, name: str = "Olga") -> tuple[str, str]:
        player_id, token = self.register(name)
        self.ok("PUT", f"/players/{player_id}/role", {"role": "organizer"}, ADMIN_TOKEN)
        return player_id, token


def bot_tournament(site: Any, token: str, name: str, settings: dict[str, Any], bots: int) -> str:
    """A tournament of house-bot identities, started and run by the pipeline to its end."""
    http: Http = site.http
    t = http.ok("POST", "/tournaments", {"name": name, "settings": settings}, token)
    for i in range(bots):
        kind = ("greedy", "random")[i % 2]
        body = {"players": [f"bot-{kind}-{i + 1}"], "rating": 1900 - 25 * i}
        http.ok("POST", f"/tournaments/{t['id']}/entries", body, token)
    http.ok("POST", f"/tournaments/{t['id']}/start", None, token)
    for _ in range(60):
        if http.ok("GET", f"/tournaments/{t['id']}")["status"] == "finished":
            return str(t["id"])
        site.run_pipeline()
    raise AssertionError(f"{name} did not finish")

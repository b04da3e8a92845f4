"""The fuzz tier: the local server over HTTP on 127.0.0.1 (on SQLite, as ``make run``), with real resources.

Generated requests that only name ids nobody created stop at ``404``; the world below gives the fuzzer
real players, a live match, a club and a tournament to aim at, and the tokens that reach the deep paths.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.api.conftest import ADMIN_TOKEN
from tests.served import local_server
from tools.local_server import LocalServer

SEED = "fe" * 32


def send(url: str, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    """One JSON request to the local server; the status and the parsed answer (None when empty)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:  # loopback only
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    return status, json.loads(text) if text else None


def expect(url: str, status: int, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    got, answer = send(url, method, path, body, token)
    assert got == status, (method, path, got, answer)
    return answer


@dataclass
class World:
    """The local server and what exists on it before the fuzzer starts."""

    server: LocalServer
    player_id: str
    player_token: str
    other_id: str
    other_token: str
    match_id: str
    club_id: str
    tournament_id: str
    seek_id: str

    @property
    def url(self) -> str:
        return self.server.url

    def ids(self) -> dict[str, list[str]]:
        """Real values for each path parameter name of the API."""
        players = [self.player_id, self.other_id, "bot-greedy"]
        return {
            "player_id": players,
            "entrant_id": players,
            "match_id": [self.match_id],
            "club_id": [self.club_id],
            "tournament_id": [self.tournament_id],
            "pool": ["scopa"],
            "seek_id": [self.seek_id],
        }

    def refresh_player_token(self) -> None:
        """A new token for the player (after a fuzzed request rotated or revoked it), from the admin."""
        answer = expect(self.url, 200, "POST", f"/players/{self.player_id}/token", token=ADMIN_TOKEN)
        self.player_token = answer["token"]

    def refresh_token(self, old: str) -> None:
        """A new token for whichever world player held ``old``."""
        if old == self.player_token:
            self.refresh_player_token()
            return
        answer = expect(self.url, 200, "POST", f"/players/{self.other_id}/token", token=ADMIN_TOKEN)
        self.other_token = answer["token"]


def build_world(server: LocalServer) -> World:
    url = server.url
    me = expect(url, 201, "POST", "/players", {"name": "Fuzzy"})
    other = expect(url, 201, "POST", "/players", {"name": "Other"})
    player_id, token = me["player"]["id"], me["token"]
    expect(url, 200, "PUT", f"/players/{player_id}/role", {"role": "organizer"}, ADMIN_TOKEN)
    match = expect(url, 201, "POST", "/matches", {"players": [player_id, "bot-greedy"], "seed": SEED}, token)
    club = expect(url, 201, "POST", "/clubs", {"name": "Fuzz club", "open": True}, token)
    settings = {"format": "swiss", "rounds": 2, "target": 1}
    tournament = expect(url, 201, "POST", "/tournaments", {"name": "Fuzz cup", "settings": settings}, token)
    for i in range(3):
        expect(
            url,
            201,
            "POST",
            f"/tournaments/{tournament['id']}/entries",
            {"players": [f"bot-greedy-{i}"]},
            token,
        )
    seek = expect(url, 201, "POST", "/lobby/seeks", {}, other["token"])  # one the player may take
    return World(
        server,
        player_id,
        token,
        other["player"]["id"],
        other["token"],
        match["id"],
        club["id"],
        tournament["id"],
        seek["id"],
    )


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    """A fresh local server on a free loopback port, on its own SQLite file, with the world in it."""
    with local_server("sqlite", "scopa-fuzz", ADMIN_TOKEN) as local:
        yield build_world(local)


# The in-process API on a table (the handler on moto, called with v2 events) for the deeper cases.
from tests.api.conftest import api_on_sqlite, bare_api, clock  # noqa: E402, F401

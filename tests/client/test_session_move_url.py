"""The session posts moves to the match's ``links.moves`` (the API function's URL in AWS) and falls back to
the API's path when that cannot be reached. The session's HTTP goes to the real handler in-process: to the
function URL's events for the link's host, to the HTTP API's for every other."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from api import context
from api import settings as settings_module
from api.handler import handler
from scopa_client import Session
from tests.api.conftest import Api, api_on_sqlite, clock  # noqa: F401 (fixtures)
from tools.apigw import FUNCTION_URL_HOST, FakeLambdaContext, function_url_event, http_event

API = "https://api.example.test"
MOVE_URL = f"https://{FUNCTION_URL_HOST}"
api = api_on_sqlite


class Handler:
    """An httpx transport that hands each request to the API handler; ``down``: the function URL host
    refuses connections."""

    def __init__(self, down: bool = False) -> None:
        self.down = down
        self.moves: list[str] = []  # the host each move went to
        self.refused = 0  # moves the function URL host refused

    def __call__(self, request: httpx.Request) -> httpx.Response:
        url_host = request.url.host == FUNCTION_URL_HOST
        if request.url.path.endswith("/moves"):
            if url_host and self.down:
                self.refused += 1
                raise httpx.ConnectError("unreachable", request=request)
            self.moves.append(request.url.host)
        build = function_url_event if url_host else http_event
        body = request.content.decode() if request.content else None
        event = build(
            request.method,
            request.url.path,
            raw_body=body,
            headers=dict(request.headers),
            query=request.url.query.decode(),
        )
        out: dict[str, Any] = handler(event, FakeLambdaContext())
        return httpx.Response(
            out["statusCode"], headers=out.get("headers") or {}, content=out.get("body") or ""
        )


@pytest.fixture
def move_url(api: Api, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The API configured with a move URL (as the stack's SSM parameter gives it in AWS)."""
    monkeypatch.setenv("MOVE_URL", MOVE_URL)
    settings_module.reload()
    yield
    monkeypatch.undo()
    settings_module.reload()
    context.ssm_provider.cache_clear()


def _session(api: Api, transport: Handler) -> Session:
    _, token = api.register("Ada")
    session = Session(API, token)
    session.api.set_httpx_client(
        httpx.Client(
            base_url=API,
            headers={"Authorization": f"Bearer {token}"},
            transport=httpx.MockTransport(transport),
        )
    )
    return session


def _play_to_end(session: Session) -> dict[str, Any]:
    me = session.me()["id"]
    match = session.create_match([me, "bot-greedy"], target=1)
    while match["status"] == "active":
        legal = match["view"]["legal_moves"][0]
        move = {"card": legal["card"], "take": legal["take"]}
        match = session.move(match["id"], move, match["version"], idempotency_key=f"k{match['version']}")
    return match


@pytest.mark.usefixtures("move_url")
def test_moves_go_to_the_link_the_match_answer_gives(api: Api) -> None:
    transport = Handler()
    with _session(api, transport) as session:
        final = _play_to_end(session)
    assert final["status"] == "finished"
    assert final["links"]["moves"].startswith(MOVE_URL + "/matches/")
    assert transport.moves
    assert set(transport.moves) == {FUNCTION_URL_HOST}


@pytest.mark.usefixtures("move_url")
def test_an_unreachable_link_falls_back_to_the_api_path(api: Api) -> None:
    transport = Handler(down=True)
    with _session(api, transport) as session:
        final = _play_to_end(session)
    assert final["status"] == "finished"
    assert set(transport.moves) == {"api.example.test"}  # every move played, through the HTTP API
    assert transport.refused == 1  # the link was tried once, then left alone


def test_without_a_link_moves_go_to_the_api_path(api: Api) -> None:
    transport = Handler()
    with _session(api, transport) as session:
        final = _play_to_end(session)
    assert final["status"] == "finished"
    assert final["links"] == {"moves": None}
    assert set(transport.moves) == {"api.example.test"}

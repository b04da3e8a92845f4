"""Every route of the document, sent every kind of Content-Type: never a 5xx.

A route that takes a body reads JSON only: any other media type, a malformed one or a charset other than
UTF-8 answers ``415 unsupported_media_type``, with a body or without; no Content-Type at all, or JSON in
any case and with a UTF-8 charset, is read as JSON. A route without a body ignores the media type. Three
doors, one answer: the local server over HTTP (``make run``), the Lambda handler called with HTTP API
events, and the function URL's events (which serve moves only and answer 404 elsewhere).

The caller is anonymous and the ids are made up, so the requests change nothing the other fuzz tests see.
"""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from api import openapi
from api.app import app
from api.handler import handler
from tests.api.support import ERROR_KEYS
from tests.fuzz.conftest import World
from tools.apigw import FakeLambdaContext, function_url_event, http_event

BODY = b'{"name": "Ada"}'
LONG = "application/" + "x" * 8_000  # under API Gateway's 10 KB of headers, and uvicorn's limit

#: Content-Types no route that takes a body reads.
REFUSED: list[str | bytes] = [
    "multipart/form-data",  # no boundary: Powertools' own parser raised a bare ValueError (a 500)
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded",
    "text/plain",
    "application/xml",
    ";;;",
    "application/json; charset=utf-16",
    'application/json; charset="latin-1"',
    "application/jsonx",
    "application/json, text/plain",  # two Content-Type headers, as a proxy joins them
    LONG,
    "application/jsön".encode(),
    "☃/☃; charset=☃".encode(),
]
#: Content-Types read as JSON.
READ: list[str | bytes] = [
    "",
    "application/json",
    "Application/JSON; Charset=UTF-8",
    'application/json;charset="utf-8"',
]


def _routes() -> list[tuple[str, str, bool]]:
    """(method, path with made-up ids, takes a body) for every operation of the document."""
    document = openapi.document(app)
    routes = []
    for path, operations in document["paths"].items():
        concrete = re.sub(r"\{[a-z_]+\}", "x1", path)
        for method, operation in operations.items():
            routes.append((method.upper(), concrete, "requestBody" in operation))
    return routes


ROUTES = _routes()


def _label(value: str | bytes) -> str:
    text = value.decode() if isinstance(value, bytes) else value
    return text[:40] or "empty"


def _expect(takes_body: bool, refused: bool, status: int, body: Any, media: str | bytes) -> None:
    assert status < 500, (media, status, body)
    if takes_body and refused:
        assert status == 415, (media, status, body)
        assert set(body) == ERROR_KEYS
        assert body["code"] == "unsupported_media_type"
        assert body["details"]["accepted"] == ["application/json"]
        assert len(body["details"]["content_type"]) <= 100  # never the whole long value echoed
    else:
        assert status != 415, (media, status, body)


# --------------------------------------------------------------------------- over HTTP


class Connection:
    """One keep-alive HTTP connection to the local server for many requests."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port

    def __enter__(self) -> Connection:
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        return self

    def __exit__(self, *exc: object) -> None:
        self.conn.close()

    def send(self, method: str, path: str, media: str | bytes | None, body: bytes) -> tuple[int, Any]:
        self.conn.putrequest(method, path, skip_accept_encoding=True)
        if media is not None:
            self.conn.putheader("Content-Type", media)
        self.conn.putheader("Content-Length", str(len(body)))
        self.conn.endheaders(body)
        answer = self.conn.getresponse()
        text = answer.read()
        if answer.getheader("Connection", "").lower() == "close":  # the server ended it: open another
            self.conn.close()
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            return answer.status, json.loads(text) if text else None
        except json.JSONDecodeError:
            return answer.status, text.decode(errors="replace")


@pytest.fixture(scope="module")
def connection(world: World) -> Iterator[Connection]:
    with Connection(world.url) as conn:
        yield conn


@pytest.mark.parametrize("media", REFUSED + READ, ids=_label)
def test_every_route_over_http_answers_415_or_reads_json_never_500(
    connection: Connection, media: str
) -> None:
    for method, path, takes_body in ROUTES:
        status, body = connection.send(method, path, media, BODY)
        _expect(takes_body, media in REFUSED, status, body, media)


def test_a_body_route_refuses_a_foreign_media_type_even_without_a_body(connection: Connection) -> None:
    for method, path, takes_body in ROUTES:
        status, body = connection.send(method, path, "multipart/form-data", b"")
        _expect(takes_body, True, status, body, "multipart/form-data, no body")


# --------------------------------------------------------------------------- the Lambda events


def _invoke(event: dict[str, Any]) -> tuple[int, Any]:
    out = handler(event, FakeLambdaContext())
    text = out.get("body") or ""
    try:
        return out["statusCode"], json.loads(text) if text else None
    except json.JSONDecodeError:
        return out["statusCode"], text


@pytest.mark.parametrize("media", REFUSED + READ, ids=_label)
def test_every_route_through_the_lambda_events_answers_as_over_http(api: Any, media: str | bytes) -> None:
    header = media.decode() if isinstance(media, bytes) else media
    moves = re.compile(r"^/matches/[^/]+/moves$")
    for method, path, takes_body in ROUTES:
        event = http_event(method, path, raw_body=BODY, headers={"content-type": header})
        status, body = _invoke(event)
        _expect(takes_body, media in REFUSED, status, body, media)

        through_url = _invoke(
            function_url_event(method, path, raw_body=BODY, headers={"content-type": header})
        )
        if moves.match(path) and method == "POST":
            _expect(takes_body, media in REFUSED, *through_url, media)
        else:
            assert through_url[0] == 404, (method, path, through_url)
            assert through_url[1]["code"] == "route_not_found"

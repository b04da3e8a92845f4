"""The web pages and their static files: HTML from ``scopa.web``, left out of the OpenAPI document.

Paths are ``/`` and ``/web/...`` so they never clash with the JSON API. Pages read the services as an
anonymous visitor; errors go through the one error map (``api.errors``), which answers pages in HTML.
"""

from __future__ import annotations

from typing import Annotated, Literal

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.context import services
from scopa.application.errors import NotFound
from scopa.web import assets, pages
from scopa.web.security import page_headers

router = Router()

StyleQuery = Annotated[Literal["italian", "french"] | None, Query(description="card faces")]
HTML = "text/html; charset=utf-8"


def html(body: str) -> Response[str]:
    return Response(status_code=200, content_type=HTML, body=body, headers=page_headers())


@router.get("/", include_in_schema=False)
def home(style: StyleQuery = None) -> Response[str]:
    return html(pages.home(services(), pages.style_of(style)))


@router.get("/web/rankings/<pool>", include_in_schema=False)
def rankings(
    pool: str,
    by: Annotated[Literal["elo", "glicko"], Query()] = "elo",
    club: Annotated[str | None, Query(max_length=64)] = None,
    style: StyleQuery = None,
) -> Response[str]:
    return html(pages.rankings(services(), pool, by, club, pages.style_of(style)))


@router.get("/web/players/<player_id>", include_in_schema=False)
def player(player_id: str, style: StyleQuery = None) -> Response[str]:
    return html(pages.player(services(), player_id, pages.style_of(style)))


@router.get("/web/tournaments", include_in_schema=False)
def tournaments(
    status: Annotated[
        Literal["draft", "registration", "running", "finished", "cancelled"] | None, Query()
    ] = None,
    style: StyleQuery = None,
) -> Response[str]:
    return html(pages.tournaments(services(), status, pages.style_of(style)))


@router.get("/web/tournaments/<tournament_id>", include_in_schema=False)
def tournament(tournament_id: str, style: StyleQuery = None) -> Response[str]:
    return html(pages.tournament(services(), tournament_id, pages.style_of(style)))


@router.get("/web/matches/<match_id>", include_in_schema=False)
def match(
    match_id: str,
    move: Annotated[int | None, Query(ge=0, le=10_000, description="replay position")] = None,
    style: StyleQuery = None,
) -> Response[str]:
    return html(pages.match(services(), match_id, move, pages.style_of(style)))


@router.get("/web/play/<match_id>", include_in_schema=False)
def play(match_id: str, style: StyleQuery = None) -> Response[str]:
    return html(pages.play(services(), match_id, pages.style_of(style)))


@router.get("/web/static/<name>", include_in_schema=False)
def static(name: str, v: Annotated[str | None, Query(max_length=64)] = None) -> Response[str]:
    try:
        content_type, body = assets.static_file(name)
    except assets.AssetNotFound:
        raise NotFound(f"no static file '{name}'", code="file_not_found") from None
    fresh = v is not None and v == assets.version(name)
    headers = {
        "Cache-Control": assets.IMMUTABLE if fresh else assets.SHORT,
        "X-Content-Type-Options": "nosniff",
    }
    return Response(status_code=200, content_type=content_type, body=body.decode("utf-8"), headers=headers)


@router.get("/web/cards/<style>/<filename>", include_in_schema=False)
def card(style: str, filename: str) -> Response[str]:
    try:
        svg = assets.card_image(style, filename)
    except assets.AssetNotFound:
        raise NotFound(f"no card image '{style}/{filename}'", code="file_not_found") from None
    headers = {
        "Cache-Control": assets.IMMUTABLE,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'",
    }
    return Response(status_code=200, content_type="image/svg+xml", body=svg, headers=headers)

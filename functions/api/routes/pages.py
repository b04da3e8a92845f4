"""The web pages and their static files: HTML from ``scopa.web``, left out of the OpenAPI document.

Paths are ``/`` and ``/web/...`` so they never clash with the JSON API. Pages read the services as an
anonymous visitor; errors go through the one error map (``api.errors``), which answers pages in HTML.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.shared.cookies import Cookie, SameSite

from api.context import move_url, services
from api.settings import settings
from scopa.application.errors import NotFound
from scopa.web import assets, i18n
from scopa.web.security import page_headers

if TYPE_CHECKING:
    from scopa.web.pages import PageOptions

router = Router()

StyleQuery = Annotated[Literal["italian", "french"] | None, Query(description="card faces")]
LangQuery = Annotated[Literal["en", "it"] | None, Query(description="page language (the switch)")]
HTML = "text/html; charset=utf-8"
LANG_COOKIE_AGE = 365 * 24 * 3600


def language(chosen: str | None = None) -> i18n.Lang:
    """The page language: ``?lang=``, the ``lang`` cookie, ``Accept-Language``, English."""
    event = router.current_event
    cookies: list[str] = list(getattr(event, "cookies", None) or [])  # HTTP API (v2) events
    cookies += (event.headers.get("cookie") or "").split(";")
    return i18n.negotiate(chosen, i18n.cookie_value(cookies), event.headers.get("accept-language"))


def html(body: str, chosen: str | None = None) -> Response[str]:
    """A page; with ``chosen`` (the switch was used) the ``lang`` cookie remembers the language."""
    cookies = []
    if i18n.lang_of(chosen):
        cookies.append(
            Cookie(
                name=i18n.COOKIE,
                value=str(i18n.lang_of(chosen)),
                path="/",
                max_age=LANG_COOKIE_AGE,
                secure=False,  # it holds no secret; the local server is plain HTTP
                http_only=True,
                same_site=SameSite.LAX_MODE,
            )
        )
    headers = page_headers(live_url=settings().websocket_url, move_url=move_url())
    return Response(status_code=200, content_type=HTML, body=body, headers=headers, cookies=cookies)


def view(lang: str | None, style: str | None) -> PageOptions:
    from scopa.web import pages  # the pages load the engines: on the first page, not at import

    return pages.PageOptions(pages.style_of(style), language(lang), settings().websocket_url or "/live")


@router.get("/", include_in_schema=False)
def home(style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.home(services(), view(lang, style)), lang)


@router.get("/web/rankings/<pool>", include_in_schema=False)
def rankings(
    pool: str,
    by: Annotated[Literal["elo", "glicko"], Query()] = "elo",
    club: Annotated[str | None, Query(max_length=64)] = None,
    style: StyleQuery = None,
    lang: LangQuery = None,
) -> Response[str]:
    from scopa.web import pages

    return html(pages.rankings(services(), pool, by, club, view(lang, style)), lang)


@router.get("/web/players/<player_id>", include_in_schema=False)
def player(player_id: str, style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.player(services(), player_id, view(lang, style)), lang)


@router.get("/web/tournaments", include_in_schema=False)
def tournaments(
    status: Annotated[
        Literal["draft", "registration", "running", "finished", "cancelled"] | None, Query()
    ] = None,
    style: StyleQuery = None,
    lang: LangQuery = None,
) -> Response[str]:
    from scopa.web import pages

    return html(pages.tournaments(services(), status, view(lang, style)), lang)


@router.get("/web/tournaments/new", include_in_schema=False)
def new_tournament(
    club: Annotated[str | None, Query(max_length=64)] = None,
    style: StyleQuery = None,
    lang: LangQuery = None,
) -> Response[str]:
    from scopa.web import pages

    return html(pages.new_tournament(services(), club, view(lang, style)), lang)


@router.get("/web/clubs", include_in_schema=False)
def clubs(style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.clubs(services(), view(lang, style)), lang)


@router.get("/web/clubs/<club_id>", include_in_schema=False)
def club(club_id: str, style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.club(services(), club_id, view(lang, style)), lang)


@router.get("/web/clubs/<club_id>/seasons/<season_id>", include_in_schema=False)
def season(club_id: str, season_id: str, style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.season(services(), club_id, season_id, view(lang, style)), lang)


@router.get("/web/tournaments/<tournament_id>", include_in_schema=False)
def tournament(
    tournament_id: str,
    style: StyleQuery = None,
    lang: LangQuery = None,
    fresh: Annotated[Literal["1"] | None, Query(description="not a copy kept for followers")] = None,
) -> Response[str]:
    from scopa.web import pages

    return html(pages.tournament(services(), tournament_id, view(lang, style), fresh=fresh == "1"), lang)


@router.get("/web/matches/<match_id>", include_in_schema=False)
def match(
    match_id: str,
    move: Annotated[int | None, Query(ge=0, le=10_000, description="replay position")] = None,
    style: StyleQuery = None,
    lang: LangQuery = None,
) -> Response[str]:
    from scopa.web import pages

    return html(pages.match(services(), match_id, move, view(lang, style)), lang)


@router.get("/web/play/<match_id>", include_in_schema=False)
def play(match_id: str, style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.play(services(), match_id, view(lang, style)), lang)


@router.get("/web/account", include_in_schema=False)
def account(style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.account(view(lang, style)), lang)


@router.get("/web/lobby", include_in_schema=False)
def lobby(style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.lobby(view(lang, style)), lang)


@router.get("/web/inbox", include_in_schema=False)
def inbox(style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.inbox(view(lang, style)), lang)


@router.get("/web/rules", include_in_schema=False)
def rules_index(style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import pages

    return html(pages.rules_index(view(lang, style)), lang)


@router.get("/web/rules/<game>/<preset>", include_in_schema=False)
def game_rules(game: str, preset: str, style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    """A game's rules help, from the game's page plug-in."""
    from scopa.web import pages

    return html(pages.rules(game, preset, view(lang, style)), lang)


@router.get("/web/rules/<preset>", include_in_schema=False)
def rules(preset: str, style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    """The rules help of a preset of the site's own game (its URLs before there were other games)."""
    from scopa.web import pages

    return html(pages.rules(None, preset, view(lang, style)), lang)


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

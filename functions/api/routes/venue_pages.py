"""The venue's pages (docs/venue.md): projector, printouts, a table's phone report page, the organizer's
results grid and desk, the venue check-in. HTML from :mod:`scopa.web.venue`, left out of the OpenAPI
document like every page."""

from __future__ import annotations

from typing import Annotated, Literal

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from api.context import services
from api.routes.pages import LangQuery, StyleQuery, html, view

router = Router()

RoundNumber = Annotated[int, Path(ge=1, le=1000)]
TableNumber = Annotated[int, Path(ge=1, le=10_000)]


@router.get("/web/tournaments/<tournament_id>/projector", include_in_schema=False)
def projector(
    tournament_id: str,
    seconds: Annotated[int | None, Query(ge=1, le=600, description="how long each screen shows")] = None,
    style: StyleQuery = None,
    lang: LangQuery = None,
) -> Response[str]:
    from scopa.web import venue

    return html(venue.projector(services(), tournament_id, view(lang, style), seconds), lang)


@router.get("/web/tournaments/<tournament_id>/print/<kind>", include_in_schema=False)
def printout(
    tournament_id: str,
    kind: Literal["pairings", "slips", "standings", "crosstable"],
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
    style: StyleQuery = None,
    lang: LangQuery = None,
) -> Response[str]:
    from scopa.web import venue
    from scopa.web.origin import origin

    site = origin(router.current_event.headers)
    return html(venue.printout(services(), tournament_id, kind, round, site, view(lang, style)), lang)


@router.get("/web/tournaments/<tournament_id>/rounds/<number>/tables/<table>", include_in_schema=False)
def table_report(
    tournament_id: str,
    number: RoundNumber,
    table: TableNumber,
    style: StyleQuery = None,
    lang: LangQuery = None,
) -> Response[str]:
    from scopa.web import venue

    return html(venue.table_report(services(), tournament_id, number, table, view(lang, style)), lang)


@router.get("/web/tournaments/<tournament_id>/results", include_in_schema=False)
def results(tournament_id: str, style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import venue

    return html(venue.results(services(), tournament_id, view(lang, style)), lang)


@router.get("/web/tournaments/<tournament_id>/venue", include_in_schema=False)
def desk(tournament_id: str, style: StyleQuery = None, lang: LangQuery = None) -> Response[str]:
    from scopa.web import venue

    return html(venue.desk(services(), tournament_id, view(lang, style)), lang)


@router.get("/web/tournaments/<tournament_id>/check-in", include_in_schema=False)
def check_in(
    tournament_id: str,
    code: Annotated[str | None, Query(max_length=16)] = None,
    style: StyleQuery = None,
    lang: LangQuery = None,
) -> Response[str]:
    from scopa.web import venue

    return html(venue.check_in(services(), tournament_id, code, view(lang, style)), lang)

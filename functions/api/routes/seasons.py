"""Club seasons: a club's tournaments grouped and scored by points per place; standings and exports."""

from __future__ import annotations

from http import HTTPStatus
from typing import Annotated, Any, Literal

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.answers.seasons import SeasonAnswer, Seasons, SeasonStandings
from api.context import services
from api.idempotency import IdempotencyKey, run_once
from api.models import CreateSeason, UpdateSeason
from api.openapi import BEARER
from api.responses import ACT, READ, created, documented

router = Router()

Limit = Annotated[int, Query(ge=1, le=100)]
Cursor = Annotated[str | None, Query(max_length=2048)]
ExportFormat = Literal["csv", "ndjson"]
EXPORT_TYPES: dict[str, str] = {"csv": "text/csv; charset=utf-8", "ndjson": "application/x-ndjson"}
EXPORT_CONTENT = {media: {"schema": {"type": "string"}} for media in EXPORT_TYPES.values()}
BASE = "/clubs/<club_id>/seasons"


@router.post(
    BASE,
    operation_id="create_season",
    tags=["seasons"],
    security=BEARER,
    summary="Start a club season (the club's organizers): dates and points per place",
    responses=documented(201, *ACT, body=True),
)
def create_season(
    club_id: str, body: CreateSeason, idempotency_key: IdempotencyKey = None
) -> Response[SeasonAnswer]:
    svc = services()
    caller = svc.caller(router.current_event.headers)

    def act() -> dict[str, Any]:
        season = svc.seasons.create(
            caller, club_id, body.name, body.starts_on, body.ends_on, body.rules, idempotency_key
        )
        return SeasonAnswer.of(season).model_dump(mode="json")

    body_json = {"club_id": club_id, **body.model_dump(mode="json")}
    answer = run_once("create_season", idempotency_key, caller.player_id or "admin", body_json, act)
    return created(SeasonAnswer.model_validate(answer))


@router.get(
    BASE,
    operation_id="list_seasons",
    tags=["seasons"],
    summary="A club's seasons, by id, with a cursor",
    responses=documented(200, *READ),
)
def list_seasons(club_id: str, limit: Limit = 20, cursor: Cursor = None) -> Seasons:
    found, nxt = services().seasons.list_seasons(club_id, limit, cursor)
    return Seasons(seasons=[SeasonAnswer.of(s) for s in found], next_cursor=nxt)


@router.get(
    BASE + "/<season_id>",
    operation_id="get_season",
    tags=["seasons"],
    summary="A season: its dates, rules and attached tournaments",
    responses=documented(200, *READ),
)
def get_season(club_id: str, season_id: str) -> SeasonAnswer:
    return SeasonAnswer.of(services().seasons.get(club_id, season_id))


@router.patch(
    BASE + "/<season_id>",
    operation_id="update_season",
    tags=["seasons"],
    security=BEARER,
    summary="Rename a season, move its dates or change its rules (the club's organizers)",
    responses=documented(200, *ACT, body=True),
)
def update_season(club_id: str, season_id: str, body: UpdateSeason) -> SeasonAnswer:
    svc = services()
    season = svc.seasons.update(
        svc.caller(router.current_event.headers),
        club_id,
        season_id,
        body.name,
        body.starts_on,
        body.ends_on,
        body.rules,
        body.version,
    )
    return SeasonAnswer.of(season)


@router.put(
    BASE + "/<season_id>/tournaments/<tournament_id>",
    operation_id="attach_season_tournament",
    tags=["seasons"],
    security=BEARER,
    summary="Count one of the club's tournaments in the season (organizers); again changes nothing",
    responses=documented(200, *ACT),
)
def attach(club_id: str, season_id: str, tournament_id: str) -> SeasonAnswer:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    return SeasonAnswer.of(svc.seasons.attach(caller, club_id, season_id, tournament_id))


@router.delete(
    BASE + "/<season_id>/tournaments/<tournament_id>",
    operation_id="detach_season_tournament",
    tags=["seasons"],
    security=BEARER,
    summary="Take a tournament out of the season (organizers): it no longer counts",
    responses=documented(200, *ACT),
)
def detach(club_id: str, season_id: str, tournament_id: str) -> SeasonAnswer:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    return SeasonAnswer.of(svc.seasons.detach(caller, club_id, season_id, tournament_id))


@router.get(
    BASE + "/<season_id>/standings",
    operation_id="get_season_standings",
    tags=["seasons"],
    summary="The season's standings: the club's leaderboard for the season, with every event's points",
    responses=documented(200, *READ),
)
def standings(club_id: str, season_id: str) -> SeasonStandings:
    return SeasonStandings.of(services().seasons.standings(club_id, season_id))


@router.get(
    BASE + "/<season_id>/export",
    operation_id="export_season",
    tags=["seasons"],
    summary="The season's standings as CSV (one column per event) or NDJSON",
    responses=documented(200, *READ, content=EXPORT_CONTENT),
)
def export(
    club_id: str, season_id: str, export_format: Annotated[ExportFormat, Query(alias="format")] = "csv"
) -> Response[str]:
    result = services().seasons.export(club_id, season_id, export_format)
    return Response(
        status_code=HTTPStatus.OK,
        content_type=EXPORT_TYPES[result.format],
        body=result.body,
        headers={"Content-Disposition": f'attachment; filename="{season_id}.{result.format}"'},
    )

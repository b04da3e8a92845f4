"""Rankings: the pools, leaderboards (by Elo or Glicko-2, per club or tournament), a player's ratings."""

from __future__ import annotations

from http import HTTPStatus
from typing import Annotated, Literal

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.answers.rankings import LeaderboardAnswer, PlayerRatingsAnswer, Pool, Pools, RecomputeJob
from api.context import services
from api.openapi import BEARER, MAYBE_BEARER
from api.responses import ACT, CALLER, READ, documented
from scopa.application.errors import BadRequest

router = Router()


@router.get(
    "/rankings",
    operation_id="list_rating_pools",
    tags=["rankings"],
    summary="The rating pools and the rule presets each one rates",
    responses=documented(),
)
def pools() -> Pools:
    return Pools(pools=[Pool.of(p) for p in services().ratings.pools])


@router.get(
    "/rankings/<pool>",
    operation_id="get_leaderboard",
    tags=["rankings"],
    security=MAYBE_BEARER,
    summary="A leaderboard: top N with a cursor, ?around=me, per club or tournament, provisional or not",
    responses=documented(200, *READ, *CALLER),
)
def leaderboard(
    pool: str,
    by: Annotated[Literal["elo", "glicko"], Query()] = "elo",
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    cursor: Annotated[str | None, Query(max_length=4096)] = None,
    around: Annotated[Literal["me"] | None, Query(description="the caller and the players around")] = None,
    club: Annotated[
        str | None, Query(min_length=1, max_length=64, description="a club's id (not with tournament)")
    ] = None,
    tournament: Annotated[
        str | None, Query(min_length=1, max_length=64, description="a tournament's id (not with club)")
    ] = None,
    provisional: Annotated[bool, Query(description="include provisional ratings")] = True,
) -> LeaderboardAnswer:
    if club is not None and tournament is not None:  # a rule no query schema can state
        raise BadRequest("filter by a club or by a tournament, not both", code="conflicting_filters")
    svc = services()
    if around == "me":
        caller = svc.caller(router.current_event.headers)
        return LeaderboardAnswer.of(svc.ratings.around(caller, pool, by, count=min(limit, 10)))
    return LeaderboardAnswer.of(
        svc.ratings.leaderboard(pool, by, limit, cursor, provisional, club, tournament)
    )


@router.post(
    "/rankings/<pool>/recompute",
    operation_id="recompute_pool",
    tags=["admin"],
    security=BEARER,
    summary="Admin: queue a rebuild of a pool's ratings from its rated matches; 202 with the job",
    description="The recompute runs asynchronously: follow the Location header "
    "(GET /rankings/{pool}/recompute/{job_id}) until the job is done or failed.",
    responses=documented(202, *ACT),
)
def recompute(pool: str) -> Response[RecomputeJob]:
    svc = services()
    job = svc.jobs.submit_recompute(svc.caller(router.current_event.headers), pool)
    return Response(
        status_code=HTTPStatus.ACCEPTED,
        content_type=content_types.APPLICATION_JSON,
        body=RecomputeJob.of(job),
        headers={"Location": f"/rankings/{job.subject}/recompute/{job.id}"},
    )


@router.get(
    "/rankings/<pool>/recompute/<job_id>",
    operation_id="get_recompute_job",
    tags=["admin"],
    security=BEARER,
    summary="Admin: a recompute job's status (queued, running, done, failed) and its report when done",
    responses=documented(200, *READ, *CALLER),
)
def recompute_status(pool: str, job_id: str) -> RecomputeJob:
    svc = services()
    return RecomputeJob.of(svc.jobs.get(svc.caller(router.current_event.headers), job_id, pool))


@router.get(
    "/players/<player_id>/ratings",
    operation_id="get_player_ratings",
    tags=["rankings"],
    summary="A player's ratings per pool, the rating history (a point per rated match), records by opponent",
    responses=documented(200, *READ),
)
def player_ratings(
    player_id: str,
    pool: Annotated[str | None, Query(max_length=40)] = None,
    points: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> PlayerRatingsAnswer:
    return PlayerRatingsAnswer.of(services().ratings.player(player_id, pool, points))

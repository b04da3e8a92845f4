"""Rankings: the pools, leaderboards (by Elo or Glicko-2, per club or tournament), a player's ratings."""

from __future__ import annotations

from typing import Annotated, Literal

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.answers.rankings import LeaderboardAnswer, PlayerRatingsAnswer, Pool, Pools, RecomputeReport
from api.context import services
from api.openapi import BEARER, MAYBE_BEARER
from api.responses import ACT, CALLER, READ, documented

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
    club: Annotated[str | None, Query(max_length=64)] = None,
    tournament: Annotated[str | None, Query(max_length=64)] = None,
    provisional: Annotated[bool, Query(description="include provisional ratings")] = True,
) -> LeaderboardAnswer:
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
    summary="Admin: rebuild a pool's ratings from its rated matches",
    responses=documented(200, *ACT),
)
def recompute(pool: str) -> RecomputeReport:
    svc = services()
    return RecomputeReport.of(svc.ratings.recompute(svc.caller(router.current_event.headers), pool))


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

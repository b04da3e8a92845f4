"""Matches: create, read (and wait), move, resign, accept, decline, finished deals, record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.answers.matches import MatchAnswer, MatchDeals, MatchRecord
from api.context import moves_link, services
from api.idempotency import IdempotencyKey, run_once
from api.models import CreateMatch, PlayMove
from api.observability import count, logger
from api.openapi import BEARER, MAYBE_BEARER
from api.responses import ACT, READ, created, documented, link
from scopa.application.match_limits import DEFAULT_MOVE_SECONDS, MAX_DEALS_PAGE, MAX_WAIT_SECONDS

if TYPE_CHECKING:
    from scopa.application.services.matches import MatchView

router = Router()


def answer_of(match: MatchView) -> MatchAnswer:
    """The caller's answer, with the link where the match's moves may be posted (when there is one)."""
    return MatchAnswer.of(match, moves_link(match.id))


@router.post(
    "/matches",
    operation_id="create_match",
    tags=["matches"],
    security=BEARER,
    summary="Start a match between players and/or house bots",
    responses=documented(
        201,
        *ACT,
        body=True,
        links={
            "GetMatch": link("get_match", match_id="$response.body#/id"),
            "PlayMove": link("play_move", match_id="$response.body#/id"),
            "ResignMatch": link("resign_match", match_id="$response.body#/id"),
        },
    ),
)
def create_match(body: CreateMatch, idempotency_key: IdempotencyKey = None) -> Response[MatchAnswer]:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    from scopa.application.services.matches import NewMatch  # (the engines load with the service)

    request = NewMatch(
        game=body.game,
        players=body.players,
        preset=body.preset,
        options=body.options,
        target=body.target,
        move_seconds=body.time_control.seconds if body.time_control else DEFAULT_MOVE_SECONDS,
        seed=body.seed,
        timed=True if body.time_control is not None else None,  # None: timed when two humans play
    )

    def started(match: MatchView) -> None:
        count("MatchesStarted")
        logger.info("match created", extra={"match_id": match.id, "status": match.status})

    def act() -> dict[str, Any]:
        match = svc.matches.create(caller, request, idempotency_key, on_created=started)
        return answer_of(match).model_dump(mode="json")

    answer = run_once(
        "create_match", idempotency_key, caller.player_id or "anonymous", body.model_dump(), act
    )
    return created(MatchAnswer.model_validate(answer))


@router.get(
    "/matches/<match_id>",
    operation_id="get_match",
    tags=["matches"],
    security=MAYBE_BEARER,
    summary="The caller's view of a match; optionally wait for a newer version",
    responses=documented(200, *ACT),
)
def get_match(
    match_id: str,
    after_version: Annotated[
        int | None, Query(ge=0, le=10**9, description="answer once the version is above this")
    ] = None,
    wait: Annotated[float, Query(ge=0, le=MAX_WAIT_SECONDS, description="seconds to wait (long-poll)")] = 0,
) -> MatchAnswer:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    return answer_of(svc.matches.get(caller, match_id, after_version, wait))


@router.post(
    "/matches/<match_id>/moves",
    operation_id="play_move",
    tags=["matches"],
    security=BEARER,
    summary="Play a move at the expected version: a card (Scopa: with its capture), a Briscola bid or call",
    responses=documented(200, *ACT, body=True),
)
def play_move(match_id: str, body: PlayMove, idempotency_key: IdempotencyKey = None) -> MatchAnswer:
    svc = services()
    caller = svc.caller(router.current_event.headers)

    def applied(match: MatchView) -> None:
        count("MovesApplied")
        if match.status == "finished":
            count("MatchesFinished")
        logger.info("move applied", extra={"match_id": match_id, "version": match.version})

    return answer_of(svc.matches.play(caller, match_id, body.fields(), idempotency_key, on_applied=applied))


@router.post(
    "/matches/<match_id>/resign",
    operation_id="resign_match",
    tags=["matches"],
    security=BEARER,
    summary="Resign the match",
    responses=documented(200, *ACT),
)
def resign(match_id: str) -> MatchAnswer:
    svc = services()
    match = svc.matches.resign(svc.caller(router.current_event.headers), match_id)
    count("MatchesFinished")
    return answer_of(match)


@router.post(
    "/matches/<match_id>/accept",
    operation_id="accept_match",
    tags=["matches"],
    security=BEARER,
    summary="Accept an invitation to a match",
    responses=documented(200, *ACT),
)
def accept(match_id: str) -> MatchAnswer:
    svc = services()
    return answer_of(svc.matches.respond(svc.caller(router.current_event.headers), match_id, accept=True))


@router.post(
    "/matches/<match_id>/decline",
    operation_id="decline_match",
    tags=["matches"],
    security=BEARER,
    summary="Decline an invitation to a match",
    responses=documented(200, *ACT),
)
def decline(match_id: str) -> MatchAnswer:
    svc = services()
    return answer_of(svc.matches.respond(svc.caller(router.current_event.headers), match_id, accept=False))


@router.post(
    "/matches/<match_id>/withdraw",
    operation_id="withdraw_match",
    tags=["matches"],
    security=BEARER,
    summary="The creator withdraws an invitation not yet accepted by all",
    responses=documented(200, *ACT),
)
def withdraw(match_id: str) -> MatchAnswer:
    svc = services()
    return answer_of(svc.matches.withdraw(svc.caller(router.current_event.headers), match_id))


@router.get(
    "/matches/<match_id>/record",
    operation_id="get_match_record",
    tags=["matches"],
    summary="The full game record after the end (verify with scopa replay)",
    responses=documented(200, *READ, 409),
)
def record(match_id: str) -> MatchRecord:
    return MatchRecord.of(services().matches.record(match_id))


@router.get(
    "/matches/<match_id>/deals",
    operation_id="list_match_deals",
    tags=["matches"],
    summary="The match's finished deals, oldest first, with a cursor (anyone may read them)",
    responses=documented(200, *READ),
)
def finished_deals(
    match_id: str,
    limit: Annotated[int, Query(ge=1, le=MAX_DEALS_PAGE)] = 20,
    cursor: Annotated[str | None, Query(max_length=2048)] = None,
) -> MatchDeals:
    return MatchDeals.of(services().matches.finished_deals(match_id, limit, cursor))

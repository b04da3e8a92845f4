"""The lobby: open seeks (create, list, withdraw, accept), challenges, and the caller's inbox."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.answers.lobby import InboxAnswer, SeekAnswer, SeekPage, inbox_answer, seek_page
from api.answers.matches import MatchAnswer
from api.context import services
from api.idempotency import IdempotencyKey, run_once
from api.models import CreateChallenge, CreateSeek
from api.observability import count, logger
from api.openapi import BEARER
from api.responses import ACT, CALLER, READ, created, documented, no_content
from api.routes.matches import answer_of
from scopa.application.match_limits import DEFAULT_MOVE_SECONDS

router = Router()


@router.post(
    "/lobby/seeks",
    operation_id="create_seek",
    tags=["lobby"],
    security=BEARER,
    summary="Offer a game in the lobby (at most 3 open seeks a player)",
    responses=documented(201, *ACT, body=True),
)
def create_seek(body: CreateSeek, idempotency_key: IdempotencyKey = None) -> Response[SeekAnswer]:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    from scopa.application.services.lobby import NewSeek  # (the engines load with the service)

    request = NewSeek(
        game=body.game,
        preset=body.preset,
        target=body.target,
        move_seconds=body.time_control.seconds if body.time_control else DEFAULT_MOVE_SECONDS,
        rated=body.rated,
        expires_in=body.expires_in,
    )

    def act() -> dict[str, Any]:
        seek = svc.lobby.create_seek(caller, request, idempotency_key)
        logger.info("seek created", extra={"seek_id": seek.id})
        return SeekAnswer.of(seek).model_dump(mode="json")

    answer = run_once("create_seek", idempotency_key, caller.player_id or "anonymous", body.model_dump(), act)
    return created(SeekAnswer.model_validate(answer))


@router.get(
    "/lobby/seeks",
    operation_id="list_seeks",
    tags=["lobby"],
    summary="The open seeks, newest first, with a cursor",
    responses=documented(200, *READ),
)
def list_seeks(
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    cursor: Annotated[str | None, Query(max_length=2048)] = None,
) -> SeekPage:
    return seek_page(services(), limit, cursor)


@router.get(
    "/lobby/seeks/<seek_id>",
    operation_id="get_seek",
    tags=["lobby"],
    summary="One seek: open, or taken (with the match that took it), withdrawn or expired",
    responses=documented(200, *READ),
)
def get_seek(seek_id: str) -> SeekAnswer:
    return SeekAnswer.of(services().lobby.seek(seek_id))


@router.delete(
    "/lobby/seeks/<seek_id>",
    operation_id="withdraw_seek",
    tags=["lobby"],
    security=BEARER,
    summary="Withdraw one's own open seek",
    responses=documented(204, *ACT),
)
def withdraw_seek(seek_id: str) -> Response[None]:
    svc = services()
    svc.lobby.withdraw_seek(svc.caller(router.current_event.headers), seek_id)
    return no_content()


@router.post(
    "/lobby/seeks/<seek_id>/accept",
    operation_id="accept_seek",
    tags=["lobby"],
    security=BEARER,
    summary="Accept someone's open seek: the match starts at once",
    responses=documented(201, *ACT),
)
def accept_seek(seek_id: str) -> Response[MatchAnswer]:
    svc = services()
    match = svc.lobby.accept_seek(svc.caller(router.current_event.headers), seek_id)
    count("MatchesStarted")
    logger.info("seek accepted", extra={"seek_id": seek_id, "match_id": match.id})
    return created(answer_of(match))


@router.post(
    "/challenges",
    operation_id="create_challenge",
    tags=["lobby"],
    security=BEARER,
    summary="Challenge a named player: a pending match they accept or decline",
    responses=documented(201, *ACT, body=True),
)
def challenge(body: CreateChallenge, idempotency_key: IdempotencyKey = None) -> Response[MatchAnswer]:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    from scopa.application.services.lobby import NewChallenge

    request = NewChallenge(
        opponent=body.opponent,
        game=body.game,
        preset=body.preset,
        target=body.target,
        move_seconds=body.time_control.seconds if body.time_control else DEFAULT_MOVE_SECONDS,
        rated=body.rated,
        expires_in=body.expires_in,
    )

    def act() -> dict[str, Any]:
        match = svc.lobby.challenge(caller, request, idempotency_key)
        logger.info("challenge made", extra={"match_id": match.id})
        return answer_of(match).model_dump(mode="json")

    answer = run_once("challenge", idempotency_key, caller.player_id or "anonymous", body.model_dump(), act)
    return created(MatchAnswer.model_validate(answer))


@router.get(
    "/inbox",
    operation_id="get_inbox",
    tags=["lobby"],
    security=BEARER,
    summary="The caller's invitations, own pending challenges and open seeks",
    responses=documented(200, *CALLER),
)
def inbox() -> InboxAnswer:
    svc = services()
    return InboxAnswer.model_validate(inbox_answer(svc, svc.caller(router.current_event.headers)))

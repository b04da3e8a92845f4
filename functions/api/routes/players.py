"""Players, tokens and roles."""

from __future__ import annotations

from dataclasses import asdict
from http import HTTPStatus
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Header, Query

from api import answers
from api.context import services
from api.idempotency import run_once
from api.models import RegisterPlayer, SetRole
from api.observability import count
from api.responses import ACT, CALLER, READ, documented
from scopa.application.ports.players import Player
from scopa.application.services.players import bot_players

router = Router()

IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=128)]


def public_profile(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "role": player.role,
        "bot": player.bot,
        "created_at": player.created_at,
    }


def created(body: dict[str, Any]) -> Response[dict[str, Any]]:
    return Response(status_code=HTTPStatus.CREATED, content_type=content_types.APPLICATION_JSON, body=body)


@router.post(
    "/players",
    summary="Register a player; the bearer token is shown only in this answer",
    responses=documented(201, 400, 409, body=True, model=answers.Registration),
)
def register(body: RegisterPlayer, idempotency_key: IdempotencyKey = None) -> Response[dict[str, Any]]:
    svc = services()
    shown: list[str] = []

    def act() -> dict[str, Any]:
        registration = svc.players.register(body.name, idempotency_key)
        if registration.token is not None:
            count("PlayersRegistered")
            shown.append(registration.token)
        # The idempotency record stores this answer: it must not hold the token (only its hash is stored).
        return {"player": public_profile(registration.player), "token": None}

    answer = run_once("register", idempotency_key, "anonymous", body.model_dump(), act)
    # A replay (same Idempotency-Key) finds the same player, but the token was shown once: it stays None.
    return created({**answer, "token": shown[0] if shown else None})


@router.get(
    "/me",
    summary="The caller's own profile",
    responses=documented(200, *CALLER, 404, model=answers.PlayerProfile),
)
def me() -> dict[str, Any]:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    return public_profile(svc.players.get(caller.require_player()))


@router.post(
    "/me/token",
    summary="Rotate the caller's token: the new one is returned, the old one stops working",
    responses=documented(200, *CALLER, 404, 409, model=answers.NewToken),
)
def rotate_token() -> dict[str, Any]:
    svc = services()
    return {"token": svc.players.rotate_token(svc.caller(router.current_event.headers))}


@router.delete(
    "/me/token",
    summary="Revoke the caller's token (sign out everywhere)",
    responses=documented(204, *CALLER, 404, 409),
)
def revoke_token() -> Response[None]:
    svc = services()
    svc.players.revoke_token(svc.caller(router.current_event.headers))
    return Response(status_code=HTTPStatus.NO_CONTENT, body=None)


@router.get(
    "/bots", summary="The house bots, which anyone can play against", responses=documented(model=answers.Bots)
)
def bots() -> dict[str, Any]:
    return {"bots": [public_profile(p) for p in bot_players()]}


@router.get(
    "/players/<player_id>",
    summary="A player's public profile",
    responses=documented(200, *READ, model=answers.PlayerProfile),
)
def get_player(player_id: str) -> dict[str, Any]:
    return public_profile(services().players.get(player_id))


@router.put(
    "/players/<player_id>/role",
    summary="Admin: make a player an organizer, or a player again",
    responses=documented(200, *ACT, body=True, model=answers.PlayerProfile),
)
def set_role(player_id: str, body: SetRole) -> dict[str, Any]:
    svc = services()
    return public_profile(
        svc.players.set_role(svc.caller(router.current_event.headers), player_id, body.role)
    )


@router.post(
    "/players/<player_id>/token",
    summary="Admin: issue a new token to a player who lost theirs",
    responses=documented(200, *ACT, model=answers.NewToken),
)
def issue_token(player_id: str) -> dict[str, Any]:
    svc = services()
    return {"token": svc.players.issue_token(svc.caller(router.current_event.headers), player_id)}


@router.get(
    "/players/<player_id>/matches",
    summary="A player's matches, newest first, with a cursor",
    responses=documented(200, *READ, model=answers.PlayerMatches),
)
def player_matches(
    player_id: str,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    cursor: Annotated[str | None, Query(max_length=2048)] = None,
) -> dict[str, Any]:
    summaries, nxt = services().matches.list_for_player(player_id, limit, cursor)
    return {"matches": [asdict(s) for s in summaries], "next_cursor": nxt}

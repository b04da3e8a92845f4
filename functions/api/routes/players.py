"""Players, tokens and roles."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.answers.players import (
    Bots,
    MatchListItem,
    NewToken,
    PlayerMatches,
    PlayerProfile,
    Players,
    Registration,
)
from api.context import services
from api.idempotency import IdempotencyKey, run_once
from api.models import CreateBotAccount, RegisterPlayer, SetRole
from api.observability import count
from api.openapi import BEARER
from api.responses import ACT, CALLER, READ, created, documented, link, no_content

router = Router()


@router.post(
    "/players",
    operation_id="register_player",
    tags=["players"],
    summary="Register a player; the bearer token is shown only in this answer",
    responses=documented(
        201,
        400,
        409,
        body=True,
        links={
            "GetPlayer": link("get_player", player_id="$response.body#/player/id"),
            "ListPlayerMatches": link("list_player_matches", player_id="$response.body#/player/id"),
        },
    ),
)
def register(body: RegisterPlayer, idempotency_key: IdempotencyKey = None) -> Response[Registration]:
    svc = services()
    shown: list[str] = []

    def act() -> dict[str, Any]:
        registration = svc.players.register(body.name, idempotency_key)
        if registration.token is not None:
            count("PlayersRegistered")
            shown.append(registration.token)
        # The idempotency record stores this answer: it must not hold the token (only its hash is stored).
        answer = Registration(player=PlayerProfile.of(registration.player), token=None)
        return answer.model_dump(mode="json")

    answer = Registration.model_validate(
        run_once("register", idempotency_key, "anonymous", body.model_dump(), act)
    )
    # A replay (same Idempotency-Key) finds the same player, but the token was shown once: it stays None.
    return created(answer.model_copy(update={"token": shown[0] if shown else None}))


@router.post(
    "/admin/bots",
    operation_id="create_bot_account",
    tags=["admin"],
    security=BEARER,
    summary="Admin: create a bot account (an outside program's player, kind bot); its token is shown once",
    responses=documented(201, *CALLER, body=True),
)
def create_bot_account(body: CreateBotAccount) -> Response[Registration]:
    svc = services()
    registration = svc.players.create_bot_account(svc.caller(router.current_event.headers), body.name)
    count("BotAccountsCreated")
    return created(Registration(player=PlayerProfile.of(registration.player), token=registration.token))


@router.get(
    "/me",
    operation_id="get_me",
    tags=["players"],
    security=BEARER,
    summary="The caller's own profile",
    responses=documented(200, *CALLER, 404),
)
def me() -> PlayerProfile:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    return PlayerProfile.of(svc.players.get(caller.require_player()))


@router.post(
    "/me/token",
    operation_id="rotate_token",
    tags=["players"],
    security=BEARER,
    summary="Rotate the caller's token: the new one is returned, the old one stops working",
    responses=documented(200, *CALLER, 404, 409),
)
def rotate_token() -> NewToken:
    svc = services()
    return NewToken(token=svc.players.rotate_token(svc.caller(router.current_event.headers)))


@router.delete(
    "/me/token",
    operation_id="revoke_token",
    tags=["players"],
    security=BEARER,
    summary="Revoke the caller's token (sign out everywhere)",
    responses=documented(204, *CALLER, 404, 409),
)
def revoke_token() -> Response[None]:
    svc = services()
    svc.players.revoke_token(svc.caller(router.current_event.headers))
    return no_content()


@router.get(
    "/bots",
    operation_id="list_bots",
    tags=["players"],
    summary="The house bots, which anyone can play against",
    responses=documented(),
)
def bots() -> Bots:
    from scopa.application.services.players import bot_players  # (the bots load with the service)

    return Bots(bots=[PlayerProfile.of(p) for p in bot_players()])


@router.get(
    "/players",
    operation_id="find_players_by_name",
    tags=["players"],
    summary="The players of a name, exactly (case and spacing aside), by id: names are not unique",
    responses=documented(200, *READ),
)
def find_players(name: Annotated[str, Query(min_length=1, max_length=64)]) -> Players:
    return Players(players=[PlayerProfile.of(p) for p in services().players.named(name)])


@router.get(
    "/players/<player_id>",
    operation_id="get_player",
    tags=["players"],
    summary="A player's public profile",
    responses=documented(200, *READ),
)
def get_player(player_id: str) -> PlayerProfile:
    return PlayerProfile.of(services().players.get(player_id))


@router.put(
    "/players/<player_id>/role",
    operation_id="set_player_role",
    tags=["admin"],
    security=BEARER,
    summary="Admin: make a player an organizer, or a player again",
    responses=documented(200, *ACT, body=True),
)
def set_role(player_id: str, body: SetRole) -> PlayerProfile:
    svc = services()
    return PlayerProfile.of(
        svc.players.set_role(svc.caller(router.current_event.headers), player_id, body.role)
    )


@router.post(
    "/players/<player_id>/token",
    operation_id="issue_player_token",
    tags=["admin"],
    security=BEARER,
    summary="Admin: issue a new token to a player who lost theirs",
    responses=documented(200, *ACT),
)
def issue_token(player_id: str) -> NewToken:
    svc = services()
    return NewToken(token=svc.players.issue_token(svc.caller(router.current_event.headers), player_id))


@router.get(
    "/players/<player_id>/matches",
    operation_id="list_player_matches",
    tags=["players"],
    summary="A player's matches, newest first, with a cursor",
    responses=documented(200, *READ),
)
def player_matches(
    player_id: str,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    cursor: Annotated[str | None, Query(max_length=2048)] = None,
) -> PlayerMatches:
    summaries, nxt = services().matches.list_for_player(player_id, limit, cursor)
    return PlayerMatches(matches=[MatchListItem.of(s) for s in summaries], next_cursor=nxt)

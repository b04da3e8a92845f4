"""Clubs and their members."""

from __future__ import annotations

from dataclasses import asdict
from http import HTTPStatus
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.context import services
from api.models import AddMember, CreateClub
from api.responses import ACT, READ, documented
from api.routes.players import created

router = Router()

Limit = Annotated[int, Query(ge=1, le=100)]
Cursor = Annotated[str | None, Query(max_length=2048)]


@router.post(
    "/clubs",
    summary="Found a club (organizers); the founder becomes its first organizer",
    responses=documented(201, *ACT, body=True),
)
def create_club(body: CreateClub) -> Response[dict[str, Any]]:
    svc = services()
    club = svc.clubs.create(svc.caller(router.current_event.headers), body.name, body.description, body.open)
    return created(asdict(club))


@router.get("/clubs", summary="Clubs, newest first, with a cursor", responses=documented(200, *READ))
def list_clubs(limit: Limit = 20, cursor: Cursor = None) -> dict[str, Any]:
    clubs, nxt = services().clubs.list_clubs(limit, cursor)
    return {"clubs": [asdict(c) for c in clubs], "next_cursor": nxt}


@router.get("/clubs/<club_id>", summary="A club", responses=documented(200, *READ))
def get_club(club_id: str) -> dict[str, Any]:
    return asdict(services().clubs.get(club_id))


@router.get(
    "/clubs/<club_id>/members",
    summary="A club's members and organizers, with a cursor",
    responses=documented(200, *READ),
)
def members(club_id: str, limit: Limit = 50, cursor: Cursor = None) -> dict[str, Any]:
    found, nxt = services().clubs.members(club_id, limit, cursor)
    return {"members": [asdict(m) for m in found], "next_cursor": nxt}


@router.post(
    "/clubs/<club_id>/members",
    summary="Add a member or set a member's role (organizers); join an open club yourself",
    responses=documented(201, *ACT, body=True),
)
def add_member(club_id: str, body: AddMember) -> Response[dict[str, Any]]:
    svc = services()
    member = svc.clubs.add_member(
        svc.caller(router.current_event.headers), club_id, body.player_id, body.role
    )
    return created(asdict(member))


@router.delete(
    "/clubs/<club_id>/members/<player_id>",
    summary="Remove a member (organizers), or leave",
    responses=documented(204, *ACT),
)
def remove_member(club_id: str, player_id: str) -> Response[None]:
    svc = services()
    svc.clubs.remove_member(svc.caller(router.current_event.headers), club_id, player_id)
    return Response(status_code=HTTPStatus.NO_CONTENT, body=None)

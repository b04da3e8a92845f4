"""Clubs and their members."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from api.answers.clubs import (
    ClubAnswer,
    ClubMember,
    ClubMembers,
    Clubs,
    ClubView,
    JoinRequestAnswer,
    JoinRequests,
)
from api.context import services
from api.models import AddMember, CreateClub, UpdateClub
from api.openapi import BEARER, MAYBE_BEARER
from api.responses import ACT, READ, created, documented, no_content

router = Router()

Limit = Annotated[int, Query(ge=1, le=100)]
Cursor = Annotated[str | None, Query(max_length=2048)]


@router.post(
    "/clubs",
    operation_id="create_club",
    tags=["clubs"],
    security=BEARER,
    summary="Found a club (organizers); the founder becomes its first organizer",
    responses=documented(201, *ACT, body=True),
)
def create_club(body: CreateClub) -> Response[ClubAnswer]:
    svc = services()
    club = svc.clubs.create(svc.caller(router.current_event.headers), body.name, body.description, body.open)
    return created(ClubAnswer.of(club))


@router.get(
    "/clubs",
    operation_id="list_clubs",
    tags=["clubs"],
    summary="Clubs, newest first, with a cursor",
    responses=documented(200, *READ),
)
def list_clubs(limit: Limit = 20, cursor: Cursor = None) -> Clubs:
    clubs, nxt = services().clubs.list_clubs(limit, cursor)
    return Clubs(clubs=[ClubAnswer.of(c) for c in clubs], next_cursor=nxt)


@router.get(
    "/clubs/<club_id>",
    operation_id="get_club",
    tags=["clubs"],
    security=MAYBE_BEARER,
    summary="A club, with the caller's own role in it (none when not a member or anonymous)",
    responses=documented(200, *READ, 401),
)
def get_club(club_id: str) -> ClubView:
    svc = services()
    club, role = svc.clubs.get_with_role(svc.caller(router.current_event.headers), club_id)
    return ClubView.seen_by(club, role)


@router.patch(
    "/clubs/<club_id>",
    operation_id="update_club",
    tags=["clubs"],
    security=BEARER,
    summary="Edit a club's name, description or openness (its organizers); only the fields given change",
    responses=documented(200, *ACT, body=True),
)
def update_club(club_id: str, body: UpdateClub) -> ClubAnswer:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    club = svc.clubs.update(caller, club_id, body.name, body.description, body.open, body.version)
    return ClubAnswer.of(club)


@router.get(
    "/clubs/<club_id>/members",
    operation_id="list_club_members",
    tags=["clubs"],
    summary="A club's members and organizers, with a cursor",
    responses=documented(200, *READ),
)
def members(club_id: str, limit: Limit = 50, cursor: Cursor = None) -> ClubMembers:
    found, nxt = services().clubs.members(club_id, limit, cursor)
    return ClubMembers(members=[ClubMember.of(m) for m in found], next_cursor=nxt)


@router.post(
    "/clubs/<club_id>/members",
    operation_id="add_club_member",
    tags=["clubs"],
    security=BEARER,
    summary="Add a member or set a member's role (organizers); join an open club yourself",
    responses=documented(201, *ACT, body=True),
)
def add_member(club_id: str, body: AddMember) -> Response[ClubMember]:
    svc = services()
    member = svc.clubs.add_member(
        svc.caller(router.current_event.headers), club_id, body.player_id, body.role
    )
    return created(ClubMember.of(member))


@router.delete(
    "/clubs/<club_id>/members/<player_id>",
    operation_id="remove_club_member",
    tags=["clubs"],
    security=BEARER,
    summary="Remove a member (organizers), or leave",
    responses=documented(204, *ACT),
)
def remove_member(club_id: str, player_id: str) -> Response[None]:
    svc = services()
    svc.clubs.remove_member(svc.caller(router.current_event.headers), club_id, player_id)
    return no_content()


@router.post(
    "/clubs/<club_id>/join-requests",
    operation_id="request_to_join_club",
    tags=["clubs"],
    security=BEARER,
    summary="Ask to join a club its organizers fill (again after a refusal); its organizers decide",
    responses=documented(201, *ACT),
)
def request_join(club_id: str) -> Response[JoinRequestAnswer]:
    svc = services()
    request = svc.clubs.request_join(svc.caller(router.current_event.headers), club_id)
    return created(JoinRequestAnswer.of(request))


@router.get(
    "/clubs/<club_id>/join-requests",
    operation_id="list_club_join_requests",
    tags=["clubs"],
    security=BEARER,
    summary="The requests to join (the club's organizers); a player sees only their own",
    responses=documented(200, 400, 401, 404),
)
def join_requests(club_id: str, limit: Limit = 50, cursor: Cursor = None) -> JoinRequests:
    svc = services()
    found, nxt = svc.clubs.join_requests(svc.caller(router.current_event.headers), club_id, limit, cursor)
    return JoinRequests(requests=[JoinRequestAnswer.of(r) for r in found], next_cursor=nxt)


@router.post(
    "/clubs/<club_id>/join-requests/<player_id>/approve",
    operation_id="approve_club_join_request",
    tags=["clubs"],
    security=BEARER,
    summary="Approve a request to join (organizers): the player becomes a member",
    responses=documented(200, *ACT),
)
def approve_join(club_id: str, player_id: str) -> ClubMember:
    svc = services()
    return ClubMember.of(svc.clubs.approve_join(svc.caller(router.current_event.headers), club_id, player_id))


@router.post(
    "/clubs/<club_id>/join-requests/<player_id>/refuse",
    operation_id="refuse_club_join_request",
    tags=["clubs"],
    security=BEARER,
    summary="Refuse a request to join (organizers): kept as refused, with who and when",
    responses=documented(200, *ACT),
)
def refuse_join(club_id: str, player_id: str) -> JoinRequestAnswer:
    svc = services()
    return JoinRequestAnswer.of(
        svc.clubs.refuse_join(svc.caller(router.current_event.headers), club_id, player_id)
    )

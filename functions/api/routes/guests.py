"""Guests (players without an account, managed by an organizer), their claim codes, and importing a
tournament's entrants from a pasted list or a CSV (docs/guests.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router

from api.answers.guests import GuestClaimCode, Guests, ImportAnswer
from api.answers.players import PlayerProfile, Registration
from api.context import services
from api.idempotency import IdempotencyKey, run_once
from api.models import ClaimGuest, CreateGuest, ImportEntries
from api.observability import count
from api.openapi import BEARER
from api.responses import ACT, CALLER, created, documented, link, no_content

if TYPE_CHECKING:
    from scopa.application.auth import Caller

router = Router()


def _caller() -> Caller:
    return services().caller(router.current_event.headers)


@router.post(
    "/guests",
    operation_id="create_guest",
    tags=["guests"],
    security=BEARER,
    summary="Organizers: create a guest (a player without an account, entered by name)",
    responses=documented(
        201,
        *CALLER,
        body=True,
        links={"IssueClaimCode": link("issue_guest_claim_code", player_id="$response.body#/id")},
    ),
)
def create_guest(body: CreateGuest, idempotency_key: IdempotencyKey = None) -> Response[PlayerProfile]:
    svc = services()
    caller = _caller()

    def act() -> dict[str, Any]:
        return PlayerProfile.of(svc.guests.create(caller, body.name, idempotency_key)).model_dump(mode="json")

    answer = run_once(
        "create_guest", idempotency_key, caller.player_id or "anonymous", body.model_dump(), act
    )
    return created(PlayerProfile.model_validate(answer))


@router.get(
    "/guests",
    operation_id="list_guests",
    tags=["guests"],
    security=BEARER,
    summary="Organizers: your guests not yet claimed, by id",
    responses=documented(200, *CALLER),
)
def list_guests() -> Guests:
    return Guests(guests=[PlayerProfile.of(p) for p in services().guests.list(_caller())])


@router.put(
    "/guests/<player_id>/name",
    operation_id="rename_guest",
    tags=["guests"],
    security=BEARER,
    summary="The guest's organizer: rename a guest (its name index entry moves with it)",
    responses=documented(200, *ACT, body=True),
)
def rename_guest(player_id: str, body: CreateGuest) -> PlayerProfile:
    return PlayerProfile.of(services().guests.rename(_caller(), player_id, body.name))


@router.post(
    "/guests/<player_id>/claim-code",
    operation_id="issue_guest_claim_code",
    tags=["guests"],
    security=BEARER,
    summary="The guest's organizer: a new one-time claim code (shown once; any earlier code stops working)",
    responses=documented(201, *ACT),
)
def issue_claim_code(player_id: str) -> Response[GuestClaimCode]:
    issued = services().guests.issue_claim(_caller(), player_id)
    count("GuestClaimCodesIssued")
    return created(GuestClaimCode.of(issued))


@router.delete(
    "/guests/<player_id>/claim-code",
    operation_id="cancel_guest_claim_code",
    tags=["guests"],
    security=BEARER,
    summary="The guest's organizer: cancel the pending claim code",
    responses=documented(204, *ACT),
)
def cancel_claim_code(player_id: str) -> Response[None]:
    services().guests.cancel_claim(_caller(), player_id)
    return no_content()


@router.post(
    "/guests/<player_id>/claim",
    operation_id="claim_guest",
    tags=["guests"],
    summary="Redeem a claim code: the guest becomes an account (same id, history kept); its token is "
    "shown only in this answer",
    responses=documented(200, 400, 403, 404, 409, body=True),
)
def claim_guest(player_id: str, body: ClaimGuest) -> Registration:
    registration = services().guests.claim(player_id, body.code)
    count("GuestsClaimed")
    return Registration(player=PlayerProfile.of(registration.player), token=registration.token)


@router.post(
    "/tournaments/<tournament_id>/entries/import",
    operation_id="import_tournament_entries",
    tags=["tournaments"],
    security=BEARER,
    summary="Organizers: enter players from a pasted list or a CSV, reported line by line",
    responses=documented(200, *ACT, body=True),
)
def import_entries(
    tournament_id: str, body: ImportEntries, idempotency_key: IdempotencyKey = None
) -> ImportAnswer:
    svc = services()
    caller = _caller()

    def act() -> dict[str, Any]:
        report = svc.entry_import.run(
            caller, tournament_id, body.text, body.format, body.create_guests, body.dry_run, idempotency_key
        )
        return ImportAnswer.of(report).model_dump(mode="json")

    request = {"tournament": tournament_id, **body.model_dump()}
    return ImportAnswer.model_validate(
        run_once("import_entries", idempotency_key, caller.player_id or "anonymous", request, act)
    )

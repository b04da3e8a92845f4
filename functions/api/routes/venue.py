"""Check-in at the venue: the organizers' venue code, and the check-in that takes it (docs/venue.md)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.api_gateway import Router
from pydantic import BaseModel, ConfigDict, Field

from api.answers.common import Closed
from api.answers.tournaments import Entry
from api.context import services
from api.openapi import BEARER
from api.responses import ACT, documented

router = Router()


class VenueCheckIn(BaseModel):
    """The code the entrant typed or scanned (case, spaces and dashes do not matter)."""

    model_config = ConfigDict(
        extra="forbid", strict=True, defer_build=True, json_schema_extra={"examples": [{"code": "K7P-2QX"}]}
    )
    code: str = Field(min_length=1, max_length=16)


class VenueCode(Closed):
    """The tournament's venue code, and the page an entrant opens to check in with it."""

    tournament_id: str
    code: str = Field(examples=["K7P2QX"])
    check_in_url: str = Field(examples=["https://scopa.example/web/tournaments/t_1/check-in?code=K7P2QX"])
    qr_svg: str = Field(description="check_in_url as a QR code: an SVG document to show at the venue")


@router.get(
    "/tournaments/<tournament_id>/venue-code",
    operation_id="get_venue_code",
    tags=["tournaments"],
    security=BEARER,
    summary="The venue check-in code (organizers): shown at the venue, typed or scanned by the entrants",
    responses=documented(200, *ACT),
)
def get_venue_code(tournament_id: str) -> VenueCode:
    svc = services()
    found = svc.venue_check_in.code(svc.caller(router.current_event.headers), tournament_id)
    from scopa.web.origin import origin
    from scopa.web.qr import qr_svg

    page = f"/web/tournaments/{found.tournament_id}/check-in?code={found.code}"
    url = origin(router.current_event.headers) + page
    svg = str(qr_svg(url, f"check-in {found.code}", scale=6))
    return VenueCode(tournament_id=found.tournament_id, code=found.code, check_in_url=url, qr_svg=svg)


@router.post(
    "/tournaments/<tournament_id>/venue-check-in",
    operation_id="venue_check_in",
    tags=["tournaments"],
    security=BEARER,
    summary="Check in at the venue with its code (as POST .../check-in; a wrong code is 403)",
    responses=documented(200, *ACT, body=True),
)
def venue_check_in(tournament_id: str, body: VenueCheckIn) -> Entry:
    svc = services()
    caller = svc.caller(router.current_event.headers)
    return Entry.of(svc.venue_check_in.check_in(caller, tournament_id, body.code))

"""A club's webhooks (its organizers only) and each hook's delivery log."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query
from pydantic import BaseModel, ConfigDict, Field

from api.answers.webhooks import CreatedWebhook, Deliveries, DeliveryAnswer, WebhookAnswer, Webhooks
from api.context import services
from api.openapi import BEARER
from api.responses import ACT, created, documented, no_content
from scopa.application.ports.webhooks import URL_MAX, EventType

router = Router()

Limit = Annotated[int, Query(ge=1, le=100)]
Cursor = Annotated[str | None, Query(max_length=2048)]


class CreateWebhook(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    url: str = Field(
        min_length=8,
        max_length=URL_MAX,
        description="https:// URL that receives the events; its host must resolve to public addresses "
        "(where it resolves no schema can state: 400 invalid_webhook_url)",
    )
    events: list[EventType] = Field(min_length=1, max_length=4, description="the events it receives")


@router.post(
    "/clubs/<club_id>/webhooks",
    operation_id="create_webhook",
    tags=["clubs"],
    security=BEARER,
    summary="Register a webhook for the club's tournament events (organizers); its secret is shown once",
    responses=documented(201, *ACT, body=True),
)
def create_webhook(club_id: str, body: CreateWebhook) -> Response[CreatedWebhook]:
    svc = services()
    made = svc.webhooks.register(svc.caller(router.current_event.headers), club_id, body.url, body.events)
    return created(CreatedWebhook(**WebhookAnswer.of(made.hook).model_dump(), secret=made.secret))


@router.get(
    "/clubs/<club_id>/webhooks",
    operation_id="list_webhooks",
    tags=["clubs"],
    security=BEARER,
    summary="The club's webhooks (organizers; secrets are never shown again)",
    responses=documented(200, *ACT),
)
def list_webhooks(club_id: str) -> Webhooks:
    svc = services()
    hooks = svc.webhooks.hooks(svc.caller(router.current_event.headers), club_id)
    return Webhooks(webhooks=[WebhookAnswer.of(h) for h in hooks])


@router.get(
    "/clubs/<club_id>/webhooks/<hook_id>",
    operation_id="get_webhook",
    tags=["clubs"],
    security=BEARER,
    summary="One of the club's webhooks (organizers)",
    responses=documented(200, *ACT),
)
def get_webhook(club_id: str, hook_id: str) -> WebhookAnswer:
    svc = services()
    return WebhookAnswer.of(svc.webhooks.hook(svc.caller(router.current_event.headers), club_id, hook_id))


@router.delete(
    "/clubs/<club_id>/webhooks/<hook_id>",
    operation_id="delete_webhook",
    tags=["clubs"],
    security=BEARER,
    summary="Delete a webhook (organizers): its pending deliveries are dropped",
    responses=documented(204, *ACT),
)
def delete_webhook(club_id: str, hook_id: str) -> Response[None]:
    svc = services()
    svc.webhooks.delete(svc.caller(router.current_event.headers), club_id, hook_id)
    return no_content()


@router.get(
    "/clubs/<club_id>/webhooks/<hook_id>/deliveries",
    operation_id="list_webhook_deliveries",
    tags=["clubs"],
    security=BEARER,
    summary="A webhook's deliveries, newest first: status, attempts, last HTTP status, next retry",
    responses=documented(200, *ACT),
)
def deliveries(club_id: str, hook_id: str, limit: Limit = 20, cursor: Cursor = None) -> Deliveries:
    svc = services()
    found, nxt = svc.webhooks.deliveries(
        svc.caller(router.current_event.headers), club_id, hook_id, limit, cursor
    )
    return Deliveries(deliveries=[DeliveryAnswer.of(d) for d in found], next_cursor=nxt)

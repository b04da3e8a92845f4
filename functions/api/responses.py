"""What each route may answer, for the OpenAPI document: its success status and its error statuses.

Powertools documents a bare ``200`` and a ``422`` in FastAPI's shape for every route; the service answers
``201``/``204`` where it creates or deletes, and every error in one shape, ``{code, message, details}``
(:mod:`api.errors`). :func:`documented` builds a route's ``responses=`` so the document says what the
service really does; the fuzz tests (``tests/fuzz``) hold every answer to it.

A success answer's schema is the route's return type (a model of :mod:`api.answers`, or
``Response[Model]``): the resolver validates and serialises the returned model against it, so the
document describes what is really returned. Only a non-JSON answer (an export) gives ``content``.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any, TypeVar

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from pydantic import BaseModel, Field

# Error statuses by kind of route (422, 429, 500 and 503 are added to every route, 400, 413 and 415 to
# those with a body).
READ: tuple[int, ...] = (400, 404)  # a bad cursor or argument; nothing under that id
CALLER: tuple[int, ...] = (401, 403)  # no, bad or revoked token; the caller may not do this
ACT: tuple[int, ...] = (400, 401, 403, 404, 409)  # a caller's action: refused, forbidden, missing, conflict

AnswerT = TypeVar("AnswerT", bound=BaseModel)

#: The error codes each status may carry, anywhere in the API: the one list the document shows (as each
#: error answer's ``x-error-codes`` and description). tests/fuzz/test_openapi_document.py checks it holds
#: every code the services raise and the error map answers.
ERROR_CODES: dict[int, tuple[str, ...]] = {
    400: (
        "invalid_json",
        "number_out_of_range",
        "conflicting_filters",
        "invalid_cursor",
        "bad_request",
        "bot_player",
        "byes_not_offered",
        "challenge_a_bot",
        "challenge_yourself",
        "club_required",
        "duplicate_player",
        "invalid_claim_code",
        "invalid_description",
        "invalid_name",
        "invalid_pairing",
        "invalid_result",
        "invalid_role",
        "invalid_season_dates",
        "invalid_season_rules",
        "invalid_seed",
        "invalid_webhook_events",
        "invalid_webhook_url",
        "not_an_arena",
        "not_in_round",
        "own_seek",
        "players_required",
        "round_out_of_range",
        "seek_for_two",
        "too_many_webhooks",
        "tournament_cancelled",
        "tournament_of_another_club",
        "tournament_outside_season",
        "unknown_format",
        "unknown_game",
        "unsupported_rules",
        "wrong_player_count",
        "wrong_team_size",
    ),
    401: ("unauthorized",),
    403: (
        "forbidden",
        "bot_player",
        "invitation_only",
        "not_a_member",
        "not_a_participant",
        "not_an_organizer",
        "not_club_organizer",
        "not_at_this_table",
        "not_the_creator",
        "not_tournament_organizer",
        "not_your_entry",
        "wrong_venue_code",
        "not_your_guest",
        "wrong_claim_code",
    ),
    404: (
        "route_not_found",
        "not_found",
        "bye_not_found",
        "job_not_found",
        "webhook_not_found",
        "club_not_found",
        "entrant_not_found",
        "join_request_not_found",
        "job_not_found",
        "match_not_found",
        "not_rated",
        "player_not_found",
        "pool_not_found",
        "round_not_found",
        "season_not_found",
        "seek_not_found",
        "table_not_found",
        "tournament_not_found",
        "tournament_not_in_season",
        "webhook_not_found",
    ),
    409: (
        "conflict",
        "write_conflict",
        "already_a_member",
        "already_entered",
        "check_in_closed",
        "claim_expired",
        "claim_locked",
        "club_changed",
        "club_is_open",
        "check_in_not_open",
        "entries_closed",
        "entries_exist",
        "entry_changed",
        "invitation_expired",
        "join_request_decided",
        "match_finished",
        "match_not_active",
        "match_not_finished",
        "match_not_pending",
        "not_a_draft",
        "not_a_guest",
        "no_claim_pending",
        "not_a_member",
        "not_active",
        "no_check_in",
        "not_requested",
        "not_running",
        "not_your_turn",
        "nothing_reported",
        "not_mixed",
        "own_report",
        "paused",
        "result_confirmed",
        "round_changed",
        "round_closed",
        "table_online",
        "tables_undecided",
        "player_changed",
        "round_already_paired",
        "season_changed",
        "season_full",
        "seek_not_open",
        "seek_taken",
        "seek_expired",
        "stale_version",
        "token_changed",
        "too_few_entrants",
        "too_many_byes",
        "too_many_seeks",
        "tournament_full",
        "tournament_over",
        "tournament_started",
    ),
    413: ("payload_too_large",),
    415: ("unsupported_media_type",),
    422: (
        "validation_error",
        "illegal_move",
        "impossible_score",
        "invalid_rules",
        "invalid_input",
        "idempotency_key_reused",
        "invalid_entry_list",
    ),
    429: ("rate_limited",),
    500: ("internal_error",),
    503: ("service_busy",),
}


class ErrorBody(BaseModel):
    """Every error answer: a stable code, a message for people, and machine-readable details."""

    code: str = Field(description="stable error code, e.g. illegal_move, stale_version")
    message: str
    details: dict[str, Any] = Field(description="e.g. the rule an illegal move broke; {} when none")


def documented(
    success: int = 200,
    *errors: int,
    body: bool = False,
    description: str | None = None,
    content: dict[str, Any] | None = None,
    links: dict[str, Any] | None = None,
) -> dict[int, OpenAPIResponse]:
    """A route's responses: ``success`` and the errors. The success answer's schema is the route's
    return type, or ``content`` for a non-JSON answer; a 204 has none.

    ``body``: the route takes a JSON body, so bad JSON (400) and an oversized body (413) may come back.
    ``links``: OpenAPI links from the success answer to the operations it leads to (:func:`link`).
    """
    statuses = {*errors, 422, 429, 500, 503} | ({400, 413, 415} if body else set())
    answers: dict[int, OpenAPIResponse] = {}
    ok: OpenAPIResponse = {"description": description or HTTPStatus(success).phrase}
    if success == HTTPStatus.NO_CONTENT:
        ok["content"] = {}
    elif content is not None:
        ok["content"] = content
    if links:
        ok["links"] = links
    answers[success] = ok
    for status in sorted(statuses):
        codes = ERROR_CODES[status]
        answers[status] = {
            "description": f"{HTTPStatus(status).phrase}; code one of: {', '.join(codes)}",
            "content": {"application/json": {"model": ErrorBody}},
            "x-error-codes": list(codes),  # type: ignore[typeddict-unknown-key]
        }
    return answers


def link(operation_id: str, **parameters: str) -> dict[str, Any]:
    """An OpenAPI link: ``operation_id`` called with ``parameters`` taken from this answer (runtime
    expressions such as ``$response.body#/id``); generated clients and stateful fuzzing follow it."""
    return {"operationId": operation_id, "parameters": parameters}


def created(answer: AnswerT) -> Response[AnswerT]:
    """A 201 answer; the route declares ``Response[Model]`` as its return type."""
    return Response(status_code=HTTPStatus.CREATED, content_type=content_types.APPLICATION_JSON, body=answer)


def no_content() -> Response[None]:
    return Response(status_code=HTTPStatus.NO_CONTENT, body=None)

"""The one place where errors become HTTP answers: ``{"code", "message", "details"}`` with a status.

Domain code raises domain errors; this module maps each class to a status. Messages come from the domain
and never hold a hidden card or a token; unexpected errors answer a bare 500 with the request id.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from aws_lambda_powertools.utilities.idempotency.exceptions import (
    IdempotencyAlreadyInProgressError,
    IdempotencyValidationError,
)

from api.observability import count, logger
from scopa.errors import IllegalMove, RecordError, RuleSetError, ScopaError
from scopa.service import errors as service_errors
from scopa.storage.codec import InvalidCursor

STATUS: dict[type[Exception], HTTPStatus] = {
    service_errors.BadRequest: HTTPStatus.BAD_REQUEST,
    service_errors.Unauthorized: HTTPStatus.UNAUTHORIZED,
    service_errors.Forbidden: HTTPStatus.FORBIDDEN,
    service_errors.NotFound: HTTPStatus.NOT_FOUND,
    service_errors.Conflict: HTTPStatus.CONFLICT,
    service_errors.IdempotencyKeyReused: HTTPStatus.UNPROCESSABLE_ENTITY,
}


def error_response(
    status: HTTPStatus, code: str, message: str, details: dict[str, Any] | None = None
) -> Response[str]:
    return Response(
        status_code=status,
        content_type=content_types.APPLICATION_JSON,
        body=json.dumps({"code": code, "message": message, "details": details or {}}, ensure_ascii=False),
    )


def register(app: APIGatewayHttpResolver) -> None:
    @app.exception_handler(service_errors.ServiceError)
    def service_error(exc: service_errors.ServiceError) -> Response[str]:
        status = next((s for cls, s in STATUS.items() if isinstance(exc, cls)), HTTPStatus.BAD_REQUEST)
        logger.info("request refused", extra={"code": exc.code, "status": int(status)})
        return error_response(status, exc.code, exc.message, exc.details)

    @app.exception_handler(IllegalMove)
    def illegal_move(exc: IllegalMove) -> Response[str]:
        count("RejectedMoves")
        logger.info("illegal move", extra={"rule": exc.rule.value})
        return error_response(
            HTTPStatus.UNPROCESSABLE_ENTITY, "illegal_move", exc.message, {"rule": exc.rule.value}
        )

    @app.exception_handler(RuleSetError)
    def bad_rules(exc: RuleSetError) -> Response[str]:
        return error_response(HTTPStatus.UNPROCESSABLE_ENTITY, "invalid_rules", str(exc))

    @app.exception_handler([RecordError, ScopaError])
    def bad_game_input(exc: ScopaError) -> Response[str]:
        return error_response(HTTPStatus.UNPROCESSABLE_ENTITY, "invalid_input", str(exc))

    @app.exception_handler(InvalidCursor)
    def bad_cursor(exc: InvalidCursor) -> Response[str]:
        return error_response(HTTPStatus.BAD_REQUEST, "invalid_cursor", str(exc))

    @app.exception_handler(RequestValidationError)
    def invalid_request(exc: RequestValidationError) -> Response[str]:
        problems = [
            {
                "location": ".".join(str(p) for p in e.get("loc", ())),
                "type": e.get("type"),
                "message": e.get("msg"),
            }
            for e in exc.errors()
        ]
        bad_json = any(p["type"] == "json_invalid" for p in problems)
        if bad_json:
            return error_response(
                HTTPStatus.BAD_REQUEST, "invalid_json", "the request body is not valid JSON"
            )
        summary = "; ".join(f"{p['location']}: {p['message']}" for p in problems[:5])
        return error_response(
            HTTPStatus.UNPROCESSABLE_ENTITY,
            "validation_error",
            f"invalid request: {summary}",
            {"errors": problems},
        )

    @app.exception_handler(UnicodeDecodeError)
    def undecodable_body(exc: UnicodeDecodeError) -> Response[str]:
        # A body that is not UTF-8 (API Gateway hands it over base64-encoded) fails in the resolver's
        # decoding, before any validation: it is bad JSON, not a fault of the service.
        return error_response(
            HTTPStatus.BAD_REQUEST, "invalid_json", "the request body is not valid UTF-8 JSON"
        )

    @app.exception_handler(RecursionError)
    def too_deep(exc: RecursionError) -> Response[str]:
        # JSON nested thousands deep exhausts the decoder's recursion: bad input when it is the body that
        # cannot be decoded, a fault of the service otherwise.
        if not _body_too_deep(app):
            return internal_error(app)
        return error_response(HTTPStatus.BAD_REQUEST, "invalid_json", "the request body is nested too deeply")

    @app.exception_handler(IdempotencyValidationError)
    def key_reused(exc: IdempotencyValidationError) -> Response[str]:
        return error_response(
            HTTPStatus.UNPROCESSABLE_ENTITY,
            "idempotency_key_reused",
            "this Idempotency-Key was used with another request body",
        )

    @app.exception_handler(IdempotencyAlreadyInProgressError)
    def in_progress(exc: IdempotencyAlreadyInProgressError) -> Response[str]:
        return error_response(
            HTTPStatus.CONFLICT, "request_in_progress", "a request with this Idempotency-Key is still running"
        )

    @app.not_found
    def not_found(exc: NotFoundError) -> Response[str]:
        return error_response(HTTPStatus.NOT_FOUND, "route_not_found", "no such route")

    @app.exception_handler(Exception)
    def unexpected(exc: Exception) -> Response[str]:
        return internal_error(app)


def internal_error(app: APIGatewayHttpResolver) -> Response[str]:
    """The bare 500: the exception goes to the log (with the request id), nothing of it to the caller."""
    logger.exception("unexpected error")
    request_id = app.current_event.request_context.request_id if app.current_event else None
    return error_response(
        HTTPStatus.INTERNAL_SERVER_ERROR,
        "internal_error",
        "something went wrong",
        {"request_id": request_id},
    )


def _body_too_deep(app: APIGatewayHttpResolver) -> bool:
    """Whether the current request's body is what exhausts the JSON decoder's recursion."""
    event = app.current_event
    if event is None or not event.body:
        return False
    try:
        json.loads(event.decoded_body or "")
    except RecursionError:
        return True
    except ValueError:
        return False
    return False

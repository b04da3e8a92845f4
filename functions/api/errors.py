"""The one place where errors become HTTP answers: ``{"code", "message", "details"}`` with a status.

Domain code raises domain errors; this module maps each class to a status. Messages come from the domain
and never hold a hidden card or a token; unexpected errors answer a bare 500 with the request id.

DynamoDB throttling that outlasts the client's own retries (standard mode, four retries) is not a bug but
a busy table: it answers ``503 service_busy`` with a ``Retry-After`` header, and nothing of the AWS error.
A conditional write lost to a concurrent change that no service turned into a conflict of its own answers
``409 write_conflict``: read again and retry.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from botocore.exceptions import ClientError

from api.observability import count, logger
from scopa.adapters.dynamodb.codec import is_throttling
from scopa.application import errors as service_errors
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.domain.errors import IllegalMove, RecordError, RuleSetError, ScopaError

RETRY_AFTER_SECONDS = 1  # DynamoDB adapts within seconds; a client waiting longer would only lose time

STATUS: dict[type[Exception], HTTPStatus] = {
    service_errors.BadRequest: HTTPStatus.BAD_REQUEST,
    service_errors.Unauthorized: HTTPStatus.UNAUTHORIZED,
    service_errors.Forbidden: HTTPStatus.FORBIDDEN,
    service_errors.NotFound: HTTPStatus.NOT_FOUND,
    service_errors.Conflict: HTTPStatus.CONFLICT,
    service_errors.IdempotencyKeyReused: HTTPStatus.UNPROCESSABLE_ENTITY,
}


def error_response(
    status: HTTPStatus,
    code: str,
    message: str,
    details: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response[str]:
    return Response(
        status_code=status,
        content_type=content_types.APPLICATION_JSON,
        body=json.dumps({"code": code, "message": message, "details": details or {}}, ensure_ascii=False),
        headers=headers,
    )


def throttled(exc: BaseException) -> bool:
    """True when ``exc``, or an error it was raised from (a wrapper may hide it), is DynamoDB
    throttling: the table is busy, not broken."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ClientError) and is_throttling(current):
            return True
        current = current.__cause__ or current.__context__
    return False


def is_page(path: str) -> bool:
    return path == "/" or path.startswith("/web/")


def page_error(
    status: HTTPStatus, code: str, message: str, headers: dict[str, str] | None = None
) -> Response[str]:
    from scopa.web.pages import error
    from scopa.web.security import page_headers

    return Response(
        status_code=status,
        content_type="text/html; charset=utf-8",
        body=error(int(status), code, message),
        headers={**page_headers(), **(headers or {})},
    )


def register(app: APIGatewayHttpResolver) -> None:
    def answer(
        status: HTTPStatus,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Response[str]:
        """The error for this request: an HTML page under the web pages' paths, JSON everywhere else."""
        path = app.current_event.path if app.current_event else ""
        if is_page(path):
            return page_error(status, code, message, headers)
        return error_response(status, code, message, details, headers)

    @app.exception_handler(service_errors.ServiceError)
    def service_error(exc: service_errors.ServiceError) -> Response[str]:
        status = next((s for cls, s in STATUS.items() if isinstance(exc, cls)), HTTPStatus.BAD_REQUEST)
        logger.info("request refused", extra={"code": exc.code, "status": int(status)})
        return answer(status, exc.code, exc.message, exc.details)

    @app.exception_handler(IllegalMove)
    def illegal_move(exc: IllegalMove) -> Response[str]:
        count("RejectedMoves")
        logger.info("illegal move", extra={"rule": exc.rule.value})
        return answer(HTTPStatus.UNPROCESSABLE_ENTITY, "illegal_move", exc.message, {"rule": exc.rule.value})

    @app.exception_handler(RuleSetError)
    def bad_rules(exc: RuleSetError) -> Response[str]:
        return answer(HTTPStatus.UNPROCESSABLE_ENTITY, "invalid_rules", str(exc))

    @app.exception_handler([RecordError, ScopaError])
    def bad_game_input(exc: ScopaError) -> Response[str]:
        return answer(HTTPStatus.UNPROCESSABLE_ENTITY, "invalid_input", str(exc))

    @app.exception_handler(InvalidCursor)
    def bad_cursor(exc: InvalidCursor) -> Response[str]:
        return answer(HTTPStatus.BAD_REQUEST, "invalid_cursor", str(exc))

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
            return answer(HTTPStatus.BAD_REQUEST, "invalid_json", "the request body is not valid JSON")
        summary = "; ".join(f"{p['location']}: {p['message']}" for p in problems[:5])
        return answer(
            HTTPStatus.UNPROCESSABLE_ENTITY,
            "validation_error",
            f"invalid request: {summary}",
            {"errors": problems},
        )

    @app.exception_handler(UnicodeDecodeError)
    def undecodable_body(exc: UnicodeDecodeError) -> Response[str]:
        # A body that is not UTF-8 (API Gateway hands it over base64-encoded) fails in the resolver's
        # decoding, before any validation: it is bad JSON, not a fault of the service.
        return answer(HTTPStatus.BAD_REQUEST, "invalid_json", "the request body is not valid UTF-8 JSON")

    @app.exception_handler(RecursionError)
    def too_deep(exc: RecursionError) -> Response[str]:
        # JSON nested thousands deep exhausts the decoder's recursion: bad input when it is the body that
        # cannot be decoded, a fault of the service otherwise.
        if not _body_too_deep(app):
            failed: Response[str] = unexpected(exc)
            return failed
        return answer(HTTPStatus.BAD_REQUEST, "invalid_json", "the request body is nested too deeply")

    @app.exception_handler(WriteConflict)
    def write_conflict(exc: WriteConflict) -> Response[str]:
        logger.info("write conflict", extra={"code": "write_conflict"})
        return answer(
            HTTPStatus.CONFLICT,
            "write_conflict",
            "the data changed while this request was handled: read it again and retry",
        )

    @app.not_found
    def not_found(exc: NotFoundError) -> Response[str]:
        return answer(HTTPStatus.NOT_FOUND, "route_not_found", "no such route")

    @app.exception_handler(Exception)
    def unexpected(exc: Exception) -> Response[str]:
        logger.exception("unexpected error")
        request_id = app.current_event.request_context.request_id if app.current_event else None
        return answer(
            HTTPStatus.INTERNAL_SERVER_ERROR,
            "internal_error",
            "something went wrong",
            {"request_id": request_id},
        )

    @app.exception_handler(ClientError)
    def storage_error(exc: Exception) -> Response[str]:
        if not throttled(exc):
            failed: Response[str] = unexpected(exc)
            return failed
        count("Throttled")
        logger.warning("dynamodb throttled", extra={"code": "service_busy"})
        return answer(
            HTTPStatus.SERVICE_UNAVAILABLE,
            "service_busy",
            "the service is busy; try again shortly",
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
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

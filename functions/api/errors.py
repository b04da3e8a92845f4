"""The one place where errors become HTTP answers: ``{"code", "message", "details"}`` with a status.

Domain code raises domain errors; this module maps each class to a status. Messages come from the domain
and never hold a hidden card or a token; unexpected errors answer a bare 500 with the request id.

DynamoDB throttling that outlasts the client's own retries (standard mode, four retries) is not a bug but
a busy table: it answers ``503 service_busy`` with a ``Retry-After`` header, and nothing of the AWS error.
A conditional write lost to a concurrent change that no service turned into a conflict of its own answers
``409 write_conflict``: read again and retry.

The HTTP contract around the routes also answers here: a route that takes a body reads JSON only, any
other media type, a malformed one or a charset other than UTF-8 is ``415 unsupported_media_type`` (no
Content-Type counts as JSON; :class:`JsonBodyValidation`); a JSON number too long to read is ``400
number_out_of_range``; a method the path does not take is ``405 method_not_allowed`` with ``Allow``; a
caller over their rate is ``429 rate_limited`` with ``Retry-After`` (:mod:`api.ratelimit`).
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.middlewares.openapi_validation import (
    OpenAPIRequestValidationMiddleware,
)
from aws_lambda_powertools.event_handler.openapi.exceptions import (
    RequestUnsupportedContentType,
    RequestValidationError,
)
from botocore.exceptions import ClientError

from api.observability import count, logger
from api.ratelimit import RateLimited
from scopa.adapters.dynamodb.codec import is_throttling
from scopa.application import errors as service_errors
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.domain.games.common.errors import GameError, IllegalMove, RecordError, RuleSetError
from scopa.domain.games.common.table_score import ImpossibleScore
from scopa.domain.tournaments.entry_list import EntryListError

RETRY_AFTER_SECONDS = 1  # DynamoDB adapts within seconds; a client waiting longer would only lose time

STATUS: dict[type[Exception], HTTPStatus] = {
    service_errors.BadRequest: HTTPStatus.BAD_REQUEST,
    service_errors.Unauthorized: HTTPStatus.UNAUTHORIZED,
    service_errors.Forbidden: HTTPStatus.FORBIDDEN,
    service_errors.NotFound: HTTPStatus.NOT_FOUND,
    service_errors.Conflict: HTTPStatus.CONFLICT,
    service_errors.IdempotencyKeyReused: HTTPStatus.UNPROCESSABLE_ENTITY,
}


JSON_MEDIA_TYPE = "application/json"


class UnsupportedMediaType(Exception):
    """The request has a body whose Content-Type is not JSON."""

    def __init__(self, content_type: str) -> None:
        super().__init__(content_type)
        self.content_type = content_type[:100]


class NumberOutOfRange(ValueError):
    """A JSON number in the body has more digits than the decoder reads (Python's limit: 4,300)."""


def is_json(content_type: str | None) -> bool:
    """Whether a body sent with this Content-Type is read: none at all (curl -d and urllib say form data,
    a bare request says nothing), or ``application/json`` in any case, whose parameters name no charset
    but UTF-8 (the only encoding JSON is exchanged in, RFC 8259). A malformed value is not JSON."""
    if content_type is None or not content_type.strip():
        return True
    media, *parameters = content_type.split(";")
    if media.strip().lower() != JSON_MEDIA_TYPE:
        return False
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return False
    return True


def normal_media_type(event: dict[str, Any]) -> dict[str, Any]:
    """The event with its Content-Type's media type in lower case (``Application/JSON`` is JSON: media
    types ignore case, the resolver's check does not)."""
    headers = event.get("headers")
    if isinstance(headers, dict):
        for name, value in headers.items():
            if name.lower() == "content-type" and isinstance(value, str):
                media, sep, params = value.partition(";")
                headers[name] = media.strip().lower() + sep + params
    return event


class JsonBodyValidation(OpenAPIRequestValidationMiddleware):
    """Powertools' request validation, for routes that read JSON only.

    Powertools parses a body by its Content-Type before any middleware of ours runs: form data and
    multipart too, where a ``multipart/form-data`` without a boundary raises a bare ``ValueError`` (a
    500). Here a route that takes a body refuses any media type but JSON first, with or without a body;
    routes without a body ignore what is sent, as the resolver does.
    """

    def handler(self, app: Any, next_middleware: Any) -> Any:
        route = app.context.get("_route")
        if getattr(getattr(route, "dependant", None), "body_params", None):
            content_type = app.current_event.headers.get("content-type")
            if not is_json(content_type):
                raise UnsupportedMediaType(content_type or "")
        return super().handler(app, next_middleware)


def decode_json(text: str) -> Any:
    """The resolver's JSON decoder: a number too long to convert is a client's error, never a 500; NaN
    and Infinity are not JSON."""

    def not_json(name: str) -> Any:
        raise json.JSONDecodeError(f"{name} is not a JSON value", text, 0)

    try:
        return json.loads(text, parse_constant=not_json)
    except json.JSONDecodeError:
        raise
    except ValueError:  # int(...) over sys.get_int_max_str_digits()
        raise NumberOutOfRange("a number in the body has too many digits") from None


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

    @app.exception_handler(ImpossibleScore)
    def impossible_score(exc: ImpossibleScore) -> Response[str]:
        logger.info("impossible score", extra={"rule": exc.rule.value})
        return answer(HTTPStatus.UNPROCESSABLE_ENTITY, "impossible_score", str(exc), {"rule": exc.rule.value})

    @app.exception_handler(EntryListError)
    def bad_entry_list(exc: EntryListError) -> Response[str]:
        return answer(HTTPStatus.UNPROCESSABLE_ENTITY, "invalid_entry_list", str(exc))

    @app.exception_handler(RuleSetError)
    def bad_rules(exc: RuleSetError) -> Response[str]:
        return answer(HTTPStatus.UNPROCESSABLE_ENTITY, "invalid_rules", str(exc))

    @app.exception_handler([RecordError, GameError])
    def bad_game_input(exc: GameError) -> Response[str]:
        return answer(HTTPStatus.UNPROCESSABLE_ENTITY, "invalid_input", str(exc))

    @app.exception_handler(InvalidCursor)
    def bad_cursor(exc: InvalidCursor) -> Response[str]:
        return answer(HTTPStatus.BAD_REQUEST, "invalid_cursor", str(exc))

    def unsupported(content_type: str) -> Response[str]:
        return answer(
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            f"the request body must be JSON: send Content-Type: {JSON_MEDIA_TYPE}",
            {"content_type": content_type[:100], "accepted": [JSON_MEDIA_TYPE]},
        )

    @app.exception_handler(UnsupportedMediaType)
    def not_json_body(exc: UnsupportedMediaType) -> Response[str]:
        return unsupported(exc.content_type)

    @app.exception_handler(RequestUnsupportedContentType)
    def unknown_media_type(exc: RequestUnsupportedContentType) -> Response[str]:
        event = app.current_event
        return unsupported((event.headers.get("content-type") if event else None) or "")

    @app.exception_handler(NumberOutOfRange)
    def number_out_of_range(exc: NumberOutOfRange) -> Response[str]:
        return answer(HTTPStatus.BAD_REQUEST, "number_out_of_range", str(exc))

    @app.exception_handler(RateLimited)
    def rate_limited(exc: RateLimited) -> Response[str]:
        count("RateLimited")
        return answer(
            HTTPStatus.TOO_MANY_REQUESTS,
            "rate_limited",
            f"too many requests: at most {exc.rate:g} a second ({exc.burst} at once); retry later",
            {"retry_after_seconds": exc.retry_after},
            headers={"Retry-After": str(exc.retry_after)},
        )

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
        event = app.current_event
        allowed = allowed_methods(app, event.path) if event else []
        if allowed:  # the path exists, the method does not: as API Gateway would, name those it takes
            method = event.http_method.upper()
            return answer(
                HTTPStatus.METHOD_NOT_ALLOWED,
                "method_not_allowed",
                f"{method} is not allowed here; allowed: {', '.join(allowed)}",
                {"allowed": allowed},
                headers={"Allow": ", ".join(allowed)},
            )
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


def allowed_methods(app: APIGatewayHttpResolver, path: str) -> list[str]:
    """The methods some route declares for ``path`` (none: the path is unknown)."""
    routes = [*getattr(app, "_static_routes", []), *getattr(app, "_dynamic_routes", [])]
    return sorted({route.method for route in routes if route.rule.match(path)})


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

"""Errors of the service layer. Each carries a stable ``code``; the API maps classes to HTTP statuses."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """Base of the service's domain errors: a stable code, a message for people, details for programs."""

    code = "error"

    def __init__(
        self, message: str, *, code: str | None = None, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        self.details = details or {}


class BadRequest(ServiceError):
    code = "bad_request"


class Unauthorized(ServiceError):
    code = "unauthorized"


class Forbidden(ServiceError):
    code = "forbidden"


class NotFound(ServiceError):
    code = "not_found"


class Conflict(ServiceError):
    """The request is valid but the resource is not in a state that allows it (stale version, not started)."""

    code = "conflict"


class IdempotencyKeyReused(ServiceError):
    code = "idempotency_key_reused"

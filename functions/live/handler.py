"""The WebSocket API's handler: ``$connect``, ``$disconnect`` and every client message (``$default``).

API Gateway calls it with the connection's id in ``requestContext``; the answers to a client's message
go back through the pusher (``PostToConnection``), as ``LiveService`` sends them. A message the service
cannot make sense of is answered with an ``error`` message; nothing a client sends raises here or answers
a 5xx (a 5xx would only show the client API Gateway's own error).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from api.observability import instruments, route_application_logs
from api.settings import settings
from live.context import live
from scopa.application.services.live import error

SERVICE = "scopa-live"

settings()  # read and checked at import: a missing or bad variable fails the cold start
live_function = instruments(SERVICE)
logger, metrics = live_function.logger, live_function.metrics
route_application_logs(logger)

OK = {"statusCode": 200}


@logger.inject_lambda_context(log_event=False)
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    route_application_logs(logger)
    request = event.get("requestContext") or {}
    route = request.get("routeKey") or "$default"
    connection_id = request.get("connectionId")
    if not connection_id:
        return {"statusCode": 400}
    service = live()
    if route == "$connect":
        service.on_connect(connection_id)
        live_function.count("Connections")
        return OK
    if route == "$disconnect":
        service.disconnect(connection_id)
        return OK
    try:
        service.receive(connection_id, _body(event))
    except Exception:  # the store failed, or a bug: the client hears of it, API Gateway sees no 5xx
        logger.exception("live message failed")
        service.pusher.send(connection_id, error("internal_error", "something went wrong; try again"))
    return OK


def _body(event: dict[str, Any]) -> str | None:
    body = event.get("body")
    if body is None or not event.get("isBase64Encoded"):
        return body if isinstance(body, str) else None
    try:
        return base64.b64decode(body).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None  # a binary frame: answered as a bad message

"""Build API Gateway events (HTTP API payload v2, WebSocket API), for the local server, tests and sample
events."""

from __future__ import annotations

import base64
import json
import time
import uuid
from typing import Any
from urllib.parse import parse_qsl, urlencode


def http_event(
    method: str,
    path: str,
    *,
    body: Any = None,
    raw_body: str | bytes | None = None,
    headers: dict[str, str] | None = None,
    query: dict[str, str] | str | None = None,
    source_ip: str = "127.0.0.1",
) -> dict[str, Any]:
    """An HTTP API v2 event as API Gateway sends it to a Lambda function (headers lower-cased)."""
    hdrs = {k.lower(): v for k, v in (headers or {}).items()}
    raw_query = query if isinstance(query, str) else urlencode(query or {})
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": raw_query,
        "headers": hdrs,
        "requestContext": {
            "accountId": "000000000000",
            "apiId": "local",
            "domainName": hdrs.get("host", "localhost"),
            "http": {
                "method": method.upper(),
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": source_ip,
                "userAgent": hdrs.get("user-agent", ""),
            },
            "requestId": str(uuid.uuid4()),
            "routeKey": "$default",
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime()),
            "timeEpoch": int(time.time() * 1000),
        },
        "isBase64Encoded": False,
    }
    if raw_query:
        params: dict[str, str] = {}
        for key, value in parse_qsl(raw_query, keep_blank_values=True):
            params[key] = f"{params[key]},{value}" if key in params else value
        event["queryStringParameters"] = params
    if body is not None:
        event["body"] = json.dumps(body)
        hdrs.setdefault("content-type", "application/json")
    elif raw_body is not None:
        if isinstance(raw_body, bytes):
            try:
                event["body"] = raw_body.decode("utf-8")
            except UnicodeDecodeError:
                event["body"] = base64.b64encode(raw_body).decode()
                event["isBase64Encoded"] = True
        else:
            event["body"] = raw_body
    return event


#: A function URL's host: ``<url-id>.lambda-url.<region>.on.aws`` (the id is 32 characters).
FUNCTION_URL_ID = "x7k2q9w4e5r6t7y8u9i0o1p2a3s4d5f6"
FUNCTION_URL_HOST = f"{FUNCTION_URL_ID}.lambda-url.eu-south-1.on.aws"


def function_url_event(method: str, path: str, **kwargs: Any) -> dict[str, Any]:
    """The same request as a Lambda function URL delivers it: payload 2.0 like the HTTP API's, with the
    URL's domain in ``requestContext`` and the ``host`` header, ``routeKey`` ``$default`` and an
    ``anonymous`` account (auth type NONE)."""
    event = http_event(method, path, **kwargs)
    event["headers"]["host"] = FUNCTION_URL_HOST
    event["requestContext"].update(
        domainName=FUNCTION_URL_HOST,
        domainPrefix=FUNCTION_URL_ID,
        apiId=FUNCTION_URL_ID,
        accountId="anonymous",
    )
    return event


def websocket_event(
    route_key: str,
    connection_id: str,
    body: str | bytes | None = None,
    *,
    source_ip: str = "127.0.0.1",
) -> dict[str, Any]:
    """A WebSocket API event (``$connect``, ``$disconnect`` or ``$default`` with the frame as ``body``)."""
    kind = {"$connect": "CONNECT", "$disconnect": "DISCONNECT"}.get(route_key, "MESSAGE")
    event: dict[str, Any] = {
        "requestContext": {
            "routeKey": route_key,
            "eventType": kind,
            "connectionId": connection_id,
            "messageId": uuid.uuid4().hex[:16] if kind == "MESSAGE" else None,
            "extendedRequestId": str(uuid.uuid4()),
            "requestTimeEpoch": int(time.time() * 1000),
            "connectedAt": int(time.time() * 1000),
            "identity": {"sourceIp": source_ip},
            "stage": "local",
            "domainName": "localhost",
            "apiId": "local",
            "requestId": str(uuid.uuid4()),
        },
        "isBase64Encoded": False,
    }
    if isinstance(body, bytes):
        event["body"] = base64.b64encode(body).decode()
        event["isBase64Encoded"] = True
    elif body is not None:
        event["body"] = body
    return event


class FakeLambdaContext:
    """Enough of the Lambda context object for Powertools (logger, idempotency)."""

    function_name = "scopa-api-local"
    function_version = "$LATEST"
    invoked_function_arn = "arn:aws:lambda:eu-south-1:000000000000:function:scopa-api-local"
    memory_limit_in_mb = 1024
    aws_request_id = "local"
    log_group_name = "/aws/lambda/scopa-api-local"
    log_stream_name = "local"

    def __init__(self, timeout_ms: int = 29_000) -> None:
        self._deadline = time.time() * 1000 + timeout_ms
        self.aws_request_id = str(uuid.uuid4())

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int(self._deadline - time.time() * 1000))

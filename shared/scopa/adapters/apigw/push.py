"""The :class:`~scopa.application.ports.push.Pusher` on API Gateway's WebSocket management API.

``ApiGatewayPusher(client)`` takes a boto3 ``apigatewaymanagementapi`` client whose ``endpoint_url`` is
the stage's management URL (``https://<api id>.execute-api.<region>.amazonaws.com/<stage>``, the
``WEBSOCKET_ENDPOINT`` setting); :func:`management_client` builds one with short timeouts.

What ``send`` answers:

* ``True``: API Gateway accepted the message;
* ``False``: **only** when API Gateway answers ``GoneException`` (410): the client has closed or was
  dropped, so the caller removes the connection and its subscriptions;
* ``True`` as well for every other failure (throttling, a 5xx, a timeout, a message over the 128 KB
  limit, a refused permission): the connection may be alive, and dropping its subscriptions for a
  transient error would silence a player for the rest of the game. The message is lost, which the
  protocol tolerates: the next update carries the whole view with a higher version, and a client that
  suspects a gap subscribes again (or long-polls). The failure is logged with its error code and the
  connection id, never with the message (it holds the viewer's hand).

``close`` is ``DeleteConnection`` (the client sees its socket close; API Gateway then calls ``$disconnect``).
A connection already gone is closed already; any other failure is logged and left: the caller has
forgotten the connection first, so it is pushed nothing more, whether or not the socket closed.

botocore already retries throttling and 5xx answers (``standard`` retry mode in :func:`management_client`)
before ``send`` sees them.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

log = logging.getLogger(__name__)

#: API Gateway's limit on one WebSocket message (PostToConnection payload).
MAX_MESSAGE_BYTES = 128 * 1024
GONE = "GoneException"


def encode(message: dict[str, Any]) -> bytes:
    """Compact JSON, UTF-8 (non-ASCII names are sent as they are, not escaped)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()


class ApiGatewayPusher:
    """Posts each message to one connection; see the module's docstring for what ``send`` answers."""

    def __init__(self, client: Any) -> None:
        # Any: boto3 builds this client's class at run time (no stubs for apigatewaymanagementapi here).
        self._client = client

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        data = encode(message)
        if len(data) > MAX_MESSAGE_BYTES:
            log.error(
                "push message over the WebSocket limit, not sent",
                extra={"connection_id": connection_id, "bytes": len(data), "type": message.get("type")},
            )
            return True
        try:
            self._client.post_to_connection(ConnectionId=connection_id, Data=data)
        except ClientError as exc:
            code = str(exc.response.get("Error", {}).get("Code", "Unknown"))
            if code == GONE:
                return False
            log.warning("push not delivered", extra={"connection_id": connection_id, "error_code": code})
        except BotoCoreError as exc:  # no answer at all: timeout, connection reset
            log.warning(
                "push not delivered", extra={"connection_id": connection_id, "error_code": type(exc).__name__}
            )
        return True

    def close(self, connection_id: str) -> None:
        try:
            self._client.delete_connection(ConnectionId=connection_id)
        except ClientError as exc:
            code = str(exc.response.get("Error", {}).get("Code", "Unknown"))
            if code != GONE:
                log.warning("close not done", extra={"connection_id": connection_id, "error_code": code})
        except BotoCoreError as exc:
            log.warning(
                "close not done", extra={"connection_id": connection_id, "error_code": type(exc).__name__}
            )


def management_client(endpoint_url: str, region: str | None = None) -> Any:
    """A management API client for ``endpoint_url`` (the stage's https URL), with short timeouts.

    A connection that hangs must not use up the notifier's run. boto3 clients are thread-safe: the
    notifier's posting threads share this one, whose HTTPS pool is as large as their number.
    """
    import boto3
    from botocore.config import Config

    from scopa.application.services.live import POST_THREADS

    config = Config(
        connect_timeout=2,
        read_timeout=5,
        retries={"mode": "standard", "max_attempts": 3},
        max_pool_connections=POST_THREADS,  # the notifier posts from this many threads at once
    )
    return boto3.client(
        "apigatewaymanagementapi", endpoint_url=endpoint_url, region_name=region, config=config
    )

"""Push: sending one message to one open connection (API Gateway WebSocket, or the local server's)."""

from __future__ import annotations

from typing import Any, Protocol


class Pusher(Protocol):
    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        """Send ``message`` as JSON to the connection; False when the connection is gone (closed)."""
        ...

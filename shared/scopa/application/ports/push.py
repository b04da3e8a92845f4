"""Pushing a message to one live connection: API Gateway's ``PostToConnection`` in AWS, the open socket
of ``make run`` locally."""

from __future__ import annotations

from typing import Any, Protocol


class Pusher(Protocol):
    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        """Send ``message`` (JSON) to the connection; False when the connection is gone."""
        ...


class NoPusher:
    """Nowhere to push (no WebSocket API configured): every connection counts as gone."""

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        return False


class RecordingPusher:
    """Keeps what it sends, per connection (tests); ``gone`` connections answer False."""

    def __init__(self) -> None:
        self.sent: dict[str, list[dict[str, Any]]] = {}
        self.gone: set[str] = set()

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        if connection_id in self.gone:
            return False
        self.sent.setdefault(connection_id, []).append(message)
        return True

    def take(self, connection_id: str) -> list[dict[str, Any]]:
        """The messages sent to the connection since the last take."""
        return self.sent.pop(connection_id, [])

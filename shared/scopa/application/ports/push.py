"""Pushing a message to one live connection, or closing it: API Gateway's ``PostToConnection`` and
``DeleteConnection`` in AWS, the open socket of ``make run`` locally."""

from __future__ import annotations

import threading
from typing import Any, Protocol


class Pusher(Protocol):
    """Every implementation is thread-safe: the notifier posts from a pool of threads."""

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        """Send ``message`` (JSON) to the connection; False when the connection is gone."""
        ...

    def close(self, connection_id: str) -> None:
        """Close the connection from the server's side (the client sees it drop and may reconnect);
        nothing happens when it is already gone. Must not raise: the caller forgets the connection anyway."""
        ...


class NoPusher:
    """Nowhere to push (no WebSocket API configured): every connection counts as gone."""

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        return False

    def close(self, connection_id: str) -> None:
        return None


class RecordingPusher:
    """Keeps what it sends, per connection (tests); ``gone`` connections answer False, and a connection it
    closed is gone from then on (``closed`` lists them in order)."""

    def __init__(self) -> None:
        self.sent: dict[str, list[dict[str, Any]]] = {}
        self.gone: set[str] = set()
        self.closed: list[str] = []
        self._lock = threading.Lock()

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        with self._lock:
            if connection_id in self.gone:
                return False
            self.sent.setdefault(connection_id, []).append(message)
            return True

    def close(self, connection_id: str) -> None:
        with self._lock:
            self.closed.append(connection_id)
            self.gone.add(connection_id)

    def take(self, connection_id: str) -> list[dict[str, Any]]:
        """The messages sent to the connection since the last take."""
        with self._lock:
            return self.sent.pop(connection_id, [])

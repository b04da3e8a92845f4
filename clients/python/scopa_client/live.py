"""Push: one WebSocket connection to the service's live endpoint (docs/live.md, "Protocol").

:class:`Live` opens the connection, authenticates it with the bearer token, follows topics and hands
back the server's messages one at a time. It keeps no state beyond the socket: a caller that loses the
connection opens a new one, subscribes again and gets a fresh snapshot of every topic.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from types import TracebackType
from typing import Any, Self

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

# What a lost or refused connection raises: the caller reconnects.
LIVE_ERRORS: tuple[type[BaseException], ...] = (OSError, ConnectionClosed, InvalidHandshake, TimeoutError)


class LiveError(Exception):
    """The server refused a message (``{"type": "error", ...}``): a bad token, an unknown topic."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message.get('code')}: {message.get('message')}")
        self.code = str(message.get("code"))
        self.message = message


def live_url_of(base_url: str) -> str:
    """``http://host:port`` -> ``ws://host:port/live`` (``make run``); in AWS the WebSocket API has its
    own address: pass it instead."""
    if base_url.startswith("https://"):
        return "wss://" + base_url.removeprefix("https://").rstrip("/") + "/live"
    return "ws://" + base_url.removeprefix("http://").rstrip("/") + "/live"


class Live:
    """A WebSocket connection: ``auth`` once, ``subscribe`` to topics, :meth:`receive` messages."""

    def __init__(self, url: str, token: str | None = None, *, open_timeout: float = 10.0) -> None:
        self._open = ExitStack()
        try:
            self._ws: ClientConnection = self._open.enter_context(
                connect(url, open_timeout=open_timeout, max_size=1 << 20)
            )
        except InvalidURI as exc:
            raise ValueError(f"not a WebSocket address: {url}") from exc
        self.player_id: str | None = None
        self._pending: list[dict[str, Any]] = []
        if token is not None:
            self._send({"action": "auth", "token": token})
            answer = self._expect("authed", open_timeout)
            self.player_id = str(answer["player_id"])

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self._open.close()

    def subscribe(self, topic: str, timeout: float = 10.0) -> None:
        """Follow ``topic``; its current state comes next as an ``update`` (see :meth:`receive`)."""
        self._send({"action": "subscribe", "topic": topic})
        self._expect("subscribed", timeout, topic)

    def unsubscribe(self, topic: str) -> None:
        """Stop following ``topic`` (its confirmation is skipped by :meth:`receive`)."""
        self._send({"action": "unsubscribe", "topic": topic})

    def ping(self) -> None:
        """The keep-alive API Gateway needs within 10 idle minutes (the ``pong`` is skipped)."""
        self._send({"action": "ping"})

    def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next ``update`` or ``error`` message, or None when nothing came within ``timeout``."""
        if self._pending:
            return self._pending.pop(0)
        while True:
            try:
                raw = self._ws.recv(timeout=timeout)
            except TimeoutError:
                return None
            message = json.loads(raw)
            if isinstance(message, dict) and message.get("type") in ("update", "error"):
                return message

    def _send(self, message: dict[str, Any]) -> None:
        self._ws.send(json.dumps(message))

    def _expect(self, kind: str, timeout: float, topic: str | None = None) -> dict[str, Any]:
        """Wait for the confirmation ``kind``; updates that come first are kept for :meth:`receive`."""
        while True:
            message = json.loads(self._ws.recv(timeout=timeout))
            if not isinstance(message, dict):
                continue
            if message.get("type") == kind and (topic is None or message.get("topic") == topic):
                return message
            if message.get("type") == "error" and (topic is None or message.get("topic") in (None, topic)):
                raise LiveError(message)
            if message.get("type") in ("update", "error"):
                self._pending.append(message)

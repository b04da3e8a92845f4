"""``make run``: the functions' own handlers behind a local ASGI server (uvicorn), on SQLite or DynamoDB.

One port serves both APIs. Each HTTP request becomes an API Gateway HTTP API (payload v2) event for
``api.handler.handler``; the handler's answer (status, headers, cookies, body, base64 flag) becomes the
HTTP response. A WebSocket on ``/live`` is the WebSocket API: opening it, each message and closing it
become ``$connect``, ``$default`` and ``$disconnect`` events for ``live.handler.handler``, which answers
through the pusher (:class:`LocalSockets`: the open sockets of this process, as API Gateway's
``PostToConnection`` in AWS). Writes publish their changes to :class:`LocalFeed`, whose worker thread calls
``notifier.handler.handler``, as the notifier Lambda is invoked in AWS (docs/live.md). The store is
chosen through the environment the API itself reads (``api.settings``), set here before the API is
imported:

* ``STORAGE=sqlite`` (the default): one SQLite file, ``SQLITE_PATH`` (``.local/scopa.db``), kept across
  restarts; ``make reset`` (or deleting the file) starts afresh;
* ``STORAGE=dynamodb``: DynamoDB in this process (moto, gone at exit), or another DynamoDB (DynamoDB
  Local, a moto server) when ``DYNAMODB_ENDPOINT`` is set (which makes ``dynamodb`` the default).

Other variables: ``HOST`` / ``PORT`` (``127.0.0.1:8000``); ``ADMIN_TOKEN`` (a fresh one is made and
printed when unset); ``TABLE_NAME`` (``scopa-local``, created when missing); ``PIPELINE_SECONDS``: how
often the tournament pipeline runs, as the schedule does in AWS (``60``; ``0`` turns it off);
``ACCESS_LOG=1``: one line per request; ``POWERTOOLS_LOG_LEVEL`` (``WARNING``: a quiet console).

Concurrency. Powertools' resolver keeps the request it is answering in process-wide state (the class
attributes ``BaseRouter.current_event`` and ``lambda_context``, shared by every resolver, and the app's
``context``), so two handler calls must not overlap in one process, whatever the store; embedded moto is
not safe for concurrent writes either. The :class:`Gate` therefore lets one handler call run at a time
(API, live, notifier and pipeline alike); each runs in a thread of its own, never on the event loop.
The one place a request waits inside the handler is a long-poll (``GET /matches/{id}?after_version=N&
wait=S``), which sleeps through the service clock: the gate's clock lets the gate go while it sleeps, so
a waiting client never blocks the others, and hands the waiting request its resolver state back when it
takes the gate again (:func:`_resolver_state`).
"""

from __future__ import annotations

import asyncio
import base64
import functools
import json
import logging
import os
import queue
import secrets
import signal
import socket
import sys
import threading
import time
import warnings
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from http import HTTPStatus
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar
from urllib.parse import urlsplit

from scopa.application.ports.changes import Change
from scopa.application.services.live import new_connection_id
from tools.apigw import FakeLambdaContext, http_event, websocket_event

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_TABLE = "scopa-local"
DEFAULT_SQLITE_PATH = ".local/scopa.db"
MAX_BODY_BYTES = 64 * 1024
LIVE_PATH = "/live"  # the WebSocket API
MAX_FRAME_BYTES = 128 * 1024  # API Gateway's largest WebSocket message

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
T = TypeVar("T")


# ---------------------------------------------------------------------------------------------- setup


def configure_environment(env: dict[str, str] | Any = None) -> str | None:
    """Set what the API reads at import (the store, Powertools); the admin token to show (None: a hash).

    Call it before ``api`` is imported. ``STORAGE`` defaults to ``sqlite``, or to ``dynamodb`` when
    ``DYNAMODB_ENDPOINT`` names another DynamoDB.
    """
    env = os.environ if env is None else env
    warnings.filterwarnings("ignore", message="No application metrics to publish")
    env.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    env.setdefault("POWERTOOLS_TRACE_DISABLED", "1")
    env.setdefault("POWERTOOLS_METRICS_DISABLED", "1")  # no metric blobs on stdout
    env.setdefault("POWERTOOLS_METRICS_NAMESPACE", "ScopaLocal")
    # No POWERTOOLS_SERVICE_NAME: the API and the pipeline share this process, each under its own name.
    endpoint = env.get("DYNAMODB_ENDPOINT")
    if not env.get("STORAGE"):
        env["STORAGE"] = "dynamodb" if endpoint else "sqlite"
    if env["STORAGE"] == "sqlite":
        env.setdefault("SQLITE_PATH", DEFAULT_SQLITE_PATH)
    else:
        env.setdefault("TABLE_NAME", DEFAULT_TABLE)
        env.setdefault("AWS_ACCOUNT_ID_ENDPOINT_MODE", "disabled")
        env["AWS_DEFAULT_REGION"] = env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or "eu-south-1"
        if endpoint:  # a local emulator accepts any key; real ones in the environment are left alone
            env.setdefault("AWS_ACCESS_KEY_ID", "local")
            env.setdefault("AWS_SECRET_ACCESS_KEY", "local")
        else:  # embedded moto: never let a real key near it
            env["AWS_ACCESS_KEY_ID"] = "testing"
            env["AWS_SECRET_ACCESS_KEY"] = "testing"
            env.pop("AWS_SESSION_TOKEN", None)
            env.pop("AWS_PROFILE", None)
    if env.get("ADMIN_TOKEN"):
        return str(env["ADMIN_TOKEN"])
    if env.get("ADMIN_TOKEN_HASH"):
        return None
    token = "adm_" + secrets.token_urlsafe(24)
    env["ADMIN_TOKEN"] = token
    return token


def embedded_dynamodb() -> bool:
    """True when the configured store is DynamoDB in this process (moto): no endpoint given."""
    return os.environ.get("STORAGE") == "dynamodb" and not os.environ.get("DYNAMODB_ENDPOINT")


def start_embedded_dynamodb() -> Any:
    """Start moto in this process; the returned object's ``stop()`` ends it (and forgets the data)."""
    from moto import mock_aws

    mock = mock_aws()
    mock.start()
    return mock


def ensure_table() -> bool:
    """Create the configured DynamoDB table when it does not exist yet; True when it was created."""
    from api.context import dynamodb_client
    from api.settings import settings
    from scopa.adapters.dynamodb.players_matches import create_table

    client = dynamodb_client()
    name = str(settings().table_name)
    try:
        client.describe_table(TableName=name)
        return False
    except client.exceptions.ResourceNotFoundException:
        create_table(client, name)
        return True


def prepare_store() -> str:
    """Open (SQLite: create) the configured store; a line saying where the data lives."""
    from api import context

    if os.environ.get("STORAGE") == "sqlite":
        context.services()  # opens the file and applies the schema: a bad path fails here, not mid-request
        path = Path(os.environ["SQLITE_PATH"])
        # make reset deletes the default file only; elsewhere the file, its WAL and its signing key go by hand
        forget = "`make reset`" if path == Path(DEFAULT_SQLITE_PATH) else f"`rm {path}*`"
        return f"SQLite file {path.resolve()} (kept across restarts; {forget} forgets it)"
    ensure_table()
    table = os.environ["TABLE_NAME"]
    if os.environ.get("DYNAMODB_ENDPOINT"):
        return f"DynamoDB table {table} at {os.environ['DYNAMODB_ENDPOINT']}"
    return f"DynamoDB table {table} in embedded moto (in memory, gone at exit)"


# ---------------------------------------------------------------------------------------------- the gate


class Gate:
    """One handler call at a time; a request asleep in the handler (a long-poll) lets the others in."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inside = threading.local()
        self._sleepers = threading.Condition()
        self._sleeping = 0
        self.clock = GateClock(self)

    def run(self, action: Callable[[], T]) -> T:
        """Run ``action`` holding the gate (a handler call, or a test's direct look at the store)."""
        with self._lock:
            self._inside.held = True
            try:
                return action()
            finally:
                self._inside.held = False

    def sleep(self, seconds: float) -> None:
        """Sleep; inside :meth:`run`, with the gate let go meanwhile and the resolver state kept."""
        if not getattr(self._inside, "held", False):
            time.sleep(seconds)
            return
        state = _resolver_state()
        self._lock.release()
        with self._sleepers:
            self._sleeping += 1
            self._sleepers.notify_all()
        try:
            time.sleep(seconds)
        finally:
            with self._sleepers:
                self._sleeping -= 1
            self._lock.acquire()
            _resolver_state(state)

    @property
    def sleeping(self) -> int:
        """How many requests sleep in the handler right now (long-polls)."""
        return self._sleeping

    def wait_for_sleepers(self, count: int, timeout: float) -> bool:
        """Block until at least ``count`` requests sleep in the handler (tests); False on timeout."""
        with self._sleepers:
            return self._sleepers.wait_for(lambda: self._sleeping >= count, timeout)


class GateClock:
    """The service clock of the local server: real time, and sleeps that let the gate go."""

    def __init__(self, gate: Gate) -> None:
        self._gate = gate

    def now(self) -> float:
        return time.time()

    def sleep(self, seconds: float) -> None:
        self._gate.sleep(seconds)


def _resolver_state(
    restore: tuple[Any, Any, dict[str, Any]] | None = None,
) -> tuple[Any, Any, dict[str, Any]]:
    """The resolver's state of the request in hand (its event, Lambda context and route context); with
    ``restore``, put that state back first. Other requests overwrite it while a long-poll sleeps."""
    from aws_lambda_powertools.event_handler.api_gateway import BaseRouter

    from api.app import app

    if restore is not None:
        BaseRouter.current_event, BaseRouter.lambda_context, route_context = restore
        app.context.clear()
        app.context.update(route_context)
    return BaseRouter.current_event, BaseRouter.lambda_context, dict(app.context)


# ---------------------------------------------------------------------------------------------- HTTP <-> v2


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> bytes:
    """An error in the API's own shape: ``{"code", "message", "details"}``."""
    return json.dumps({"code": code, "message": message, "details": details or {}}).encode()


def request_event(
    method: str, target: str, headers: Iterable[tuple[str, str]], body: bytes, client_ip: str
) -> dict[str, Any]:
    """The API Gateway HTTP API v2 event for one HTTP request (repeated headers joined by commas)."""
    parts = urlsplit(target)
    merged: dict[str, str] = {}
    cookies: list[str] = []
    for name, value in headers:
        key = name.lower()
        if key == "cookie":
            cookies += [c.strip() for c in value.replace(",", ";").split(";") if c.strip()]
            continue
        merged[key] = f"{merged[key]},{value}" if key in merged else value
    event = http_event(
        method,
        parts.path or "/",
        raw_body=body if body else None,
        headers=merged,
        query=parts.query,
        source_ip=client_ip,
    )
    if cookies:
        event["cookies"] = cookies
    return event


def response_parts(answer: dict[str, Any]) -> tuple[int, list[tuple[str, str]], bytes]:
    """Status, headers and body bytes from a handler's v2 answer (a bare dict is a 200 JSON body)."""
    if not isinstance(answer, dict) or "statusCode" not in answer:
        return 200, [("Content-Type", "application/json")], json.dumps(answer).encode()
    raw = answer.get("body")
    if raw is None:
        body = b""
    elif answer.get("isBase64Encoded"):
        body = base64.b64decode(raw)
    else:
        body = raw.encode() if isinstance(raw, str) else json.dumps(raw).encode()
    headers = [
        (name, str(value))
        for name, value in (answer.get("headers") or {}).items()
        if name.lower() not in ("content-length", "transfer-encoding", "connection")
    ]
    for name, values in (answer.get("multiValueHeaders") or {}).items():
        headers += [(name, str(v)) for v in values]
    headers += [("Set-Cookie", cookie) for cookie in answer.get("cookies") or []]
    return int(answer["statusCode"]), headers, body


# ---------------------------------------------------------------------------------------------- live


class _ShutdownNoise(logging.Filter):
    """Drop uvicorn's complaints about the long-polls still waiting when the server stops: they are
    cancelled on purpose (the client sees the connection close, as a Lambda timing out would close it)."""

    EXPECTED = ("timeout graceful shutdown exceeded", "ASGI callable returned without starting response")

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not any(expected in message for expected in self.EXPECTED)


logging.getLogger("uvicorn.error").addFilter(_ShutdownNoise())


class LocalSockets:
    """The pusher of ``make run``: a message for a connection goes to its open socket, from any thread.

    Each open WebSocket has a queue on the server's event loop; :meth:`send` puts the message there with
    ``call_soon_threadsafe`` (the handlers run in their own threads) and the socket's writer task sends
    the queue in order, so one connection receives its messages in the order they were sent (the notifier's
    posting threads call it at once: the table of sockets and the count are under a lock). :meth:`close`
    queues the end (``None``): the writer closes the socket after what was queued before it, as API
    Gateway's ``DeleteConnection``.
    """

    def __init__(self) -> None:
        self._open: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Queue[str | None]]] = {}
        self._lock = threading.Lock()
        self.sent = 0

    def open(
        self, connection_id: str, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[str | None]
    ) -> None:
        with self._lock:
            self._open[connection_id] = (loop, queue)

    def forget(self, connection_id: str) -> None:
        """The socket ended (its session's own end)."""
        with self._lock:
            self._open.pop(connection_id, None)

    def close(self, connection_id: str) -> None:
        """Close the socket from the server's side; nothing is sent to it afterwards."""
        with self._lock:
            found = self._open.pop(connection_id, None)
        if found is None:
            return
        loop, queue = found
        with suppress(RuntimeError):  # the loop is closed: the server stopped, the socket with it
            loop.call_soon_threadsafe(queue.put_nowait, None)

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        with self._lock:
            found = self._open.get(connection_id)
        if found is None:
            return False
        loop, queue = found
        try:
            loop.call_soon_threadsafe(queue.put_nowait, json.dumps(message, ensure_ascii=False))
        except RuntimeError:  # the loop is closed: the server stopped
            return False
        with self._lock:  # the notifier posts from a pool of threads
            self.sent += 1
        return True

    @property
    def count(self) -> int:
        """Open sockets right now."""
        with self._lock:
            return len(self._open)


class LocalFeed:
    """The change feed of ``make run``: writes queue their changes, a worker thread hands them to the
    notifier's own Lambda handler (through the gate), as the Lambda feed invokes the notifier in AWS."""

    def __init__(self, notify: Callable[[list[Change]], Any]) -> None:
        self._queue: queue.SimpleQueue[list[Change] | None] = queue.SimpleQueue()
        self._notify = notify
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._work, name="notifier", daemon=True)
        self._thread.start()

    def publish(self, changes: Sequence[Change]) -> None:
        if changes:
            self._idle.clear()
            self._queue.put(list(changes))

    def stop(self) -> None:
        self._queue.put(None)

    def wait_idle(self, timeout: float) -> bool:
        """Block until every published change was notified (tests); False on timeout."""
        return self._idle.wait(timeout)

    def _work(self) -> None:
        while True:
            batch = self._queue.get()
            if batch is None:
                return
            stop = False
            while not self._queue.empty():  # what queued meanwhile goes in the same notifier call
                more = self._queue.get()
                if more is None:
                    stop = True
                    break
                batch += more
            try:
                self._notify(batch)
            except Exception as exc:  # a lost change costs a late update, never the server
                print(f"local_server: the notifier failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            if self._queue.empty():
                self._idle.set()
            if stop:
                return


# ---------------------------------------------------------------------------------------------- the server


class LocalServer:
    """The handlers served on ``host:port`` (0: a free port): HTTP for the API, WebSockets on ``/live``
    for the live function; one handler call at a time (:class:`Gate`)."""

    def __init__(
        self,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        *,
        handler: Handler | None = None,
        gate: Gate | None = None,
        access_log: bool = False,
    ) -> None:
        import uvicorn

        from api import context

        if handler is None:
            from api.handler import handler as lambda_handler

            handler = lambda_handler
        self.handler = handler
        self.gate = gate or Gate()
        self.access_log = access_log
        self.sockets = LocalSockets()
        self.feed = LocalFeed(self.notify)
        self.invocations: Counter[str] = Counter()  # handler calls by function: api, live, notifier, pipeline
        context.use_clock(self.gate.clock)
        context.use_live(self.feed, self.sockets)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        # IPPROTO_TCP, not 0: asyncio turns Nagle off (TCP_NODELAY) only on sockets that say they are TCP.
        # With Nagle on, uvicorn's two writes per answer (head, body) made every request on a kept-alive
        # connection wait for the client's delayed ACK: about 40 ms each, against about 1 ms.
        self.socket = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        try:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.socket.bind((host, port))  # here, so a taken port fails the constructor, not the loop
            self.socket.listen(128)
        except OSError:
            self.socket.close()
            self.feed.stop()
            context.use_live(None, None)
            raise
        self.server_address: tuple[str, int] = self.socket.getsockname()[:2]
        config = uvicorn.Config(
            self.asgi,
            interface="asgi3",
            lifespan="off",
            proxy_headers=False,
            ws="websockets-sansio",
            ws_max_size=MAX_FRAME_BYTES,
            ws_ping_interval=None,  # clients ping (docs/live.md); API Gateway does not ping either
            log_level="warning",
            access_log=False,
            server_header=False,
            timeout_graceful_shutdown=2,
        )
        self.uvicorn = uvicorn.Server(config)

    @property
    def url(self) -> str:
        host, port = str(self.server_address[0]), int(self.server_address[1])
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}"

    @property
    def live_url(self) -> str:
        """The WebSocket API's URL (``ws://host:port/live``)."""
        return "ws" + self.url.removeprefix("http") + LIVE_PATH

    # -------------------------------------------------------------------------- the handlers

    def invoke(self, event: dict[str, Any]) -> dict[str, Any]:
        """One API handler call on a v2 event, through the gate."""
        return self._call(self.handler, event, "api")

    def invoke_live(self, event: dict[str, Any]) -> dict[str, Any]:
        """One call of the WebSocket API's handler (``functions/live``), through the gate."""
        from live.handler import handler as live_handler

        return self._call(live_handler, event, "live")

    def notify(self, changes: Sequence[Change]) -> dict[str, Any]:
        """One notifier call (``functions/notifier``) on ``changes``, through the gate."""
        from notifier.handler import handler as notifier_handler

        event = {"changes": [{"topic": c.topic, "version": c.version} for c in changes]}
        return self._call(notifier_handler, event, "notifier")

    def run_pipeline(self) -> dict[str, Any]:
        """One scheduled pipeline run through the pipeline's own Lambda handler, through the gate."""
        from pipeline.handler import handler as pipeline_handler

        event = {"source": "aws.scheduler", "detail-type": "Scheduled Event", "detail": {}}
        return self._call(pipeline_handler, event, "pipeline")

    def _call(self, handler: Handler, event: dict[str, Any], function: str) -> dict[str, Any]:
        def call() -> dict[str, Any]:
            self.invocations[function] += 1
            try:
                return handler(event, FakeLambdaContext())
            finally:
                _drop_metrics()

        return self.gate.run(call)

    def start_pipeline_timer(self, seconds: float) -> threading.Event:
        """Run the pipeline every ``seconds`` in a daemon thread; set the returned event to stop it."""
        stop = threading.Event()

        def loop() -> None:
            while not stop.wait(seconds):
                try:
                    self.run_pipeline()
                except Exception as exc:  # the next tick tries again, as the scheduler would
                    print(f"local_server: pipeline run failed: {exc}", file=sys.stderr, flush=True)

        threading.Thread(target=loop, name="pipeline-timer", daemon=True).start()
        return stop

    # -------------------------------------------------------------------------- ASGI

    async def asgi(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        """The ASGI application: HTTP requests as v2 events, WebSocket sessions as WebSocket API events."""
        with suppress(asyncio.CancelledError):  # the server stops: a long-poll still waiting ends here
            if scope["type"] == "http":
                await self._http(scope, receive, send)
            elif scope["type"] == "websocket":
                await self._websocket(scope, receive, send)

    async def _http(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        method = scope["method"]
        query = scope.get("query_string", b"").decode("latin-1")
        target = scope.get("raw_path", scope["path"].encode()).decode("latin-1") + (
            f"?{query}" if query else ""
        )
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope["headers"]]
        started = time.perf_counter()
        body = await _read_body(headers, receive)
        if body is None:
            status, answer_headers, payload = _error(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                "payload_too_large",
                f"the request body is larger than {MAX_BODY_BYTES // 1024} KB",
                {"limit_bytes": MAX_BODY_BYTES},
            )
        else:
            client = scope.get("client") or ("", 0)
            event = request_event(method, target, headers, body, str(client[0]))
            status, answer_headers, payload = await _in_thread(lambda: self._answer(event))
        if self.access_log:
            took = (time.perf_counter() - started) * 1000
            print(f"{method} {target} -> {status} ({took:.1f} ms)", file=sys.stderr, flush=True)
        answer_headers.append(("Content-Length", str(len(payload))))
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in answer_headers],
            }
        )
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else payload})

    def _answer(self, event: dict[str, Any]) -> tuple[int, list[tuple[str, str]], bytes]:
        try:
            return response_parts(self.invoke(event))
        except Exception as exc:  # the handler answers its own errors: this is a bug, in it or here
            print(f"local_server: the handler raised {type(exc).__name__}: {exc}", file=sys.stderr)
            return _error(
                HTTPStatus.INTERNAL_SERVER_ERROR,
                "internal_error",
                "the handler raised an exception; see the server console",
            )

    async def _websocket(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        """One WebSocket session: ``$connect``, a ``$default`` call per message, ``$disconnect``."""
        opening = await receive()
        if opening["type"] != "websocket.connect":
            return
        if scope["path"] != LIVE_PATH:
            await send({"type": "websocket.close", "code": 1008})  # refused: HTTP 403
            return
        client = scope.get("client") or ("", 0)
        connection_id = new_connection_id()
        started = time.perf_counter()
        connected = await _in_thread(
            lambda: self._live_call(websocket_event("$connect", connection_id, source_ip=str(client[0])))
        )
        if self.access_log:
            took = (time.perf_counter() - started) * 1000
            print(f"WS {LIVE_PATH} $connect -> {connected} ({took:.1f} ms)", file=sys.stderr, flush=True)
        if connected != 200:
            await send({"type": "websocket.close", "code": 1011})
            return
        outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.sockets.open(connection_id, asyncio.get_running_loop(), outbox)
        await send({"type": "websocket.accept"})
        writer = asyncio.create_task(_write(outbox, send))
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message["type"] != "websocket.receive":
                    continue
                frame: str | bytes | None = message.get("text")
                if frame is None:
                    frame = message.get("bytes") or b""
                event = websocket_event("$default", connection_id, frame, source_ip=str(client[0]))
                await _in_thread(functools.partial(self._live_call, event))
        finally:
            self.sockets.forget(connection_id)
            writer.cancel()
            gone = websocket_event("$disconnect", connection_id, source_ip=str(client[0]))
            with suppress(Exception):
                await _in_thread(lambda: self._live_call(gone))

    def _live_call(self, event: dict[str, Any]) -> int:
        try:
            return int(self.invoke_live(event).get("statusCode", 200))
        except Exception as exc:  # the live handler answers its own errors: this is a bug
            print(f"local_server: the live handler raised {type(exc).__name__}: {exc}", file=sys.stderr)
            return 500

    # -------------------------------------------------------------------------- serving

    def serve_forever(self) -> None:
        """Serve in this thread until Ctrl-C or SIGTERM (uvicorn's own handlers, then ours again)."""
        self.uvicorn.run(sockets=[self.socket])

    def shutdown(self) -> None:
        self.uvicorn.should_exit = True

    def close(self) -> None:
        from api import context

        self.feed.stop()
        self.socket.close()
        context.use_live(None, None)

    def __enter__(self) -> LocalServer:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @contextmanager
    def running(self) -> Iterator[LocalServer]:
        """Serve in a background thread for the duration of the block (tests)."""
        thread = threading.Thread(target=self.serve_forever, name="local-server", daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not self.uvicorn.started and thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        try:
            yield self
        finally:
            self.uvicorn.should_exit = True
            thread.join(timeout=10)
            self.close()


async def _in_thread(action: Callable[[], T]) -> T:
    """Run a blocking handler call in a daemon thread of its own (as werkzeug's threaded server did: a
    long-poll holds a thread, not the loop, and never holds up the process's exit)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(outcome: Callable[[], None]) -> None:
        if not done.done():
            outcome()

    def run() -> None:
        try:
            value = action()
        except BaseException as exc:  # handed to the awaiting coroutine
            failure = exc
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(settle, lambda: done.set_exception(failure))
        else:
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(settle, lambda: done.set_result(value))

    threading.Thread(target=run, name="handler", daemon=True).start()
    return await done


async def _write(outbox: asyncio.Queue[str | None], send: Send) -> None:
    """Send a socket's queued messages in order until the session ends, or close it on ``None`` (the
    server closes it: :meth:`LocalSockets.close`)."""
    while True:
        text = await outbox.get()
        try:
            if text is None:
                await send({"type": "websocket.close", "code": 1000})
                return
            await send({"type": "websocket.send", "text": text})
        except Exception:  # the client is gone; $disconnect follows
            return


async def _read_body(headers: list[tuple[str, str]], receive: Receive) -> bytes | None:
    """The request body, or None when it is larger than :data:`MAX_BODY_BYTES` (left unread)."""
    declared = next((v for k, v in headers if k.lower() == "content-length"), None)
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        return None
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:  # chunked, or a length that lied
            return None
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


def _error(
    status: HTTPStatus, code: str, message: str, details: dict[str, Any] | None = None
) -> tuple[int, list[tuple[str, str]], bytes]:
    return int(status), [("Content-Type", "application/json")], error_body(code, message, details)


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Unknown"


def _drop_metrics() -> None:
    """Forget the request's metrics. With POWERTOOLS_METRICS_DISABLED, Powertools (3.x) never clears them:
    they would pile up for the life of the server and be printed anyway every 100 values."""
    from api.observability import metrics

    metrics.clear_metrics()


# ---------------------------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    host = os.environ.get("HOST") or DEFAULT_HOST
    try:
        port = int(os.environ.get("PORT") or DEFAULT_PORT)
        pipeline_seconds = float(os.environ.get("PIPELINE_SECONDS") or 60)
    except ValueError:
        print("local_server: PORT and PIPELINE_SECONDS must be numbers", file=sys.stderr)
        return 2
    admin_token = configure_environment()
    mock = start_embedded_dynamodb() if embedded_dynamodb() else None
    try:
        try:
            where = prepare_store()
        except Exception as exc:
            print(f"local_server: cannot open the {os.environ['STORAGE']} store: {exc}", file=sys.stderr)
            return 1
        try:
            server = LocalServer(host, port, access_log=os.environ.get("ACCESS_LOG") == "1")
        except OSError as exc:  # the port is taken, or the host is not ours
            print(f"local_server: cannot listen on {host}:{port}: {exc}", file=sys.stderr)
            return 1
        # Ctrl-C (and a plain kill) stop the server, even when started from a shell that ignores SIGINT.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, _interrupt)
        with server:
            if pipeline_seconds > 0:
                server.start_pipeline_timer(pipeline_seconds)
            _print_banner(server.url, server.live_url, admin_token, where)
            with suppress(KeyboardInterrupt):  # uvicorn stops on Ctrl-C or SIGTERM, then raises it again here
                server.serve_forever()
            print("\nstopped", flush=True)
        return 0
    finally:
        if mock is not None:
            mock.stop()


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _print_banner(url: str, live_url: str, admin_token: str | None, where: str) -> None:
    token = admin_token if admin_token is not None else "(set through ADMIN_TOKEN_HASH)"
    print(
        f"Scopa service running on {url}\n"
        f"  API base      {url}\n"
        f"  Web pages     {url}/\n"
        f"  Swagger UI    {url}/docs\n"
        f"  OpenAPI       {url}/openapi.json\n"
        f"  Live (push)   {live_url}  (WebSocket, docs/live.md)\n"
        f"  data          {where}\n"
        f"  admin token   {token}\n"
        "Press Ctrl-C to stop.",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

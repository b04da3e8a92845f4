"""``make run``: the API Lambda's own handler behind a local WSGI server (werkzeug), on SQLite or DynamoDB.

Each HTTP request becomes an API Gateway HTTP API (payload v2) event for ``api.handler.handler``; the
handler's answer (status, headers, cookies, body, base64 flag) becomes the HTTP response. The store is
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
not safe for concurrent writes either. The :class:`Gate` therefore lets one handler call run at a time.
The one place a request waits inside the handler is a long-poll (``GET /matches/{id}?after_version=N&
wait=S``), which sleeps through the service clock: the gate's clock lets the gate go while it sleeps, so
a waiting client never blocks the others, and hands the waiting request its resolver state back when it
takes the gate again (:func:`_resolver_state`).
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from http import HTTPStatus
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar
from urllib.parse import urlsplit

from werkzeug.datastructures import EnvironHeaders
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from tools.apigw import FakeLambdaContext, http_event

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_TABLE = "scopa-local"
DEFAULT_SQLITE_PATH = ".local/scopa.db"
MAX_BODY_BYTES = 64 * 1024

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]
StartResponse = Callable[[str, list[tuple[str, str]]], Any]
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
        return f"SQLite file {path.resolve()} (kept across restarts; `make reset` or `rm {path}` empties it)"
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

    from api.handler import app

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


def _read_body(environ: dict[str, Any]) -> bytes | None:
    """The request body, or None when it is larger than :data:`MAX_BODY_BYTES` (left unread)."""
    stream = environ["wsgi.input"]
    if environ.get("wsgi.input_terminated"):  # chunked: read one byte past the limit to see it
        data: bytes = stream.read(MAX_BODY_BYTES + 1)
        return None if len(data) > MAX_BODY_BYTES else data
    length = int(environ.get("CONTENT_LENGTH") or 0)
    if length > MAX_BODY_BYTES:
        return None
    return stream.read(length) if length > 0 else b""


class _RequestHandler(WSGIRequestHandler):
    # Headers and body are two writes: without Nagle the body does not wait for the client's delayed ACK.
    disable_nagle_algorithm = True

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        return  # quiet: ACCESS_LOG=1 prints one line per request instead


class LocalServer:
    """The handler served over HTTP on ``host:port`` (0: a free port), one handler call at a time."""

    def __init__(
        self,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        *,
        handler: Handler | None = None,
        gate: Gate | None = None,
        access_log: bool = False,
    ) -> None:
        from api import context

        if handler is None:
            from api.handler import handler as lambda_handler

            handler = lambda_handler
        self.handler = handler
        self.gate = gate or Gate()
        self.access_log = access_log
        context.use_clock(self.gate.clock)
        self.http: BaseWSGIServer = make_server(
            host, port, self.wsgi, threaded=True, request_handler=_RequestHandler
        )

    @property
    def url(self) -> str:
        host, port = str(self.http.server_address[0]), int(self.http.server_address[1])
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}"

    # -------------------------------------------------------------------------- the handler

    def invoke(self, event: dict[str, Any]) -> dict[str, Any]:
        """One API handler call on a v2 event, through the gate."""

        def call() -> dict[str, Any]:
            try:
                return self.handler(event, FakeLambdaContext())
            finally:
                _drop_metrics()

        return self.gate.run(call)

    def run_pipeline(self) -> dict[str, Any]:
        """One scheduled pipeline run through the pipeline's own Lambda handler, through the gate."""
        from pipeline.handler import handler as pipeline_handler

        event = {"source": "aws.scheduler", "detail-type": "Scheduled Event", "detail": {}}

        def call() -> dict[str, Any]:
            try:
                report: dict[str, Any] = pipeline_handler(event, FakeLambdaContext())
                return report
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

    # -------------------------------------------------------------------------- WSGI

    def wsgi(self, environ: dict[str, Any], start_response: StartResponse) -> list[bytes]:
        """The WSGI application: the request as a v2 event, the handler's answer as the response."""
        method = environ["REQUEST_METHOD"]
        target = environ.get("REQUEST_URI") or environ.get("PATH_INFO") or "/"
        started = time.perf_counter()
        try:
            body = _read_body(environ)
        except ValueError:
            status, headers, payload = _error(HTTPStatus.BAD_REQUEST, "bad_request", "invalid Content-Length")
        else:
            if body is None:
                status, headers, payload = _error(
                    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                    "payload_too_large",
                    f"the request body is larger than {MAX_BODY_BYTES // 1024} KB",
                    {"limit_bytes": MAX_BODY_BYTES},
                )
            else:
                event = request_event(
                    method, target, EnvironHeaders(environ).items(), body, environ.get("REMOTE_ADDR", "")
                )
                status, headers, payload = self._answer(event)
        if self.access_log:
            took = (time.perf_counter() - started) * 1000
            print(f"{method} {target} -> {status} ({took:.1f} ms)", file=sys.stderr, flush=True)
        headers.append(("Content-Length", str(len(payload))))
        start_response(f"{status} {_phrase(status)}", headers)
        return [] if method == "HEAD" else [payload]

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

    # -------------------------------------------------------------------------- serving

    def serve_forever(self) -> None:
        self.http.serve_forever(poll_interval=0.2)

    def shutdown(self) -> None:
        self.http.shutdown()

    def close(self) -> None:
        self.http.server_close()

    def __enter__(self) -> LocalServer:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @contextmanager
    def running(self) -> Iterator[LocalServer]:
        """Serve in a background thread for the duration of the block (tests)."""
        thread = threading.Thread(target=self.http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self.http.shutdown()
            self.close()
            thread.join(timeout=5)


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
        except (OSError, SystemExit) as exc:  # werkzeug exits when the port is taken
            print(f"local_server: cannot listen on {host}:{port}: {exc}", file=sys.stderr)
            return 1
        # Ctrl-C (and a plain kill) stop the server, even when started from a shell that ignores SIGINT.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, _interrupt)
        with server:
            if pipeline_seconds > 0:
                server.start_pipeline_timer(pipeline_seconds)
            _print_banner(server.url, admin_token, where)
            with suppress(KeyboardInterrupt):  # werkzeug's loop returns on Ctrl-C itself; SIGTERM is one here
                server.serve_forever()
            print("\nstopped", flush=True)
        return 0
    finally:
        if mock is not None:
            mock.stop()


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _print_banner(url: str, admin_token: str | None, where: str) -> None:
    token = admin_token if admin_token is not None else "(set through ADMIN_TOKEN_HASH)"
    print(
        f"Scopa service running on {url}\n"
        f"  API base      {url}\n"
        f"  Web pages     {url}/\n"
        f"  Swagger UI    {url}/docs\n"
        f"  OpenAPI       {url}/openapi.json\n"
        f"  data          {where}\n"
        f"  admin token   {token}\n"
        "Press Ctrl-C to stop.",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The local server: the very same Lambda handler behind a plain HTTP server, on an embedded DynamoDB.

Each HTTP request becomes an API Gateway HTTP API (payload v2) event for ``api.handler.handler``, and the
handler's answer (status, headers, cookies, body, base64 flag) becomes the HTTP response. By default the
data lives in moto, in this process (``mock_aws`` for the process lifetime: fast, gone at exit);
``DYNAMODB_ENDPOINT`` points the server at another DynamoDB (DynamoDB Local, a moto server) instead.

Run it with ``make run``, or ``PYTHONPATH=functions python -m local_server``. Environment:

* ``HOST`` / ``PORT``: where to listen (``127.0.0.1:8000``);
* ``ADMIN_TOKEN``: the admin bootstrap token (a fresh one is generated and printed when unset);
* ``TABLE_NAME``: the table (``scopa-local``), created on start when missing;
* ``DYNAMODB_ENDPOINT``: another DynamoDB instead of the embedded moto;
* ``PIPELINE_SECONDS``: how often the tournament pipeline runs, as the schedule does in AWS (``60``;
  ``0`` turns it off);
* ``DATA_FILE``: keep the data across restarts in this file (a ``scopa backup`` file; ``.gz`` compressed):
  restored on start when it exists, saved every ``DATA_SAVE_SECONDS`` (``60``; ``0``: only at the end) and
  when the server stops cleanly (Ctrl-C, SIGTERM). Each save writes a new file and renames it into place;
  a file that cannot be read stops the start rather than be overwritten;
* ``ACCESS_LOG=1``: print one line per request; ``POWERTOOLS_LOG_LEVEL``: the handler's log level
  (``WARNING`` by default, so the console stays quiet).

Concurrency: moto's in-process backend is not safe for concurrent conditional writes, so one request runs
the handler at a time (:class:`HandlerGate`). A long-poll (``GET /matches/{id}?after_version=N&wait=S``)
sleeps inside the handler through the service clock; the gate's clock lets go of the lock while it
sleeps, so a waiting client does not block the others. The Powertools resolver keeps the current request
in class-level state; the gate saves it before letting go and puts it back after, so the waiting request
answers with its own event.
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar
from urllib.parse import urlsplit

from tools.apigw import FakeLambdaContext, http_event

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_TABLE = "scopa-local"
MAX_BODY_BYTES = 64 * 1024

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]
T = TypeVar("T")


# ---------------------------------------------------------------------------------------------- setup


def configure_environment(env: dict[str, str] | Any = None) -> str | None:
    """Set the defaults the handler reads at import; return the admin token to show (None: only a hash).

    Call it before ``api.handler`` is imported: Powertools reads its variables when the module loads.
    """
    env = os.environ if env is None else env
    warnings.filterwarnings("ignore", message="No application metrics to publish")
    env.setdefault("TABLE_NAME", DEFAULT_TABLE)
    env.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    env.setdefault("POWERTOOLS_TRACE_DISABLED", "1")
    env.setdefault("POWERTOOLS_METRICS_DISABLED", "1")  # no metric blobs on stdout
    env.setdefault("POWERTOOLS_METRICS_NAMESPACE", "ScopaLocal")
    # No POWERTOOLS_SERVICE_NAME: the API and the pipeline share this process, each under its own name.
    env.setdefault("AWS_ACCOUNT_ID_ENDPOINT_MODE", "disabled")
    region = env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or "eu-south-1"
    env["AWS_DEFAULT_REGION"] = region
    if env.get("DYNAMODB_ENDPOINT"):
        # A local emulator accepts any key; real ones in the environment are left alone.
        env.setdefault("AWS_ACCESS_KEY_ID", "local")
        env.setdefault("AWS_SECRET_ACCESS_KEY", "local")
    else:
        # Embedded moto: never let a real key near it.
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


def start_embedded_dynamodb() -> Any:
    """Start moto in this process; the returned object's ``stop()`` ends it (and forgets the data)."""
    from moto import mock_aws

    mock = mock_aws()
    mock.start()
    return mock


def ensure_table() -> bool:
    """Create the configured table when it does not exist yet; True when it was created."""
    from api.context import dynamodb_client
    from api.settings import settings
    from scopa.adapters.dynamodb.players_matches import create_table

    client = dynamodb_client()
    name = settings().table_name
    try:
        client.describe_table(TableName=name)
        return False
    except client.exceptions.ResourceNotFoundException:
        create_table(client, name)
        return True


# ---------------------------------------------------------------------------------------------- the data file


class DataFile:
    """The embedded table kept in a file across restarts, by the code behind ``scopa backup``/``restore``.

    Saves run inside the request gate, so a save is a snapshot between two requests.
    """

    def __init__(self, path: str, gate: HandlerGate) -> None:
        self.path = path
        self.gate = gate

    def load(self) -> int | None:
        """Restore the file into the (empty) table; None when there is no file yet."""
        from api.context import dynamodb_client
        from api.settings import settings
        from tools.backup import restore_from_file

        if not os.path.exists(self.path):
            return None
        return restore_from_file(dynamodb_client(), settings().table_name, self.path)

    def save(self) -> int:
        """Write the whole table to the file (atomically); the number of items."""
        from api.context import dynamodb_client
        from api.settings import settings
        from tools.backup import backup_to_file

        return self.gate.run(lambda: backup_to_file(dynamodb_client(), settings().table_name, self.path))

    def start_autosave(self, seconds: float) -> threading.Event:
        """Save every ``seconds`` in a daemon thread; set the returned event to stop it."""
        stop = threading.Event()

        def loop() -> None:
            while not stop.wait(seconds):
                try:
                    self.save()
                except Exception as exc:  # the next tick (or the final save) tries again
                    print(f"local_server: saving {self.path} failed: {exc}", file=sys.stderr, flush=True)

        threading.Thread(target=loop, name="data-autosave", daemon=True).start()
        return stop


# ---------------------------------------------------------------------------------------------- the gate


class HandlerGate:
    """One handler invocation at a time; a request sleeping in the handler lets the others in meanwhile."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._local = threading.local()
        self._sleeping = 0
        self._changed = threading.Condition()
        self.clock = GateClock(self)

    def run(self, action: Callable[[], T]) -> T:
        """Run ``action`` holding the gate (the handler, or a test's direct read of the store)."""
        with self._lock:
            self._local.inside = True
            try:
                return action()
            finally:
                self._local.inside = False

    def sleep(self, seconds: float) -> None:
        """Sleep; inside :meth:`run`, let go of the gate meanwhile and take it back before returning."""
        if not getattr(self._local, "inside", False):
            time.sleep(seconds)
            return
        saved = _save_request_state()
        self._lock.release()
        with self._changed:
            self._sleeping += 1
            self._changed.notify_all()
        try:
            time.sleep(seconds)
        finally:
            with self._changed:
                self._sleeping -= 1
                self._changed.notify_all()
            self._lock.acquire()
            _restore_request_state(saved)

    @property
    def sleeping(self) -> int:
        """How many requests are asleep in the handler right now (long-polls)."""
        return self._sleeping

    def wait_for_sleepers(self, count: int, timeout: float) -> bool:
        """Block until at least ``count`` requests sleep in the handler (tests); False on timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: self._sleeping >= count, timeout)


class GateClock:
    """The service clock of the local server: real time, and sleeps that release the gate."""

    def __init__(self, gate: HandlerGate) -> None:
        self._gate = gate

    def now(self) -> float:
        return time.time()

    def sleep(self, seconds: float) -> None:
        self._gate.sleep(seconds)


def _save_request_state() -> tuple[Any, ...]:
    """The Powertools resolver's per-request state, which another request overwrites while we sleep."""
    from aws_lambda_powertools.event_handler.api_gateway import BaseRouter

    from api.handler import app

    return (
        getattr(BaseRouter, "current_event", None),
        getattr(BaseRouter, "lambda_context", None),
        dict(app.context),
    )


def _restore_request_state(saved: tuple[Any, ...]) -> None:
    from aws_lambda_powertools.event_handler.api_gateway import BaseRouter

    from api.handler import app

    BaseRouter.current_event, BaseRouter.lambda_context, context = saved
    app.context.clear()
    app.context.update(context)


def _drop_metrics() -> None:
    """Forget the request's metrics. With POWERTOOLS_METRICS_DISABLED, Powertools (3.x) never clears them:
    they would pile up for the life of the server and be printed anyway every 100 values."""
    from api.observability import metrics

    metrics.clear_metrics()


# ---------------------------------------------------------------------------------------------- HTTP


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> bytes:
    """An error in the API's own shape: ``{"code", "message", "details"}``."""
    return json.dumps({"code": code, "message": message, "details": details or {}}).encode()


def request_event(
    method: str, target: str, headers: list[tuple[str, str]], body: bytes, client_ip: str
) -> dict[str, Any]:
    """The API Gateway HTTP API v2 event for one HTTP request (repeated headers joined by commas)."""
    parts = urlsplit(target)
    merged: dict[str, str] = {}
    cookies: list[str] = []
    for name, value in headers:
        key = name.lower()
        if key == "cookie":
            cookies += [c.strip() for c in value.split(";") if c.strip()]
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


class LocalServer(ThreadingHTTPServer):
    """A threading HTTP server that hands every request to the Lambda handler through the gate."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        *,
        handler: Handler | None = None,
        gate: HandlerGate | None = None,
        access_log: bool = False,
    ) -> None:
        from api import context

        if handler is None:
            from api.handler import handler as lambda_handler

            handler = lambda_handler
        self.handler = handler
        self.gate = gate or HandlerGate()
        self.access_log = access_log
        context.use_clock(self.gate.clock)
        super().__init__((host, port), _RequestHandler)

    @property
    def url(self) -> str:
        host, port = str(self.server_address[0]), int(self.server_address[1])
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}"

    def invoke(self, event: dict[str, Any]) -> dict[str, Any]:
        return self.gate.run(lambda: self._invoke(event))

    def _invoke(self, event: dict[str, Any]) -> dict[str, Any]:
        try:
            return self.handler(event, FakeLambdaContext())
        finally:
            _drop_metrics()

    def run_pipeline(self) -> dict[str, Any]:
        """One scheduled pipeline run through the pipeline's own Lambda handler, inside the gate."""
        from pipeline.handler import handler as pipeline_handler

        event = {"source": "aws.scheduler", "detail-type": "Scheduled Event", "detail": {}}

        def invoke() -> dict[str, Any]:
            try:
                answer: dict[str, Any] = pipeline_handler(event, FakeLambdaContext())
                return answer
            finally:
                _drop_metrics()

        return self.gate.run(invoke)

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

    @contextmanager
    def running(self) -> Iterator[LocalServer]:
        """Serve in a background thread for the duration of the block (tests)."""
        thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self.shutdown()
            self.server_close()
            thread.join(timeout=5)


class _RequestHandler(BaseHTTPRequestHandler):
    server: LocalServer
    protocol_version = "HTTP/1.1"
    server_version = "ScopaLocal/0.1"
    # Headers and body leave in one write, without Nagle: otherwise each keep-alive answer waits ~40 ms
    # for the client's delayed ACK. handle_one_request flushes the buffer after each request.
    disable_nagle_algorithm = True
    wbufsize = 256 * 1024

    def do_GET(self) -> None:
        self._handle()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = do_GET

    def handle_expect_100(self) -> bool:
        """Refuse an oversized body before the client sends it (curl asks first for big bodies)."""
        if self._too_large():
            self._refuse_too_large()
            return False
        return super().handle_expect_100()

    def _too_large(self) -> bool:
        try:
            return int(self.headers.get("Content-Length") or 0) > MAX_BODY_BYTES
        except ValueError:
            return False

    def _refuse_too_large(self) -> None:
        self._send(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            [("Content-Type", "application/json")],
            error_body(
                "payload_too_large",
                f"the request body is larger than {MAX_BODY_BYTES // 1024} KB",
                {"limit_bytes": MAX_BODY_BYTES},
            ),
            close=True,
        )

    def _handle(self) -> None:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            self._send(
                HTTPStatus.LENGTH_REQUIRED,
                [("Content-Type", "application/json")],
                error_body("length_required", "send the body with a Content-Length header"),
                close=True,
            )
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0:
            self._send(
                HTTPStatus.BAD_REQUEST,
                [("Content-Type", "application/json")],
                error_body("bad_request", "invalid Content-Length"),
                close=True,
            )
            return
        if length > MAX_BODY_BYTES:
            self._refuse_too_large()
            return
        body = self.rfile.read(length) if length else b""
        event = request_event(
            self.command, self.path, list(self.headers.items()), body, self.client_address[0]
        )
        started = time.perf_counter()
        try:
            status, headers, payload = response_parts(self.server.invoke(event))
        except Exception as exc:  # the handler answers its own errors; this is a bug in it or here
            print(f"local_server: the handler raised {type(exc).__name__}: {exc}", file=sys.stderr)
            status, headers, payload = (
                500,
                [("Content-Type", "application/json")],
                error_body("internal_error", "the handler raised an exception; see the server console"),
            )
        if self.server.access_log:
            took = (time.perf_counter() - started) * 1000
            print(f"{self.command} {self.path} -> {status} ({took:.1f} ms)", file=sys.stderr, flush=True)
        self._send(status, headers, payload)

    def _send(self, status: int, headers: list[tuple[str, str]], body: bytes, close: bool = False) -> None:
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD" and body:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # quiet: ACCESS_LOG=1 prints one line instead
        return


# ---------------------------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    host = os.environ.get("HOST") or DEFAULT_HOST
    try:
        port = int(os.environ.get("PORT") or DEFAULT_PORT)
    except ValueError:
        print(f"local_server: PORT must be a number, not {os.environ['PORT']!r}", file=sys.stderr)
        return 2
    admin_token = configure_environment()
    endpoint = os.environ.get("DYNAMODB_ENDPOINT")
    mock = None if endpoint else start_embedded_dynamodb()
    try:
        try:
            ensure_table()
        except Exception as exc:
            where = endpoint or "the embedded DynamoDB"
            print(f"local_server: cannot prepare table on {where}: {exc}", file=sys.stderr)
            return 1
        try:
            server = LocalServer(host, port, access_log=os.environ.get("ACCESS_LOG") == "1")
        except OSError as exc:
            print(f"local_server: cannot listen on {host}:{port}: {exc}", file=sys.stderr)
            return 1
        # Ctrl-C (and a plain kill) stop the server, even when started from a shell that ignores SIGINT.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            pipeline_seconds = float(os.environ.get("PIPELINE_SECONDS") or 60)
            save_seconds = float(os.environ.get("DATA_SAVE_SECONDS") or 60)
        except ValueError:
            print("local_server: PIPELINE_SECONDS and DATA_SAVE_SECONDS must be numbers", file=sys.stderr)
            return 2
        data = DataFile(os.environ["DATA_FILE"], server.gate) if os.environ.get("DATA_FILE") else None
        restored = None
        if data is not None:
            try:
                restored = data.load()
            except Exception as exc:  # never start empty and then overwrite the user's data
                print(f"local_server: cannot restore {data.path}: {exc}", file=sys.stderr)
                server.server_close()
                return 1
        with server:
            if pipeline_seconds > 0:
                server.start_pipeline_timer(pipeline_seconds)
            autosave = data.start_autosave(save_seconds) if data is not None and save_seconds > 0 else None
            _print_banner(server.url, admin_token, endpoint, data.path if data else None, restored)
            try:
                server.serve_forever()
            except KeyboardInterrupt:
                print("\nstopped", flush=True)
            if autosave is not None:
                autosave.set()
            if data is not None:
                print(f"data saved to {data.path} ({data.save()} items)", flush=True)
        return 0
    finally:
        if mock is not None:
            mock.stop()


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _print_banner(
    url: str,
    admin_token: str | None,
    endpoint: str | None,
    data_file: str | None = None,
    restored: int | None = None,
) -> None:
    from api.settings import settings

    store = f"DynamoDB at {endpoint}" if endpoint else "embedded moto (in memory, gone at exit)"
    if data_file and not endpoint:
        store = "embedded moto (in memory, kept in the data file)"
    token = admin_token if admin_token is not None else "(set through ADMIN_TOKEN_HASH)"
    kept = ""
    if data_file:
        done = f"{restored} items restored" if restored is not None else "a new file"
        kept = f"  data file     {data_file} ({done}; saved at exit)\n"
    print(
        f"Scopa service running on {url}\n"
        f"  API base      {url}\n"
        f"  Web pages     {url}/\n"
        f"  Swagger UI    {url}/docs\n"
        f"  OpenAPI       {url}/openapi.json\n"
        f"  table         {settings().table_name} on {store}\n"
        f"{kept}"
        f"  admin token   {token}\n"
        "Press Ctrl-C to stop.",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The stand-in AWS: moto's server behind a gate that checks every call against the caller's role.

Every function process sends its AWS calls here (``AWS_ENDPOINT_URL``). The gate reads who signed a call
(the access key of the role's assumed credentials) and what it needs (:mod:`.calls`), asks the role's
:class:`~.policy.Grants`, records the call, and answers ``AccessDenied`` as AWS would when IAM refuses.
Allowed calls go to moto, except those moto cannot serve, which the gate answers itself through the
hooks the deployment gives it: Lambda's ``Invoke`` (moto would need Docker), the WebSocket management
API (``PostToConnection``) and X-Ray's trace uploads.
"""

from __future__ import annotations

import io
import json
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import BaseWSGIServer, make_server

from infra.rehearsal.calls import Arns, Call, classify, signer
from infra.rehearsal.policy import Decision, Grants

#: The operator's access key: the rehearsal's own calls (making resources, reading results) are not a
#: function's and are recorded but not checked. Any other key that is not a role's is refused.
OPERATOR_KEY = "AKIAREHEARSALOPERATOR"
OPERATOR_SECRET = "rehearsal-operator-secret"

StartResponse = Callable[..., Any]
Answer = tuple[int, dict[str, str], bytes]


@dataclass(frozen=True)
class Record:
    """One AWS call: who made it (a role's name, or ``operator``), what it was, and IAM's answer."""

    principal: str
    call: Call
    decisions: tuple[Decision, ...]

    @property
    def allowed(self) -> bool:
        return all(d.allowed for d in self.decisions)


@dataclass
class Hooks:
    """What the gate answers itself; each takes the call and the request's body."""

    invoke: Callable[[str, str, bytes], Answer]  # function ARN (qualified or not), invocation type, payload
    connections: Callable[[str, str, bytes], Answer]  # method, resource ARN, body
    xray: Callable[[bytes], Answer] = lambda body: (200, {}, b'{"UnprocessedTraceSegments": []}')


@dataclass
class Cloud:
    """moto's server with the gate in front, on a free port of 127.0.0.1."""

    account: str
    region: str
    secret_arns: dict[str, str] = field(default_factory=dict)  # secret name -> ARN
    principals: dict[str, str] = field(default_factory=dict)  # access key -> role name
    grants: dict[str, Grants] = field(default_factory=dict)  # role name -> its statements
    records: list[Record] = field(default_factory=list)
    hooks: Hooks | None = None
    sends: int = 0  # messages sent to the queues so far (what tells the event sources to read again)
    _server: BaseWSGIServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _clients: dict[tuple[str, str], Any] = field(default_factory=dict)

    @property
    def arns(self) -> Arns:
        return Arns(self.account, self.region, self._secret_arn)

    @property
    def url(self) -> str:
        assert self._server is not None, "start the cloud first"
        return f"http://127.0.0.1:{self._server.server_port}"

    def _secret_arn(self, secret_id: str) -> str:
        if secret_id.startswith("arn:"):
            return secret_id
        return self.secret_arns.get(secret_id, self.arns.of("secretsmanager", f"secret:{secret_id}"))

    def start(self) -> Cloud:
        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        moto = DomainDispatcherApplication(create_backend_app)
        self._moto = moto
        self._server = make_server(
            "127.0.0.1", 0, self._gate, threaded=True, request_handler=MotoRequestHandler
        )
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def client(self, service: str, **credentials: str) -> Any:
        """A boto3 client of this cloud: the operator's, or with a role's ``credentials`` (made once)."""
        import boto3

        keys = credentials or {"aws_access_key_id": OPERATOR_KEY, "aws_secret_access_key": OPERATOR_SECRET}
        cache_key = (service, keys["aws_access_key_id"])
        if cache_key not in self._clients:
            session = boto3.session.Session(region_name=self.region, **keys)  # type: ignore[arg-type]
            self._clients[cache_key] = session.client(service, endpoint_url=self.url)  # type: ignore[call-overload]
        return self._clients[cache_key]

    def calls_of(self, principal: str) -> list[Record]:
        with self._lock:
            return [r for r in self.records if r.principal == principal]

    def denied(self) -> list[Record]:
        with self._lock:
            return [r for r in self.records if not r.allowed]

    # ------------------------------------------------------------------------------------- the gate

    def _gate(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = io.BytesIO(body)
        headers = {k[5:].replace("_", "-").lower(): v for k, v in environ.items() if k.startswith("HTTP_")}
        if environ.get("CONTENT_TYPE"):
            headers["content-type"] = environ["CONTENT_TYPE"]
        method, path, query = (
            environ["REQUEST_METHOD"],
            environ.get("PATH_INFO", "/"),
            environ.get("QUERY_STRING", ""),
        )
        call = classify(method, path, query, headers, body, self.arns)
        signed = signer(headers)
        key = signed.access_key if signed else ""
        decisions: tuple[Decision, ...]
        if key == OPERATOR_KEY:
            principal, decisions = "operator", ()
        elif key in self.principals:
            principal = self.principals[key]
            grants = self.grants.get(principal) or Grants(principal)
            decisions = tuple(
                grants.decide(action, resource, call.leading_keys) for action, resource in call.needs
            )
        else:
            principal = f"unknown key {key or '(unsigned)'}"
            decisions = (Decision(False, "the access key is no role's"),)
        record = Record(principal, call, decisions)
        with self._lock:
            self.records.append(record)
            if record.allowed and call.service == "sqs" and call.operation.startswith("SendMessage"):
                self.sends += 1
        if not record.allowed:
            return self._answer(start_response, self._denial(call, principal, record))
        if self.hooks is not None:
            if call.service == "lambda" and call.operation == "Invoke":
                kind = headers.get("x-amz-invocation-type", "RequestResponse")
                return self._answer(start_response, self.hooks.invoke(call.needs[0][1], kind, body))
            if call.service == "execute-api":
                return self._answer(start_response, self.hooks.connections(method, call.needs[0][1], body))
            if call.service == "xray":
                return self._answer(start_response, self.hooks.xray(body))
        result: Iterable[bytes] = self._moto(environ, start_response)
        return result

    @staticmethod
    def _answer(start_response: StartResponse, answer: Answer) -> list[bytes]:
        status, headers, body = answer
        phrase = {200: "OK", 202: "Accepted", 204: "No Content", 400: "Bad Request", 403: "Forbidden"}
        start_response(
            f"{status} {phrase.get(status, 'Status')}", [*headers.items(), ("Content-Length", str(len(body)))]
        )
        return [body]

    def _denial(self, call: Call, principal: str, record: Record) -> Answer:
        refused = next(
            (need, d) for need, d in zip(call.needs, record.decisions, strict=True) if not d.allowed
        )
        (action, resource), decision = refused
        message = (
            f"{principal} is not authorized to perform: {action} on resource: {resource} ({decision.reason})"
        )
        if call.service == "lambda":
            headers = {"x-amzn-ErrorType": "AccessDeniedException", "Content-Type": "application/json"}
            return 403, headers, json.dumps({"Type": "User", "message": message}).encode()
        if call.service == "execute-api":
            return 403, {"x-amzn-ErrorType": "ForbiddenException"}, json.dumps({"message": message}).encode()
        body = json.dumps({"__type": "AccessDeniedException", "message": message}).encode()
        return (
            400,
            {"Content-Type": "application/x-amz-json-1.0", "x-amzn-query-error": "AccessDenied;Sender"},
            body,
        )

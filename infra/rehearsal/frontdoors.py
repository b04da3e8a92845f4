"""How requests and events reach the functions, each as the template wires it.

* **HTTP API**: a request must match one of the API's route keys, whose integration names the function
  (its alias); API Gateway may invoke it only if a ``Lambda::Permission`` lets
  ``apigateway.amazonaws.com`` do so from that route's ARN. The event is payload format 2.0.
* **Function URL**: the URL's target and qualifier, and the permission its auth type needs.
* **WebSocket API**: ``$connect``, ``$disconnect`` and the route the selection expression picks; what the
  functions post back to a connection (the management API) is kept here per connection, and a deleted
  connection is disconnected as API Gateway does it.
* **Lambda's asynchronous invocations** (the functions' own ``Invoke`` with ``Event``, the schedule's):
  queued and run by :meth:`FrontDoors.drain`.
* **Event source mappings**: the queue read with the function's own role (as Lambda's poller does), the
  batch invoked, the messages not reported as failures deleted.
* **Schedules**: the scheduler's role must allow invoking the target; the target runs asynchronously.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from botocore.exceptions import ClientError

from infra.rehearsal.calls import Call
from infra.rehearsal.cloud import Answer, Cloud, Hooks, Record
from infra.rehearsal.deployer import Deployment, Route
from infra.rehearsal.policy import Grants, matches
from infra.rehearsal.runtime import FunctionFailed, FunctionSpec, Runtime
from tools.apigw import function_url_event, http_event, websocket_event


class Refused(RuntimeError):
    """The template does not let this front door reach the function (a permission or a route is missing)."""


class Broken(RuntimeError):
    """A function failed where no caller sees an answer (an asynchronous run, a queue's batch, the
    schedule): recorded in :attr:`FrontDoors.failures`, and the rehearsal stops there."""


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    text: str

    def json(self) -> Any:
        return json.loads(self.text) if self.text else None


@dataclass
class Connection:
    """One WebSocket client: what the service posted to it, and whether it is still open."""

    id: str
    api_id: str
    stage: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    open: bool = True
    gone: bool = False  # the client vanished without saying: a post answers 410


@dataclass
class Invocation:
    spec: FunctionSpec
    event: Any
    invoked_arn: str
    source: str


@dataclass
class FrontDoors:
    deployment: Deployment
    cloud: Cloud
    runtime: Runtime
    pending: deque[Invocation] = field(default_factory=deque)
    failures: list[str] = field(default_factory=list)
    connections: dict[str, Connection] = field(default_factory=dict)
    invocations: dict[str, int] = field(default_factory=dict)  # function logical id -> count
    _polled: set[str] = field(default_factory=set)
    _retrying: list[tuple[str, str]] = field(default_factory=list)  # (queue URL, receipt) left to retry
    _sends_polled: int = -1  # the cloud's count of sent messages when the queues were last read empty

    def __post_init__(self) -> None:
        self.cloud.hooks = Hooks(invoke=self._invoke_hook, connections=self._connections_hook)

    # ------------------------------------------------------------------------------------ helpers

    def _broken(self, message: str) -> None:
        self.failures.append(message)
        raise Broken(message)

    def _run(self, spec: FunctionSpec, event: Any, invoked_arn: str, source: str) -> Any:
        self.invocations[spec.logical_id] = self.invocations.get(spec.logical_id, 0) + 1
        return self.runtime.invoke(spec, event, invoked_arn)

    def _permitted(self, target: str, principal: str, source_arn: str | None, action: str) -> bool:
        """Whether a ``Lambda::Permission`` lets ``principal`` invoke ``target`` from ``source_arn``."""
        spec = self.deployment.function_of(target)
        for permission in self.deployment.permissions:
            if permission.get("Action") != action or permission.get("Principal") != principal:
                continue
            try:
                named = self.deployment.function_of(str(permission["FunctionName"]))
            except KeyError:
                continue
            same_qualifier = permission["FunctionName"].count(":") == 0 or target.endswith(
                ":" + str(permission["FunctionName"]).rsplit(":", 1)[-1]
            )
            if named.logical_id != spec.logical_id or not same_qualifier:
                continue
            pattern = permission.get("SourceArn")
            if pattern is None or source_arn is None or matches(str(pattern), source_arn):
                return True
        return False

    def _api(self, protocol: str) -> tuple[str, dict[str, Any]]:
        found = [(i, a) for i, a in self.deployment.apis.items() if a.get("ProtocolType") == protocol]
        if len(found) != 1:
            raise Refused(f"the template has {len(found)} {protocol} APIs")
        return found[0]

    def _integration_target(self, route: Route) -> str:
        integration = self.deployment.integrations.get(route.target)
        if integration is None:
            raise Refused(f"route {route.key!r} targets no integration of the template")
        uri = str(integration["IntegrationUri"])
        found = re.search(r"functions/(.+)/invocations$", uri)
        return found.group(1) if found else uri

    # ------------------------------------------------------------------------------------ HTTP API

    def _route(self, api_id: str, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        best: tuple[Route, dict[str, str]] | None = None
        for route in self.deployment.routes:
            if route.api_id != api_id or " " not in route.key:
                continue
            verb, template = route.key.split(" ", 1)
            if verb not in (method, "ANY"):
                continue
            names = re.findall(r"\{(\w+)\+?\}", template)
            regex = re.sub(r"\\\{(\w+)\\\+\\\}", r"(.+)", re.escape(template))
            regex = re.sub(r"\\\{(\w+)\\\}", r"([^/]+)", regex)
            found = re.fullmatch(regex, path)
            if found and (best is None or len(names) < len(best[1])):  # the most specific route wins
                best = (route, dict(zip(names, found.groups(), strict=True)))
        return best

    def http(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        raw_body: str | None = None,
        headers: dict[str, str] | None = None,
        query: dict[str, str] | None = None,
    ) -> Response:
        """A request to the HTTP API, answered as API Gateway would answer it."""
        api_id, _ = self._api("HTTP")
        method = method.upper()
        matched = self._route(api_id, method, path)
        if matched is None:
            return Response(404, {}, json.dumps({"message": "Not Found"}))
        route, parameters = matched
        target = self._integration_target(route)
        stage = (self.deployment.stages.get(api_id) or ["$default"])[0]
        source = self.cloud.arns.of("execute-api", f"{api_id}/{stage}/{method}{path}")
        if not self._permitted(target, "apigateway.amazonaws.com", source, "lambda:InvokeFunction"):
            self.failures.append(
                f"API Gateway may not invoke {target} for {route.key} (no Lambda::Permission)"
            )
            return Response(500, {}, json.dumps({"message": "Internal Server Error"}))
        event = http_event(method, path, body=body, raw_body=raw_body, headers=headers, query=query)
        domain = f"{api_id}.execute-api.{self.cloud.region}.amazonaws.com"
        event["routeKey"] = route.key
        event["headers"].setdefault("host", domain)
        event["requestContext"].update(
            routeKey=route.key, apiId=api_id, stage=stage, domainName=domain, accountId=self.cloud.account
        )
        if parameters:
            event["pathParameters"] = parameters
        return self._proxy(target, event, f"{method} {path}")

    def function_url(
        self, url: str, method: str, *, body: Any = None, headers: dict[str, str] | None = None
    ) -> Response:
        """A request to a function URL (``https://<id>.lambda-url.<region>.on.aws/<path>``)."""
        parts = urlsplit(url)
        base = f"{parts.scheme}://{parts.netloc}/"
        config = self.deployment.urls.get(base)
        if config is None:
            return Response(404, {}, "no such function URL")
        qualifier = config.get("Qualifier")
        target = str(config["TargetFunctionArn"]) + (f":{qualifier}" if qualifier else "")
        auth = config.get("AuthType")
        if auth != "NONE" or not self._permitted(target, "*", None, "lambda:InvokeFunctionUrl"):
            self.failures.append(f"the function URL {base} may not be called without IAM auth (auth {auth})")
            return Response(403, {}, json.dumps({"Message": "Forbidden"}))
        event = function_url_event(method.upper(), parts.path, body=body, headers=headers)
        event["headers"]["host"] = parts.netloc
        event["requestContext"].update(domainName=parts.netloc, domainPrefix=parts.netloc.split(".")[0])
        return self._proxy(target, event, f"{method.upper()} {url}")

    def _proxy(self, target: str, event: dict[str, Any], what: str) -> Response:
        spec = self.deployment.function_of(target)
        try:
            answer = self._run(spec, event, target, what)
        except FunctionFailed as failure:
            self.failures.append(f"{what}: {failure}")
            return Response(500, {}, json.dumps({"message": "Internal Server Error"}))
        finally:
            self.drain()
        if not isinstance(answer, dict) or "statusCode" not in answer:
            self.failures.append(f"{what}: the function's answer is not a proxy result: {str(answer)[:200]}")
            return Response(502, {}, json.dumps({"message": "Internal Server Error"}))
        text = answer.get("body") or ""
        if answer.get("isBase64Encoded"):
            import base64

            text = base64.b64decode(text).decode("utf-8", "replace")
        return Response(int(answer["statusCode"]), dict(answer.get("headers") or {}), text)

    # ------------------------------------------------------------------------------------ WebSocket

    def _ws(self, route_key: str, connection: Connection, body: str | None) -> dict[str, Any]:
        route = next(
            (r for r in self.deployment.routes if r.api_id == connection.api_id and r.key == route_key), None
        )
        if route is None:
            raise Refused(f"the WebSocket API has no {route_key} route")
        target = self._integration_target(route)
        source = self.cloud.arns.of("execute-api", f"{connection.api_id}/{connection.stage}/{route_key}")
        if not self._permitted(target, "apigateway.amazonaws.com", source, "lambda:InvokeFunction"):
            raise Refused(f"API Gateway may not invoke {target} for the WebSocket route {route_key}")
        event = websocket_event(route_key, connection.id, body)
        event["requestContext"].update(
            apiId=connection.api_id,
            stage=connection.stage,
            domainName=f"{connection.api_id}.execute-api.{self.cloud.region}.amazonaws.com",
        )
        spec = self.deployment.function_of(target)
        try:
            answer: dict[str, Any] = self._run(spec, event, target, f"WebSocket {route_key}") or {}
        finally:
            self.drain()
        return answer

    def connect(self) -> Connection:
        api_id, _ = self._api("WEBSOCKET")
        stage = (self.deployment.stages.get(api_id) or ["$default"])[0]
        connection = Connection(uuid.uuid4().hex[:12] + "=", api_id, stage)
        answer = self._ws("$connect", connection, None)
        if int(answer.get("statusCode", 200)) != 200:
            raise Refused(f"$connect answered {answer}")
        self.connections[connection.id] = connection
        return connection

    def send(self, connection: Connection, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        routes = {r.key for r in self.deployment.routes if r.api_id == connection.api_id}
        action = str(message.get("action", ""))
        self._ws(action if action in routes else "$default", connection, text)

    def disconnect(self, connection: Connection) -> None:
        connection.open = False
        self._ws("$disconnect", connection, None)

    def _connections_hook(self, method: str, resource: str, body: bytes) -> Answer:
        connection_id = resource.rsplit("/", 1)[-1]
        connection = self.connections.get(connection_id)
        if connection is None or not connection.open or connection.gone:
            error = {"message": "gone"}
            return (
                410,
                {"x-amzn-ErrorType": "GoneException", "Content-Type": "application/json"},
                json.dumps(error).encode(),
            )
        if method == "POST":
            connection.messages.append(json.loads(body))
            return 200, {}, b""
        if method == "DELETE":
            connection.open = False
            self.pending.append(self._disconnect_later(connection))
            return 204, {}, b""
        info = {"ConnectedAt": time.strftime("%Y-%m-%dT%H:%M:%SZ"), "Identity": {"SourceIp": "127.0.0.1"}}
        return 200, {"Content-Type": "application/json"}, json.dumps(info).encode()

    def _disconnect_later(self, connection: Connection) -> Invocation:
        """API Gateway runs ``$disconnect`` once a connection is closed, however it was."""
        route = next(
            r for r in self.deployment.routes if r.api_id == connection.api_id and r.key == "$disconnect"
        )
        target = self._integration_target(route)
        event = websocket_event("$disconnect", connection.id)
        event["requestContext"].update(apiId=connection.api_id, stage=connection.stage)
        return Invocation(self.deployment.function_of(target), event, target, "WebSocket $disconnect")

    # ------------------------------------------------------------------------- asynchronous invocations

    def _invoke_hook(self, function_arn: str, kind: str, payload: bytes) -> Answer:
        try:
            spec = self.deployment.function_of(function_arn)
        except KeyError:
            error = {"Type": "User", "message": f"Function not found: {function_arn}"}
            return 404, {"x-amzn-ErrorType": "ResourceNotFoundException"}, json.dumps(error).encode()
        event = json.loads(payload or b"{}")
        if kind == "Event":
            self.pending.append(Invocation(spec, event, function_arn, "an asynchronous Invoke"))
            return 202, {}, b""
        try:
            result = self._run(spec, event, function_arn, "a synchronous Invoke")
        except FunctionFailed as failure:
            return (
                200,
                {"X-Amz-Function-Error": "Unhandled"},
                json.dumps({"errorMessage": str(failure)}).encode(),
            )
        return 200, {"Content-Type": "application/json"}, json.dumps(result).encode()

    def drain(self) -> None:
        """Run what is queued (asynchronous invocations, then the queues' batches) until nothing is left."""
        while True:
            while self.pending:
                job = self.pending.popleft()
                try:
                    self._run(job.spec, job.event, job.invoked_arn, job.source)
                except FunctionFailed as failure:
                    self._broken(f"{job.source} of {job.spec.logical_id} raised: {failure}")
            if not self.poll():
                return

    # --------------------------------------------------------------------- event source mappings, schedules

    def role_client(self, service: str, spec: FunctionSpec) -> Any:
        """A client with ``spec``'s role, as Lambda's own calls for the function are made."""
        credentials = self.runtime.credentials[spec.role_arn]
        return self.cloud.client(
            service,
            aws_access_key_id=credentials["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=credentials["AWS_SECRET_ACCESS_KEY"],
            aws_session_token=credentials["AWS_SESSION_TOKEN"],
        )

    def poll(self) -> int:
        """One pass of every event source mapping; the number of messages handed to functions. Lambda
        polls without pause; here the queues are read only when something was sent since they were
        last found empty (or a retry was made visible)."""
        if self.cloud.sends == self._sends_polled:
            return 0
        sends = self.cloud.sends
        handed = 0
        for mapping in self.deployment.mappings:
            spec = self.deployment.function_of(str(mapping["FunctionName"]))
            arn = str(mapping["EventSourceArn"])
            url = self.deployment.queues.get(arn)
            if url is None:
                raise Refused(f"{mapping['LogicalId']} reads {arn}, which is not a queue of the template")
            sqs = self.role_client("sqs", spec)
            if mapping["LogicalId"] not in self._polled:  # Lambda reads the queue's attributes when enabling
                sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["All"])
                self._polled.add(mapping["LogicalId"])
            batch = sqs.receive_message(
                QueueUrl=url,
                MaxNumberOfMessages=min(int(mapping.get("BatchSize", 10)), 10),
                WaitTimeSeconds=0,
                AttributeNames=["All"],
            ).get("Messages", [])
            if not batch:
                continue
            handed += len(batch)
            event = {
                "Records": [
                    {
                        "messageId": m["MessageId"],
                        "receiptHandle": m["ReceiptHandle"],
                        "body": m["Body"],
                        "attributes": m.get("Attributes", {}),
                        "messageAttributes": {},
                        "md5OfBody": m.get("MD5OfBody", ""),
                        "eventSource": "aws:sqs",
                        "eventSourceARN": arn,
                        "awsRegion": self.cloud.region,
                    }
                    for m in batch
                ]
            }
            try:
                answer = self._run(spec, event, spec.arn, f"{mapping['LogicalId']}") or {}
            except FunctionFailed as failure:
                self._broken(f"{spec.logical_id} raised on a batch of {arn}: {failure}")
            failed = {f["itemIdentifier"] for f in answer.get("batchItemFailures", [])}
            self._retrying += [(url, m["ReceiptHandle"]) for m in batch if m["MessageId"] in failed]
            done = [m for m in batch if m["MessageId"] not in failed]
            if done:
                sqs.delete_message_batch(
                    QueueUrl=url,
                    Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(done)],
                )
        if not handed:
            self._sends_polled = sends
        return handed

    def retry_now(self) -> None:
        """Time passes: the messages a batch reported as failed (whose retry a function delayed) are
        visible again, and run."""
        sqs = self.cloud.client("sqs")
        for url, receipt in self._retrying:
            try:
                sqs.change_message_visibility(QueueUrl=url, ReceiptHandle=receipt, VisibilityTimeout=0)
            except ClientError as exc:
                # On a slow machine the delay the function asked for may already have run out: the
                # message is visible again (its receipt no longer in flight) and the drain below takes it.
                if exc.response.get("Error", {}).get("Code") not in (
                    "ReceiptHandleIsInvalid",
                    "MessageNotInflight",
                ):
                    raise
            self.cloud.sends += 1
        self._retrying.clear()
        self.drain()

    def tick(self, event: dict[str, Any] | None = None) -> None:
        """Every schedule fires once (its role must allow the invoke); then everything queued runs."""
        for schedule in self.deployment.schedules:
            target = schedule["Target"]
            role = self.deployment.roles.get(str(target.get("RoleArn")))
            grants = self.cloud.grants.get(role or "") or Grants(str(role))
            decision = grants.decide("lambda:InvokeFunction", str(target["Arn"]))
            call = Call("scheduler", "Invoke", (("lambda:InvokeFunction", str(target["Arn"])),))
            self.cloud.records.append(Record(role or "scheduler (no role)", call, (decision,)))
            if not decision.allowed:
                self._broken(f"the schedule's role may not invoke {target['Arn']}: {decision.reason}")
            payload = event if event is not None else json.loads(target.get("Input") or "{}")
            spec = self.deployment.function_of(str(target["Arn"]))
            self.pending.append(Invocation(spec, payload, str(target["Arn"]), f"{schedule['LogicalId']}"))
        self.drain()

    def invoke_by_hand(self, name_or_arn: str, event: dict[str, Any]) -> Any:
        """What an operator's ``aws lambda invoke`` does (the jobs function's one-off tasks)."""
        spec = self.deployment.function_of(name_or_arn)
        try:
            return self._run(spec, event, name_or_arn, "an operator's invoke")
        finally:
            self.drain()

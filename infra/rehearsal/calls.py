"""What an AWS request asks IAM: the actions it needs and the resource of each, read off the wire.

A signed request names its service in the SigV4 credential scope and its operation in ``X-Amz-Target``
(the JSON protocols: DynamoDB, SQS, SSM, Secrets Manager, CloudWatch Logs), the ``Action`` parameter
(the query protocol: STS, IAM) or its path (Lambda, X-Ray, the WebSocket management API). The actions a
request needs are IAM's, not the operation's name: a ``TransactWriteItems`` needs each item's own
action (``Put`` -> ``dynamodb:PutItem``), a ``SendMessageBatch`` needs ``sqs:SendMessage``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, unquote

_SCOPE = re.compile(r"Credential=([^/,\s]+)/\d{8}/([^/]+)/([^/]+)/aws4_request")
_TRANSACT = {
    "Put": "PutItem",
    "Update": "UpdateItem",
    "Delete": "DeleteItem",
    "ConditionCheck": "ConditionCheckItem",
}
_SQS_BATCH = {
    "SendMessageBatch": "SendMessage",
    "DeleteMessageBatch": "DeleteMessage",
    "ChangeMessageVisibilityBatch": "ChangeMessageVisibility",
}
_LAMBDA_INVOKE = re.compile(r"^/2015-03-31/functions/([^/]+)/invocations$")
_CONNECTION = re.compile(r"^(?P<prefix>.*)/@connections/(?P<id>[^/]+)$")


@dataclass(frozen=True)
class Signed:
    """Who signed a request: the access key, and the region and service of its credential scope."""

    access_key: str
    region: str
    service: str


def signer(headers: dict[str, str]) -> Signed | None:
    found = _SCOPE.search(headers.get("authorization", ""))
    return Signed(found.group(1), found.group(2), found.group(3)) if found else None


@dataclass(frozen=True)
class Call:
    """One request: its service and operation, and each (IAM action, resource ARN) it needs."""

    service: str
    operation: str
    needs: tuple[tuple[str, str], ...]
    #: The partition keys a single-item DynamoDB call touches (IAM's ``dynamodb:LeadingKeys``).
    leading_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class Arns:
    """How the rehearsal's account names resources (and finds a secret's ARN by its name)."""

    account: str
    region: str
    secret_arn: Callable[[str], str]
    partition: str = "aws"

    def of(self, service: str, resource: str) -> str:
        return f"arn:{self.partition}:{service}:{self.region}:{self.account}:{resource}"

    def table(self, name: str) -> str:
        return name if name.startswith("arn:") else self.of("dynamodb", f"table/{name}")

    def queue(self, url_or_name: str) -> str:
        return self.of("sqs", url_or_name.rstrip("/").rsplit("/", 1)[-1])

    def function(self, name: str, qualifier: str | None) -> str:
        if name.startswith("arn:"):
            base = name
        elif ":" in name:  # name:qualifier
            name, qualifier = name.split(":", 1)
            base = self.of("lambda", f"function:{name}")
        else:
            base = self.of("lambda", f"function:{name}")
        if qualifier and not base.endswith(f":{qualifier}"):
            base = f"{base}:{qualifier}"
        return base


def _json(body: bytes) -> dict[str, Any]:
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _dynamodb(operation: str, body: dict[str, Any], arns: Arns) -> list[tuple[str, str]]:
    if operation in ("BatchGetItem", "BatchWriteItem"):
        return [(f"dynamodb:{operation}", arns.table(t)) for t in body.get("RequestItems", {})]
    if operation == "TransactWriteItems":
        needs = []
        for item in body.get("TransactItems", []):
            for kind, action in _TRANSACT.items():
                if kind in item:
                    needs.append((f"dynamodb:{action}", arns.table(item[kind]["TableName"])))
        return needs
    if operation == "TransactGetItems":
        return [
            ("dynamodb:GetItem", arns.table(i["Get"]["TableName"])) for i in body.get("TransactItems", [])
        ]
    table = arns.table(str(body.get("TableName", "*")))
    if operation in ("Query", "Scan") and body.get("IndexName"):
        return [(f"dynamodb:{operation}", f"{table}/index/{body['IndexName']}")]
    return [(f"dynamodb:{operation}", table)]


#: The table's partition key attribute (infra/components/data.py: ``keys.PK``).
PARTITION_KEY = "pk"
_SINGLE_ITEM = {"GetItem": "Key", "DeleteItem": "Key", "UpdateItem": "Key", "PutItem": "Item"}


def _leading_keys(operation: str, body: dict[str, Any]) -> tuple[str, ...]:
    """The partition key of a single-item call (what IAM's ``dynamodb:LeadingKeys`` holds for it)."""
    where = _SINGLE_ITEM.get(operation)
    value = (body.get(where) or {}).get(PARTITION_KEY, {}) if where else {}
    return (str(value["S"]),) if isinstance(value, dict) and "S" in value else ()


def _json_protocol(service: str, operation: str, body: dict[str, Any], arns: Arns) -> list[tuple[str, str]]:
    if service == "dynamodb":
        return _dynamodb(operation, body, arns)
    if service == "sqs":
        resource = arns.queue(str(body.get("QueueUrl") or body.get("QueueName") or "*"))
        return [(f"sqs:{_SQS_BATCH.get(operation, operation)}", resource)]
    if service == "ssm":
        names = body.get("Names") or [body.get("Name") or body.get("Path") or "*"]
        return [(f"ssm:{operation}", arns.of("ssm", f"parameter/{str(n).lstrip('/')}")) for n in names]
    if service == "secretsmanager":
        return [(f"secretsmanager:{operation}", arns.secret_arn(str(body.get("SecretId", "*"))))]
    if service == "logs":
        group = str(body.get("logGroupName", "*"))
        stream = body.get("logStreamName")
        resource = f"log-group:{group}" + (f":log-stream:{stream}" if stream else "")
        return [(f"logs:{operation}", arns.of("logs", resource))]
    return [(f"{service}:{operation}", "*")]


def classify(method: str, path: str, query: str, headers: dict[str, str], body: bytes, arns: Arns) -> Call:
    """The :class:`Call` a request makes; ``headers`` with lower-case names."""
    signed = signer(headers)
    service = signed.service if signed else "unsigned"
    target = headers.get("x-amz-target", "")
    if target:
        operation = target.rsplit(".", 1)[-1]
        parsed = _json(body)
        needs = tuple(_json_protocol(service, operation, parsed, arns))
        leading = _leading_keys(operation, parsed) if service == "dynamodb" else ()
        return Call(service, operation, needs, leading)
    if service == "lambda":
        invoke = _LAMBDA_INVOKE.match(path)
        if invoke:
            qualifier = parse_qs(query).get("Qualifier", [None])[0]
            resource = arns.function(unquote(invoke.group(1)), qualifier)
            return Call(service, "Invoke", (("lambda:InvokeFunction", resource),))
    if service == "execute-api":
        connection = _CONNECTION.match(path)
        if connection:
            api_stage = connection.group("prefix").strip("/")
            resource = arns.of(
                "execute-api", f"{api_stage}/{method.upper()}/@connections/{connection.group('id')}"
            )
            return Call(
                service, f"{method.upper()} @connections", (("execute-api:ManageConnections", resource),)
            )
    if service == "xray":
        operation = path.strip("/").split("/")[0]
        return Call(service, f"Put{operation}", ((f"xray:Put{operation}", "*"),))
    params = parse_qs(query) | parse_qs(body.decode("utf-8", "replace"))
    operation = params.get("Action", ["Unknown"])[0]
    return Call(service, operation, ((f"{service}:{operation}", "*"),))

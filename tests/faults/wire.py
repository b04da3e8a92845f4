"""DynamoDB faults injected on the wire of one boto3 client, inside botocore's own retry loop.

moto answers a mocked client from a ``before-send`` hook. :class:`WireFaults` takes that hook's place on
one client: each attempt of a request goes to moto, except the attempts it is told to fail, which it
answers itself with DynamoDB's error (moto never sees them, so nothing is written; or, for a lost
answer, moto applies the write and its answer is replaced by the error). Because the answer
comes back through botocore's parser and retry handler, the client's configured retries (standard mode,
four attempts) really run: a fault on one attempt is absorbed, a fault on every attempt reaches the
service as DynamoDB's ``ClientError``. The retry back-off is recorded instead of slept.

Writes are numbered in order (the first attempt of each write request counts), so a test can run a request
cleanly, count its writes, then fail the k-th for every k.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from botocore import endpoint as botocore_endpoint
from botocore.awsrequest import AWSResponse, HTTPHeaders
from moto.core.botocore_stubber import MockRawResponse
from moto.core.models import botocore_stubber

from tests.forks import Forks

WRITES = frozenset({"PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "BatchWriteItem"})
ALWAYS = 1_000  # attempts: more than any retry policy makes


@dataclass(frozen=True)
class Fault:
    """What DynamoDB answers to the failed attempts of one write."""

    name: str
    code: str
    attempts: int = ALWAYS  # how many attempts fail: 1 is a transient fault, ALWAYS a persistent one
    reason: str | None = None  # for a cancelled transaction: the reason given for its first item
    status: int = 400
    applied: bool = False  # the write is applied first and only its answer is lost


THROTTLE_ONCE = Fault("throttled-once", "ProvisionedThroughputExceededException", attempts=1)
THROTTLE_ALWAYS = Fault("throttled-always", "ThrottlingException")
TRANSACTION_THROTTLED = Fault(
    "transaction-throttled", "TransactionCanceledException", reason="ThrottlingError"
)
CONDITION_FAILED = Fault("condition-failed", "ConditionalCheckFailedException", attempts=1)
ANSWER_LOST = Fault("answer-lost", "InternalServerError", attempts=1, status=500, applied=True)
SERVER_ERROR = Fault("server-error", "InternalServerError", status=500)  # not a busy table: a failure
TRANSACTION_CONDITION_FAILED = Fault(
    "transaction-condition-failed",
    "TransactionCanceledException",
    attempts=1,
    reason="ConditionalCheckFailed",
)


@dataclass
class Write:
    """One write request as the client sent it: its operation, whether it is conditional, what it did."""

    op: str
    conditional: bool
    items: int  # items named (1, or a transaction's or batch's count)
    pk: str = ""  # the partition key of the first item named
    attempts: int = 0
    failed: int = 0


def faults_for(write: Write) -> list[Fault]:
    """The faults that can really happen to this write: throttling always, a lost condition only when
    the write has one, a throttled cancellation only for a transaction."""
    out = [THROTTLE_ONCE, THROTTLE_ALWAYS]
    if write.op == "TransactWriteItems":
        out.append(TRANSACTION_THROTTLED)
        if write.conditional:
            out.append(TRANSACTION_CONDITION_FAILED)
    elif write.conditional:
        out.append(CONDITION_FAILED)
    return out


@dataclass
class WireFaults:
    """Stands in moto's place on ``client`` (a context manager); fails the ``fail_at``-th write.

    With ``forks``, the first attempt of every write is a fork point (:mod:`tests.forks`) with a variant
    for each of its :func:`faults_for`: the run stays clean, and each child fails that write with its fault.
    """

    client: Any
    fail_at: int | None = None
    fault: Fault | None = None
    forks: Forks[Fault] | None = None
    writes: list[Write] = field(default_factory=list)
    sleeps: list[float] = field(default_factory=list)
    _saved_time: Any = None

    def __enter__(self) -> WireFaults:
        events = self.client.meta.events
        events.unregister("before-send", botocore_stubber)
        events.register("before-send.dynamodb", self._send)
        self._saved_time = botocore_endpoint.time  # type: ignore[attr-defined]
        botocore_endpoint.time = _RecordedSleep(self.sleeps)  # type: ignore[attr-defined]
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        events = self.client.meta.events
        events.unregister("before-send.dynamodb", self._send)
        events.register("before-send", botocore_stubber)
        botocore_endpoint.time = self._saved_time  # type: ignore[attr-defined]

    @property
    def failed(self) -> Write | None:
        """The write that was failed (None: the fault was never reached)."""
        if self.fail_at is None or len(self.writes) < self.fail_at:
            return None
        return self.writes[self.fail_at - 1]

    def _send(self, request: Any, event_name: str = "", **kwargs: Any) -> Any:
        op = _header(request, "X-Amz-Target", "").rsplit(".", 1)[-1]  # DynamoDB_20120810.PutItem
        if op in WRITES:
            body = json.loads(request.body or b"{}")
            if _attempt(request) == 1:
                self.writes.append(Write(op, _conditional(op, body), _count(op, body), _first_pk(op, body)))
                if self.forks is not None:
                    taken = self.forks.branch(len(self.writes), faults_for(self.writes[-1]))
                    if taken is not None:
                        self.fault, self.fail_at = taken, len(self.writes)
            write = self.writes[-1]
            write.attempts += 1
            fault = self.fault
            if fault is not None and len(self.writes) == self.fail_at and write.failed < fault.attempts:
                write.failed += 1
                if fault.applied:
                    botocore_stubber(event_name, request, **kwargs)
                return _error(request, fault, write.items)
        return botocore_stubber(event_name, request, **kwargs)


class _RecordedSleep:
    """botocore's view of the ``time`` module while faults are injected: back-off sleeps are recorded."""

    def __init__(self, sleeps: list[float]) -> None:
        self._sleeps = sleeps

    def sleep(self, seconds: float) -> None:
        self._sleeps.append(seconds)

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def _header(request: Any, name: str, default: str) -> str:
    value = request.headers.get(name, default)
    return value.decode() if isinstance(value, bytes) else str(value)


def _attempt(request: Any) -> int:
    """The attempt number botocore's retry handler puts in every request (``attempt=2; max=4``)."""
    text = _header(request, "amz-sdk-request", "attempt=1")
    fields = dict(part.strip().split("=", 1) for part in text.split(";") if "=" in part)
    return int(fields.get("attempt", "1"))


def _conditional(op: str, body: dict[str, Any]) -> bool:
    if op == "TransactWriteItems":
        return any(
            "ConditionCheck" in entry or "ConditionExpression" in next(iter(entry.values()))
            for entry in body.get("TransactItems", [])
        )
    return "ConditionExpression" in body or "Expected" in body


def _first_pk(op: str, body: dict[str, Any]) -> str:
    if op == "TransactWriteItems":
        body = next(iter(body["TransactItems"][0].values()))
    elif op == "BatchWriteItem":
        request = next(iter(body["RequestItems"].values()))[0]
        body = request.get("PutRequest") or request.get("DeleteRequest") or {}
    item = body.get("Item") or body.get("Key") or {}
    return str(item.get("pk", {}).get("S", ""))


def _count(op: str, body: dict[str, Any]) -> int:
    if op == "TransactWriteItems":
        return len(body.get("TransactItems", []))
    if op == "BatchWriteItem":
        return sum(len(v) for v in body.get("RequestItems", {}).values())
    return 1


def _error(request: Any, fault: Fault, items: int) -> AWSResponse:
    payload: dict[str, Any] = {
        "__type": f"com.amazonaws.dynamodb.v20120810#{fault.code}",
        "message": f"injected {fault.name}",
    }
    if fault.reason is not None:
        reasons = [{"Code": fault.reason}] + [{"Code": "None"}] * (items - 1)
        payload["CancellationReasons"] = reasons
        payload["message"] = (
            f"Transaction cancelled, please refer cancellation reasons for specific reasons "
            f"[{', '.join(r['Code'] for r in reasons)}]"
        )
    headers = HTTPHeaders()
    headers["Content-Type"] = "application/x-amz-json-1.0"
    headers["x-amzn-RequestId"] = "injected"
    return AWSResponse(request.url, fault.status, headers, MockRawResponse(json.dumps(payload)))

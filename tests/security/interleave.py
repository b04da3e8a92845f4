"""Many threads through one in-process handler, interleaved only where separate Lambdas meet: DynamoDB.

Two Lambda instances share nothing but the table, so a race between them is a race between their
DynamoDB calls. :class:`Interleaver` reproduces exactly that in one process: the Python of each request
runs alone (a gate, since Powertools keeps the current event in globals), and the gate is let go during
every DynamoDB call, so other requests run between one request's read and its conditional write.

moto checks a ``ConditionExpression`` and then writes without a lock, which real DynamoDB never does:
each backend operation here runs under one lock, which gives moto DynamoDB's per-item atomicity (and no
more: a read and a later write of the same request are still two separate operations).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

from aws_lambda_powertools.event_handler.api_gateway import BaseRouter
from moto.dynamodb.models import DynamoDBBackend

from api.app import app

T = TypeVar("T")

# The moto operations a request can reach (batch writes and gets go through put_item and get_item).
OPERATIONS = ("get_item", "put_item", "update_item", "delete_item", "query", "scan", "transact_write_items")


class Interleaver:
    """The gate, the store lock, and an optional rendezvous after reads of one item."""

    def __init__(self) -> None:
        self._gate = threading.Lock()
        self._store = threading.RLock()
        self._local = threading.local()
        self._rendezvous: tuple[str, threading.Barrier] | None = None

    def run(self, action: Callable[[], T]) -> T:
        """Run one request's ``action`` holding the gate (released at each DynamoDB call)."""
        with self._gate:
            self._local.inside = True
            try:
                return action()
            finally:
                self._local.inside = False

    @contextmanager
    def meet_after_reading(self, pk: str, parties: int) -> Iterator[threading.Barrier]:
        """Hold each reader of the item ``pk`` until ``parties`` requests have read it (then let all go).

        This makes every request read the same version before any of them writes: the conditional write,
        not an earlier check, must then turn the losers away. A barrier that times out lets them go anyway.
        """
        barrier = threading.Barrier(parties, timeout=10)
        self._rendezvous = (pk, barrier)
        try:
            yield barrier
        finally:
            self._rendezvous = None

    def storage_call(self, operation: str, call: Callable[[], T], key: dict[str, Any] | None) -> T:
        nested = getattr(self._local, "depth", 0) > 0
        if nested or not getattr(self._local, "inside", False):
            with self._store:
                return call()
        saved = _request_state()
        self._local.depth = 1
        self._gate.release()
        try:
            with self._store:
                result = call()
            self._maybe_meet(operation, key)
            return result
        finally:
            self._gate.acquire()
            self._local.depth = 0
            _restore_request_state(saved)

    def _maybe_meet(self, operation: str, key: dict[str, Any] | None) -> None:
        rendezvous = self._rendezvous
        if rendezvous is None or operation != "get_item" or not key:
            return
        pk, barrier = rendezvous
        if _key_pk(key) == pk:
            # Fewer readers than expected: go on, the test's counts will tell.
            with contextlib.suppress(threading.BrokenBarrierError):
                barrier.wait()

    def install(self, patch: Callable[[Any, str, Any], None]) -> None:
        """Wrap moto's DynamoDB backend operations (``patch`` is ``monkeypatch.setattr``)."""
        for operation in OPERATIONS:
            patch(DynamoDBBackend, operation, self._wrap(operation, getattr(DynamoDBBackend, operation)))

    def _wrap(self, operation: str, method: Callable[..., Any]) -> Callable[..., Any]:
        interleaver = self

        @wraps(method)
        def wrapped(backend: DynamoDBBackend, *args: Any, **kwargs: Any) -> Any:
            key = kwargs.get("keys") if operation == "get_item" else None
            if key is None and operation == "get_item" and len(args) > 1:
                key = args[1]
            return interleaver.storage_call(operation, lambda: method(backend, *args, **kwargs), key)

        return wrapped


def _key_pk(key: dict[str, Any]) -> str | None:
    value = key.get("pk")
    if value is None:
        return None
    raw = getattr(value, "value", value)
    if isinstance(raw, dict):
        raw = raw.get("S")
    return raw if isinstance(raw, str) else None


def _request_state() -> tuple[Any, Any, dict[str, Any]]:
    return (
        getattr(BaseRouter, "current_event", None),
        getattr(BaseRouter, "lambda_context", None),
        dict(app.context),
    )


def _restore_request_state(saved: tuple[Any, Any, dict[str, Any]]) -> None:
    BaseRouter.current_event, BaseRouter.lambda_context, context = saved
    app.context.clear()
    app.context.update(context)

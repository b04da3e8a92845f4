"""Count a boto3 DynamoDB client's calls and bytes, and size items the way DynamoDB bills them.

Used by the API benchmark (:mod:`bench.api`) and by the cost tests (``tests/api/test_costs.py``), so a
regression in the number of calls per move shows in both. It hooks botocore's events on one client:

* ``before-parameter-build.dynamodb.*``: the operation and its parameters (the item written, the key read);
* ``after-call.dynamodb.*``: the parsed answer (the item read) and the size of the HTTP bodies.

Item sizes follow DynamoDB's rules (attribute name bytes plus value bytes; numbers about one byte per two
significant digits plus one); capacity units follow from them: a write costs one WCU per started KB, a
strongly consistent read one RCU per started 4 KB (half that for an eventually consistent read).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

WRITE_UNIT = 1024
READ_UNIT = 4096


@dataclass
class Call:
    """One DynamoDB API call as the client made it."""

    operation: str
    params: dict[str, Any]
    request_bytes: int = 0  # HTTP request body (JSON)
    response_bytes: int = 0  # HTTP response body (JSON)
    item_read: dict[str, Any] | None = None  # GetItem's item, as returned

    @property
    def table_key(self) -> str:
        """The partition key value the call touches (GetItem, PutItem, UpdateItem, DeleteItem), else ''."""
        source = self.params.get("Key") or self.params.get("Item") or {}
        pk = source.get("pk", {})
        return str(pk.get("S", ""))

    @property
    def write_size(self) -> int:
        """Billed size of the item a PutItem writes (0 for other calls)."""
        item = self.params.get("Item")
        return item_size(item) if self.operation == "PutItem" and item else 0

    @property
    def read_size(self) -> int:
        """Billed size of the item a GetItem returned (0 for other calls or no item)."""
        return item_size(self.item_read) if self.item_read else 0


@dataclass
class DynamoMeter:
    """Records the calls of one client while :meth:`recording` is active."""

    client: Any
    calls: list[Call] = field(default_factory=list)
    _active: bool = False
    _pending: dict[int, list[Call]] = field(default_factory=dict)  # by thread: calls may run side by side

    def __post_init__(self) -> None:
        events = self.client.meta.events
        events.register("before-parameter-build.dynamodb.*", self._before, unique_id=f"meter-b-{id(self)}")
        events.register("before-call.dynamodb.*", self._sent, unique_id=f"meter-s-{id(self)}")
        events.register("after-call.dynamodb.*", self._after, unique_id=f"meter-a-{id(self)}")

    def detach(self) -> None:
        events = self.client.meta.events
        events.unregister("before-parameter-build.dynamodb.*", unique_id=f"meter-b-{id(self)}")
        events.unregister("before-call.dynamodb.*", unique_id=f"meter-s-{id(self)}")
        events.unregister("after-call.dynamodb.*", unique_id=f"meter-a-{id(self)}")

    @contextmanager
    def recording(self) -> Iterator[list[Call]]:
        """Record the calls made inside the block; yields the list they are appended to (fresh each time)."""
        self.calls = []
        self._pending = {}
        self._active = True
        try:
            yield self.calls
        finally:
            self._active = False

    # -------------------------------------------------------------- botocore handlers

    def _before(self, params: dict[str, Any], model: Any, **_: Any) -> None:
        if self._active:
            self._pending.setdefault(threading.get_ident(), []).append(Call(model.name, dict(params)))

    def _sent(self, params: dict[str, Any], model: Any, **_: Any) -> None:
        pending = self._pending.get(threading.get_ident())
        if self._active and pending:
            body = params.get("body") or b""
            pending[-1].request_bytes = len(body)

    def _after(self, http_response: Any, parsed: dict[str, Any], model: Any, **_: Any) -> None:
        pending = self._pending.get(threading.get_ident())
        if not (self._active and pending):
            return
        call = pending.pop()
        call.response_bytes = len(getattr(http_response, "content", b"") or b"")
        if model.name == "GetItem":
            call.item_read = parsed.get("Item")
        self.calls.append(call)

    # -------------------------------------------------------------- summaries

    def operations(self) -> list[str]:
        return [c.operation for c in self.calls]


def number_size(text: str) -> int:
    """Billed bytes of a DynamoDB number: one per two significant digits, plus one."""
    digits = text.lstrip("-+").split("e")[0].split("E")[0].replace(".", "").strip("0")
    return math.ceil(max(len(digits), 1) / 2) + 1


def value_size(value: dict[str, Any]) -> int:
    """Billed bytes of one attribute value in DynamoDB JSON (``{"S": ...}``, ``{"N": ...}``, ...)."""
    ((kind, data),) = value.items()
    if kind == "S":
        return len(str(data).encode())
    if kind == "N":
        return number_size(str(data))
    if kind == "B":
        return len(data)
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "SS":
        return sum(len(s.encode()) for s in data)
    if kind == "NS":
        return sum(number_size(n) for n in data)
    if kind == "BS":
        return sum(len(b) for b in data)
    if kind == "L":
        return 3 + sum(value_size(v) + 1 for v in data)
    if kind == "M":
        return 3 + sum(len(k.encode()) + value_size(v) + 1 for k, v in data.items())
    raise ValueError(f"unknown DynamoDB type {kind}")


def item_size(item: dict[str, Any]) -> int:
    """Billed bytes of an item: every attribute's name plus its value."""
    return sum(len(name.encode()) + value_size(value) for name, value in item.items())


def write_units(size: int) -> int:
    return max(1, math.ceil(size / WRITE_UNIT))


def read_units(size: int, consistent: bool = True) -> float:
    units = max(1, math.ceil(size / READ_UNIT))
    return float(units) if consistent else units / 2

"""Capacity units per partition key, as DynamoDB would bill them, for every call of one boto3 client.

:mod:`bench.meter` counts calls and item sizes; the scale model (:mod:`bench.scale`) needs more: which
partition each unit lands on, the table's and each global secondary index's. This meter hooks the same
botocore events and, around every call, looks at the table through a second client that nobody meters
(the same moto backend): the item before and after a write, the whole items behind a projected read.

Billing rules applied (DynamoDB's, for on-demand and provisioned alike):

* a write costs one WCU per started KB of the larger of the item before and after it (a delete: the item
  deleted; a refused conditional write: the item as it stands); inside ``TransactWriteItems`` twice that;
* each global secondary index whose keys or projected attributes change costs one write of the projected
  entry (``KEYS_ONLY``: the table's and the index's keys; ``ALL``: the item) on the index partition; a key
  that moves costs two (the old entry deleted, the new one put); no write when nothing projected changed;
* a read costs one RCU per started 4 KB (half for an eventually consistent one) of the *whole* items it
  touched, whatever the projection: ``GetItem`` and each ``BatchGetItem`` item rounded on their own, a
  ``Query`` on the sum of its items (the index's projected entries for an index query); a ``Select=COUNT``
  query bills the items it counted; a ``ConditionCheck`` in a transaction is counted as a transactional
  read (2 RCU per 4 KB), the closest published rule.

Every unit is recorded as a :class:`Unit` (operation, partition "<index> <pk value>", WCU, RCU), so the
scale bench can group them by key family and find the hottest single key of each.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bench.meter import item_size

WRITE_UNIT = 1024
READ_UNIT = 4096

#: Each index of the table: (partition key attribute, sort key attribute, projection).
INDEXES: dict[str, tuple[str, str, str]] = {
    "gsi1": ("gsi1pk", "gsi1sk", "KEYS_ONLY"),
    "gsi2": ("gsi2pk", "gsi2sk", "ALL"),
    "gsi3": ("gsi3pk", "gsi3sk", "ALL"),
}
TABLE_KEYS = ("pk", "sk")


@dataclass(frozen=True)
class Unit:
    """Capacity one call spent on one partition: ``partition`` is ``table <pk>`` or ``gsi1 <gsi1pk>``..."""

    operation: str
    partition: str
    wcu: float = 0.0
    rcu: float = 0.0

    @property
    def index(self) -> str:
        return self.partition.split(" ", 1)[0]

    @property
    def key(self) -> str:
        return self.partition.split(" ", 1)[1]


@dataclass
class CapacityMeter:
    """Records :class:`Unit` s for the calls ``client`` makes while :meth:`recording` is active.

    ``peek`` is another client on the same table (not metered): it reads items before and after writes.
    """

    client: Any
    peek: Any
    table: str
    units: list[Unit] = field(default_factory=list)
    calls: int = 0
    overhead: float = 0.0  # seconds spent peeking (what the scale bench takes out of a timed action)
    _active: bool = False
    _before: list[tuple[str, dict[str, Any], list[dict[str, Any] | None]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        events = self.client.meta.events
        events.register("before-call.dynamodb.*", self._on_before, unique_id=f"cap-b-{id(self)}")
        events.register("after-call.dynamodb.*", self._on_after, unique_id=f"cap-a-{id(self)}")

    def detach(self) -> None:
        events = self.client.meta.events
        events.unregister("before-call.dynamodb.*", unique_id=f"cap-b-{id(self)}")
        events.unregister("after-call.dynamodb.*", unique_id=f"cap-a-{id(self)}")

    @contextmanager
    def recording(self) -> Iterator[list[Unit]]:
        """Record the units spent inside the block; yields the list they are appended to (fresh each time)."""
        self.units = []
        self.calls = 0
        self.overhead = 0.0
        self._before = []
        self._active = True
        try:
            yield self.units
        finally:
            self._active = False

    # -------------------------------------------------------------- botocore handlers

    def _on_before(self, params: dict[str, Any], model: Any, **_: Any) -> None:
        if not self._active:
            return
        started = time.perf_counter()
        try:
            self._note(params, model)
        finally:
            self.overhead += time.perf_counter() - started

    def _note(self, params: dict[str, Any], model: Any) -> None:
        body = params.get("body")
        request = _json(body) if body else {}
        op = model.name
        olds = [self._get(key) for key in _written_keys(op, request)]
        self._before.append((op, request, olds))

    def _on_after(self, parsed: dict[str, Any], model: Any, **_: Any) -> None:
        if not (self._active and self._before):
            return
        started = time.perf_counter()
        try:
            self._bill(parsed)
        finally:
            self.overhead += time.perf_counter() - started

    def _bill(self, parsed: dict[str, Any]) -> None:
        op, request, olds = self._before.pop()
        self.calls += 1
        failed = "Error" in parsed
        if op in ("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"):
            self._writes(op, request, olds, failed)
        elif op == "GetItem":
            self._get_read(request)
        elif op == "BatchGetItem":
            self._batch_read(request)
        elif op == "Query":
            self._query(request, parsed)
        elif op == "TransactGetItems":
            for entry in request.get("TransactItems", []):
                item = self._get(entry["Get"]["Key"])
                self._add(op, "table", entry["Get"]["Key"]["pk"]["S"], rcu=2 * _reads(_size(item)))

    # -------------------------------------------------------------- writes

    def _writes(
        self, op: str, request: dict[str, Any], olds: list[dict[str, Any] | None], failed: bool
    ) -> None:
        keys = _written_keys(op, request)
        factor = 2.0 if op == "TransactWriteItems" else 1.0
        checks = _condition_checks(op, request)
        for key, old in zip(keys, olds, strict=True):
            if key in checks:
                item = old
                self._add(op, "table", key["pk"]["S"], rcu=2 * _reads(_size(item)))
                continue
            new = old if failed else self._get(key)
            size = max(_size(old), _size(new))
            self._add(op, "table", key["pk"]["S"], wcu=factor * _writes(size))
            if failed:
                continue
            for name, (ipk, isk, projection) in INDEXES.items():
                for partition, entry in _index_writes(old, new, ipk, isk, projection):
                    self._add(op, name, partition, wcu=_writes(item_size(entry)))

    # -------------------------------------------------------------- reads

    def _get_read(self, request: dict[str, Any]) -> None:
        item = self._get(request["Key"])
        self._add("GetItem", "table", request["Key"]["pk"]["S"], rcu=_reads(_size(item), _strong(request)))

    def _batch_read(self, request: dict[str, Any]) -> None:
        for spec in request.get("RequestItems", {}).values():
            strong = bool(spec.get("ConsistentRead"))
            for key in spec.get("Keys", []):
                item = self._get(key)
                self._add("BatchGetItem", "table", key["pk"]["S"], rcu=_reads(_size(item), strong))

    def _query(self, request: dict[str, Any], parsed: dict[str, Any]) -> None:
        index = request.get("IndexName") or "table"
        pk_name = INDEXES[index][0] if index != "table" else "pk"
        if "ProjectionExpression" in request or "Select" in request:  # bill the whole items it read
            items = self.peek.query(**_whole_items_query(request)).get("Items", [])
        else:
            items = parsed.get("Items", [])
        partition = _partition_of(request, pk_name)
        size = sum(item_size(i) for i in items)
        self._add("Query", index, partition, rcu=_reads(size, _strong(request)))

    # -------------------------------------------------------------- helpers

    def _get(self, key: dict[str, Any]) -> dict[str, Any] | None:
        item: dict[str, Any] | None = self.peek.get_item(
            TableName=self.table, Key=key, ConsistentRead=True
        ).get("Item")
        return item

    def _add(self, op: str, index: str, partition: str, wcu: float = 0.0, rcu: float = 0.0) -> None:
        self.units.append(Unit(op, f"{index} {partition}", wcu, rcu))


def _json(body: bytes | str) -> dict[str, Any]:
    import json

    data: dict[str, Any] = json.loads(body)
    return data


def _size(item: dict[str, Any] | None) -> int:
    return item_size(item) if item else 0


def _writes(size: int) -> float:
    return float(max(1, math.ceil(size / WRITE_UNIT)))


def _reads(size: int, strong: bool = True) -> float:
    units = max(1, math.ceil(size / READ_UNIT))
    return float(units) if strong else units / 2


def _strong(request: dict[str, Any]) -> bool:
    return bool(request.get("ConsistentRead"))


def _key_of(item: dict[str, Any]) -> dict[str, Any]:
    return {name: item[name] for name in TABLE_KEYS}


def _written_keys(op: str, request: dict[str, Any]) -> list[dict[str, Any]]:
    """The table keys a write call touches, in order (a transaction's condition checks too)."""
    if op == "PutItem":
        return [_key_of(request["Item"])]
    if op in ("UpdateItem", "DeleteItem"):
        return [request["Key"]]
    if op == "BatchWriteItem":
        found = []
        for requests in request.get("RequestItems", {}).values():
            for entry in requests:
                if "PutRequest" in entry:
                    found.append(_key_of(entry["PutRequest"]["Item"]))
                else:
                    found.append(entry["DeleteRequest"]["Key"])
        return found
    if op == "TransactWriteItems":
        found = []
        for entry in request.get("TransactItems", []):
            ((kind, spec),) = entry.items()
            found.append(_key_of(spec["Item"]) if kind == "Put" else spec["Key"])
        return found
    return []


def _condition_checks(op: str, request: dict[str, Any]) -> list[dict[str, Any]]:
    if op != "TransactWriteItems":
        return []
    return [e["ConditionCheck"]["Key"] for e in request.get("TransactItems", []) if "ConditionCheck" in e]


def _index_entry(
    item: dict[str, Any] | None, ipk: str, isk: str, projection: str
) -> tuple[str, dict[str, Any]] | None:
    if not item or ipk not in item or isk not in item:
        return None
    if projection == "ALL":
        return item[ipk]["S"], item
    return item[ipk]["S"], {name: item[name] for name in (*TABLE_KEYS, ipk, isk)}


def _index_writes(
    old: dict[str, Any] | None, new: dict[str, Any] | None, ipk: str, isk: str, projection: str
) -> list[tuple[str, dict[str, Any]]]:
    """The index entries a write puts or deletes: (index partition, entry)."""
    before = _index_entry(old, ipk, isk, projection)
    after = _index_entry(new, ipk, isk, projection)
    if before is None and after is None:
        return []
    if before is None:
        assert after is not None
        return [after]
    if after is None:
        return [before]
    same_key = (old or {}).get(ipk) == (new or {}).get(ipk) and (old or {}).get(isk) == (new or {}).get(isk)
    if same_key:
        return [] if before[1] == after[1] else [after]
    return [before, after]


_NAME = re.compile(r"#[A-Za-z0-9_]+")
_VALUE = re.compile(r":[A-Za-z0-9_]+")


def _whole_items_query(request: dict[str, Any]) -> dict[str, Any]:
    """The same query, but returning whole items (or whole index entries): no projection, no count."""
    full = {
        k: v
        for k, v in request.items()
        if k not in ("ProjectionExpression", "Select", "ReturnConsumedCapacity")
    }
    used = " ".join(str(full.get(k, "")) for k in ("KeyConditionExpression", "FilterExpression"))
    names = {
        n: v for n, v in (full.get("ExpressionAttributeNames") or {}).items() if n in _NAME.findall(used)
    }
    values = {
        n: v for n, v in (full.get("ExpressionAttributeValues") or {}).items() if n in _VALUE.findall(used)
    }
    full.pop("ExpressionAttributeNames", None)
    full.pop("ExpressionAttributeValues", None)
    if names:
        full["ExpressionAttributeNames"] = names
    if values:
        full["ExpressionAttributeValues"] = values
    return full


def _partition_of(request: dict[str, Any], pk_name: str) -> str:
    """The partition key value a query names: ``<pk attribute> = :value`` in its key condition."""
    condition = str(request.get("KeyConditionExpression", ""))
    names = request.get("ExpressionAttributeNames") or {}
    values = request.get("ExpressionAttributeValues") or {}
    for left, right in re.findall(r"(#?[A-Za-z0-9_]+)\s*=\s*(:[A-Za-z0-9_]+)", condition):
        if names.get(left, left) == pk_name and right in values:
            return str(values[right].get("S", ""))
    return "?"

"""How a tournament's items look on the table: built from the records and read back (the keys
themselves are in :mod:`scopa.adapters.dynamodb.keys`). Shared by the repository's parts, so an item
has one layout whichever part writes it."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any, TypeVar, cast

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    as_json,
)
from scopa.application.ports.conflict import WriteConflict
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
    TournamentStatus,
)

TOURNAMENT_INDEX_NAMES = frozenset({keys.PK, keys.SK, keys.GSI1_PK, keys.GSI1_SK})


def tournament_item(t: TournamentRecord) -> dict[str, Any]:
    item: dict[str, Any] = {
        keys.PK: keys.tournament_pk(t.id),
        keys.SK: keys.TOURNAMENT_SK,
        keys.GSI1_PK: keys.tournaments_by_status(t.status),
        keys.GSI1_SK: keys.created_sk(t.created_at, t.id),
        "type": "tournament",
        "id": t.id,
        "name": t.name,
        "created_by": t.created_by,
        "created_at": t.created_at,
        "updated_at": t.updated_at,
        "settings": as_json(t.settings),
        "status": t.status,
        "version": t.version,
        "paused": t.paused,
        "current_round": t.current_round,
        "entries": t.entries,
        "lot_seed": t.lot_seed,
        "deal_seed": t.deal_seed,
    }
    if t.club_id:
        item["club_id"] = t.club_id
    if t.rounds_planned is not None:
        item["rounds_planned"] = t.rounds_planned
    if t.override is not None:
        item["override"] = as_json(t.override)
    if t.started_at:
        item["started_at"] = t.started_at
    if t.finished_at:
        item["finished_at"] = t.finished_at
    if t.origin:
        item["origin"] = as_json(t.origin)
    return item


def entry_item(tournament_id: str, e: EntryRecord) -> dict[str, Any]:
    item = {
        keys.PK: keys.tournament_pk(tournament_id),
        keys.SK: keys.entry_sk(e.id),
        "type": "entry",
        "id": e.id,
        "name": e.name,
        "players": as_json(e.players),
        "rating": repr(float(e.rating)),
        "created_at": e.created_at,
        "entered_by": e.entered_by,
        "status": e.status,
        "joined_round": e.joined_round,
        "version": e.version,
    }
    if e.origin:
        item["origin"] = as_json(e.origin)
    if e.rating_fixed:
        item["rating_fixed"] = True
    if e.checked_in_at is not None:
        item["checked_in_at"] = e.checked_in_at
    if e.requested_byes:
        item["requested_byes"] = as_json(e.requested_byes)
    if e.paused:
        item["paused"] = True
    if e.back_after_wave:
        item["back_after_wave"] = e.back_after_wave
    if e.online:
        item["online"] = True
    return item


#: Bytes of tables' JSON one round item holds at most: DynamoDB refuses an item over 400 KB, and an
#: arena's first wave at 10,000 entrants is about 1 MB of tables (docs/scale.md). Below this a round is
#: one item, as it always was; above it the tables go on in part items (keys note 7).
ROUND_PART_BYTES = 300_000


def round_items(
    tournament_id: str, r: RoundRecord, part_bytes: int = ROUND_PART_BYTES
) -> list[dict[str, Any]]:
    """The round's item, then its part items when its tables need more than one item (usually none)."""
    parts = _split_tables([as_json(t.to_json()) for t in r.tables], part_bytes)
    item: dict[str, Any] = {
        keys.PK: keys.tournament_pk(tournament_id),
        keys.SK: keys.round_sk(r.number),
        "type": "round",
        "number": r.number,
        "tables": parts[0],
        "byes": as_json(r.byes),
        "created_at": r.created_at,
        "status": r.status,
        "version": r.version,
        "matches_created": r.matches_created,
        "manual": r.manual,
    }
    if r.deadline is not None:
        item["deadline"] = r.deadline
    if r.closed_at:
        item["closed_at"] = r.closed_at
    if r.slots is not None:
        item["slots"] = as_json(r.slots)
    if r.requested_byes:
        item["requested_byes"] = as_json(r.requested_byes)
    if len(parts) > 1:
        item["parts"] = len(parts)
    return [item] + [
        {
            keys.PK: keys.tournament_pk(tournament_id),
            keys.SK: keys.round_part_sk(r.number, number),
            "type": "round_part",
            "number": r.number,
            "part": number,
            "version": r.version,
            "tables": tables,
        }
        for number, tables in enumerate(parts[1:], start=1)
    ]


def _split_tables(texts: list[str], part_bytes: int) -> list[str]:
    """The tables' JSON texts as JSON arrays of at most ``part_bytes`` bytes each (a table bigger than
    that alone makes a part of its own); one array, the whole list, in the usual case."""
    parts: list[str] = []
    current: list[str] = []
    size = 2
    for text in texts:
        length = len(text.encode()) + 1
        if current and size + length > part_bytes:
            parts.append(f"[{','.join(current)}]")
            current, size = [], 2
        current.append(text)
        size += length
    parts.append(f"[{','.join(current)}]")
    return parts


def audit_item(tournament_id: str, a: AuditEntry) -> dict[str, Any]:
    return {
        keys.PK: keys.tournament_pk(tournament_id),
        keys.SK: keys.audit_sk(a.at, secrets.token_hex(4)),
        "type": "audit",
        "at": a.at,
        "actor": a.actor,
        "action": a.action,
        "details": as_json(a.details),
    }


def entry_at(version: int) -> str:
    """The condition that an entry item exists at ``version`` (``:v``); an item written before entries
    had versions has none, and is version 0."""
    if version == 0:
        return "attribute_exists(pk) AND (attribute_not_exists(version) OR version = :v)"
    return "version = :v"


def read_tournament(item: dict[str, Any]) -> TournamentRecord:
    def opt(name: str) -> str | None:
        value: str | None = item.get(name)
        return value

    override = item.get("override")
    planned = item.get("rounds_planned")
    return TournamentRecord(
        id=item["id"],
        name=item["name"],
        club_id=opt("club_id"),
        created_by=item["created_by"],
        created_at=item["created_at"],
        updated_at=item["updated_at"],
        settings=json.loads(item["settings"]),
        status=cast(TournamentStatus, item["status"]),
        version=int(item["version"]),
        paused=item["paused"],
        current_round=int(item["current_round"]),
        rounds_planned=int(planned) if planned is not None else None,
        entries=int(item["entries"]),
        lot_seed=item["lot_seed"],
        deal_seed=item["deal_seed"],
        override=json.loads(override) if override is not None else None,
        started_at=opt("started_at"),
        finished_at=opt("finished_at"),
        origin=json.loads(item["origin"]) if "origin" in item else None,
    )


def read_entry(item: dict[str, Any]) -> EntryRecord:
    return EntryRecord(
        id=item["id"],
        name=item["name"],
        players=json.loads(item["players"]),
        rating=float(item["rating"]),
        created_at=item["created_at"],
        entered_by=item["entered_by"],
        status=cast(Any, item["status"]),
        joined_round=int(item["joined_round"]),
        origin=json.loads(item["origin"]) if "origin" in item else None,
        rating_fixed=bool(item.get("rating_fixed", False)),
        checked_in_at=item.get("checked_in_at"),
        requested_byes=json.loads(item["requested_byes"]) if "requested_byes" in item else [],
        paused=bool(item.get("paused", False)),
        back_after_wave=int(item.get("back_after_wave", 0)),
        version=int(item.get("version", 0)),
        online=bool(item.get("online", False)),
    )


def read_round(item: dict[str, Any], parts: dict[int, dict[str, Any]] | None = None) -> RoundRecord:
    """The round from its item and, when it has them (``parts`` on the item), its part items by number.

    Raises :class:`TornRound` when a part is missing or of another version than the round's item: the
    reader met a write half-way (a query sees the items of a transaction one by one) and reads again.
    """
    deadline = item.get("deadline")
    slots = item.get("slots")
    version = int(item["version"])
    tables = json.loads(item["tables"])
    for number in range(1, int(item.get("parts", 1))):
        part = (parts or {}).get(number)
        if part is None or int(part["version"]) != version:
            raise TornRound(int(item["number"]))
        tables.extend(json.loads(part["tables"]))
    return RoundRecord(
        number=int(item["number"]),
        tables=[TableRecord.from_json(t) for t in tables],
        byes=json.loads(item["byes"]),
        created_at=item["created_at"],
        status=cast(Any, item["status"]),
        version=version,
        matches_created=item["matches_created"],
        deadline=int(deadline) if deadline is not None else None,
        closed_at=item.get("closed_at"),
        manual=item["manual"],
        slots=json.loads(slots) if slots is not None else None,
        requested_byes=json.loads(item["requested_byes"]) if "requested_byes" in item else [],
    )


class TornRound(WriteConflict):
    """A round read half-way through a write of its parts: read it again (a reader that keeps meeting
    writes gives up with this conflict, which the API answers as any other)."""

    def __init__(self, number: int) -> None:
        super().__init__(f"round {number} was read while its parts were being written")
        self.number = number


T = TypeVar("T")

#: Reads of a round met half-way through a write before giving up (a write takes milliseconds).
READ_ATTEMPTS = 5


def read_whole(read: Callable[[], T]) -> T:
    """``read()``, done again while it meets a round half-way through a write (:class:`TornRound`)."""
    for _ in range(READ_ATTEMPTS - 1):
        try:
            return read()
        except TornRound:
            continue
    return read()

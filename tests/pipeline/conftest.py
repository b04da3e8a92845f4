"""The pipeline tests drive the API in process on moto, like the API tests, and re-use their fixtures.

moto backs every ``TransactWriteItems`` up by deep-copying each whole table it touches, so a transaction
costs time in proportion to the table: a 64-entrant Swiss writes ~200 matches (one transaction each) into
a table of ~1000 items and spends most of a minute copying. The fixture below keeps moto's own
transaction code and its rollback, but backs up only the items the transaction names (the only ones it
can change) and restores those on failure. And moto answers every request through a generic,
model-driven serializer, which costs more than the rest of a call; for the data-plane operations, whose
results moto already holds in wire form, the answer is the JSON of that result. Both are checked in
``test_pipeline_concurrency.py`` (``test_the_faster_fake_...``).
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

import pytest
from moto.dynamodb import models as dynamodb_models
from moto.dynamodb.models.table import Table
from moto.dynamodb.responses import DynamoResult

from tests.api import conftest as api_conftest
from tests.api.conftest import Api

api = api_conftest.api_on_moto  # the API tests' fixtures on moto, found here by name
moto_api = api_conftest.moto_api
clock = api_conftest.clock

_moto_transact = dynamodb_models.DynamoDBBackend.transact_write_items


class _CopyAllButTables:
    """Stands in for the ``copy`` module inside moto's DynamoDB backend: a table is "copied" as itself."""

    @staticmethod
    def deepcopy(value: Any, memo: Any = None) -> Any:
        return value if isinstance(value, Table) else copy.deepcopy(value, memo)


def _transact_backing_up_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
    saved: list[tuple[Table, Any, Any, Any]] = []
    for entry in transact_items:
        op = next(iter(entry.values()))
        table = self.tables.get(op.get("TableName"))
        if table is None:
            continue
        key = op.get("Key")
        if key is None:
            key = {table.hash_key_attr: op["Item"][table.hash_key_attr]}
            if table.range_key_attr is not None:
                key[table.range_key_attr] = op["Item"][table.range_key_attr]
        hash_key, range_key = self.get_keys_value(table, key)
        saved.append((table, hash_key, range_key, copy.deepcopy(table.get_item(hash_key, range_key))))
    try:
        _moto_transact(self, transact_items)
    except Exception:
        for table, hash_key, range_key, item in reversed(saved):
            if item is None:
                table.delete_item(hash_key, range_key)
            elif range_key is not None:
                table.items[hash_key][range_key] = item
            else:
                table.items[hash_key] = item
        raise


moto_execute_result = DynamoResult.execute_result
DATA_PLANE = frozenset(
    {
        "GetItem",
        "PutItem",
        "UpdateItem",
        "DeleteItem",
        "Query",
        "Scan",
        "BatchGetItem",
        "BatchWriteItem",
        "TransactWriteItems",
    }
)


def _json_result(self: DynamoResult, context: Any) -> Any:
    if context.operation_model.name not in DATA_PLANE:
        return moto_execute_result(self, context)
    return 200, {"Content-Type": "application/x-amz-json-1.0"}, json.dumps(self.result, default=_binary)


def _binary(value: Any) -> str:
    """A binary attribute's value (``B``) as the wire has it: base64 text."""
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


@pytest.fixture(autouse=True)
def _faster_moto() -> Iterator[None]:
    # Not the monkeypatch fixture: a test may undo its own patches without undoing these.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dynamodb_models, "copy", _CopyAllButTables)
        patch.setattr(dynamodb_models.DynamoDBBackend, "transact_write_items", _transact_backing_up_items)
        patch.setattr(DynamoResult, "execute_result", _json_result)
        yield


# ---------------------------------------------------------------------------------------------------
# An independent recount of a finished tournament, from what the API shows of its rounds and matches.
# It follows docs/standings.md and deliberately does not use scopa.domain.tournaments.standings or tally.


@dataclass(frozen=True)
class Line:
    """What one round gave one entrant, as read from the round and its match."""

    round: int
    kind: Literal["table", "bye", "absent"]
    score: float
    opponent: str | None = None
    led_first: bool | None = None
    points_for: int = 0
    points_against: int = 0


def read_rounds(api: Api, tournament_id: str, count: int) -> list[dict[str, Any]]:
    """``GET /tournaments/{id}/rounds/{n}`` for n = 1..count; every one closed."""
    out = []
    for number in range(1, count + 1):
        answer = api.call("GET", f"/tournaments/{tournament_id}/rounds/{number}")
        assert answer.status == 200, answer.body
        assert answer.body["number"] == number
        assert answer.body["status"] == "closed", answer.body
        out.append(answer.body)
    return out


def read_matches(api: Api, rounds: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``GET /matches/{id}`` for every game of every table."""
    out = {}
    for rnd in rounds:
        for table in rnd["tables"]:
            for match_id in table["games"]:
                answer = api.call("GET", f"/matches/{match_id}")
                assert answer.status == 200, answer.body
                out[match_id] = answer.body
    return out


def lines_of(
    tournament_id: str,
    entrant_ids: list[str],
    rounds: list[dict[str, Any]],
    matches: dict[str, dict[str, Any]],
    bye_points: float,
) -> dict[str, list[Line]]:
    """Every entrant's rounds, recomputed from the matches; checks each table agrees with its match."""
    lines: dict[str, list[Line]] = {eid: [] for eid in entrant_ids}
    for rnd in rounds:
        number = rnd["number"]
        seen: list[str] = []
        for table in rnd["tables"]:
            first, second = table["first"]["id"], table["second"]["id"]
            expected_id = f"m_{tournament_id.removeprefix('t_')}-r{number}-t{table['table']}-g1"
            assert table["games"] == [expected_id], table
            match = matches[expected_id]
            assert match["status"] == "finished", match
            assert match["tournament"] == {
                "tournament": tournament_id,
                "round": number,
                "table": table["table"],
                "game": 1,
            }
            assert [s["player_id"] for s in match["seats"]] == [first, second]
            result = match["result"]
            assert result["winners"] in ([first], [second]), result
            scores = result["scores"]
            won = 1.0 if result["winners"] == [first] else 0.0
            # The table's record agrees with its match.
            assert table["result"] == [won, 1.0 - won], (table, result)
            assert table["wins"] == [int(won), 1 - int(won)], (table, result)
            assert table["points"] == scores, (table, result)
            assert table["forfeit"] is False
            assert table["reason"] == result["reason"]
            lines[first].append(Line(number, "table", won, second, True, scores[0], scores[1]))
            lines[second].append(Line(number, "table", 1.0 - won, first, False, scores[1], scores[0]))
            seen += [first, second]
        for bye in rnd["byes"]:
            lines[bye["id"]].append(Line(number, "bye", bye_points))
            seen.append(bye["id"])
        assert len(seen) == len(set(seen)), f"round {number} has an entrant twice"
        for eid in entrant_ids:
            if eid not in seen:
                lines[eid].append(Line(number, "absent", 0.0))
    return lines


def lot(lot_seed: str, entrant_id: str) -> float:
    """The lot as docs/standings.md defines it: the first 48 bits of SHA-256(seed + id) in [0, 1)."""
    digest = hashlib.sha256((lot_seed + entrant_id).encode()).digest()
    return int.from_bytes(digest[:6], "big") / 2**48


def recount(
    lines: dict[str, list[Line]], through: int, order: list[str], lot_seed: str
) -> tuple[dict[str, dict[str, float]], list[str]]:
    """Every entrant's totals and tie-breaks after round ``through``, and the ranking they give."""
    upto = {eid: [x for x in xs if x.round <= through] for eid, xs in lines.items()}
    points = {eid: sum(x.score for x in xs) for eid, xs in upto.items()}
    values: dict[str, dict[str, float]] = {}
    for eid, xs in upto.items():
        tables = [x for x in xs if x.kind == "table"]
        # A round without a table counts a virtual opponent with the entrant's own final points.
        contributions = [
            points[x.opponent] if x.kind == "table" and x.opponent is not None else points[eid] for x in xs
        ]
        assert len(contributions) == through
        scored = sum(x.points_for for x in tables)
        conceded = sum(x.points_against for x in tables)
        values[eid] = {
            "points": points[eid],
            "played": len(tables),
            "wins": sum(1 for x in tables if x.score == 1.0),
            "draws": sum(1 for x in tables if x.score == 0.5),
            "losses": sum(1 for x in tables if x.score == 0.0),
            "byes": sum(1 for x in xs if x.kind == "bye"),
            "points_scored": scored,
            "points_conceded": conceded,
            "buchholz": sum(contributions),
            "buchholz_cut1": sum(contributions) - min(contributions) if contributions else 0.0,
            "sonneborn_berger": sum(x.score * points[x.opponent] for x in tables if x.opponent),
            "game_point_difference": scored - conceded,
            "lot": lot(lot_seed, eid),
        }
    # Successive refinement as a lexicographic key; direct encounter is computed inside each group tied
    # on points and on every tie-break before it.
    keys: dict[str, tuple[float, ...]] = {eid: (points[eid],) for eid in upto}
    for name in order:
        if name == "direct_encounter":
            groups: dict[tuple[float, ...], list[str]] = {}
            for eid, key in keys.items():
                groups.setdefault(key, []).append(eid)
            for group in groups.values():
                for eid, value in _direct_encounter(group, upto).items():
                    values[eid]["direct_encounter"] = value
        for eid in upto:
            keys[eid] = (*keys[eid], round(values[eid][name], 9))
    ranking = sorted(upto, key=lambda e: (*(-v for v in keys[e]), e))
    return values, ranking


def _direct_encounter(group: list[str], lines: dict[str, list[Line]]) -> dict[str, float]:
    if len(group) < 2:
        return dict.fromkeys(group, 0.0)
    members = set(group)
    met = {
        frozenset((eid, x.opponent))
        for eid in group
        for x in lines[eid]
        if x.kind == "table" and x.opponent in members
    }
    if len(met) < len(group) * (len(group) - 1) // 2:
        return dict.fromkeys(group, 0.0)
    return {
        eid: sum(x.score for x in lines[eid] if x.kind == "table" and x.opponent in members) for eid in group
    }


TOTALS = ("points", "played", "wins", "draws", "losses", "byes", "points_scored", "points_conceded")


def assert_standings_match(
    api: Api, tournament_id: str, lines: dict[str, list[Line]], through: int, final: bool = False
) -> list[dict[str, Any]]:
    """The API's standings after round ``through`` equal the recount, row by row and in order."""
    query = None if final else {"round": str(through)}
    answer = api.call("GET", f"/tournaments/{tournament_id}/standings", query=query)
    assert answer.status == 200, answer.body
    body = answer.body
    assert body["after_round"] == through
    order = body["tiebreaks"]
    assert order[-1] == "lot"
    values, ranking = recount(lines, through, order, body["lot_seed"])
    rows = body["standings"]
    assert [r["rank"] for r in rows] == list(range(1, len(lines) + 1))
    assert {r["entrant"] for r in rows} == set(lines)
    for row in rows:
        mine = values[row["entrant"]]
        for name in TOTALS:
            assert row[name] == pytest.approx(mine[name]), (through, row["entrant"], name, row, mine)
        assert list(row["tiebreaks"]) == order
        for name in order:
            assert row["tiebreaks"][name] == pytest.approx(mine[name], abs=1e-9), (
                through,
                row["entrant"],
                name,
                row,
                mine,
            )
    points = [r["points"] for r in rows]
    assert points == sorted(points, reverse=True)
    assert [r["entrant"] for r in rows] == ranking
    return list(rows)

"""``scopa backup`` and ``scopa restore``: every item back exactly, and the restored table works the same.

A table is filled through the API (players, a match under way, finished matches rated and one waiting to
be rated, a Swiss played to the end, an idempotency record with its expiry time), backed up with the
command, and restored into a new table. The restored table holds the same items; the API reads the same
answers from it; and the same next steps (a move in the match under way, a pipeline run that rates the
waiting match) give the same answers and leave the same table as on the original.
"""

from __future__ import annotations

import gzip
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from moto.dynamodb.responses import DynamoResult

from api import context, idempotency
from tests.api.conftest import Answer, Api
from tests.api.support import SEED, new_match, play, play_to_end
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_pipeline
from tests.faults.conftest import Ids
from tests.faults.table import check_whole, is_idempotency_record
from tests.pipeline.conftest import moto_execute_result
from tools import backup
from tools.cli import main

RESTORED = "scopa-restored"


def scan_of(name: str) -> dict[tuple[str, str], dict[str, Any]]:
    items: dict[tuple[str, str], dict[str, Any]] = {}
    for item in backup.scan_items(context.dynamodb_client(), name):
        items[(item["pk"]["S"], item["sk"]["S"])] = item
    return items


def use_table(monkeypatch: pytest.MonkeyPatch, api: Api, name: str) -> None:
    """Point the API (and the pipeline) at another table of the same moto backend."""
    monkeypatch.setenv("TABLE_NAME", name)
    context.reset()
    idempotency.reset()
    context.use_clock(api.clock)


def fill(api: Api) -> dict[str, Any]:
    """A table with something of everything; what the reads and next steps below need to know."""
    ada = api.call("POST", "/players", {"name": "Ada"}, headers={"Idempotency-Key": "reg-ada"}).body
    ada_id, ada_token = ada["player"]["id"], ada["token"]
    bob_id, bob_token = api.register("Bob")
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    enter_bots(api, olga, t["id"], 4, kinds=("greedy", "random"))
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    for _ in range(10):
        api.clock.advance(10)
        run_pipeline()
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "finished"
    # No seed: a match whose creator chose the seed is never rated.
    finished = play_to_end(api, new_match(api, ada_token, [ada_id, "bot-random"], target=1), ada_token)
    api.clock.advance(10)
    assert run_pipeline()["rated"] >= 1
    under_way = new_match(api, ada_token, [ada_id, "bot-greedy"], seed=SEED)
    for _ in range(3):
        answer = play(api, under_way, ada_token)
        assert answer.status == 200, answer.body
        under_way = answer.body
    waiting = play_to_end(api, new_match(api, bob_token, [bob_id, "bot-greedy"], target=1), bob_token)
    assert waiting["status"] == "finished"  # rated by the next pipeline run, once it has settled
    return {
        "ada": (ada_id, ada_token),
        "bob": (bob_id, bob_token),
        "tournament": t["id"],
        "finished": finished["id"],
        "under_way": under_way,
    }


def reads(api: Api, world: dict[str, Any]) -> list[tuple[str, int, Any]]:
    ada_id, ada_token = world["ada"]
    bob_id, _ = world["bob"]
    t = world["tournament"]
    paths = [
        (f"/players/{ada_id}", None),
        (f"/players/{ada_id}/matches", None),
        (f"/players/{bob_id}/matches", None),
        (f"/matches/{world['under_way']['id']}", ada_token),
        (f"/matches/{world['under_way']['id']}", None),
        (f"/matches/{world['finished']}/record", None),
        (f"/tournaments/{t}", None),
        (f"/tournaments/{t}/entries", None),
        (f"/tournaments/{t}/rounds/1", None),
        (f"/tournaments/{t}/rounds/2", None),
        (f"/tournaments/{t}/standings", None),
        ("/rankings/scopa", None),
        (f"/rankings/scopa?tournament={t}", None),
        (f"/players/{ada_id}/ratings", None),
        ("/me", ada_token),
    ]
    out = []
    for path, token in paths:
        route, _, query = path.partition("?")
        params = dict([query.split("=", 1)]) if query else None
        answer = api.call("GET", route, token=token, query=params)
        assert answer.status == 200, (path, answer.body)
        out.append((path, answer.status, answer.body))
    return out


def next_steps(api: Api, ids: Ids, world: dict[str, Any]) -> tuple[list[Answer], dict[str, Any]]:
    """A move in the match under way, the same registration retried, a pipeline run that rates."""
    ids.reset()
    _, ada_token = world["ada"]
    moved = play(api, world["under_way"], ada_token)
    replay = api.call("POST", "/players", {"name": "Ada"}, headers={"Idempotency-Key": "reg-ada"})
    api.clock.advance(10)
    report = run_pipeline()
    return [moved, replay], report


def test_a_restored_table_holds_every_item_and_answers_the_same(
    api: Api, ids: Ids, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a table filled through the API
    world = fill(api)
    name = os.environ["TABLE_NAME"]
    original = scan_of(name)
    check_whole(original)
    kinds = {v["type"]["S"] for k, v in original.items() if not is_idempotency_record(k)}
    assert {"player", "match", "tournament", "round", "entry", "rating", "rated_match"} <= kinds
    idem = [v for k, v in original.items() if is_idempotency_record(k)]
    assert idem
    assert all("expires_at" in v for v in idem)  # the TTL attribute
    started = api.clock.now()

    # When the command backs it up (compressed, two parallel segments) and restores it into a new table
    path = tmp_path / "backup" / "scopa.ndjson.gz"
    assert main(["backup", "--table", name, "--out", str(path), "--segments", "2", "--quiet"]) == 0
    assert main(["restore", "--table", RESTORED, "--in", str(path), "--quiet"]) == 0
    err = capsys.readouterr().err
    assert f"{len(original)} items of {name} written" in err
    assert f"{len(original)} items from {path} written to {RESTORED} (table created)" in err
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    header, end = json.loads(lines[0]), json.loads(lines[-1])
    assert (header["format"], header["version"], header["table"]) == ("scopa-dynamodb-backup", 1, name)
    assert end == {"end": True, "items": len(original)}
    assert len(lines) == len(original) + 2

    # Then every item is back, exactly
    assert scan_of(RESTORED) == original
    # The API reads the same answers from the restored table
    before = reads(api, world)
    steps, report = next_steps(api, ids, world)
    after_on_original = scan_of(name)
    use_table(monkeypatch, api, RESTORED)
    api.clock.t = started
    assert reads(api, world) == before
    # and the same next steps give the same answers and leave the same table
    again, report_again = next_steps(api, ids, world)
    assert [(a.status, a.body) for a in again] == [(a.status, a.body) for a in steps]
    assert steps[0].status == 200  # the match under way went on
    assert steps[1].body["player"]["id"] == world["ada"][0]  # the idempotency record answered
    assert report_again == report
    assert report["rated"] == 1  # the waiting match, rated on either table
    assert report["errors"] == {}
    assert without_idempotency(scan_of(RESTORED)) == without_idempotency(after_on_original)


def without_idempotency(
    items: dict[tuple[str, str], dict[str, Any]],
) -> dict[tuple[str, str], dict[str, Any]]:
    return {k: v for k, v in items.items() if not is_idempotency_record(k)}


RICH: dict[str, Any] = {
    "pk": {"S": "X#1"},
    "sk": {"S": "ünïcode ✓"},
    "n": {"N": "-12.50"},
    "big": {"N": "123456789012345678901234567890"},
    "b": {"B": b"\x00\xffbinary"},
    "bs": {"BS": [b"a", b"\x01"]},
    "ss": {"SS": ["x", "y"]},
    "ns": {"NS": ["1", "2.5"]},
    "flag": {"BOOL": False},
    "none": {"NULL": True},
    "l": {"L": [{"S": "a"}, {"N": "1"}, {"M": {"deep": {"B": b"\x02"}}}]},
    "m": {"M": {"k": {"L": []}, "e": {"S": ""}}},
    "expires_at": {"N": "1800000000"},
}


def test_every_attribute_type_round_trips_and_restore_streams_in_batches_retrying_leftovers(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The faster fake's answers are plain JSON, which holds no binary: moto's own serializer here.
    monkeypatch.setattr(DynamoResult, "execute_result", moto_execute_result)
    client = context.dynamodb_client()
    name = os.environ["TABLE_NAME"]
    items: list[dict[str, Any]] = [RICH] + [
        {"pk": {"S": f"P#{i}"}, "sk": {"S": "S"}, "i": {"N": str(i)}} for i in range(60)
    ]
    for item in items:
        client.put_item(TableName=name, Item=item)
    out = io.StringIO()
    assert backup.backup(client, name, out) == len(items)
    text = out.getvalue()
    assert len(text.splitlines()) == len(items) + 2

    # Restore reads the file as it writes; the first try of each batch leaves half of it unprocessed.
    consumed: list[int] = []

    def source() -> Iterator[str]:
        for number, line in enumerate(text.splitlines(keepends=True), start=1):
            consumed.append(number)
            yield line

    flaky = HalfUnprocessed(client, consumed)
    sleeps: list[float] = []
    assert backup.restore(flaky, RESTORED, source(), sleep=sleeps.append) == len(items)  # type: ignore[arg-type]
    # Streaming: the first batch went out when the header and 25 items had been read, not the whole file.
    assert flaky.read_at_first_write == 1 + backup.BATCH
    assert [len(r) for r in flaky.requests] == [25, 13, 25, 13, 11, 6]  # each batch, then its leftovers
    # One back-off before each batch's leftovers: the first retry's 0.05 s, half of it jittered.
    assert len(sleeps) == 3
    assert all(0.025 <= s <= 0.05 for s in sleeps)
    restored = {(i["pk"]["S"], i["sk"]["S"]): i for i in backup.scan_items(client, RESTORED, segments=3)}
    assert restored == {(i["pk"]["S"], i["sk"]["S"]): i for i in items}
    assert restored[("X#1", "ünïcode ✓")] == RICH


class HalfUnprocessed:
    """A client whose first try of each batch writes only half of it and hands the rest back."""

    def __init__(self, client: Any, consumed: list[int]) -> None:
        self._client = client
        self._consumed = consumed
        self.requests: list[list[Any]] = []
        self.read_at_first_write: int | None = None
        self._retry = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def batch_write_item(self, RequestItems: dict[str, list[Any]]) -> dict[str, Any]:
        if self.read_at_first_write is None:
            self.read_at_first_write = len(self._consumed)
        ((table, requests),) = RequestItems.items()
        self.requests.append(requests)
        if self._retry:
            self._retry = False
            return dict(self._client.batch_write_item(RequestItems=RequestItems))
        self._retry = True
        half = len(requests) // 2
        self._client.batch_write_item(RequestItems={table: requests[:half]})
        return {"UnprocessedItems": {table: requests[half:]}}


def test_restore_refuses_a_table_with_items_a_cut_file_and_a_file_that_is_no_backup(
    api: Api, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = context.dynamodb_client()
    name = os.environ["TABLE_NAME"]
    api.register("Ada")
    capsys.readouterr()  # the handler's metrics lines
    # Standard output when no file is named: the shell redirects it.
    assert main(["backup", "--table", name, "--quiet"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "plain.ndjson"
    path.write_text(text, encoding="utf-8")
    count = json.loads(text.splitlines()[-1])["items"]
    assert count == 2  # the profile and its name-index item (a signed token has no item of its own)

    # A table that holds items is refused unless forced (and then overwritten item by item).
    assert main(["restore", "--table", name, "--in", str(path), "--quiet"]) == 1
    assert f"table {name} is not empty" in capsys.readouterr().err
    assert main(["restore", "--table", name, "--in", str(path), "--quiet", "--force"]) == 0
    assert len(scan_of(name)) == count

    # Standard input works too.
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["restore", "--table", "from-stdin", "--in", "-", "--quiet"]) == 0
    assert scan_of("from-stdin") == scan_of(name)

    # A file cut short is noticed (what it held is written; the command fails and says so).
    cut = tmp_path / "cut.ndjson"
    cut.write_text("".join(text.splitlines(keepends=True)[:-1]), encoding="utf-8")
    assert main(["restore", "--table", "cut", "--in", str(cut), "--quiet"]) == 1
    assert f"cut short after {count} items" in capsys.readouterr().err

    # Something that is no backup creates no table.
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}\n', encoding="utf-8")
    assert main(["restore", "--table", "never", "--in", str(other), "--quiet"]) == 1
    assert "not a scopa-dynamodb-backup file" in capsys.readouterr().err
    assert "never" not in client.list_tables()["TableNames"]
    assert main(["restore", "--table", "never", "--in", str(tmp_path / "missing.gz"), "--quiet"]) == 1
    assert "No such file" in capsys.readouterr().err

"""The DynamoDB codec: items typed by boto3's serializer in the format the table always held, and batch
requests whose unprocessed part is sent again after growing, jittered waits, then given up loudly."""

from __future__ import annotations

import hashlib
import itertools
from decimal import Decimal
from typing import Any

import pytest

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    PACK_FORMAT,
    PACK_FORMATS,
    Backoff,
    UnprocessedItems,
    as_json,
    batch_get,
    batch_write,
    from_item,
    item_key,
    pack,
    send_batch,
    to_item,
    unpack,
)
from scopa.adapters.dynamodb.players_matches import DynamoRepository
from scopa.adapters.dynamodb.ratings import DynamoRatingRepository
from scopa.adapters.dynamodb.tournaments import DynamoTournamentRepository
from scopa.application.ports.matches import Match
from scopa.domain.ratings.ledger import PlayerRating
from scopa.domain.ratings.pools import DEFAULT_POOLS
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
)
from tests.storage.conftest import TABLE

# ---------------------------------------------------------------------------------------------- items


def test_plain_values_become_typed_attributes_and_come_back() -> None:
    plain = {"s": "ünï", "i": 42, "neg": -7, "d": Decimal("2.5"), "b": True, "none": None, "l": [1, "x"]}
    typed = to_item(plain)
    assert typed == {
        "s": {"S": "ünï"},
        "i": {"N": "42"},
        "neg": {"N": "-7"},
        "d": {"N": "2.5"},
        "b": {"BOOL": True},
        "none": {"NULL": True},
        "l": {"L": [{"N": "1"}, {"S": "x"}]},
    }
    back = from_item(typed)
    assert back == plain
    # Whole numbers come back as int (also nested), a fraction stays an exact Decimal.
    assert type(back["i"]) is int
    assert type(back["l"][0]) is int
    assert back["d"] == Decimal("2.5")
    assert type(back["d"]) is Decimal


def test_a_float_is_refused_so_it_is_stored_as_text_on_purpose() -> None:
    with pytest.raises(TypeError):
        to_item({"elo": 1500.5})
    assert to_item({"elo": repr(1516.123456789)}) == {"elo": {"S": "1516.123456789"}}
    assert as_json({"r": [0.1, "ü"]}) == '{"r":[0.1,"ü"]}'  # compact, non-ASCII kept


def test_a_key_is_two_string_attributes() -> None:
    assert item_key("PLAYER#p_1", "PROFILE") == {"pk": {"S": "PLAYER#p_1"}, "sk": {"S": "PROFILE"}}


# ---------------------------------------------------------------------------------------------- stored format

MATCH = Match(
    id="m_1",
    game="scopa",
    preset="classic",
    rules={"target": 11},
    seats=["p_ada", "p_bob"],
    names=["Ådá", "Bob"],
    status="finished",
    version=3,
    state={"result": None},
    moves=["a1", "b2"],
    created_at="2027-01-02T00:00:00.000Z",
    updated_at="2027-01-02T00:10:00.000Z",
    created_by="p_ada",
    move_seconds=60,
    deadline=1_800_000_000,
    accepted=[True, True],
    rating="pending",
    origin={"digest": "d"},
    seeded=True,
)

# A match item exactly as the table (and every backup file) held it before packing: it must still load.
MATCH_ITEM = {
    "pk": {"S": "MATCH#m_1"},
    "sk": {"S": "MATCH"},
    "type": {"S": "match"},
    "id": {"S": "m_1"},
    "game": {"S": "scopa"},
    "preset": {"S": "classic"},
    "rules": {"S": '{"target":11}'},
    "seats": {"S": '["p_ada", "p_bob"]'},
    "names": {"S": '["Ådá", "Bob"]'},
    "status": {"S": "finished"},
    "version": {"N": "3"},
    "state": {"S": '{"result":null}'},
    "moves": {"S": "a1 b2"},
    "created_at": {"S": "2027-01-02T00:00:00.000Z"},
    "updated_at": {"S": "2027-01-02T00:10:00.000Z"},
    "created_by": {"S": "p_ada"},
    "move_seconds": {"N": "60"},
    "accepted": {"S": "[true, true]"},
    "deadline": {"N": "1800000000"},
    "rating": {"S": "pending"},
    "gsi1pk": {"S": "UNRATED"},
    "gsi1sk": {"S": "2027-01-02T00:10:00.000Z#m_1"},
    "origin": {"S": '{"digest":"d"}'},
    "seeded": {"BOOL": True},
}


def test_a_match_is_stored_packed_with_its_keys_indexes_and_version_beside(
    repo: DynamoRepository, client: Any
) -> None:
    repo.create_match(MATCH)
    stored = client.get_item(TableName=TABLE, Key=item_key("MATCH#m_1", "MATCH"))["Item"]
    document = stored.pop("doc")["B"]
    assert stored == {
        name: MATCH_ITEM[name]
        for name in ("pk", "sk", "type", "status", "version", "rating", "gsi1pk", "gsi1sk")
    }
    assert document[0] == PACK_FORMAT == 1
    assert unpack(document) == {
        "game": "scopa",
        "preset": "classic",
        "rules": {"target": 11},
        "seats": ["p_ada", "p_bob"],
        "names": ["Ådá", "Bob"],
        "state": {"result": None},
        "moves": ["a1", "b2"],
        "created_at": "2027-01-02T00:00:00.000Z",
        "updated_at": "2027-01-02T00:10:00.000Z",
        "created_by": "p_ada",
        "move_seconds": 60,
        "accepted": [True, True],
        "deadline": 1_800_000_000,
        "origin": {"digest": "d"},
        "seeded": True,
    }
    assert repo.get_match("m_1") == MATCH


def test_every_pack_format_keeps_its_dictionary_forever() -> None:
    # A format's dictionary is part of every item written in it: changing it would make them unreadable.
    # A new dictionary is a new format number (and this table gets a line); no line here ever changes.
    pinned = {1: "7f671b895d910e8912fefdb42c5e0510821a5725f30bbb3922450669e6808458"}
    assert {fmt: hashlib.sha256(d).hexdigest() for fmt, d in PACK_FORMATS.items()} == pinned
    for fmt in PACK_FORMATS:
        document = {"moves": ["1:Ad", "0:7d>7c"], "names": ["Ådá"], "n": 3}
        assert unpack(pack(document, fmt)) == document


def test_an_item_restored_from_an_old_backup_reads_back(repo: DynamoRepository, client: Any) -> None:
    client.put_item(TableName=TABLE, Item=MATCH_ITEM)
    assert repo.get_match("m_1") == MATCH
    assert repo.get_matches(["m_1", "m_1", "m_none"]) == {"m_1": MATCH}


def test_floats_of_entries_and_ratings_stay_text(client: Any) -> None:
    tournaments = DynamoTournamentRepository(client, TABLE)
    tournaments.create_tournament(
        TournamentRecord(
            "t_1", "Cup", None, "p_a", "2027-01-04T00:00:00.000Z", "2027-01-04T00:00:00.000Z", {}, "running"
        ),
        AuditEntry("2027-01-04T00:00:00.000Z", "p_a", "create", {}),
    )
    entry = EntryRecord("e_1", "Pair", ["p_a", "p_b"], 1612.25, "2027-01-04T01:00:00.000Z", "p_a")
    tournaments.add_entry("t_1", entry, 8, ("running",))
    rnd = RoundRecord(
        1, [TableRecord(1, "e_1", "e_2", result=[0.5, 0.5])], [], "2027-01-05T00:00:00.000Z", manual=True
    )
    tournaments.create_round("t_1", rnd)
    stored_entry = client.get_item(TableName=TABLE, Key=item_key("TOURNAMENT#t_1", keys.entry_sk("e_1")))
    assert stored_entry["Item"]["rating"] == {"S": "1612.25"}
    assert stored_entry["Item"]["players"] == {"S": '["p_a","p_b"]'}
    assert stored_entry["Item"]["joined_round"] == {"N": "1"}
    stored_round = client.get_item(TableName=TABLE, Key=item_key("TOURNAMENT#t_1", keys.round_sk(1)))["Item"]
    assert stored_round["manual"] == {"BOOL": True}
    assert stored_round["tables"]["S"].startswith('[{"table":1,"first":"e_1","second":"e_2"')
    bundle = tournaments.load("t_1")
    assert bundle is not None
    assert bundle.entries == [entry]
    assert bundle.rounds == [rnd]
    assert bundle.tournament.current_round == 1

    ratings = DynamoRatingRepository(client, TABLE, shards=2)
    pool = DEFAULT_POOLS[0]
    rating = PlayerRating(1516.123456789, 1, False, 1662.3120134, 290.31, 0.0599993, 1.8e9, 1, 1, 0, 0)
    assert ratings.replace_all(pool, {"p_a": rating}, {"p_a": "Ada"}) == 1
    stored = client.get_item(TableName=TABLE, Key=item_key("PLAYER#p_a", keys.rating_sk(pool.id)))["Item"]
    assert stored["ratings"] == {
        "S": "[1516.123456789,1,false,1662.3120134,290.31,0.0599993,1800000000.0,1,1,0,0]"
    }
    assert stored["version"] == {"N": "1"}
    assert ratings.get_ratings(pool.id, ["p_a"])["p_a"].rating == rating


# ---------------------------------------------------------------------------------------------- batches


class Flaky:
    """A fake client whose batch calls leave the last ``keep`` requests unprocessed ``times`` times."""

    def __init__(self, times: int, keep: int = 1) -> None:
        self.times = times
        self.keep = keep
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.stored: list[dict[str, Any]] = []

    def batch_write_item(self, RequestItems: dict[str, Any]) -> dict[str, Any]:
        self.calls.append(("write", RequestItems))
        ((table, requests),) = RequestItems.items()
        done, left = self._split(requests)
        self.stored.extend(r["PutRequest"]["Item"] for r in done)
        return {"UnprocessedItems": {table: left}} if left else {"UnprocessedItems": {}}

    def batch_get_item(self, RequestItems: dict[str, Any]) -> dict[str, Any]:
        self.calls.append(("get", RequestItems))
        ((table, request),) = RequestItems.items()
        done, left = self._split(request["Keys"])
        answer: dict[str, Any] = {"Responses": {table: [{**k, "found": {"BOOL": True}} for k in done]}}
        answer["UnprocessedKeys"] = {table: {**request, "Keys": left}} if left else {}
        return answer

    def _split(self, requests: list[Any]) -> tuple[list[Any], list[Any]]:
        if self.times <= 0:
            return requests, []
        self.times -= 1
        cut = max(0, len(requests) - self.keep)
        return requests[:cut], requests[cut:]


def puts(count: int) -> list[dict[str, Any]]:
    return [{"PutRequest": {"Item": item_key(f"P#{i}", "S")}} for i in range(count)]


def test_unprocessed_writes_are_resent_after_growing_jittered_waits() -> None:
    client = Flaky(times=3, keep=2)
    sleeps: list[float] = []
    jitter = itertools.cycle([0.0, 0.5, 0.99])
    backoff = Backoff(attempts=5, base=0.1, cap=10.0, sleep=sleeps.append, jitter=lambda: next(jitter))
    processed: list[int] = []
    answers = send_batch(client, "batch_write_item", {"t": puts(5)}, backoff, processed.append)
    # The first call and three resends of exactly what was left; the last one took everything.
    assert [len(r["t"]) for _, r in client.calls] == [5, 2, 2, 2]
    assert client.calls[1][1]["t"] == puts(5)[3:]
    assert len(answers) == 4
    assert processed == [3, 0, 0, 2]
    assert len(client.stored) == 5
    # A wait before each resend: ceiling 0.1, 0.2, 0.4, half of it fixed and half jittered.
    assert sleeps == pytest.approx([0.05, 0.15, 0.398])
    assert all(later > earlier for earlier, later in itertools.pairwise(sleeps))


def test_a_batch_still_unprocessed_after_the_last_attempt_raises() -> None:
    client = Flaky(times=100)
    sleeps: list[float] = []
    backoff = Backoff(attempts=6, base=0.05, cap=0.5, sleep=sleeps.append, jitter=lambda: 1.0)
    with pytest.raises(UnprocessedItems, match="1 requests still unprocessed after 6 attempts") as raised:
        send_batch(client, "batch_write_item", {"t": puts(3)}, backoff)
    assert raised.value.left == 1
    assert len(client.calls) == 6  # bounded: no call after the last attempt
    assert sleeps == pytest.approx([0.05, 0.1, 0.2, 0.4, 0.5])  # full ceilings here, capped at 0.5


def test_batch_write_splits_into_calls_of_25() -> None:
    client = Flaky(times=0)
    sleeps: list[float] = []
    batch_write(client, "t", puts(60), Backoff(sleep=sleeps.append))
    assert sleeps == []  # nothing left unprocessed: no wait
    assert [len(r["t"]) for _, r in client.calls] == [25, 25, 10]
    assert len(client.stored) == 60


def test_batch_get_collects_every_answer_and_resends_unprocessed_keys() -> None:
    client = Flaky(times=2, keep=40)
    sleeps: list[float] = []
    wanted = [item_key(f"P#{i}", "S") for i in range(130)]
    found = batch_get(client, "t", [*wanted, wanted[0]], True, Backoff(sleep=sleeps.append), Select="X")
    # 100 keys a request; duplicates read once; the leftovers of the first request sent twice more.
    assert [(len(r["t"]["Keys"]), r["t"]["ConsistentRead"], r["t"]["Select"]) for _, r in client.calls] == [
        (100, True, "X"),
        (40, True, "X"),
        (40, True, "X"),
        (30, True, "X"),
    ]
    assert len(sleeps) == 2
    assert sorted(from_item(i)["pk"] for i in found) == sorted(f"P#{i}" for i in range(130))


class HalfUnprocessed:
    """The real (moto) client, except that the first try of every batch call processes only half of it."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self.calls: list[int] = []  # requests (writes or keys) sent by each batch call
        self._retry = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def batch_write_item(self, RequestItems: dict[str, Any]) -> dict[str, Any]:
        ((table, requests),) = RequestItems.items()
        self.calls.append(len(requests))
        if self._retry:
            self._retry = False
            return dict(self._client.batch_write_item(RequestItems=RequestItems))
        self._retry = True
        half = len(requests) // 2
        self._client.batch_write_item(RequestItems={table: requests[:half]})
        return {"UnprocessedItems": {table: requests[half:]}}

    def batch_get_item(self, RequestItems: dict[str, Any]) -> dict[str, Any]:
        ((table, request),) = RequestItems.items()
        self.calls.append(len(request["Keys"]))
        if self._retry:
            self._retry = False
            return dict(self._client.batch_get_item(RequestItems=RequestItems))
        self._retry = True
        half = len(request["Keys"]) // 2
        answer = dict(
            self._client.batch_get_item(RequestItems={table: {**request, "Keys": request["Keys"][:half]}})
        )
        answer["UnprocessedKeys"] = {table: {**request, "Keys": request["Keys"][half:]}}
        return answer


def test_a_recompute_and_a_rating_read_survive_unprocessed_batches(client: Any) -> None:
    flaky = HalfUnprocessed(client)
    sleeps: list[float] = []
    ratings = DynamoRatingRepository(flaky, TABLE, shards=2, backoff=Backoff(sleep=sleeps.append))
    pool = DEFAULT_POOLS[0]
    new = {
        f"p_{i:02d}": PlayerRating(1500.0 + i, i, False, 1500.5 + i, 300.0, 0.06, None, i, i, 0, 0)
        for i in range(30)
    }
    assert ratings.replace_all(pool, new, {}) == 30
    assert flaky.calls == [25, 13, 5, 3]  # each batch of 25 at most, then what it left
    got = ratings.get_ratings(pool.id, list(new))
    assert flaky.calls[4:] == [30, 15]
    assert {p: s.rating for p, s in got.items()} == new
    assert len(sleeps) == 3
    assert all(0.025 <= s <= 0.05 for s in sleeps)  # the first retry's wait, half of it jittered


def test_a_match_read_survives_unprocessed_keys(repo: DynamoRepository, client: Any) -> None:
    client.put_item(TableName=TABLE, Item=MATCH_ITEM)
    client.put_item(
        TableName=TABLE, Item={**MATCH_ITEM, **item_key("MATCH#m_2", "MATCH"), "id": {"S": "m_2"}}
    )
    flaky = HalfUnprocessed(client)
    sleeps: list[float] = []
    matches = DynamoRepository(flaky, TABLE, backoff=Backoff(sleep=sleeps.append)).get_matches(["m_1", "m_2"])
    assert sorted(matches) == ["m_1", "m_2"]
    assert flaky.calls == [2, 1]
    assert len(sleeps) == 1

"""The pipeline is safe to run twice at once and again after a failure at any write.

* two threads run the pipeline on the same tournament at the same time;
* a race for the same write is made deterministic: a whole other run goes first, just before it;
* a run fails at every single write in turn (before the write, or after it with the answer lost), and
  a clean re-run finishes the tournament exactly as a run without faults does.

The tournaments start by their ``starts_at`` (the pipeline itself starts them), so everything after the
entries is the pipeline's work. Every run is deterministic (the deals come from the tournament's seed,
the bots' moves from the match ids, the clock does not move), so the table a faulty or concurrent
execution ends with must equal, item for item, the one a clean sequential execution ends with.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from botocore.exceptions import ClientError
from moto.dynamodb.responses import DynamoResult

from api import context
from pipeline.handler import PipelineRunFailed
from pipeline.handler import handler as pipeline_handler
from scopa.adapters.dynamodb.codec import unpack
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.adapters.dynamodb.tournaments import DynamoTournamentRepository
from scopa.application.clock import iso
from scopa.application.ports.conflict import WriteConflict
from scopa.application.services.pipeline import PipelineReport, match_id
from scopa.application.wiring import ServiceSet
from scopa.domain.tournaments.records import AuditEntry, RoundRecord, TournamentRecord
from tests.api.conftest import Api
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_until_finished
from tests.forks import Branch, Forks, raise_again
from tests.pipeline.conftest import (
    assert_standings_match,
    lines_of,
    moto_execute_result,
    read_matches,
    read_rounds,
)
from tools.apigw import FakeLambdaContext

WRITES = frozenset({"put_item", "transact_write_items", "update_item", "delete_item", "batch_write_item"})
CONFLICT = "conflict: read again"
Key = tuple[str, str]


def table_name() -> str:
    return os.environ["TABLE_NAME"]


def raw() -> Any:
    """The API's own client on the moto table (no wrapper)."""
    return context.dynamodb_client()


# ---------------------------------------------------------------------------------- client wrappers


class LockedClient:
    """Each DynamoDB call runs alone (atomic, like one real request); between two calls threads interleave.

    moto's backend is not safe under threads (a failed transaction restores a copy of the whole table),
    so the lock stands in for DynamoDB's own per-request atomicity. It does not make a read and a later
    conditional write atomic: that is what the pipeline must cope with.
    """

    def __init__(self, client: Any, lock: threading.Lock, calls: list[str], name: str) -> None:
        self._client = client
        self._lock = lock
        self._calls = calls
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        method = getattr(self._client, attr)
        if not callable(method):
            return method

        def call(*args: Any, **kwargs: Any) -> Any:
            with self._lock:
                self._calls.append(self._name)
                result = method(*args, **kwargs)
            time.sleep(0)  # give the other thread its turn between two calls
            return result

        return call


class FaultyClient:
    """Counts the write calls; the ``fail_at``-th one raises a server error, before or after it is applied.

    With ``touching``, the fault hits the first write whose request mentions that string instead. With
    ``forks``, every write is a fork point (:mod:`tests.forks`): the run stays clean, and the child forked
    at the k-th write fails that one, with the error code ``codes(k)`` (default: ``code``).
    """

    def __init__(
        self,
        client: Any,
        fail_at: int | None = None,
        applied: bool = False,
        code: str = "InternalServerError",
        touching: str | None = None,
        forks: Forks[str] | None = None,
        codes: Callable[[int], str] | None = None,
    ) -> None:
        self._client = client
        self.fail_at = fail_at
        self.applied = applied  # True: the write happens and only its answer is lost
        self.code = code
        self.touching = touching
        self.forks = forks
        self.codes = codes
        self.writes = 0
        self.failed: str | None = None  # the operation that failed

    def __getattr__(self, attr: str) -> Any:
        method = getattr(self._client, attr)
        if attr not in WRITES:
            return method

        def call(*args: Any, **kwargs: Any) -> Any:
            self.writes += 1
            if self.forks is not None:
                code = self.codes(self.writes) if self.codes is not None else self.code
                taken = self.forks.branch(self.writes, [code])
                hit = taken is not None
                self.code = taken or self.code
            elif self.touching is not None:
                hit = self.failed is None and self.touching in json.dumps(kwargs)
            else:
                hit = self.writes == self.fail_at
            if not hit:
                return method(*args, **kwargs)
            self.failed = attr
            if self.applied:
                with contextlib.suppress(ClientError):
                    method(*args, **kwargs)
            raise ClientError({"Error": {"Code": self.code, "Message": "injected fault"}}, attr)

        return call


# ---------------------------------------------------------------------------------- the table


def scan(client: Any) -> dict[Key, dict[str, Any]]:
    items: dict[Key, dict[str, Any]] = {}
    kwargs: dict[str, Any] = {"TableName": table_name(), "ConsistentRead": True}
    while True:
        page = client.scan(**kwargs)
        for item in page["Items"]:
            items[(item["pk"]["S"], item["sk"]["S"])] = item
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def restore(
    client: Any, snapshot: dict[Key, dict[str, Any]], now: dict[Key, dict[str, Any]] | None = None
) -> None:
    """Put the table back as it was: delete what is new, batch-write back what changed or went missing.
    ``now``: the table's content, when just scanned."""
    now = scan(client) if now is None else now
    requests = [
        {"DeleteRequest": {"Key": {"pk": {"S": pk}, "sk": {"S": sk}}}}
        for pk, sk in now.keys() - snapshot.keys()
    ]
    requests += [{"PutRequest": {"Item": item}} for key, item in snapshot.items() if now.get(key) != item]
    for start in range(0, len(requests), 25):
        pending: dict[str, Any] = {table_name(): requests[start : start + 25]}
        while pending:
            pending = client.batch_write_item(RequestItems=pending).get("UnprocessedItems") or {}


def diff(got: dict[Key, dict[str, Any]], want: dict[Key, dict[str, Any]]) -> list[str]:
    """A readable difference of two table contents (empty when equal). Audit entries have a random
    nonce in their key, so they are compared by content, as a list."""
    got_audit, want_audit = audit_of(got), audit_of(want)
    got = {k: v for k, v in got.items() if v["type"]["S"] != "audit"}
    want = {k: v for k, v in want.items() if v["type"]["S"] != "audit"}
    out = [f"missing {k}" for k in sorted(want.keys() - got.keys())]
    out += [f"extra {k}: {got[k].get('type')}" for k in sorted(got.keys() - want.keys())]
    for k in sorted(want.keys() & got.keys()):
        if got[k] != want[k]:
            fields = sorted(f for f in got[k].keys() | want[k].keys() if got[k].get(f) != want[k].get(f))
            out.append(f"changed {k}: {fields}")
    if got_audit != want_audit:
        out.append(f"audit {got_audit} != {want_audit}")
    return out


def audit_of(items: dict[Key, dict[str, Any]]) -> list[tuple[str, ...]]:
    return sorted(
        (i["pk"]["S"], i["at"]["S"], i["actor"]["S"], i["action"]["S"], i["details"]["S"])
        for i in items.values()
        if i["type"]["S"] == "audit"
    )


# ---------------------------------------------------------------------------------- tournaments


def scheduled_tournament(api: Api, settings: dict[str, Any], bots: int) -> str:
    """A tournament that starts by itself now: the pipeline's next run starts and runs it."""
    return scheduled_with_organizer(api, settings, bots)[0]


def scheduled_with_organizer(api: Api, settings: dict[str, Any], bots: int) -> tuple[str, str]:
    """The same, and its organizer's token."""
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**settings, "starts_at": iso(api.clock.now())})
    enter_bots(api, olga, t["id"], bots, kinds=("greedy", "random"))
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "registration"
    return str(t["id"]), olga


def status_of(services: ServiceSet, tournament_id: str) -> str:
    t = services.stores.tournaments.get_tournament(tournament_id)
    assert t is not None
    return t.status


def run_to_end(services: ServiceSet, tournament_id: str, limit: int = 30) -> list[PipelineReport]:
    """Pipeline runs until the tournament is finished; none may report an error."""
    reports: list[PipelineReport] = []
    for _ in range(limit):
        if status_of(services, tournament_id) == "finished":
            return reports
        report = services.pipeline.run()
        assert report.errors == {}, report.to_json()
        reports.append(report)
    raise AssertionError(f"tournament {tournament_id} did not finish in {limit} runs")


def clean_services() -> ServiceSet:
    return ServiceSet(dynamodb_stores(raw(), table_name()), context.services().clock)


def check_nothing_duplicated(items: dict[Key, dict[str, Any]], tournament_id: str, rounds: int) -> None:
    """Round items once per number, one match per (round, table, game), distinct games per table."""
    mine = [i for i in items.values() if i["pk"]["S"] == f"TOURNAMENT#{tournament_id}"]
    numbers = sorted(int(i["number"]["N"]) for i in mine if i["type"]["S"] == "round")
    assert numbers == list(range(1, rounds + 1))
    matches = [i for i in items.values() if i["type"]["S"] == "match"]
    places = []
    for m in matches:
        fields = unpack(m["doc"]["B"])  # a match item is packed (docs/data-model.md)
        place = fields["context"]
        place = json.loads(place) if isinstance(place, str) else place
        assert place["tournament"] == tournament_id
        assert m["pk"]["S"] == "MATCH#" + match_id(
            tournament_id, place["round"], place["table"], place["game"]
        )
        places.append((place["round"], place["table"], place["game"]))
    assert len(places) == len(set(places)), "two matches for the same round, table and game"
    games: list[str] = []
    for rnd in (i for i in mine if i["type"]["S"] == "round"):
        for table in json_of(rnd["tables"]):
            assert len(table["games"]) == len(set(table["games"])), table
            assert table["result"] is not None
            games += table["games"]
    # every match is some table's game
    assert sorted(games) == sorted(m["pk"]["S"].removeprefix("MATCH#") for m in matches)
    # Each match is listed once for each of its two players.
    links = [i for i in items.values() if i["type"]["S"] == "player_match"]
    assert sorted(i["match_id"]["S"] for i in links) == sorted(
        2 * [m["pk"]["S"].removeprefix("MATCH#") for m in matches]
    )


def json_of(attribute: dict[str, str]) -> Any:
    return json.loads(attribute["S"])


def recount_agrees(api: Api, tournament_id: str, entrants: list[str], rounds: int) -> None:
    """The API's final standings equal an independent recount of the rounds and matches."""
    read = read_rounds(api, tournament_id, rounds)
    lines = lines_of(tournament_id, entrants, read, read_matches(api, read), bye_points=1.0)
    assert_standings_match(api, tournament_id, lines, rounds, final=True)


def entrant_ids(api: Api, tournament_id: str) -> list[str]:
    return [e["id"] for e in api.call("GET", f"/tournaments/{tournament_id}/entries").body["entries"]]


# ---------------------------------------------------------------------------------- the fake itself


def test_the_faster_fake_still_rolls_back_a_failed_transaction(api: Api) -> None:
    """conftest.py changes how moto backs a transaction up; a failed one must still change nothing."""
    client, name = raw(), table_name()
    old = {"pk": {"S": "X"}, "sk": {"S": "1"}, "v": {"N": "1"}}
    client.put_item(TableName=name, Item=old)
    client.put_item(TableName=name, Item={"pk": {"S": "X"}, "sk": {"S": "0"}, "v": {"N": "0"}})
    before = scan(client)
    with pytest.raises(ClientError) as caught:
        client.transact_write_items(
            TransactItems=[
                {"Put": {"TableName": name, "Item": {"pk": {"S": "X"}, "sk": {"S": "2"}}}},
                {"Put": {"TableName": name, "Item": {**old, "v": {"N": "2"}}}},
                {
                    "Update": {
                        "TableName": name,
                        "Key": {"pk": {"S": "X"}, "sk": {"S": "3"}},
                        "UpdateExpression": "SET v = :v",
                        "ExpressionAttributeValues": {":v": {"N": "3"}},
                    }
                },
                {
                    "ConditionCheck": {
                        "TableName": name,
                        "Key": {"pk": {"S": "X"}, "sk": {"S": "0"}},
                        "ConditionExpression": "v = :two",
                        "ExpressionAttributeValues": {":two": {"N": "2"}},
                    }
                },
            ]
        )
    assert caught.value.response["Error"]["Code"] == "TransactionCanceledException", caught.value.response
    assert scan(client) == before
    client.transact_write_items(
        TransactItems=[{"Put": {"TableName": name, "Item": {"pk": {"S": "X"}, "sk": {"S": "2"}}}}]
    )
    assert set(scan(client)) == {("X", "1"), ("X", "2")} | set(before)


def test_the_faster_fake_answers_as_moto_does(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """conftest.py answers data-plane requests with the JSON of moto's result instead of moto's
    serializer: the same requests, from the same table, get the same answers and leave the same table."""
    client, name = raw(), table_name()

    def item(pk: str, sk: str, **extra: Any) -> dict[str, Any]:
        return {"pk": {"S": pk}, "sk": {"S": sk}, **extra}

    rich = {
        "n": {"N": "1.50"},
        "flag": {"BOOL": True},
        "list": {"L": [{"S": "x"}, {"NULL": True}, {"N": "-3"}]},
        "map": {"M": {"set": {"SS": ["a", "b"]}, "nums": {"NS": ["1", "2"]}}},
        "gsi1pk": {"S": "G"},
    }
    for i in range(5):
        client.put_item(TableName=name, Item=item("P", f"{i}", gsi1sk={"S": f"{9 - i}"}, **rich))
    key = {"pk": {"S": "P"}, "sk": {"S": "1"}}
    requests: list[tuple[str, dict[str, Any]]] = [
        ("get_item", {"Key": key, "ConsistentRead": True}),
        ("get_item", {"Key": {"pk": {"S": "none"}, "sk": {"S": "0"}}}),
        ("query", {"KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "P"}}}),
        (
            "query",
            {
                "KeyConditionExpression": "pk = :p AND sk >= :s",
                "ExpressionAttributeValues": {":p": {"S": "P"}, ":s": {"S": "2"}},
                "Limit": 2,
                "ScanIndexForward": False,
            },
        ),
        (
            "query",
            {
                "IndexName": "gsi1",
                "KeyConditionExpression": "gsi1pk = :g",
                "ExpressionAttributeValues": {":g": {"S": "G"}},
                "Limit": 3,
            },
        ),
        ("scan", {"Limit": 4}),
        ("put_item", {"Item": item("P", "9", **rich), "ReturnValues": "ALL_OLD"}),
        ("put_item", {"Item": item("P", "1"), "ReturnValues": "ALL_OLD"}),
        (
            "update_item",
            {
                "Key": {"pk": {"S": "P"}, "sk": {"S": "2"}},
                "UpdateExpression": "SET n = n + :one",
                "ExpressionAttributeValues": {":one": {"N": "1"}},
                "ReturnValues": "ALL_NEW",
            },
        ),
        ("delete_item", {"Key": {"pk": {"S": "P"}, "sk": {"S": "3"}}, "ReturnValues": "ALL_OLD"}),
        (
            "put_item",
            {"Item": item("P", "0"), "ConditionExpression": "attribute_not_exists(pk)"},
        ),  # refused: an error answer
        ("batch_get_item", {"RequestItems": {name: {"Keys": [key, {"pk": {"S": "P"}, "sk": {"S": "4"}}]}}}),
        ("batch_write_item", {"RequestItems": {name: [{"PutRequest": {"Item": item("Q", "1")}}]}}),
        ("transact_write_items", {"TransactItems": [{"Put": {"TableName": name, "Item": item("Q", "2")}}]}),
    ]

    def answers() -> tuple[list[Any], dict[Key, dict[str, Any]]]:
        out: list[Any] = []
        for method, kwargs in requests:
            args = kwargs if method.startswith(("batch", "transact")) else {"TableName": name, **kwargs}
            try:
                answer = getattr(client, method)(**args)
            except ClientError as exc:
                out.append(("error", exc.response["Error"]["Code"]))
                continue
            answer.pop("ResponseMetadata")
            if method == "batch_get_item":
                answer["Responses"][name].sort(key=lambda i: i["sk"]["S"])
            out.append(answer)
        return out, scan(client)

    start = scan(client)
    fast, fast_table = answers()
    restore(client, start)
    with monkeypatch.context() as patch:
        patch.setattr(DynamoResult, "execute_result", moto_execute_result)
        slow, slow_table = answers()
    assert fast == slow
    assert fast_table == slow_table
    assert ("error", "ConditionalCheckFailedException") in fast
    assert any("LastEvaluatedKey" in a for a in fast if isinstance(a, dict))


# ---------------------------------------------------------------------------------- (a) two at once


def test_two_pipeline_runs_at_once_end_like_one(api: Api) -> None:
    rounds = 6
    tid = scheduled_tournament(api, {"format": "swiss", "rounds": rounds, "target": 1}, bots=9)
    snapshot = scan(raw())
    run_to_end(clean_services(), tid)
    sequential = scan(raw())
    restore(raw(), snapshot)
    assert scan(raw()) == snapshot

    lock = threading.Lock()
    calls: list[str] = []
    clock = context.services().clock
    services = {
        name: ServiceSet(dynamodb_stores(LockedClient(raw(), lock, calls, name), table_name()), clock)
        for name in "ab"
    }
    reports: dict[str, list[PipelineReport]] = {name: [] for name in services}
    failures: list[BaseException] = []
    barrier = threading.Barrier(len(services))

    def work(name: str) -> None:
        try:
            barrier.wait()
            for _ in range(40):
                if status_of(services[name], tid) == "finished":
                    return
                reports[name].append(services[name].pipeline.run())
            raise AssertionError("the tournament did not finish")
        except BaseException as exc:  # handed to the main thread
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(name,)) for name in services]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=120)
    assert not any(th.is_alive() for th in threads)
    assert failures == []
    assert all(r.errors == {} for rs in reports.values() for r in rs), {
        n: [r.to_json() for r in rs] for n, rs in reports.items()
    }
    # The runs really overlapped: calls of the two threads alternate many times.
    switches = sum(1 for x, y in itertools.pairwise(calls) if x != y)
    assert switches > 50, switches
    assert all(reports[name] for name in services)

    final = scan(raw())
    check_nothing_duplicated(final, tid, rounds)
    assert diff(final, sequential) == []
    recount_agrees(api, tid, entrant_ids(api, tid), rounds)
    steps = [s for rs in reports.values() for r in rs for ss in r.steps.values() for s in ss]
    print(f"{switches} switches, {steps.count(CONFLICT)} conflicts, {len(steps)} steps")  # -s shows it
    assert CONFLICT in steps  # the two runs did race for the same writes (typically 15-20 times)


# ---------------------------------------------------------------------------------- (b) one race


class RacingRepository(DynamoTournamentRepository):
    """Just before the chosen write, a whole other pipeline run goes first (once)."""

    def __init__(self, client: Any, table: str, trigger: str, rival: Callable[[], None]) -> None:
        super().__init__(client, table)
        self.trigger = trigger
        self.rival = rival
        self.raced = False
        self.lost: list[str] = []

    def _before(self, what: str) -> None:
        if not self.raced and what == self.trigger:
            self.raced = True
            self.rival()

    @contextlib.contextmanager
    def _write(self, what: str) -> Iterator[None]:
        self._before(what)
        try:
            yield
        except WriteConflict:
            self.lost.append(what)
            raise

    def get_tournament(self, tournament_id: str) -> TournamentRecord | None:
        self._before("read tournament")
        return super().get_tournament(tournament_id)

    def create_round(self, tournament_id: str, rnd: RoundRecord, expected_version: int | None = None) -> None:
        with self._write(f"pair round {rnd.number}"):
            super().create_round(tournament_id, rnd, expected_version)

    def save_round(
        self, tournament_id: str, rnd: RoundRecord, expected_version: int, audit: AuditEntry | None = None
    ) -> None:
        what = "close" if rnd.status == "closed" else "start matches of"
        with self._write(f"{what} round {rnd.number}"):
            super().save_round(tournament_id, rnd, expected_version, audit)

    def save_tournament(self, tournament: TournamentRecord, expected_version: int) -> None:
        with self._write(f"{tournament.status} tournament"):
            super().save_tournament(tournament, expected_version)


def rival_run(services: ServiceSet, reports: list[PipelineReport]) -> Callable[[], None]:
    """A whole pipeline run of its own, its report kept."""

    def run() -> None:
        reports.append(services.pipeline.run())

    return run


TRIGGERS = ("pair round 2", "start matches of round 2", "close round 2", "finished tournament")


def test_a_run_that_loses_a_race_reads_again_and_carries_on(api: Api) -> None:
    rounds = 5
    tid = scheduled_tournament(api, {"format": "swiss", "rounds": rounds, "target": 1}, bots=6)
    snapshot = scan(raw())
    run_to_end(clean_services(), tid)
    reference = scan(raw())

    for trigger in TRIGGERS:
        restore(raw(), snapshot)
        rival_reports: list[PipelineReport] = []
        clean = clean_services()
        repo = RacingRepository(raw(), table_name(), trigger, rival_run(clean, rival_reports))
        first = ServiceSet(dynamodb_stores(raw(), table_name()), clean.clock)
        first.tournament_admin.pipeline.repo = repo
        for _ in range(5):  # the runs before the one that meets the race are plain runs
            report = first.pipeline.run()
            assert report.errors == {}, report.to_json()
            if repo.raced:
                break
        assert repo.raced, trigger
        assert repo.lost == [trigger], (trigger, repo.lost)  # the rival's write came first: this one lost
        assert len(rival_reports) == 1
        assert rival_reports[0].errors == {}, rival_reports[0].to_json()
        assert report.errors == {}, report.to_json()
        steps = report.steps[tid]
        assert CONFLICT in steps, (trigger, steps)
        after = steps[steps.index(CONFLICT) + 1 :]
        # Read again, it carries on from where the rival left it (it does not redo the rival's work).
        done_by_rival = set(rival_reports[0].steps[tid])
        assert not done_by_rival & set(after), (trigger, steps, rival_reports[0].steps)
        run_to_end(clean, tid)
        final = scan(raw())
        check_nothing_duplicated(final, tid, rounds)
        assert diff(final, reference) == [], trigger
    recount_agrees(api, tid, entrant_ids(api, tid), rounds)


def test_a_tournament_started_and_paused_meanwhile_is_not_started_again(api: Api) -> None:
    """A run lists the tournaments due to start; before it reads one, another run starts it and the
    organizer pauses it. The late run must neither start it again nor resume it."""
    tid, olga = scheduled_with_organizer(api, {"format": "swiss", "rounds": 5, "target": 1}, bots=6)
    clean = clean_services()
    meanwhile: list[dict[Key, dict[str, Any]]] = []

    def rival() -> None:
        assert clean.pipeline.run().started == [tid]
        paused = api.call("POST", f"/tournaments/{tid}/pause", token=olga)
        assert paused.status == 200, paused.body
        meanwhile.append(scan(raw()))

    repo = RacingRepository(raw(), table_name(), "read tournament", rival)
    late = ServiceSet(dynamodb_stores(raw(), table_name()), clean.clock)
    late.tournament_admin.pipeline.repo = repo
    report = late.pipeline.run()
    assert repo.raced
    assert report.errors == {}, report.to_json()
    assert report.started == [], report.to_json()  # the rival started it
    assert report.steps == {tid: []}, report.to_json()  # paused: nothing to do
    assert diff(scan(raw()), meanwhile[0]) == []  # nothing written: not started again, not resumed
    view = api.call("GET", f"/tournaments/{tid}").body
    assert view["paused"] is True
    assert view["status"] == "running"


def test_a_fault_starting_one_tournament_does_not_stop_the_others(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The handler's promise: a run that fails for some tournament raises at the end, after the others
    were served. Here the write that starts a due tournament fails; a running one is still advanced."""
    running = scheduled_tournament(api, {"format": "swiss", "rounds": 5, "target": 1}, bots=6)
    clean = clean_services()
    assert clean.pipeline.run().started == [running]
    assert status_of(clean, running) == "running"  # five rounds take more than one run
    current = api.call("GET", f"/tournaments/{running}").body["current_round"]
    due = scheduled_tournament(api, {"format": "swiss", "rounds": 1, "target": 1}, bots=2)

    faulty = FaultyClient(raw(), touching=f"TOURNAMENT#{due}", code="ProvisionedThroughputExceededException")
    monkeypatch.setattr(
        "pipeline.handler.services", lambda: ServiceSet(dynamodb_stores(faulty, table_name()), clean.clock)
    )
    with pytest.raises(PipelineRunFailed) as caught:
        pipeline_handler({"source": "aws.scheduler"}, FakeLambdaContext())
    assert faulty.failed == "put_item"
    assert due in str(caught.value)
    assert running not in str(caught.value)
    assert status_of(clean, due) == "registration"
    served = api.call("GET", f"/tournaments/{running}").body
    assert served["current_round"] > current or served["status"] == "finished", served
    monkeypatch.undo()
    run_until_finished(api, due)
    run_until_finished(api, running)


# ---------------------------------------------------------------------------------- (c) a fault anywhere


def alternate_codes(k: int) -> str:
    """The error of the k-th write's fault: a failure or a throttle, in turn."""
    return ("InternalServerError", "ProvisionedThroughputExceededException")[k % 2]


@pytest.mark.parametrize("applied", [False, True], ids=["before-the-write", "after-the-write"])
def test_a_fault_at_any_write_then_a_clean_rerun_ends_like_a_clean_run(
    api: Api, monkeypatch: pytest.MonkeyPatch, applied: bool
) -> None:
    """Fail the k-th write of the pipeline's work (every k), then re-run cleanly: the same end.

    ``before``: the write is refused (a throttled or failed request); ``after``: the write is applied and
    only its answer is lost (a time-out, or a crash right after the write). Each fault is injected in a
    child forked from a clean run at that write (:mod:`tests.forks`), instead of a replay from the start.
    """
    rounds = 3
    tid = scheduled_tournament(api, {"format": "swiss", "rounds": rounds, "target": 1}, bots=6)
    clock = context.services().clock
    snapshot = scan(raw())
    counting = FaultyClient(raw())
    run_to_end(ServiceSet(dynamodb_stores(counting, table_name()), clock), tid)
    reference = scan(raw())
    standings = api.call("GET", f"/tournaments/{tid}/standings").body
    writes = counting.writes
    assert writes >= 1 + rounds * 6 + 1  # start; per round: pair, 3 matches, start, close; finish

    restore(raw(), snapshot, now=reference)
    assert scan(raw()) == snapshot
    forks: Forks[str] = Forks()
    faulty = FaultyClient(raw(), applied=applied, forks=forks, codes=alternate_codes)

    def scheduled() -> None:
        # The scheduled Lambda runs: Pipeline.run records the tournament's failure, the handler then raises.
        with monkeypatch.context() as patch:
            patch.setattr(
                "pipeline.handler.services",
                lambda: ServiceSet(dynamodb_stores(faulty, table_name()), clock),
            )
            scheduled_runs()

    def after_the_fault(branch: Branch[str], raised: BaseException | None) -> str | None:
        k = branch.point
        with pytest.raises(PipelineRunFailed, match=tid):
            raise_again(raised)
        assert faulty.failed is not None, k

        # A clean re-run (the handler raises on any error) finishes it as if nothing had happened.
        run_until_finished(api, tid)
        final = scan(raw())
        # An audit entry is written after the change it records, so a fault between the two loses it;
        # nothing else may differ, and a re-run never writes an entry twice.
        lost = audit_of(reference)
        for entry in audit_of(final):
            lost.remove(entry)
        assert [entry[3] for entry in lost] in ([], ["started"]), (k, lost)
        assert diff(without_audit(final), without_audit(reference)) == [], (k, faulty.failed)
        assert api.call("GET", f"/tournaments/{tid}/standings").body == standings, k
        if k == writes:
            check_nothing_duplicated(final, tid, rounds)
        return faulty.failed

    forks.run(scheduled, after_the_fault)
    assert [branch.point for branch, _ in forks.reports] == list(range(1, writes + 1))
    assert {op for _, op in forks.reports} == {"put_item", "transact_write_items"}
    # The clean run the children were forked from ends as the counted one did.
    assert faulty.writes == writes
    assert diff(scan(raw()), reference) == []


def scheduled_runs(limit: int = 30) -> None:
    """The pipeline's Lambda handler, run after run (until it raises)."""
    for _ in range(limit):
        pipeline_handler({"source": "aws.scheduler"}, FakeLambdaContext())


def without_audit(items: dict[Key, dict[str, Any]]) -> dict[Key, dict[str, Any]]:
    return {k: v for k, v in items.items() if v["type"]["S"] != "audit"}

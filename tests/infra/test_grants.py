"""Least privilege: each role's exact DynamoDB actions, no wildcard action anywhere, and grants that cover
what the code calls (read from the adapters' source, and recorded while the pipeline really runs)."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from bench.meter import Call, DynamoMeter
from infra.components import grants
from infra.components.data import INDEXES
from tests.api import conftest as api_conftest
from tests.api.conftest import Api
from tests.api.support import new_match, play
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_pipeline
from tests.infra.conftest import Synthesised

api = api_conftest.api_on_moto  # the API tests' fixtures on moto (the DynamoDB calls are what is checked)
moto_api = api_conftest.moto_api
clock = api_conftest.clock

ROOT = Path(__file__).resolve().parents[2]
#: Code that runs in Lambda and talks to DynamoDB (the local server and invoke helpers do not deploy).
DEPLOYED = [
    ROOT / "shared" / "scopa" / "adapters" / "dynamodb",
    ROOT / "functions" / "api",
    ROOT / "functions" / "pipeline",
]
#: What Lambda ships: the operator tools (``scopa backup`` / ``restore``, run with the operator's own
#: credentials) live in ``tools/``, outside it, so their Scan and DescribeTable need no grant.
SHIPPED = [ROOT / "shared" / "scopa", ROOT / "functions" / "api", ROOT / "functions" / "pipeline"]

CLIENT_CALLS = {
    "get_item": "GetItem",
    "put_item": "PutItem",
    "update_item": "UpdateItem",
    "delete_item": "DeleteItem",
    "query": "Query",
    "scan": "Scan",
    "batch_get_item": "BatchGetItem",
    "batch_write_item": "BatchWriteItem",
    "transact_get_items": "GetItem",
    "describe_table": "DescribeTable",
    "execute_statement": "PartiQLSelect",
}
#: A transaction needs the action of each of its items; it has no IAM action of its own.
TRANSACTION_ITEMS = {
    "Put": "PutItem",
    "Update": "UpdateItem",
    "Delete": "DeleteItem",
    "ConditionCheck": "ConditionCheckItem",
}


def _statements(env: Synthesised, role_prefix: str) -> list[dict[str, Any]]:
    policy = env.resources("AWS::IAM::Policy")[
        env.logical_id("AWS::IAM::Policy", f"Functions{role_prefix}Role")
    ]
    statements: list[dict[str, Any]] = policy["Properties"]["PolicyDocument"]["Statement"]
    return statements


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _dynamodb(statements: list[dict[str, Any]]) -> list[tuple[list[str], list[Any]]]:
    return [
        (_as_list(s["Action"]), _as_list(s["Resource"]))
        for s in statements
        if any(a.startswith("dynamodb:") for a in _as_list(s["Action"]))
    ]


def _index_arn(env: Synthesised, name: str) -> dict[str, Any]:
    table = env.logical_id("AWS::DynamoDB::Table", "DataTable")
    return {"Fn::Join": ["", [{"Fn::GetAtt": [table, "Arn"]}, f"/index/{name}"]]}


@pytest.mark.parametrize(
    ("role", "actions", "indexes"),
    [
        ("Api", grants.API_ITEM_ACTIONS, grants.API_INDEXES),
        ("Pipeline", grants.PIPELINE_ITEM_ACTIONS, grants.PIPELINE_INDEXES),
        ("Live", grants.LIVE_ITEM_ACTIONS, grants.LIVE_INDEXES),
        ("Notifier", grants.NOTIFIER_ITEM_ACTIONS, grants.NOTIFIER_INDEXES),
        ("Jobs", grants.JOBS_ITEM_ACTIONS, grants.JOBS_INDEXES),
    ],
)
def test_each_role_gets_exactly_its_actions_on_the_table_and_its_indexes(
    dev: Synthesised, role: str, actions: tuple[str, ...], indexes: tuple[str, ...]
) -> None:
    table = {"Fn::GetAtt": [dev.logical_id("AWS::DynamoDB::Table", "DataTable"), "Arn"]}
    expected = [(sorted(actions), [table])]
    if indexes:  # no index statement at all for a role that reads no index
        expected.append((["dynamodb:Query"], [_index_arn(dev, name) for name in indexes]))
    if role == "Notifier":  # its leases, and only those (the key condition)
        expected.append((list(grants.NOTIFIER_LEASE_ACTIONS), [table]))
    assert _dynamodb(_statements(dev, role)) == expected


def test_the_pipeline_cannot_delete_or_batch_write() -> None:
    assert set(grants.PIPELINE_ITEM_ACTIONS) < set(grants.API_ITEM_ACTIONS)
    assert not {"dynamodb:DeleteItem", "dynamodb:BatchWriteItem"} & set(grants.PIPELINE_ITEM_ACTIONS)


def test_no_policy_in_the_stack_has_a_wildcard_action(dev: Synthesised) -> None:
    actions = [
        action
        for policy in dev.resources("AWS::IAM::Policy").values()
        for statement in policy["Properties"]["PolicyDocument"]["Statement"]
        for action in _as_list(statement["Action"])
    ]
    assert actions
    assert not [a for a in actions if "*" in a]
    # The only resource wildcard on a role is X-Ray's, which has no resource-level permissions.
    for policy in dev.resources("AWS::IAM::Policy").values():
        for statement in policy["Properties"]["PolicyDocument"]["Statement"]:
            if statement["Resource"] == "*":
                assert set(_as_list(statement["Action"])) == {
                    "xray:PutTraceSegments",
                    "xray:PutTelemetryRecords",
                }


def _is_client_call(node: ast.AST) -> bool:
    """A DynamoDB client call; ``query`` counts only with ``TableName`` (networkx and others have queries)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    name = node.func.attr
    if name == "query":
        return any(k.arg == "TableName" for k in node.keywords)
    return name in CLIENT_CALLS


def _called_in(paths: Iterable[Path]) -> set[str]:
    """DynamoDB operations (as IAM action names) that the source of ``paths`` can call."""
    found: set[str] = set()
    for folder in paths:
        for file in folder.rglob("*.py"):
            source = file.read_text()
            for node in ast.walk(ast.parse(source)):
                if _is_client_call(node):
                    found.add(CLIENT_CALLS[node.func.attr])  # type: ignore[attr-defined]
                if isinstance(node, ast.Dict):
                    for key in node.keys:
                        if isinstance(key, ast.Constant) and key.value in TRANSACTION_ITEMS:
                            found.add(TRANSACTION_ITEMS[key.value])
                        if isinstance(key, ast.Constant) and key.value == "IndexName":
                            found.add("Query")  # a query built as a dict of parameters
    return found


def _imported(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_function_imports_the_operator_tools() -> None:
    for folder in SHIPPED:
        for file in folder.rglob("*.py"):
            source = file.read_text()
            assert "tools" not in {n.split(".")[0] for n in _imported(source)}, file


def test_the_api_role_grants_only_operations_the_deployed_code_can_call() -> None:
    """The source bounds the API's grants from above; which of them the API really calls on AWS is the
    deploy rehearsal's measure (``make rehearse``: every grant used, or listed with its reason). The
    only operation left out: batch writes, which only the rating recompute (run by the jobs function)
    and the live connections (the live and notifier functions) make."""
    called = _called_in(DEPLOYED)
    assert {"GetItem", "PutItem", "Query", "BatchGetItem", "BatchWriteItem", "ConditionCheckItem"} <= called
    assert {f"dynamodb:{op}" for op in called} - set(grants.API_ITEM_ACTIONS) == {"dynamodb:BatchWriteItem"}
    assert tuple(name for name, *_ in INDEXES) == grants.API_INDEXES


def _needed(calls: list[Call]) -> tuple[set[str], set[str]]:
    actions: set[str] = set()
    indexes: set[str] = set()
    for call in calls:
        if call.operation == "TransactWriteItems":
            for item in call.params["TransactItems"]:
                actions |= {f"dynamodb:{TRANSACTION_ITEMS[kind]}" for kind in item}
        else:
            actions.add(f"dynamodb:{call.operation}")
        if call.params.get("IndexName"):
            indexes.add(call.params["IndexName"])
    return actions, indexes


def test_a_real_pipeline_run_needs_only_what_the_pipeline_role_grants(api: Api) -> None:
    """A Swiss of bots started, paired, played and finished, a human match timed out, everything rated."""
    from api import context

    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    enter_bots(api, olga, t["id"], 4, kinds=("greedy", "random"))
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    ada, token = api.register("Ada")
    match = new_match(api, token, [ada, "bot-greedy"], time_control={"seconds_per_move": 30})
    # Ada plays a card, then lets her clock run out: a loss on time, rated (a no-show would not be).
    assert play(api, match, token).status == 200
    api.clock.advance(31)
    meter = DynamoMeter(context.dynamodb_client())
    reports: list[dict[str, Any]] = []
    with meter.recording() as calls:
        for _ in range(12):
            reports.append(run_pipeline())
            api.clock.advance(61)
    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "finished"
    assert sum(r["expired_matches"] for r in reports) == 1
    assert sum(r["rated"] for r in reports) > 0
    actions, indexes = _needed(calls)
    assert actions <= set(grants.PIPELINE_ITEM_ACTIONS), actions - set(grants.PIPELINE_ITEM_ACTIONS)
    assert indexes <= set(grants.PIPELINE_INDEXES)


def test_only_the_jobs_function_scans_and_its_role_covers_what_its_code_calls() -> None:
    """The backfill's Scan is the jobs function's own (``functions/jobs``), out of every other role's code."""
    jobs_code = _called_in([ROOT / "functions" / "jobs"])
    assert "Scan" in jobs_code
    assert {f"dynamodb:{op}" for op in jobs_code} <= set(grants.JOBS_ITEM_ACTIONS)
    assert "Scan" not in _called_in(SHIPPED)
    for actions in (
        grants.API_ITEM_ACTIONS,
        grants.PIPELINE_ITEM_ACTIONS,
        grants.LIVE_ITEM_ACTIONS,
        grants.NOTIFIER_ITEM_ACTIONS,
    ):
        assert "dynamodb:Scan" not in actions


def test_a_real_backfill_run_needs_only_what_the_jobs_role_grants(api: Api) -> None:
    """Players of before the name index (their name items deleted) indexed by the operator's task."""
    from api import context
    from api.settings import settings
    from jobs.handler import handler
    from scopa.adapters.dynamodb import keys
    from scopa.application.ports.players import name_key
    from tools.apigw import FakeLambdaContext

    client = context.dynamodb_client()
    for name in ("Ada", "Ugo", "Zoe"):
        player_id, _ = api.register(name)
        client.delete_item(
            TableName=settings().table_name,
            Key={
                keys.PK: {"S": keys.player_name_pk(name_key(name))},
                keys.SK: {"S": keys.player_name_sk(player_id)},
            },
        )
    meter = DynamoMeter(client)
    with meter.recording() as calls:
        answer = handler({"task": "backfill_name_index", "page_size": 2}, FakeLambdaContext(300_000))
    assert (answer["written"], answer["done"]) == (3, True)
    actions, indexes = _needed(calls)
    assert {"dynamodb:Scan", "dynamodb:BatchGetItem", "dynamodb:BatchWriteItem"} <= actions
    assert actions <= set(grants.JOBS_ITEM_ACTIONS), actions - set(grants.JOBS_ITEM_ACTIONS)
    assert indexes == set()

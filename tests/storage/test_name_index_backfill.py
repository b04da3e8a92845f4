"""The name index's backfill on moto: profiles written before the index (no ``NAME#`` item) are found by
name after it; a second pass writes nothing; a pass stopped by its page budget resumes from its cursor."""

from __future__ import annotations

from typing import Any

import pytest

from jobs.backfill import BackfillReport, backfill_name_index
from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import encode_cursor
from scopa.adapters.dynamodb.players_matches import DynamoRepository
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.players import Player, name_key
from tests.contract.support import a_match
from tests.storage.conftest import TABLE


def a_named(player_id: str, name: str) -> Player:
    return Player(
        id=player_id, name=name, role="player", created_at="2026-10-01T08:00:00.000Z", token_version=1
    )


def register_the_old_way(client: Any, repo: DynamoRepository, player: Player) -> None:
    """What registration wrote before the name index: the profile alone, one conditional PutItem."""
    client.put_item(
        TableName=TABLE, Item=repo._player_item(player), ConditionExpression="attribute_not_exists(pk)"
    )


def name_items(client: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = client.scan(
        TableName=TABLE,
        FilterExpression="begins_with(pk, :name)",
        ExpressionAttributeValues={":name": {"S": "NAME#"}},
    )["Items"]
    return sorted(items, key=lambda i: (i[keys.PK]["S"], i[keys.SK]["S"]))


def resumed(client: Any, report: BackfillReport, pages: int) -> list[BackfillReport]:
    """Passes of at most ``pages`` pages (of 3 items) after ``report``, each from the cursor of the one
    before, until the table is done."""
    runs = [report]
    while not runs[-1].done:
        assert len(runs) < 50, "the cursor does not move"
        runs.append(
            backfill_name_index(
                client, TABLE, cursor=runs[-1].cursor, page_size=3, more=lambda r: r.pages < pages
            )
        )
    return runs


@pytest.fixture
def old_table(client: Any, repo: DynamoRepository) -> dict[str, Player]:
    """Four players of before the index (two namesakes, one bot account), one of after it, and a match
    with its players' list items (other kinds of item the scan must step over)."""
    old = [
        a_named("p_ada", "Ada Lovelace"),
        a_named("p_ada2", "ada  LOVELACE"),
        a_named("p_zoe", "Zoë"),
        a_named("b_deadbeefdeadbeef", "Tavolo Bot"),
    ]
    for player in old:
        register_the_old_way(client, repo, player)
    new = a_named("p_new", "Grace")
    repo.create_player(new)
    repo.create_match(a_match("m_1", ["p_ada", "p_zoe"]))
    return {p.id: p for p in [*old, new]}


def test_players_of_before_the_index_are_found_by_name_after_the_backfill(
    client: Any, repo: DynamoRepository, old_table: dict[str, Player]
) -> None:
    assert repo.players_named(name_key("Ada Lovelace"), 20) == []
    assert repo.players_named(name_key("zoë"), 20) == []
    items = len(client.scan(TableName=TABLE)["Items"])

    report = backfill_name_index(client, TABLE)

    assert (report.done, report.cursor) == (True, None)
    assert (report.pages, report.scanned_items) == (1, items)
    assert (report.players, report.written, report.present, report.skipped) == (5, 4, 1, 0)
    assert repo.players_named(name_key("ADA lovelace"), 20) == ["p_ada", "p_ada2"]
    assert [p.name for p in repo.get_players(repo.players_named(name_key("Ada Lovelace"), 20))] == [
        "Ada Lovelace",
        "ada  LOVELACE",
    ]
    assert repo.players_named(name_key("zoë"), 20) == ["p_zoe"]
    assert repo.players_named(name_key("tavolo bot"), 20) == ["b_deadbeefdeadbeef"]  # bot accounts too
    assert repo.players_named(name_key("Grace"), 20) == ["p_new"]
    # Exactly the items registration writes: one per player, nothing else touched.
    fresh = {i[keys.SK]["S"]: i for i in name_items(client)}
    assert len(fresh) == 5
    assert fresh["PLAYER#p_zoe"] == fresh["PLAYER#p_zoe"] | {
        keys.PK: {"S": "NAME#zoë"},
        "type": {"S": "player_name"},
        "player_id": {"S": "p_zoe"},
    }
    assert set(fresh["PLAYER#p_zoe"]) == set(fresh["PLAYER#p_new"])


def test_a_second_pass_writes_nothing(
    client: Any, repo: DynamoRepository, old_table: dict[str, Player]
) -> None:
    backfill_name_index(client, TABLE)
    before = name_items(client)

    again = backfill_name_index(client, TABLE)

    assert (again.players, again.written, again.present) == (5, 0, 5)
    assert name_items(client) == before


def test_a_pass_stopped_by_its_page_budget_resumes_from_its_cursor(
    client: Any, repo: DynamoRepository, old_table: dict[str, Player]
) -> None:
    first = backfill_name_index(client, TABLE, page_size=3, more=lambda r: r.pages < 1)
    assert (first.pages, first.done) == (1, False)
    assert first.scanned_items == 3
    assert first.cursor is not None

    runs = resumed(client, first, pages=1)

    assert len(runs) >= 3  # 9 items, 3 a page
    assert {r.pages for r in runs} == {1}
    # Every profile read once over the runs (the scan's position carried by the cursor), each indexed.
    assert sum(r.players for r in runs) == 5
    assert (sum(r.written for r in runs), sum(r.present for r in runs)) == (4, 1)
    assert sorted(i[keys.SK]["S"] for i in name_items(client)) == sorted(f"PLAYER#{p}" for p in old_table)
    again = resumed(client, backfill_name_index(client, TABLE, page_size=3, more=lambda r: r.pages < 1), 1)
    assert (sum(r.written for r in again), sum(r.present for r in again)) == (0, 5)


def test_no_time_left_reads_nothing_and_hands_the_cursor_back(
    client: Any, old_table: dict[str, Player]
) -> None:
    cursor = backfill_name_index(client, TABLE, page_size=2, more=lambda r: r.pages < 1).cursor
    idle = backfill_name_index(client, TABLE, cursor=cursor, more=lambda r: False)
    assert idle == BackfillReport(cursor=cursor)
    assert not idle.done


def test_a_cursor_it_did_not_return_is_refused(client: Any) -> None:
    with pytest.raises(InvalidCursor):
        backfill_name_index(client, TABLE, cursor="not-a-cursor")
    with pytest.raises(InvalidCursor):
        backfill_name_index(client, TABLE, cursor=encode_cursor({"pk": {"S": "PLAYER#p"}}))


def test_an_empty_table_is_done_at_once(client: Any) -> None:
    report = backfill_name_index(client, TABLE)
    assert (report.pages, report.players, report.written, report.done) == (1, 0, 0, True)

"""Seeks, on both adapters: round trips, a take that only one of two can win, closing, the open list's
expiry filter and paging, a player's open seeks, and the open-seek limit checked in the creation's own
atomic write."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from scopa.application.clock import iso
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.seeks import Seek, SeekRepository, TooManySeeks
from scopa.application.wiring import Stores

NOW = 1_800_000_000.0
ROOMY = 10  # a limit the tests of other things stay under


def a_seek(seek_id: str = "s_1", player_id: str = "p_ada", *, age: float = 0, lasts: int = 3600) -> Seek:
    created = NOW - age
    return Seek(
        id=seek_id,
        player_id=player_id,
        name="Ada",
        preset="classic",
        target=None,
        move_seconds=60,
        rated=True,
        created_at=iso(created),
        expires_at=int(created) + lasts,
    )


def every_page(repo: SeekRepository, now: float, limit: int) -> list[list[str]]:
    pages: list[list[str]] = []
    cursor: str | None = None
    while True:
        page, cursor = repo.list_open_seeks(now, limit, cursor)
        pages.append([s.id for s in page])
        if cursor is None:
            return pages


def test_a_seek_round_trips_and_is_created_only_once(stores: Stores) -> None:
    seek = dataclasses.replace(a_seek(), target=16, rated=False, origin={"key": "k" * 64, "body": "b" * 64})
    stores.seeks.create_seek(seek, ROOMY, NOW)
    assert stores.seeks.get_seek("s_1") == seek
    assert stores.seeks.get_seek("s_none") is None
    with pytest.raises(WriteConflict):
        stores.seeks.create_seek(dataclasses.replace(seek, name="Mallory"), ROOMY, NOW)
    assert stores.seeks.get_seek("s_1") == seek


def test_a_seek_is_taken_once_and_leaves_the_open_list(stores: Stores) -> None:
    repo = stores.seeks
    repo.create_seek(a_seek(), ROOMY, NOW)
    taken = repo.take_seek("s_1", "m_1", "p_bea", NOW + 1)
    assert (taken.status, taken.match_id, taken.taken_by) == ("taken", "m_1", "p_bea")
    assert repo.get_seek("s_1") == taken
    with pytest.raises(WriteConflict):
        repo.take_seek("s_1", "m_1", "p_cid", NOW + 2)
    assert repo.get_seek("s_1") == taken  # the loser changed nothing
    assert repo.list_open_seeks(NOW + 2, 10, None) == ([], None)
    assert repo.list_player_seeks("p_ada", NOW + 2) == []
    with pytest.raises(WriteConflict):
        repo.take_seek("s_none", "m_2", "p_bea", NOW)


def test_two_concurrent_takes_have_one_winner(stores: Stores, adapter: str) -> None:
    if adapter == "dynamodb":  # moto's in-process mock is not thread-safe; the condition is what counts
        repo = stores.seeks
        repo.create_seek(a_seek(), ROOMY, NOW)
        outcomes = []
        for taker in ("p_bea", "p_cid"):
            try:
                outcomes.append(repo.take_seek("s_1", f"m_{taker}", taker, NOW).taken_by)
            except WriteConflict:
                outcomes.append("lost")
        assert outcomes == ["p_bea", "lost"]
        return
    repo = stores.seeks
    repo.create_seek(a_seek(), ROOMY, NOW)
    results: list[str] = []
    start = threading.Barrier(8)

    def take(taker: str) -> None:
        start.wait()
        try:
            results.append(repo.take_seek("s_1", "m_1", taker, NOW).taken_by or "")
        except WriteConflict:
            results.append("lost")

    threads = [threading.Thread(target=take, args=(f"p_{i}",)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = [r for r in results if r != "lost"]
    assert len(winners) == 1
    stored = repo.get_seek("s_1")
    assert stored is not None
    assert stored.taken_by == winners[0]


def test_an_expired_seek_cannot_be_taken_and_is_not_listed(stores: Stores) -> None:
    repo = stores.seeks
    repo.create_seek(a_seek("s_short", lasts=60), ROOMY, NOW)
    repo.create_seek(a_seek("s_long", age=1, lasts=3600), ROOMY, NOW)
    assert [s.id for s in repo.list_open_seeks(NOW + 59, 10, None)[0]] == ["s_short", "s_long"]
    assert [s.id for s in repo.list_open_seeks(NOW + 60, 10, None)[0]] == ["s_long"]
    assert [s.id for s in repo.list_player_seeks("p_ada", NOW + 60)] == ["s_long"]
    with pytest.raises(WriteConflict):
        repo.take_seek("s_short", "m_1", "p_bea", NOW + 60)
    seek = repo.get_seek("s_short")
    assert seek is not None
    assert seek.status == "open"
    repo.set_seek_status("s_short", "expired")
    seek = repo.get_seek("s_short")
    assert seek is not None
    assert seek.status == "expired"


def test_only_an_open_seek_can_be_closed(stores: Stores) -> None:
    repo = stores.seeks
    repo.create_seek(a_seek(), ROOMY, NOW)
    repo.set_seek_status("s_1", "withdrawn")
    seek = repo.get_seek("s_1")
    assert seek is not None
    assert seek.status == "withdrawn"
    for status in ("withdrawn", "expired"):
        with pytest.raises(WriteConflict):
            repo.set_seek_status("s_1", status)
    with pytest.raises(WriteConflict):
        repo.take_seek("s_1", "m_1", "p_bea", NOW)
    with pytest.raises(WriteConflict):
        repo.set_seek_status("s_none", "withdrawn")
    assert repo.list_open_seeks(NOW, 10, None) == ([], None)


def test_the_open_list_pages_newest_first_past_expired_and_closed_seeks(stores: Stores) -> None:
    repo = stores.seeks
    for i in range(9):
        # every third seek expires early; one is withdrawn
        repo.create_seek(
            a_seek(f"s_{i}", f"p_{i % 2}", age=100 - i, lasts=110 if i % 3 == 0 else 3600), ROOMY, NOW
        )
    repo.set_seek_status("s_4", "withdrawn")
    now = NOW + 50  # s_0 (expires NOW+10), s_3 (NOW+13), s_6 (NOW+16) are past
    expected = ["s_8", "s_7", "s_5", "s_2", "s_1"]
    assert every_page(repo, now, 2) == [expected[0:2], expected[2:4], expected[4:]]
    assert every_page(repo, now, 5) == [expected]
    assert every_page(repo, now, 100) == [expected]
    assert [s.id for s in repo.list_player_seeks("p_1", now)] == ["s_7", "s_5", "s_1"]
    with pytest.raises(InvalidCursor):
        repo.list_open_seeks(now, 2, "not-a-cursor")


def test_a_day_old_seek_no_longer_counts(stores: Stores) -> None:
    repo = stores.seeks
    repo.create_seek(a_seek("s_old", age=86_400, lasts=86_400), ROOMY, NOW)
    assert repo.list_open_seeks(NOW - 1, 10, None)[0][0].id == "s_old"
    assert repo.list_open_seeks(NOW, 10, None) == ([], None)
    assert repo.list_player_seeks("p_ada", NOW) == []


def test_a_creation_past_the_limit_is_refused_until_a_seek_closes_or_expires(stores: Stores) -> None:
    repo = stores.seeks
    for i in range(3):
        repo.create_seek(a_seek(f"s_{i}", lasts=60 if i == 0 else 3600), 3, NOW)
    with pytest.raises(TooManySeeks):
        repo.create_seek(a_seek("s_4"), 3, NOW)
    assert repo.get_seek("s_4") is None
    repo.create_seek(a_seek("s_bea", "p_bea"), 3, NOW)  # another player's count is their own
    # a creation of a seek that exists is a collision, at the limit or not
    with pytest.raises(WriteConflict):
        repo.create_seek(a_seek("s_1"), 3, NOW)
    with pytest.raises(WriteConflict):
        repo.create_seek(a_seek("s_bea", "p_bea"), 3, NOW)
    with pytest.raises(WriteConflict) as collided:
        repo.create_seek(a_seek("s_bea", "p_cid"), 3, NOW)
    assert not isinstance(collided.value, TooManySeeks)
    for i in range(3):  # the collision claimed no place
        repo.create_seek(a_seek(f"s_cid{i}", "p_cid"), 3, NOW)
    # withdrawn, taken or expired, a seek frees its place
    repo.set_seek_status("s_1", "withdrawn")
    repo.create_seek(a_seek("s_4"), 3, NOW)
    with pytest.raises(TooManySeeks):
        repo.create_seek(a_seek("s_5"), 3, NOW)
    repo.take_seek("s_2", "m_1", "p_bea", NOW)
    repo.create_seek(a_seek("s_5"), 3, NOW)
    with pytest.raises(TooManySeeks):
        repo.create_seek(a_seek("s_6"), 3, NOW + 59)
    repo.create_seek(a_seek("s_6", age=-60), 3, NOW + 60)  # s_0 expired, unnoticed: still closed
    assert sorted(s.id for s in repo.list_player_seeks("p_ada", NOW + 60)) == ["s_4", "s_5", "s_6"]
    with pytest.raises(TooManySeeks):
        repo.create_seek(a_seek("s_7", age=-60), 3, NOW + 60)


def test_concurrent_creations_never_pass_the_limit(stores: Stores, adapter: str) -> None:
    """Eight creations by one player at once (threads on SQLite; on DynamoDB, whose moto mock is not
    thread-safe, each of the others made between one creation's read of its slots and its write)."""
    repo = stores.seeks
    outcomes: list[str] = []

    def create(seek_id: str) -> None:
        try:
            repo.create_seek(a_seek(seek_id), 3, NOW)
            outcomes.append("made")
        except TooManySeeks:
            outcomes.append("too many")

    if adapter == "dynamodb":
        free_slot = repo._free_slot  # type: ignore[attr-defined]
        pending = [f"s_{i}" for i in range(1, 8)]

        def interleaved(*args: object) -> object:
            found = free_slot(*args)
            if pending:  # the next creation starts (and interleaves its own) before this one writes
                create(pending.pop(0))
            return found

        repo._free_slot = interleaved  # type: ignore[attr-defined]
        create("s_0")
    else:
        start = threading.Barrier(8)

        def at_once(seek_id: str) -> None:
            start.wait()
            create(seek_id)

        threads = [threading.Thread(target=at_once, args=(f"s_{i}",)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert sorted(outcomes) == ["made"] * 3 + ["too many"] * 5
    assert len(repo.list_player_seeks("p_ada", NOW)) == 3

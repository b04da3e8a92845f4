"""Matches, on both adapters: round trips, version-conditioned saves, a player's list, the deadline sweep,
and a move race with one winner."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any

import pytest

from scopa.application.auth import Caller
from scopa.application.errors import Conflict, IdempotencyKeyReused
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.matches import Match, MatchRepository, MatchSummary, indexed_deadline
from scopa.application.services.matches import MatchService, MatchView, NewMatch
from scopa.application.services.players import PlayerService
from scopa.application.wiring import ServiceSet, Stores
from scopa.domain.games import GAMES
from scopa.domain.games.scopa.state import ScopaState
from tests.common import ManualClock
from tests.contract.support import SEED, a_match


def every_page(repo: MatchRepository, player_id: str, limit: int) -> list[list[str]]:
    """The ids of each page of a player's list, following the cursors to the end."""
    pages: list[list[str]] = []
    cursor: str | None = None
    while True:
        page, cursor = repo.list_player_matches(player_id, limit, cursor)
        pages.append([s.id for s in page])
        if cursor is None:
            return pages


def test_a_match_round_trips_and_is_created_only_once(stores: Stores) -> None:
    repo = stores.matches
    match = a_match()
    match.idempotency = {"key": "k", "hash": "h", "caller": "p_ada", "answer": {"version": 1}}
    match.context = {"tournament": "t_1", "round": 2, "table": 3, "game": 1}
    match.origin = {"key": "d" * 64, "body": "b" * 64}
    repo.create_match(match)

    assert repo.get_match("m_1") == match
    assert repo.get_match("m_none") is None
    # One list row per distinct player, for "my matches".
    for player_id in ("p_ada", "bot-greedy"):
        page, _ = repo.list_player_matches(player_id, 10, None)
        assert [s.id for s in page] == ["m_1"]

    # The same id cannot be created twice, and the first match is untouched.
    second = dataclasses.replace(match, names=["Mallory", "Greedy bot"], version=7)
    with pytest.raises(WriteConflict):
        repo.create_match(second)
    assert repo.get_match("m_1") == match


def test_a_pending_match_keeps_its_secret_deal_and_its_clock_choice_until_dealt(stores: Stores) -> None:
    # Given a pending match not dealt yet, with no clock: the seed and first dealer wait in the item
    repo = stores.matches
    pending = a_match("m_pending", ["p_ada", "p_bob"], deadline=None, status="pending")
    pending.state, pending.accepted = {}, [True, False]
    pending.master_seed, pending.first_dealer, pending.timed = SEED, 1, False
    repo.create_match(pending)
    assert repo.get_match("m_pending") == pending

    # When it is dealt, the state holds the seed and the match no longer keeps it apart
    dealt = dataclasses.replace(
        pending,
        status="active",
        version=2,
        accepted=[True, True],
        state=GAMES["scopa"].new_state({}, SEED, 1),
        master_seed=None,
        first_dealer=None,
    )
    repo.save_match(dealt, 1)
    assert repo.get_match("m_pending") == dealt
    assert repo.get_match("m_pending").timed is False  # type: ignore[union-attr]

    # And a timed match reads back timed
    repo.create_match(a_match("m_timed"))
    assert repo.get_match("m_timed").timed is True  # type: ignore[union-attr]


def test_a_failed_create_adds_the_match_to_nobodys_list(stores: Stores) -> None:
    repo = stores.matches
    repo.create_match(a_match("m_1", ["p_ada", "bot-greedy"]))
    with pytest.raises(WriteConflict):
        repo.create_match(a_match("m_1", ["p_bea", "bot-random"], created_at="2027-02-01T00:00:00.000Z"))
    assert repo.list_player_matches("p_bea", 10, None) == ([], None)
    assert repo.list_player_matches("bot-random", 10, None) == ([], None)
    assert every_page(repo, "p_ada", 10) == [["m_1"]]


def test_a_player_seated_twice_lists_the_match_once(stores: Stores) -> None:
    stores.matches.create_match(a_match("m_self", ["p_ada", "p_ada"]))
    assert every_page(stores.matches, "p_ada", 10) == [["m_self"]]


def test_a_seeded_match_keeps_its_flag_and_a_plain_one_reads_as_not_seeded(stores: Stores) -> None:
    repo = stores.matches
    seeded = dataclasses.replace(a_match("m_seeded"), seeded=True)
    repo.create_match(seeded)
    assert repo.get_match("m_seeded") == seeded

    repo.create_match(a_match("m_plain"))
    stored = repo.get_match("m_plain")
    assert stored is not None
    assert stored.seeded is False


def test_save_match_needs_the_expected_version(stores: Stores) -> None:
    repo = stores.matches
    match = a_match()
    repo.create_match(match)

    match.version = 2
    repo.save_match(match, expected_version=1)
    stale = dataclasses.replace(match, version=3, names=["Stale", "Greedy bot"])
    with pytest.raises(WriteConflict):
        repo.save_match(stale, expected_version=1)
    stored = repo.get_match("m_1")
    assert stored is not None
    assert (stored.version, stored.names) == (2, ["Ada", "Greedy bot"])
    # A save of a match that was never created is not an upsert either.
    with pytest.raises(WriteConflict):
        repo.save_match(a_match("m_ghost"), expected_version=1)
    assert repo.get_match("m_ghost") is None


def test_a_save_from_the_future_version_also_conflicts(stores: Stores) -> None:
    repo = stores.matches
    repo.create_match(a_match())
    ahead = dataclasses.replace(a_match(), version=3, status="finished")
    with pytest.raises(WriteConflict):
        repo.save_match(ahead, expected_version=2)
    assert repo.get_match("m_1") == a_match()


def test_a_saved_match_reads_back_whole_with_its_rating(stores: Stores) -> None:
    repo = stores.matches
    match = a_match()
    repo.create_match(match)
    finished = dataclasses.replace(
        match,
        status="finished",
        version=2,
        deadline=None,
        rating="pending",
        moves=["0:7d>", "1:Kc>7d"],
        timed_out_at=1_800_000_000,  # lost on time then: kept for the arena's window (finished_at)
    )
    finished.updated_at = "2027-01-15T09:00:00.000Z"
    repo.save_match(finished, expected_version=1)
    assert repo.get_match("m_1") == finished
    assert repo.get_matches(["m_1"]) == {"m_1": finished}
    summary, _ = repo.list_player_matches("p_ada", 1, None)
    assert [(s.id, s.status) for s in summary] == [("m_1", "finished")]


def test_get_matches_reads_several_and_leaves_out_the_missing(stores: Stores) -> None:
    repo = stores.matches
    for i in range(3):
        repo.create_match(a_match(f"m_{i}"))
    found = repo.get_matches(["m_2", "m_0", "m_gone", "m_2"])
    assert set(found) == {"m_0", "m_2"}
    assert found["m_2"] == a_match("m_2")
    assert repo.get_matches([]) == {}


def test_the_deadline_sweep_finds_only_live_overdue_matches(stores: Stores) -> None:
    repo = stores.matches
    repo.create_match(a_match("m_soon", deadline=1_000))
    repo.create_match(a_match("m_late", deadline=5_000))
    repo.create_match(a_match("m_pending", deadline=None, status="pending"))
    repo.create_match(a_match("m_waiting", deadline=500, status="pending"))  # no clock runs before it starts

    # Filed under its deadline rounded down to the minute (960): listed from then, overdue after 1000
    # (the sweep reads each listed match and checks its deadline: tests/api/test_time_controls.py)
    assert repo.overdue_matches(now=960, limit=10) == []
    assert repo.overdue_matches(now=961, limit=10) == ["m_soon"]
    assert repo.overdue_matches(now=1_001, limit=10) == ["m_soon"]
    assert repo.overdue_matches(now=10_000, limit=10) == ["m_soon", "m_late"]  # oldest deadline first
    assert repo.overdue_matches(now=10_000, limit=1) == ["m_soon"]

    finished = repo.get_match("m_soon")
    assert finished is not None
    finished.status, finished.version = "finished", 2
    repo.save_match(finished, expected_version=1)
    assert repo.overdue_matches(now=10_000, limit=10) == ["m_late"]


def test_the_sweep_merges_many_matches_by_deadline_and_honours_its_limit(stores: Stores) -> None:
    # 60 matches (spread over the DynamoDB index's shards by their ids), created out of deadline order,
    # over 20 minutes; and 60 that are not yet due
    due = [(1_200 + 60 * ((7 * i) % 20) + (i % 3) * 20, f"m_{i:02d}") for i in range(60)]
    for deadline, match_id in reversed(due):
        stores.matches.create_match(a_match(match_id, deadline=deadline))
    for i in range(60):
        stores.matches.create_match(a_match(f"m_later_{i:02d}", deadline=5_000 + i))
    # oldest (minute of the) deadline first, then by id
    expected = [match_id for _, match_id in sorted((indexed_deadline(d), m) for d, m in due)]

    assert stores.matches.overdue_matches(now=4_000, limit=500) == expected
    for limit in (1, 7, 59):
        assert stores.matches.overdue_matches(now=4_000, limit=limit) == expected[:limit]
    early = [m for d, m in sorted((indexed_deadline(d), m) for d, m in due) if d < 1_500]
    assert early
    assert stores.matches.overdue_matches(now=1_500, limit=500) == early
    assert stores.matches.overdue_matches(now=1_200, limit=500) == []


def test_matches_due_in_the_same_minute_come_in_id_order(stores: Stores) -> None:
    for match_id, deadline in (("m_b", 2_000), ("m_c", 1_981), ("m_a", 2_039), ("m_d", 1_979)):
        stores.matches.create_match(a_match(match_id, deadline=deadline))
    assert stores.matches.overdue_matches(now=2_041, limit=10) == ["m_d", "m_a", "m_b", "m_c"]
    assert stores.matches.overdue_matches(now=2_041, limit=2) == ["m_d", "m_a"]


def test_a_players_matches_page_newest_first(stores: Stores) -> None:
    repo = stores.matches
    for i in range(5):
        repo.create_match(a_match(f"m_{i}", created_at=f"2027-01-15T08:00:0{i}.000Z"))

    seen: list[MatchSummary] = []
    cursor: str | None = None
    pages = 0
    while True:
        page, cursor = repo.list_player_matches("p_ada", 2, cursor)
        seen.extend(page)
        pages += 1
        if cursor is None:
            break
    assert [s.id for s in seen] == ["m_4", "m_3", "m_2", "m_1", "m_0"]
    assert pages == 3
    assert seen[0].names == ["Ada", "Greedy bot"]
    assert seen[0].seats == ["p_ada", "bot-greedy"]
    assert (seen[0].created_at, seen[0].status, seen[0].preset) == (
        "2027-01-15T08:00:04.000Z",
        "active",
        "classic",
    )
    assert seen[0].result is None
    with pytest.raises(InvalidCursor):
        repo.list_player_matches("p_ada", 2, "not a cursor")
    # A cursor of one player's list does not page another's.
    _, adas_cursor = repo.list_player_matches("p_ada", 2, None)
    assert adas_cursor is not None
    with pytest.raises(InvalidCursor):
        repo.list_player_matches("bot-greedy", 2, adas_cursor)


def test_paging_resumes_after_the_last_match_shown_even_at_equal_times(stores: Stores) -> None:
    repo = stores.matches
    same = "2027-03-01T10:00:00.000Z"
    for match_id in ("m_c", "m_a", "m_e", "m_b", "m_d"):
        repo.create_match(a_match(match_id, created_at=same))
    repo.create_match(a_match("m_old", created_at="2027-02-01T10:00:00.000Z"))
    repo.create_match(a_match("m_new", created_at="2027-04-01T10:00:00.000Z"))

    whole, cursor = repo.list_player_matches("p_ada", 100, None)
    assert cursor is None
    order = ["m_new", "m_e", "m_d", "m_c", "m_b", "m_a", "m_old"]
    assert [s.id for s in whole] == order
    assert every_page(repo, "p_ada", 3) == [order[:3], order[3:6], order[6:]]
    assert every_page(repo, "p_ada", 1) == [[i] for i in order]

    # A match created after a page was read, newer than the cursor, does not appear in the later pages;
    # one older than the cursor does.
    first, cursor = repo.list_player_matches("p_ada", 2, None)
    repo.create_match(a_match("m_newest", created_at="2027-05-01T10:00:00.000Z"))
    repo.create_match(a_match("m_oldest", created_at="2027-01-01T10:00:00.000Z"))
    rest: list[str] = []
    while cursor is not None:
        page, cursor = repo.list_player_matches("p_ada", 2, cursor)
        rest.extend(s.id for s in page)
    assert [s.id for s in first] + rest == [*order, "m_oldest"]


def test_a_player_without_matches_has_an_empty_list(stores: Stores) -> None:
    assert stores.matches.list_player_matches("p_nobody", 5, None) == ([], None)


# --------------------------------------------------------------------------- keyed creation


def test_a_match_created_again_with_its_key_is_the_same_match_answered_to_its_caller(
    stores: Stores, clock: ManualClock, count: Callable[[str], int]
) -> None:
    svc = ServiceSet(stores, clock)
    ada = registered(svc, "Ada")
    bea = registered(svc, "Bea")
    request = NewMatch(players=[ada.player_id or "", "bot-greedy"], seed=SEED[:32])
    created: list[MatchView] = []
    first = svc.matches.create(ada, request, "m-1", on_created=created.append)
    again = svc.matches.create(ada, request, "m-1", on_created=created.append)
    assert again == first
    assert created == [first]  # told once: the retry created nothing
    assert count("match") == 1
    with pytest.raises(IdempotencyKeyReused):
        svc.matches.create(ada, NewMatch(players=request.players, seed="ab" * 16), "m-1")
    # Another caller's same key is another request: its own match.
    theirs = svc.matches.create(bea, NewMatch(players=[bea.player_id or "", "bot-greedy"]), "m-1")
    assert theirs.id != first.id
    assert count("match") == 2


def registered(svc: ServiceSet, name: str) -> Caller:
    registration = svc.players.register(name)
    return Caller(registration.player.id, "player")


# --------------------------------------------------------------------------- a move race


class LockedRepository:
    """The repository with its match writes serialised: for moto only (see the race test below).

    moto's in-process DynamoDB checks a ``ConditionExpression`` and then writes, without a lock: two threads
    can both pass the check. DynamoDB itself applies a conditional write atomically, so this wrapper gives
    the test the guarantee the real service has; it does not weaken what the test asserts. SQLite's own
    transactions give it already, so the SQLite store is raced as it is.
    """

    def __init__(self, inner: MatchRepository) -> None:
        self.inner = inner
        self.lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save_match(self, match: Match, expected_version: int) -> None:
        with self.lock:
            self.inner.save_match(match, expected_version)


@pytest.mark.parametrize("threads", [16])
def test_a_move_race_has_one_winner(stores: Stores, adapter: str, clock: ManualClock, threads: int) -> None:
    # Given a match against a bot, at the human's turn
    repo: Any = LockedRepository(stores.matches) if adapter == "dynamodb" else stores.matches
    players = PlayerService(stores.players, clock)
    service = MatchService(repo, clock, players)
    ada = players.register("Ada")
    caller = Caller(ada.player.id, "player", ada.player.token_hash)
    created = service.create(caller, NewMatch(players=[ada.player.id, "bot-greedy"], seed=SEED))
    match_id, version, seat = created.id, created.version, created.your_seat
    before = stores.matches.get_match(match_id)
    assert before is not None
    move = {k: created.view["legal_moves"][0][k] for k in ("card", "take")}

    # When many requests submit that move at once, all expecting the same version
    start = threading.Barrier(threads)
    answers: list[MatchView] = []
    refusals: list[Conflict] = []
    others: list[BaseException] = []
    lock = threading.Lock()

    def submit() -> None:
        start.wait()
        try:
            answer = service.move(caller, match_id, move, version)
        except Conflict as exc:
            with lock:
                refusals.append(exc)
        except BaseException as exc:
            with lock:
                others.append(exc)
        else:
            with lock:
                answers.append(answer)

    workers = [threading.Thread(target=submit) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()

    # Then exactly one wins, the others are told the version is stale
    assert others == []
    assert len(answers) == 1
    assert len(refusals) == threads - 1
    assert {r.code for r in refusals} == {"stale_version"}

    # And the stored match is a valid engine state, one human move (plus the bot's answers) further on
    after = stores.matches.get_match(match_id)
    assert after is not None
    state = ScopaState.from_json(after.state)
    assert after.version == version + 1
    assert answers[0].version == after.version
    new_moves = after.moves[len(before.moves) :]
    assert new_moves[0].startswith(f"{seat}:{move['card']}")
    assert all(not m.startswith(f"{seat}:") for m in new_moves[1:])
    assert len(new_moves) >= 2  # the bot answered in the same write
    assert state.moves_played == len(after.moves)
    assert state.result is not None or state.turn == seat

"""The DynamoDB repository on moto: items round-trip, writes are conditional, a move race has one winner."""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

import pytest

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import InvalidCursor
from scopa.adapters.dynamodb.players_matches import DynamoRepository
from scopa.application.auth import Caller, hash_token
from scopa.application.errors import Conflict
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.matches import Match, MatchSummary
from scopa.application.ports.players import Player, Role
from scopa.application.services.matches import MatchService, MatchView, NewMatch
from scopa.application.services.players import PlayerService
from scopa.domain.games import GAMES
from scopa.domain.state import GameState
from tests.storage.conftest import TABLE, FixedClock

SEED = "5eed" * 16


def a_player(player_id: str = "p_ada", token: str | None = "scp_secret-ada", role: Role = "player") -> Player:
    return Player(
        id=player_id,
        name="Ada",
        role=role,
        created_at="2027-01-15T08:00:00.000Z",
        token_hash=hash_token(token) if token else None,
    )


def a_match(
    match_id: str = "m_1",
    seats: list[str] | None = None,
    *,
    created_at: str = "2027-01-15T08:00:00.000Z",
    deadline: int | None = 1_800_000_100,
    status: Any = "active",
) -> Match:
    seats = seats or ["p_ada", "bot-greedy"]
    return Match(
        id=match_id,
        game="scopa",
        preset="classic",
        rules={},
        seats=seats,
        names=["Ada", "Greedy bot"],
        status=status,
        version=1,
        state=GAMES["scopa"].new_state({}, SEED, 0),
        moves=[],
        created_at=created_at,
        updated_at=created_at,
        created_by="p_ada",
        move_seconds=100,
        deadline=deadline,
        accepted=[True, True],
    )


def raw_item(client: Any, pk: str, sk: str) -> dict[str, Any] | None:
    item: dict[str, Any] | None = client.get_item(
        TableName=TABLE, Key={keys.PK: {"S": pk}, keys.SK: {"S": sk}}
    ).get("Item")
    return item


# --------------------------------------------------------------------------- players and tokens


def test_a_player_and_its_token_round_trip(repo: DynamoRepository, client: Any) -> None:
    player = a_player()
    repo.create_player(player)

    assert repo.get_player("p_ada") == player
    assert repo.get_token_owner(hash_token("scp_secret-ada")) == ("p_ada", "player")
    assert repo.get_token_owner(hash_token("scp_other")) is None
    assert repo.get_player("p_nobody") is None
    # The token item is keyed by the hash: the token text is stored nowhere.
    items = client.scan(TableName=TABLE)["Items"]
    assert "scp_secret-ada" not in repr(items)
    assert {i[keys.PK]["S"] for i in items} == {"PLAYER#p_ada", f"TOKEN#{hash_token('scp_secret-ada')}"}


def test_creating_a_player_twice_conflicts(repo: DynamoRepository) -> None:
    repo.create_player(a_player())
    with pytest.raises(WriteConflict):
        repo.create_player(a_player(token="scp_another"))
    # The failed transaction wrote nothing: the second token does not authenticate.
    assert repo.get_token_owner(hash_token("scp_another")) is None


def test_replace_token_only_succeeds_from_the_current_token(repo: DynamoRepository) -> None:
    old, new = hash_token("scp_old"), hash_token("scp_new")
    repo.create_player(a_player(token="scp_old"))

    repo.replace_token("p_ada", old, new)
    assert repo.get_token_owner(old) is None
    assert repo.get_token_owner(new) == ("p_ada", "player")
    player = repo.get_player("p_ada")
    assert player is not None
    assert player.token_hash == new

    # A second rotation from the old token (a stale request) loses its condition and changes nothing.
    with pytest.raises(WriteConflict):
        repo.replace_token("p_ada", old, hash_token("scp_third"))
    assert repo.get_token_owner(hash_token("scp_third")) is None
    assert repo.get_token_owner(new) == ("p_ada", "player")


def test_revoke_then_issue_a_token(repo: DynamoRepository) -> None:
    current = hash_token("scp_old")
    repo.create_player(a_player(token="scp_old"))

    repo.replace_token("p_ada", current, None)
    assert repo.get_token_owner(current) is None
    player = repo.get_player("p_ada")
    assert player is not None
    assert player.token_hash is None

    # Issuing from "no token" works once; a second issue from "no token" is stale.
    issued = hash_token("scp_issued")
    repo.replace_token("p_ada", None, issued)
    assert repo.get_token_owner(issued) == ("p_ada", "player")
    with pytest.raises(WriteConflict):
        repo.replace_token("p_ada", None, hash_token("scp_again"))
    with pytest.raises(WriteConflict):
        repo.replace_token("p_unknown", None, hash_token("scp_x"))


def test_set_role_changes_profile_and_token_together(repo: DynamoRepository) -> None:
    repo.create_player(a_player(token="scp_t"))
    repo.set_role("p_ada", "organizer")
    player = repo.get_player("p_ada")
    assert player is not None
    assert player.role == "organizer"
    assert repo.get_token_owner(hash_token("scp_t")) == ("p_ada", "organizer")
    with pytest.raises(WriteConflict):
        repo.set_role("p_unknown", "organizer")


# --------------------------------------------------------------------------- matches


def test_a_match_round_trips_and_is_created_only_once(repo: DynamoRepository, client: Any) -> None:
    match = a_match()
    match.idempotency = {"key": "k", "hash": "h", "caller": "p_ada", "answer": {"version": 1}}
    repo.create_match(match)

    assert repo.get_match("m_1") == match
    assert repo.get_match("m_none") is None
    # One index item per distinct player, for "my matches".
    assert raw_item(client, "PLAYER#p_ada", keys.player_match_sk(match.created_at, "m_1")) is not None
    assert raw_item(client, "PLAYER#bot-greedy", keys.player_match_sk(match.created_at, "m_1")) is not None

    # attribute_not_exists: the same id cannot be created twice, and the first match is untouched.
    second = dataclasses.replace(match, names=["Mallory", "Greedy bot"], version=7)
    with pytest.raises(WriteConflict):
        repo.create_match(second)
    assert repo.get_match("m_1") == match


def test_a_seeded_match_keeps_its_flag_and_an_item_without_it_reads_as_not_seeded(
    repo: DynamoRepository, client: Any
) -> None:
    seeded = dataclasses.replace(a_match("m_seeded"), seeded=True)
    repo.create_match(seeded)
    assert repo.get_match("m_seeded") == seeded
    item = raw_item(client, keys.match_pk("m_seeded"), keys.MATCH_SK)
    assert item is not None
    assert item["seeded"] == {"BOOL": True}

    repo.create_match(a_match("m_plain"))
    plain = raw_item(client, keys.match_pk("m_plain"), keys.MATCH_SK)
    assert plain is not None
    assert "seeded" not in plain  # written only when true: items from before read alike
    stored = repo.get_match("m_plain")
    assert stored is not None
    assert stored.seeded is False


def test_save_match_needs_the_expected_version(repo: DynamoRepository) -> None:
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


def test_the_deadline_index_holds_only_live_matches(repo: DynamoRepository, client: Any) -> None:
    repo.create_match(a_match("m_soon", deadline=1_000))
    repo.create_match(a_match("m_late", deadline=5_000))
    repo.create_match(a_match("m_pending", deadline=None, status="pending"))

    assert repo.overdue_matches(now=999, limit=10) == []
    assert repo.overdue_matches(now=1_000, limit=10) == []  # due at 1000: not yet overdue
    assert repo.overdue_matches(now=1_001, limit=10) == ["m_soon"]
    assert repo.overdue_matches(now=10_000, limit=10) == ["m_soon", "m_late"]  # oldest deadline first
    assert repo.overdue_matches(now=10_000, limit=1) == ["m_soon"]

    finished = repo.get_match("m_soon")
    assert finished is not None
    finished.status, finished.version = "finished", 2
    repo.save_match(finished, expected_version=1)
    assert repo.overdue_matches(now=10_000, limit=10) == ["m_late"]
    indexed = client.scan(TableName=TABLE, IndexName=keys.GSI1)["Items"]
    assert [i[keys.GSI1_SK]["S"] for i in indexed] == [keys.live_sk(5_000, "m_late")]


def test_a_players_matches_page_newest_first(repo: DynamoRepository) -> None:
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
    assert seen[0].result is None
    with pytest.raises(InvalidCursor):
        repo.list_player_matches("p_ada", 2, "not a cursor")
    # A cursor of one player's list does not page another's (DynamoDB would refuse the start key).
    _, adas_cursor = repo.list_player_matches("p_ada", 2, None)
    assert adas_cursor is not None
    with pytest.raises(InvalidCursor):
        repo.list_player_matches("bot-greedy", 2, adas_cursor)


# --------------------------------------------------------------------------- a move race


class LockedRepository:
    """The repository with its match writes serialised: for moto only (see the race test below).

    moto's in-process DynamoDB checks a ``ConditionExpression`` and then writes, without a lock: two threads
    can both pass the check. DynamoDB itself applies a conditional write atomically, so this wrapper gives
    the test the guarantee the real service has; it does not weaken what the test asserts.
    """

    def __init__(self, inner: DynamoRepository) -> None:
        self.inner = inner
        self.lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save_match(self, match: Match, expected_version: int) -> None:
        with self.lock:
            self.inner.save_match(match, expected_version)


@pytest.mark.parametrize("threads", [16])
def test_a_move_race_has_one_winner(repo: DynamoRepository, clock: FixedClock, threads: int) -> None:
    # Given a match against a bot, at the human's turn
    locked: Any = LockedRepository(repo)
    players = PlayerService(locked, clock)
    service = MatchService(locked, clock, players)
    ada = players.register("Ada")
    caller = Caller(ada.player.id, "player", ada.player.token_hash)
    created = service.create(caller, NewMatch(players=[ada.player.id, "bot-greedy"], seed=SEED))
    match_id, version, seat = created.id, created.version, created.your_seat
    before = repo.get_match(match_id)
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
    after = repo.get_match(match_id)
    assert after is not None
    state = GameState.from_json(after.state)
    assert after.version == version + 1
    assert answers[0].version == after.version
    new_moves = after.moves[len(before.moves) :]
    assert new_moves[0].startswith(f"{seat}:{move['card']}")
    assert all(not m.startswith(f"{seat}:") for m in new_moves[1:])
    assert len(new_moves) >= 2  # the bot answered in the same write
    assert state.moves_played == len(after.moves)
    assert state.result is not None or state.turn == seat

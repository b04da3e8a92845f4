"""The tournament port on both adapters: records round-trip, conditional writes lose with WriteConflict
and write nothing, lists order and page alike."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import item_key
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.tournaments import TournamentRepository
from scopa.application.wiring import Stores
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
    TournamentStatus,
)

OPEN = ("registration",)


def a_tournament(
    tournament_id: str = "t_1",
    *,
    created_at: str = "2027-03-01T10:00:00.000Z",
    club_id: str | None = None,
    status: TournamentStatus = "registration",
) -> TournamentRecord:
    return TournamentRecord(
        id=tournament_id,
        name=f"Torneo {tournament_id}",
        club_id=club_id,
        created_by="p_olga",
        created_at=created_at,
        updated_at=created_at,
        settings={"format": "swiss", "rounds": 3, "target": 11},
        status=status,
        lot_seed="lot-" + tournament_id,
        deal_seed="deal-" + tournament_id,
    )


def an_entry(entrant_id: str, players: list[str] | None = None, rating: float = 1500.0) -> EntryRecord:
    return EntryRecord(
        id=entrant_id,
        name=f"Entrant {entrant_id}",
        players=players or [entrant_id],
        rating=rating,
        created_at="2027-03-01T10:05:00.000Z",
        entered_by="p_olga",
    )


def a_round(number: int, first: str = "p_a", second: str = "p_b") -> RoundRecord:
    return RoundRecord(
        number=number,
        tables=[TableRecord(table=1, first=first, second=second)],
        byes=["p_c"],
        created_at=f"2027-03-02T10:0{number}:00.000Z",
        deadline=1_900_000_000 + number,
    )


def loaded_entry(repo: TournamentRepository, tournament_id: str, entrant_id: str) -> EntryRecord:
    bundle = repo.load(tournament_id)
    assert bundle is not None
    return next(e for e in bundle.entries if e.id == entrant_id)


def drop_entry_version(adapter: str, stores: Stores, tournament_id: str, entrant_id: str) -> None:
    """Take the ``version`` off a stored entry, as entries were stored before they had one."""
    if adapter == "dynamodb":
        client: Any = getattr(stores.tournaments, "client")  # noqa: B009
        client.update_item(
            TableName=getattr(stores.tournaments, "table"),  # noqa: B009
            Key=item_key(keys.tournament_pk(tournament_id), keys.entry_sk(entrant_id)),
            UpdateExpression="REMOVE version",
        )
        return
    db: Any = getattr(stores.tournaments, "db")  # noqa: B009
    with db.transaction() as c:
        c.execute(
            "UPDATE tournament_entries SET doc = json_remove(doc, '$.version')"
            " WHERE tournament_id = ? AND id = ?",
            (tournament_id, entrant_id),
        )


def created(
    repo: TournamentRepository, t: TournamentRecord, at: str = "2027-03-01T10:00:00.000Z"
) -> TournamentRecord:
    repo.create_tournament(t, AuditEntry(at, t.created_by, "created", {"name": t.name}))
    return t


def running(repo: TournamentRepository, tournament_id: str = "t_run") -> TournamentRecord:
    """A started tournament with no round yet."""
    t = created(repo, a_tournament(tournament_id))
    t.status, t.version, t.started_at, t.rounds_planned = "running", 2, "2027-03-02T10:00:00.000Z", 3
    repo.save_tournament(t, expected_version=1)
    return t


def stored(repo: TournamentRepository, tournament_id: str) -> TournamentRecord:
    t = repo.get_tournament(tournament_id)
    assert t is not None
    return t


# --------------------------------------------------------------------------- the tournament record


def test_a_tournament_round_trips_with_its_first_audit_entry(stores: Stores) -> None:
    repo = stores.tournaments
    t = a_tournament(club_id="c_circolo")
    t.override = {"round": 1, "tables": [["p_a", "p_b"]], "byes": []}
    t.origin = {"key": "digest", "body": "hash"}
    t.rounds_planned = 3
    audit = AuditEntry("2027-03-01T10:00:00.000Z", "p_olga", "created", {"name": t.name, "n": 1.5})
    repo.create_tournament(t, audit)

    assert repo.get_tournament("t_1") == t
    assert repo.list_audit("t_1", 10, None) == ([audit], None)
    assert repo.get_tournament("t_none") is None
    assert repo.load("t_none") is None
    bundle = repo.load("t_1")
    assert bundle is not None
    assert (bundle.tournament, bundle.entries, bundle.rounds) == (t, [], [])


def test_creating_a_tournament_twice_conflicts_and_writes_nothing(stores: Stores) -> None:
    repo = stores.tournaments
    first = created(repo, a_tournament())
    second = dataclasses.replace(first, name="Impostor", club_id="c_other")
    with pytest.raises(WriteConflict):
        repo.create_tournament(second, AuditEntry("2027-03-01T11:00:00.000Z", "p_eve", "created", {}))
    assert repo.get_tournament("t_1") == first
    entries, _ = repo.list_audit("t_1", 10, None)
    assert [e.actor for e in entries] == ["p_olga"]  # the second audit entry went with the failed write
    assert repo.list_tournaments(None, "c_other", 10, None) == ([], None)
    assert [x.id for x in repo.list_tournaments(None, None, 10, None)[0]] == ["t_1"]


def test_save_tournament_needs_the_expected_version(stores: Stores) -> None:
    repo = stores.tournaments
    t = created(repo, a_tournament())
    t.name, t.version, t.status = "Renamed", 2, "running"
    repo.save_tournament(t, expected_version=1)
    assert repo.get_tournament("t_1") == t

    stale = dataclasses.replace(t, name="Stale", version=3)
    with pytest.raises(WriteConflict):
        repo.save_tournament(stale, expected_version=1)
    assert repo.get_tournament("t_1") == t
    # Not an upsert: a tournament never created is not saved.
    with pytest.raises(WriteConflict):
        repo.save_tournament(a_tournament("t_ghost"), expected_version=1)
    assert repo.get_tournament("t_ghost") is None


# --------------------------------------------------------------------------- lists


def test_tournaments_list_newest_first_in_pages_and_by_status_and_club(stores: Stores) -> None:
    repo = stores.tournaments
    for i in range(7):
        created(
            repo,
            a_tournament(
                f"t_{i}",
                created_at=f"2027-03-01T10:00:0{i}.000Z",
                club_id="c_circolo" if i % 2 == 0 else None,
                status="registration" if i < 5 else "draft",
            ),
        )
    # Two tournaments created at the same time are ordered by id (newest first: the larger id).
    created(repo, a_tournament("t_9", created_at="2027-03-01T10:00:03.000Z", club_id="c_circolo"))

    def pages(status: str | None, club: str | None, limit: int) -> list[list[str]]:
        out: list[list[str]] = []
        cursor: str | None = None
        while True:
            page, cursor = repo.list_tournaments(status, club, limit, cursor)
            out.append([t.id for t in page])
            if cursor is None:
                return out

    assert pages(None, None, 3) == [["t_6", "t_5", "t_4"], ["t_9", "t_3", "t_2"], ["t_1", "t_0"]]
    assert pages("registration", None, 4) == [["t_4", "t_9", "t_3", "t_2"], ["t_1", "t_0"]]
    assert pages("draft", None, 5) == [["t_6", "t_5"]]
    assert pages(None, "c_circolo", 3) == [["t_6", "t_4", "t_9"], ["t_2", "t_0"]]
    # A club's list filtered by status drops the others from each page (a page may come out short).
    assert pages("registration", "c_circolo", 3) == [["t_4", "t_9"], ["t_2", "t_0"]]
    assert pages(None, "c_nobody", 3) == [[]]
    # The pipeline's list: every tournament of a status, oldest first.
    assert repo.tournament_ids_with_status("registration") == ["t_0", "t_1", "t_2", "t_3", "t_9", "t_4"]
    assert repo.tournament_ids_with_status("finished") == []

    # A status change moves a tournament from one list to the other.
    t = stored(repo, "t_6")
    t.status, t.version = "registration", 2
    repo.save_tournament(t, expected_version=1)
    assert repo.tournament_ids_with_status("draft") == ["t_5"]
    assert pages("registration", None, 10) == [["t_6", "t_4", "t_9", "t_3", "t_2", "t_1", "t_0"]]


def test_a_bad_or_foreign_cursor_is_refused(stores: Stores) -> None:
    repo = stores.tournaments
    for i in range(3):
        created(repo, a_tournament(f"t_{i}", created_at=f"2027-03-01T10:00:0{i}.000Z", club_id="c_a"))
    _, everyone = repo.list_tournaments(None, None, 1, None)
    _, by_status = repo.list_tournaments("registration", None, 1, None)
    _, by_club = repo.list_tournaments(None, "c_a", 1, None)
    assert everyone is not None
    assert by_status is not None
    assert by_club is not None
    for bad in ("nonsense", "e30=", everyone[:-2]):
        with pytest.raises(InvalidCursor):
            repo.list_tournaments(None, None, 1, bad)
    with pytest.raises(InvalidCursor):
        repo.list_tournaments("draft", None, 1, by_status)  # another status's list
    with pytest.raises(InvalidCursor):
        repo.list_tournaments(None, "c_b", 1, by_club)  # another club's list
    with pytest.raises(InvalidCursor):
        repo.list_audit("t_0", 1, by_club)


# --------------------------------------------------------------------------- entries


def test_an_entry_counts_against_the_cap_and_points_from_its_players(stores: Stores) -> None:
    repo = stores.tournaments
    created(repo, a_tournament())
    repo.add_entry("t_1", an_entry("p_b"), cap=3, statuses=OPEN)
    pair = an_entry("e_pair", ["p_c", "p_a"], rating=1612.5)
    repo.add_entry("t_1", pair, cap=3, statuses=OPEN)

    t = stored(repo, "t_1")
    assert (t.entries, t.version) == (2, 3)  # every entry write moves the version on
    assert repo.player_entry("t_1", "p_b") == "p_b"
    assert repo.player_entry("t_1", "p_a") == "e_pair"
    assert repo.player_entry("t_1", "p_c") == "e_pair"
    assert repo.player_entry("t_1", "p_z") is None
    assert repo.player_entry("t_other", "p_a") is None
    bundle = repo.load("t_1")
    assert bundle is not None
    assert bundle.entries == [pair, an_entry("p_b")]  # by entrant id
    assert bundle.tournament == t
    assert repo.get_entry("t_1", "e_pair") == pair  # one entry alone, as stored
    assert repo.get_entry("t_1", "p_z") is None
    assert repo.get_entry("t_other", "p_b") is None


def test_a_refused_entry_writes_nothing(stores: Stores) -> None:
    repo = stores.tournaments
    created(repo, a_tournament())
    repo.add_entry("t_1", an_entry("e_first", ["p_a", "p_b"]), cap=2, statuses=OPEN)
    before = repo.load("t_1")

    refusals = [
        ("t_1", an_entry("e_again", ["p_c", "p_b"]), 2, OPEN),  # p_b has entered already
        ("t_1", an_entry("e_first", ["p_x", "p_y"]), 2, OPEN),  # the entrant id is taken
        ("t_1", an_entry("e_closed", ["p_c", "p_d"]), 2, ("draft",)),  # the status does not allow it
        ("t_none", an_entry("e_lost", ["p_c", "p_d"]), 2, OPEN),  # no such tournament
    ]
    for tournament_id, entry, cap, statuses in refusals:
        with pytest.raises(WriteConflict):
            repo.add_entry(tournament_id, entry, cap, statuses)
        assert repo.load("t_1") == before
        assert repo.player_entry(tournament_id, "p_c") is None
        assert repo.player_entry(tournament_id, "p_x") is None
    assert repo.player_entry("t_1", "p_b") == "e_first"
    assert repo.get_tournament("t_none") is None

    repo.add_entry("t_1", an_entry("p_c"), cap=2, statuses=OPEN)
    with pytest.raises(WriteConflict):  # the cap is reached
        repo.add_entry("t_1", an_entry("p_d"), cap=2, statuses=OPEN)
    assert repo.player_entry("t_1", "p_d") is None
    assert stored(repo, "t_1").entries == 2


def test_an_entry_is_removed_only_before_the_start(stores: Stores) -> None:
    repo = stores.tournaments
    created(repo, a_tournament())
    pair = an_entry("e_pair", ["p_a", "p_b"])
    repo.add_entry("t_1", pair, cap=8, statuses=OPEN)
    repo.add_entry("t_1", an_entry("p_c"), cap=8, statuses=OPEN)

    repo.remove_entry("t_1", pair)
    t = stored(repo, "t_1")
    assert (t.entries, t.version) == (1, 4)
    assert repo.player_entry("t_1", "p_a") is None
    assert repo.player_entry("t_1", "p_b") is None
    bundle = repo.load("t_1")
    assert bundle is not None
    assert [e.id for e in bundle.entries] == ["p_c"]
    with pytest.raises(WriteConflict):  # gone already
        repo.remove_entry("t_1", pair)
    assert stored(repo, "t_1") == t
    repo.add_entry("t_1", an_entry("p_a"), cap=8, statuses=OPEN)  # free to enter again
    assert repo.player_entry("t_1", "p_a") == "p_a"

    t = stored(repo, "t_1")
    t.status, t.version = "running", t.version + 1
    repo.save_tournament(t, expected_version=t.version - 1)
    with pytest.raises(WriteConflict):
        repo.remove_entry("t_1", an_entry("p_c"))
    assert stored(repo, "t_1") == t
    assert repo.player_entry("t_1", "p_c") == "p_c"
    with pytest.raises(WriteConflict):
        repo.remove_entry("t_none", an_entry("p_c"))


def test_save_entry_updates_an_existing_entry_only(stores: Stores) -> None:
    repo = stores.tournaments
    created(repo, a_tournament())
    entry = an_entry("p_a")
    repo.add_entry("t_1", entry, cap=8, statuses=OPEN)
    version = stored(repo, "t_1").version

    entry.status, entry.joined_round = "withdrawn", 2
    entry.rating, entry.rating_fixed = 1712.25, True  # a seeding rating set by hand is kept as such
    entry.requested_byes = [2, 3]  # Swiss rounds the entrant asked to sit out
    entry.paused = True  # an arena player who stepped away
    entry.back_after_wave = 7  # and said they were back after wave 7 (a no-show before)
    entry.version = 1
    repo.save_entry("t_1", entry, expected_version=0)
    bundle = repo.load("t_1")
    assert bundle is not None
    assert bundle.entries == [entry]
    assert bundle.entries[0].rating_fixed is True
    assert bundle.entries[0].version == 1
    assert stored(repo, "t_1").version == version  # the tournament itself is untouched
    with pytest.raises(WriteConflict):
        repo.save_entry("t_1", an_entry("p_ghost"), expected_version=0)
    bundle = repo.load("t_1")
    assert bundle is not None
    assert bundle.entries == [entry]


def test_a_stale_entry_save_is_refused_and_the_first_change_kept(stores: Stores) -> None:
    """Two read-modify-writes of one entry: the one that read before the other's save loses."""
    repo = stores.tournaments
    created(repo, a_tournament())
    repo.add_entry("t_1", an_entry("p_a"), cap=8, statuses=OPEN)
    first, second = (loaded_entry(repo, "t_1", "p_a") for _ in range(2))
    assert first.version == second.version == 0

    first.checked_in_at, first.version = "2027-03-02T09:00:00.000Z", 1
    repo.save_entry("t_1", first, expected_version=0)
    second.requested_byes, second.version = [2], 1
    with pytest.raises(WriteConflict):
        repo.save_entry("t_1", second, expected_version=0)
    assert loaded_entry(repo, "t_1", "p_a") == first  # kept whole; nothing of the loser's
    with pytest.raises(WriteConflict):  # a version from the future is no better
        repo.save_entry("t_1", dataclasses.replace(first, version=3), expected_version=2)

    second = loaded_entry(repo, "t_1", "p_a")  # read again, it goes through
    second.requested_byes, second.version = [2], 2
    repo.save_entry("t_1", second, expected_version=1)
    assert loaded_entry(repo, "t_1", "p_a") == second
    assert second.checked_in_at == "2027-03-02T09:00:00.000Z"


def test_an_entry_changed_since_it_was_read_is_not_removed(adapter: str, stores: Stores) -> None:
    """A removal (a withdrawal, the start dropping who did not check in) over a check-in made meanwhile
    is refused, not a lost check-in; read again, it goes through. An entry stored without a version is
    removed as version 0."""
    repo = stores.tournaments
    created(repo, a_tournament())
    repo.add_entry("t_1", an_entry("p_a"), cap=8, statuses=OPEN)
    stale = loaded_entry(repo, "t_1", "p_a")
    checked = dataclasses.replace(stale, checked_in_at="2027-03-02T09:00:00.000Z", version=1)
    repo.save_entry("t_1", checked, expected_version=0)
    before = repo.load("t_1")
    with pytest.raises(WriteConflict):
        repo.remove_entry("t_1", stale)
    assert repo.load("t_1") == before
    assert repo.player_entry("t_1", "p_a") == "p_a"
    repo.remove_entry("t_1", loaded_entry(repo, "t_1", "p_a"))
    assert repo.player_entry("t_1", "p_a") is None

    repo.add_entry("t_1", an_entry("p_b"), cap=8, statuses=OPEN)
    drop_entry_version(adapter, stores, "t_1", "p_b")
    repo.remove_entry("t_1", loaded_entry(repo, "t_1", "p_b"))
    bundle = repo.load("t_1")
    assert bundle is not None
    assert bundle.entries == []


def test_an_entry_stored_without_a_version_reads_and_saves_as_version_0(adapter: str, stores: Stores) -> None:
    repo = stores.tournaments
    created(repo, a_tournament())
    repo.add_entry("t_1", an_entry("p_a"), cap=8, statuses=OPEN)
    drop_entry_version(adapter, stores, "t_1", "p_a")  # as written before entries had versions
    old = loaded_entry(repo, "t_1", "p_a")
    assert old == an_entry("p_a")
    assert old.version == 0
    with pytest.raises(WriteConflict):
        repo.save_entry("t_1", dataclasses.replace(old, status="withdrawn", version=2), expected_version=1)
    old.status, old.version = "withdrawn", 1
    repo.save_entry("t_1", old, expected_version=0)
    assert loaded_entry(repo, "t_1", "p_a") == old
    with pytest.raises(WriteConflict):  # now it has a version, and 0 is stale
        repo.save_entry("t_1", dataclasses.replace(old, version=1), expected_version=0)


def test_an_entry_save_before_a_round_moves_the_version_and_stops_at_its_pairing(stores: Stores) -> None:
    """``before_round``: the write also moves the tournament's version, so a pairing conditioned on the
    version read before it fails; once the round is created the write is refused."""
    repo = stores.tournaments
    t = running(repo)
    for p in ("p_a", "p_b", "p_c"):
        repo.add_entry(t.id, an_entry(p), cap=8, statuses=("running",))
    read_at = stored(repo, t.id).version
    entry = loaded_entry(repo, t.id, "p_c")
    entry.requested_byes, entry.version = [1], 1
    repo.save_entry(t.id, entry, expected_version=0, before_round=1)
    assert stored(repo, t.id).version == read_at + 1
    assert loaded_entry(repo, t.id, "p_c") == entry

    with pytest.raises(WriteConflict):  # a pairing from the entries read before the bye
        repo.create_round(t.id, a_round(1), expected_version=read_at)
    assert stored(repo, t.id).current_round == 0
    assert repo.get_round(t.id, 1) is None
    repo.create_round(t.id, a_round(1), expected_version=read_at + 1)  # read again: it goes through
    assert stored(repo, t.id).current_round == 1

    later = stored(repo, t.id)
    entry.requested_byes, entry.version = [1, 2], 2
    with pytest.raises(WriteConflict):  # round 1 is paired: too late for it
        repo.save_entry(
            t.id, dataclasses.replace(entry, requested_byes=[]), expected_version=1, before_round=1
        )
    assert stored(repo, t.id) == later  # the tournament's version did not move either
    assert loaded_entry(repo, t.id, "p_c").requested_byes == [1]
    repo.save_entry(t.id, entry, expected_version=1, before_round=2)  # round 2 is still to pair
    assert loaded_entry(repo, t.id, "p_c") == entry
    with pytest.raises(WriteConflict):
        repo.save_entry("t_none", entry, expected_version=2, before_round=2)


def test_a_late_entry_before_a_round_is_refused_once_that_round_is_paired(stores: Stores) -> None:
    """``add_entry``'s ``before_round``: a late entrant joining at round 1 is refused (and nothing is
    written) once round 1 exists; at round 2 it is still stored."""
    repo = stores.tournaments
    t = running(repo)
    for p in ("p_a", "p_b", "p_c"):
        repo.add_entry(t.id, an_entry(p), cap=8, statuses=("running",))
    repo.create_round(t.id, a_round(1))
    before = repo.load(t.id)

    for joined in (1, 0):  # the round it joins at is paired, or long gone
        late = dataclasses.replace(an_entry("e_late", ["p_d", "p_e"]), joined_round=joined)
        with pytest.raises(WriteConflict):
            repo.add_entry(t.id, late, cap=8, statuses=("running",), before_round=joined)
        assert repo.load(t.id) == before  # neither the entry, nor the count, nor the version
        assert repo.player_entry(t.id, "p_d") is None
        assert repo.player_entry(t.id, "p_e") is None

    late = dataclasses.replace(an_entry("e_late", ["p_d", "p_e"]), joined_round=2)
    repo.add_entry(t.id, late, cap=8, statuses=("running",), before_round=2)  # round 2 is still to pair
    after = stored(repo, t.id)
    assert before is not None
    assert (after.entries, after.version, after.current_round) == (4, before.tournament.version + 1, 1)
    assert loaded_entry(repo, t.id, "e_late") == late
    assert repo.player_entry(t.id, "p_d") == "e_late"


def test_an_entry_waiting_for_approval_and_its_check_in_round_trip(stores: Stores) -> None:
    repo = stores.tournaments
    created(repo, a_tournament())
    entry = an_entry("p_a")
    entry.status = "requested"
    repo.add_entry("t_1", entry, cap=8, statuses=OPEN)
    bundle = repo.load("t_1")
    assert bundle is not None
    assert bundle.entries == [entry]
    assert bundle.entries[0].checked_in_at is None

    entry.status, entry.checked_in_at, entry.version = "active", "2026-01-01T09:10:00.000Z", 1
    repo.save_entry("t_1", entry, expected_version=0)
    bundle = repo.load("t_1")
    assert bundle is not None
    assert bundle.entries == [entry]


# --------------------------------------------------------------------------- rounds


def test_a_round_is_created_exactly_once_and_advances_the_tournament(stores: Stores) -> None:
    repo = stores.tournaments
    t = running(repo)
    t.override = {"round": 1, "tables": [["p_a", "p_b"]], "byes": ["p_c"]}
    t.version += 1
    repo.save_tournament(t, expected_version=t.version - 1)

    first = a_round(1)
    first.manual, first.slots = True, ["p_a", None, "p_b", "p_c"]
    first.requested_byes = ["p_d"]  # left out at their request
    repo.create_round("t_run", first)
    after = stored(repo, "t_run")
    assert (after.current_round, after.version, after.override) == (1, t.version + 1, None)
    assert repo.get_round("t_run", 1) == first
    assert repo.get_round("t_run", 2) is None

    # The same round again (a second pipeline run racing for it) conflicts and writes nothing.
    with pytest.raises(WriteConflict):
        repo.create_round("t_run", a_round(1, "p_x", "p_y"))
    assert repo.get_round("t_run", 1) == first
    assert stored(repo, "t_run") == after
    # Neither can a round skip one.
    with pytest.raises(WriteConflict):
        repo.create_round("t_run", a_round(3))
    assert repo.get_round("t_run", 3) is None

    second = a_round(2, "p_b", "p_c")
    repo.create_round("t_run", second)
    bundle = repo.load("t_run")
    assert bundle is not None
    assert bundle.rounds == [first, second]
    assert bundle.tournament.current_round == 2


@pytest.mark.parametrize("state", ["registration", "paused", "finished", "missing"])
def test_a_round_needs_a_running_unpaused_tournament(stores: Stores, state: str) -> None:
    repo = stores.tournaments
    t = running(repo)
    if state == "missing":
        tournament_id = "t_none"
    else:
        tournament_id = t.id
        if state == "paused":
            t.paused = True
        else:
            t.status = "registration" if state == "registration" else "finished"
        t.version += 1
        repo.save_tournament(t, expected_version=t.version - 1)
    with pytest.raises(WriteConflict):
        repo.create_round(tournament_id, a_round(1))
    assert repo.get_round(tournament_id, 1) is None
    if state != "missing":
        assert stored(repo, t.id) == t
    else:
        assert repo.get_tournament("t_none") is None


def test_save_round_needs_the_expected_version_and_writes_its_audit_with_it(stores: Stores) -> None:
    repo = stores.tournaments
    running(repo)
    rnd = a_round(1)
    repo.create_round("t_run", rnd)
    rnd.tables[0].result, rnd.tables[0].wins, rnd.tables[0].reason = [1.0, 0.0], [1, 0], "played"
    rnd.status, rnd.version, rnd.closed_at = "closed", 2, "2027-03-02T11:00:00.000Z"
    closed = AuditEntry("2027-03-02T11:00:00.000Z", "pipeline", "round_closed", {"round": 1})
    repo.save_round("t_run", rnd, expected_version=1, audit=closed)
    assert repo.get_round("t_run", 1) == rnd
    assert repo.list_audit("t_run", 10, None)[0][-1] == closed

    stale = dataclasses.replace(rnd, version=3, byes=["p_z"])
    with pytest.raises(WriteConflict):
        repo.save_round(
            "t_run",
            stale,
            expected_version=1,
            audit=AuditEntry("2027-03-02T12:00:00.000Z", "pipeline", "stale", {}),
        )
    assert repo.get_round("t_run", 1) == rnd
    assert [e.action for e in repo.list_audit("t_run", 10, None)[0]] == ["created", "round_closed"]
    with pytest.raises(WriteConflict):  # a round never created is not saved
        repo.save_round("t_run", a_round(2), expected_version=1)
    assert repo.get_round("t_run", 2) is None

    rnd.version = 3
    repo.save_round("t_run", rnd, expected_version=2)  # without an audit entry
    assert repo.get_round("t_run", 1) == rnd


def an_arena_wave(number: int, entrants: int) -> RoundRecord:
    """An arena's wave pairing every one of ``entrants`` players, each table's game made: about 200
    bytes a table once stored, as docs/scale.md measures."""
    ids = [f"p_{i:016x}" for i in range(entrants)]
    tables = [
        TableRecord(table=n + 1, first=ids[2 * n], second=ids[2 * n + 1], games=[f"m_{n:022x}"])
        for n in range(entrants // 2)
    ]
    return RoundRecord(number, tables, [], "2027-03-02T10:01:00.000Z", deadline=1_900_000_000)


def test_a_10000_player_arena_wave_round_trips_and_saves_under_its_version(stores: Stores) -> None:
    """A wave of 5,000 tables is more than one DynamoDB item may hold (400 KB): it is stored, read,
    saved and refused when stale like any round."""
    repo = stores.tournaments
    running(repo)
    wave = an_arena_wave(1, 10_000)
    assert len(json.dumps([t.to_json() for t in wave.tables]).encode()) > 400 * 1024
    repo.create_round("t_run", wave)
    assert repo.get_round("t_run", 1) == wave
    assert stored(repo, "t_run").current_round == 1

    last = wave.tables[-1]
    last.result, last.wins, last.reason = [1.0, 0.0], [1, 0], "played"
    wave.version = 2
    repo.save_round("t_run", wave, expected_version=1)
    assert repo.get_round("t_run", 1) == wave

    stale = dataclasses.replace(wave, version=2, tables=[dataclasses.replace(t) for t in wave.tables])
    stale.tables[0].result = [0.0, 1.0]
    with pytest.raises(WriteConflict):  # read before the last table's result: no part of it is written
        repo.save_round("t_run", stale, expected_version=1)
    assert repo.get_round("t_run", 1) == wave

    wave.status, wave.version, wave.closed_at = "closed", 3, "2027-03-02T11:00:00.000Z"
    closed = AuditEntry("2027-03-02T11:00:00.000Z", "pipeline", "round_closed", {"round": 1})
    repo.save_round("t_run", wave, expected_version=2, audit=closed)
    second = a_round(2, "p_a", "p_b")
    repo.create_round("t_run", second)
    bundle = repo.load("t_run")
    assert bundle is not None
    assert bundle.rounds == [wave, second]
    assert repo.list_audit("t_run", 10, None)[0][-1] == closed


def test_an_in_person_round_keeps_its_claims_and_score_and_an_online_entry_its_flag(stores: Stores) -> None:
    """A table played in person stores its mode, each side's claim and the confirmed games; a claim
    written from a stale read is refused, so two reports at once never lose one."""
    repo = stores.tournaments
    t = running(repo)
    entry = an_entry("p_a")
    entry.online = True
    repo.add_entry(t.id, entry, cap=8, statuses=("running",))
    assert loaded_entry(repo, t.id, "p_a").online is True
    rnd = a_round(1)
    rnd.tables[0].mode = "in_person"
    repo.create_round(t.id, rnd)
    assert repo.get_round(t.id, 1) == rnd
    claim = {"side": 0, "by": "p_a", "games": [[11, 7]], "at": "2027-03-02T10:30:00.000Z"}
    first = dataclasses.replace(rnd, version=2, tables=[dataclasses.replace(rnd.tables[0], reports=[claim])])
    repo.save_round(t.id, first, expected_version=1)
    other = {"side": 1, "by": "p_b", "games": [[7, 11]], "at": "2027-03-02T10:30:01.000Z"}
    racing = dataclasses.replace(rnd, version=2, tables=[dataclasses.replace(rnd.tables[0], reports=[other])])
    with pytest.raises(WriteConflict):  # read before the first claim was written
        repo.save_round(t.id, racing, expected_version=1)
    assert repo.get_round(t.id, 1) == first
    table = first.tables[0]
    table.score, table.result, table.wins, table.points = [[11, 7]], [1.0, 0.0], [1, 0], [11, 7]
    table.reports = [claim, {**claim, "side": 1, "by": "p_b"}]
    first.version = 3
    repo.save_round(t.id, first, expected_version=2)
    assert repo.get_round(t.id, 1) == first


# --------------------------------------------------------------------------- the audit trail


def test_the_audit_trail_pages_in_time_order(stores: Stores) -> None:
    repo = stores.tournaments
    created(repo, a_tournament())
    created(repo, a_tournament("t_2"))
    times = ["2027-03-01T10:00:05.000Z", "2027-03-01T10:00:01.000Z", "2027-03-01T10:00:03.000Z"]
    for i, at in enumerate(times):
        repo.add_audit("t_1", AuditEntry(at, "p_olga", f"action_{i}", {"i": i, "list": [1, "two"]}))
    repo.add_audit("t_2", AuditEntry("2027-03-01T10:00:02.000Z", "p_olga", "elsewhere", {}))

    seen: list[AuditEntry] = []
    cursor: str | None = None
    pages = 0
    while True:
        page, cursor = repo.list_audit("t_1", 3, cursor)
        seen += page
        pages += 1
        if cursor is None:
            break
    assert pages == 2
    assert [e.action for e in seen] == ["created", "action_1", "action_2", "action_0"]
    assert seen[1] == AuditEntry(times[1], "p_olga", "action_1", {"i": 1, "list": [1, "two"]})
    _, t1_cursor = repo.list_audit("t_1", 1, None)
    assert t1_cursor is not None
    with pytest.raises(InvalidCursor):
        repo.list_audit("t_2", 1, t1_cursor)  # one tournament's cursor does not page another's
    with pytest.raises(InvalidCursor):
        repo.list_audit("t_1", 1, "nonsense")
    assert repo.list_audit("t_none", 5, None) == ([], None)

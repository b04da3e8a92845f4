"""``scopa backup --db`` and ``scopa restore --db``: the SQLite store's file copied whole, and put back.

A database is filled through the services (players, a club, a match under way, an idempotency record),
backed up with the command (SQLite's online backup, while the store's own connection is open and its
last writes are still in the WAL), and restored into a new file. The restored file holds the same rows;
the services read the same answers from it; and the same next move gives the same answer on both.
"""

from __future__ import annotations

import gzip
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from scopa.adapters.sqlite.database import Database
from scopa.adapters.sqlite.stores import open_database, sqlite_stores
from scopa.application.auth import Caller
from scopa.application.ports.idempotency import IdempotencyRecord
from scopa.application.services.matches import MatchView, NewMatch
from scopa.application.wiring import ServiceSet
from tests.common import ManualClock
from tools.cli import main

SEED = "5eed" * 16
SQLITE_HEADER = b"SQLite format 3\x00"


def rows_of(path: Path) -> list[str]:
    """Every row and definition of a database file, as SQL text (read-only: the file is not changed)."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def fill(db: Database, clock: ManualClock) -> dict[str, Any]:
    svc = ServiceSet(sqlite_stores(db), clock)
    ada = svc.players.register("Ada", "reg-ada")
    olga = svc.players.register("Olga")
    svc.players.repo.set_role(olga.player.id, "organizer")
    ada_caller = Caller(ada.player.id, "player", ada.player.token_hash)
    club = svc.clubs.create(Caller(olga.player.id, "organizer"), "Circolo", "il giovedì", open_club=True)
    created = svc.matches.create(ada_caller, NewMatch(players=[ada.player.id, "bot-greedy"], seed=SEED))
    svc.stores.idempotency.start_record(IdempotencyRecord("d" * 64, "b" * 64, 1_900_000_000), 1_800_000_000)
    svc.stores.idempotency.complete_record("d" * 64, {"status": 201, "body": {"id": ada.player.id}})
    return {"ada": ada_caller, "club": club.id, "match": created}


def reads(svc: ServiceSet, world: dict[str, Any]) -> list[Any]:
    ada: Caller = world["ada"]
    match_id = world["match"].id
    return [
        svc.players.repo.get_player(ada.player_id or ""),
        svc.stores.matches.list_player_matches(ada.player_id or "", 10, None),
        svc.matches.get(ada, match_id),
        svc.clubs.list_clubs(10, None),
        svc.clubs.members(world["club"], 10, None),
        svc.stores.idempotency.get_record("d" * 64, 1_800_000_100),
    ]


def a_move(svc: ServiceSet, world: dict[str, Any]) -> MatchView:
    created = world["match"]
    move = {k: created.view["legal_moves"][0][k] for k in ("card", "take")}
    return svc.matches.move(world["ada"], created.id, move, created.version)


@pytest.fixture
def live(tmp_path: Path) -> tuple[Path, Database]:
    path = tmp_path / "live" / "scopa.db"
    return path, open_database(path)


@pytest.mark.parametrize("name", ["scopa-backup.db", "scopa-backup.db.gz"])
def test_a_restored_database_holds_every_row_and_answers_the_same(
    live: tuple[Path, Database], tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a database filled through the services, its connection still open
    path, db = live
    clock = ManualClock()
    world = fill(db, clock)
    assert Path(f"{path}-wal").stat().st_size > 0  # the last writes are (also) in the WAL

    # When it is backed up with the command, and the backup restored into a new file
    out = tmp_path / "backups" / name
    assert main(["backup", "--db", str(path), "--out", str(out)]) == 0
    assert f"written to {out}" in capsys.readouterr().err
    raw = out.read_bytes()
    if name.endswith(".gz"):
        assert raw[:2] == b"\x1f\x8b"
        raw = gzip.decompress(raw)
    assert raw.startswith(SQLITE_HEADER)
    assert (raw[18], raw[19]) == (1, 1)  # a rollback-journal file: whole by itself, no WAL beside it
    assert not list(out.parent.glob("*.part*"))  # nothing left beside it
    restored = tmp_path / "restored" / "scopa.db"
    assert main(["restore", "--db", str(restored), "--in", str(out)]) == 0
    assert "(database created)" in capsys.readouterr().err

    # Then the restored file holds the same rows, and the services read the same answers from it
    original_rows = rows_of(path)
    assert any('INSERT INTO "matches"' in row for row in original_rows)
    assert rows_of(restored) == original_rows
    before = ServiceSet(sqlite_stores(db), clock)
    after = ServiceSet(sqlite_stores(restored), ManualClock(clock.now()))
    assert reads(after, world) == reads(before, world)

    # And the same next move answers the same and leaves the same rows
    assert a_move(after, world) == a_move(before, world)
    assert rows_of(restored) == rows_of(path)


def test_a_restore_refuses_a_database_with_rows_unless_forced(
    live: tuple[Path, Database], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, db = live
    fill(db, ManualClock())
    out = tmp_path / "backup.db.gz"
    assert main(["backup", "--db", str(path), "--out", str(out)]) == 0

    other = tmp_path / "other.db"
    other_db = open_database(other)
    ServiceSet(sqlite_stores(other_db), ManualClock()).players.register("Someone else")
    other_db.close()
    kept = rows_of(other)
    assert main(["restore", "--db", str(other), "--in", str(out)]) == 1
    assert "holds" in capsys.readouterr().err
    assert rows_of(other) == kept

    assert main(["restore", "--db", str(other), "--in", str(out), "--force"]) == 0
    assert rows_of(other) == rows_of(path)

    # An empty database (the schema, no rows), as a first start leaves it, needs no force.
    empty = tmp_path / "empty.db"
    open_database(empty).close()
    assert main(["restore", "--db", str(empty), "--in", str(out)]) == 0
    assert rows_of(empty) == rows_of(path)


def test_a_restore_refuses_what_is_no_sound_scopa_backup(
    live: tuple[Path, Database], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, db = live
    fill(db, ManualClock())
    good = tmp_path / "good.db.gz"
    assert main(["backup", "--db", str(path), "--out", str(good)]) == 0
    capsys.readouterr()

    cut = tmp_path / "cut.db.gz"
    cut.write_bytes(good.read_bytes()[: len(good.read_bytes()) // 2])
    text = tmp_path / "items.jsonl"
    text.write_text('{"format": "scopa-dynamodb-backup", "version": 1}\n')
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
        connection.execute("INSERT INTO notes VALUES ('not scopa')")
    connection.close()
    missing = tmp_path / "missing.db"

    target = tmp_path / "target.db"
    for bad, why in (
        (cut, "not a complete gzip file"),
        (text, "not a SQLite database"),
        (foreign, "not a scopa database"),
        (missing, "no backup file"),
    ):
        assert main(["restore", "--db", str(target), "--in", str(bad)]) == 1
        assert why in capsys.readouterr().err
        assert not target.exists()  # nothing created
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_a_restore_never_overwrites_a_file_that_is_no_database(
    tmp_path: Path, live: tuple[Path, Database]
) -> None:
    path, db = live
    fill(db, ManualClock())
    out = tmp_path / "backup.db"
    assert main(["backup", "--db", str(path), "--out", str(out)]) == 0
    precious = tmp_path / "notes.txt"
    precious.write_text("my notes, not a database\n" * 100)
    assert main(["restore", "--db", str(precious), "--in", str(out), "--force"]) == 1
    assert precious.read_text() == "my notes, not a database\n" * 100


def test_a_backup_of_a_missing_database_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typo = tmp_path / "scopa-typo.db"
    out = tmp_path / "out.db"
    assert main(["backup", "--db", str(typo), "--out", str(out)]) == 1
    assert "does not exist" in capsys.readouterr().err
    assert not typo.exists()
    assert not out.exists()


def test_the_database_is_chosen_by_flag_or_by_environment(
    live: tuple[Path, Database],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, db = live
    fill(db, ManualClock())
    monkeypatch.setenv("STORAGE", "sqlite")
    monkeypatch.setenv("SQLITE_PATH", str(path))
    out = tmp_path / "from-env.db"
    assert main(["backup", "--out", str(out)]) == 0
    assert f"of {path}" in capsys.readouterr().err
    restored = tmp_path / "restored.db"
    monkeypatch.setenv("SQLITE_PATH", str(restored))
    assert main(["restore", "--in", str(out)]) == 0
    assert rows_of(restored) == rows_of(path)

    # A SQLite backup is a file, never standard output or input; a database and a table exclude each other.
    assert main(["backup", "--db", str(path), "--out", "-"]) == 2
    assert main(["restore", "--db", str(restored), "--in", "-"]) == 2
    monkeypatch.delenv("SQLITE_PATH")
    assert main(["backup", "--out", str(out)]) == 2
    assert "SQLITE_PATH" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["backup", "--db", str(path), "--table", "scopa", "--out", str(out)])

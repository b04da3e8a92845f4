"""A SQLite file from before the name index: its players are found by name once the store opens it."""

from __future__ import annotations

from pathlib import Path

from scopa.adapters.sqlite.stores import open_database, sqlite_stores


def test_players_of_an_older_file_are_indexed_by_name_when_it_is_opened(tmp_path: Path) -> None:
    path = tmp_path / "scopa.db"
    db = open_database(path)
    with db.transaction() as tx:  # a profile as an older version wrote it: no name row
        tx.execute(
            "INSERT INTO players (id, name, role, created_at) VALUES ('p-old', 'Zoë  Rossi', 'player', '1')"
        )
    assert db.query("SELECT * FROM player_names") == []
    db.close()

    reopened = sqlite_stores(str(path))
    assert reopened.players.players_named("zoë rossi", 5) == ["p-old"]
    # the next opening finds nothing left to index and changes nothing
    assert sqlite_stores(str(path)).players.players_named("zoë rossi", 5) == ["p-old"]

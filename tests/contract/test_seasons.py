"""Club seasons, on both adapters: created once, read back whole (floats in the rules too), listed per
club by id with a cursor, written only on the version read."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.seasons import Season
from scopa.application.wiring import Stores


def a_season(season_id: str = "s_1", club_id: str = "c_1") -> Season:
    return Season(
        id=season_id,
        club_id=club_id,
        name="Inverno 2027",
        starts_on="2027-01-01",
        ends_on="2027-03-31",
        rules={"scale": "table", "points": [25.0, 18.5, 0.1], "participation": 0.5, "best_of": 3},
        lot_seed="0123456789abcdef",
        created_by="p_olga",
        created_at="2027-01-02T08:00:00.000Z",
        updated_at="2027-01-02T08:00:00.000Z",
    )


def test_a_season_reads_back_whole(stores: Stores) -> None:
    season = replace(a_season(), tournaments=["t_1", "t_2"])
    stores.seasons.create_season(season)
    assert stores.seasons.get_season("c_1", "s_1") == season
    assert stores.seasons.get_season("c_2", "s_1") is None  # a season is found in its own club only
    assert stores.seasons.get_season("c_1", "s_9") is None


def test_a_season_is_created_once(stores: Stores) -> None:
    stores.seasons.create_season(a_season())
    with pytest.raises(WriteConflict):
        stores.seasons.create_season(replace(a_season(), name="Another"))
    found = stores.seasons.get_season("c_1", "s_1")
    assert found is not None
    assert found.name == "Inverno 2027"
    stores.seasons.create_season(a_season(club_id="c_2"))  # the same id in another club is another season


def test_saved_only_on_the_version_read(stores: Stores) -> None:
    stores.seasons.create_season(a_season())
    first = replace(a_season(), tournaments=["t_1"], version=2, name="Winter")
    stores.seasons.save_season(first, expected_version=1)
    stale = replace(a_season(), tournaments=["t_9"], version=2)
    with pytest.raises(WriteConflict):
        stores.seasons.save_season(stale, expected_version=1)  # read before the first write
    assert stores.seasons.get_season("c_1", "s_1") == first
    with pytest.raises(WriteConflict):
        stores.seasons.save_season(a_season("s_missing"), expected_version=1)
    assert stores.seasons.get_season("c_1", "s_missing") is None


def test_listed_per_club_by_id_with_a_cursor(stores: Stores) -> None:
    for n in (3, 1, 5, 2, 4):
        stores.seasons.create_season(a_season(f"s_{n}"))
    stores.seasons.create_season(a_season("s_0", club_id="c_2"))
    pages: list[list[str]] = []
    cursor: str | None = None
    while True:
        page, cursor = stores.seasons.list_seasons("c_1", 2, cursor)
        pages.append([s.id for s in page])
        if cursor is None:
            break
    assert [s for p in pages for s in p] == ["s_1", "s_2", "s_3", "s_4", "s_5"]
    assert all(len(p) <= 2 for p in pages)
    assert stores.seasons.list_seasons("c_3", 10, None) == ([], None)


def test_a_foreign_cursor_is_refused(stores: Stores) -> None:
    for n in range(3):
        stores.seasons.create_season(a_season(f"s_{n}"))
    _page, cursor = stores.seasons.list_seasons("c_1", 1, None)
    assert cursor is not None
    with pytest.raises(InvalidCursor):
        stores.seasons.list_seasons("c_2", 1, cursor)

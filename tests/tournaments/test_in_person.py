"""In-person play in the domain: the settings (play mode, next round, the formats that refuse it), which
tables are played in person, and how claims and an organizer's entry decide a table."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from scopa.domain.games.common.table_score import TableScore
from scopa.domain.tournaments.formats.registry import built_in
from scopa.domain.tournaments.records import EntryRecord, TableRecord
from scopa.domain.tournaments.settings import TournamentSettings
from scopa.domain.tournaments.table_results import (
    assign_modes,
    claim,
    decide,
    forfeit,
    forfeit_of,
    side_at,
    table_state,
)

FORMATS: dict[str, dict[str, Any]] = {
    "swiss": {"rounds": 3},
    "round_robin": {},
    "double_round_robin": {},
    "knockout": {},
    "double_elimination": {},
    "groups_knockout": {},
}


def entry(entrant: str, online: bool = False, players: list[str] | None = None) -> EntryRecord:
    return EntryRecord(
        entrant, entrant.upper(), players or [entrant], 1500.0, "2027-01-01T00:00:00Z", "o", online=online
    )


def test_online_is_the_default_and_the_next_round_comes_at_once() -> None:
    settings = TournamentSettings.model_validate({"rounds": 3})
    assert settings.play_mode == "online"
    assert settings.next_round == "at_once"


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("mode", ["in_person", "mixed"])
def test_every_round_format_is_played_in_person(name: str, mode: str) -> None:
    settings = TournamentSettings.model_validate({"format": name, **FORMATS[name], "play_mode": mode})
    assert settings.play_mode == mode


@pytest.mark.parametrize("mode", ["in_person", "mixed"])
def test_an_arena_is_refused_in_person_naming_the_setting(mode: str) -> None:
    with pytest.raises(ValidationError) as caught:
        TournamentSettings.model_validate({"format": "arena", "arena_minutes": 30, "play_mode": mode})
    assert f"play_mode {mode}: an arena pairs whoever is waiting" in str(caught.value)


def test_the_formats_say_whether_they_are_played_in_person() -> None:
    refusing = {f.name for f in built_in() if f.in_person_refused is not None}
    assert refusing == {"arena"}


def test_the_json_schema_states_the_refusal() -> None:
    schema = TournamentSettings.model_json_schema()
    clause = next(
        c for c in schema["allOf"] if c.get("then") == {"properties": {"play_mode": {"const": "online"}}}
    )
    assert clause["if"]["properties"]["format"]["enum"] == ["arena"]


def test_tables_are_in_person_unless_both_entrants_play_online_in_a_mixed_event() -> None:
    entries = {"a": entry("a", online=True), "b": entry("b", online=True), "c": entry("c"), "d": entry("d")}
    tables = [TableRecord(1, "a", "b"), TableRecord(2, "c", "a"), TableRecord(3, "c", "d")]
    assign_modes(TournamentSettings.model_validate({"rounds": 3, "play_mode": "mixed"}), tables, entries)
    assert [t.mode for t in tables] == ["online", "in_person", "in_person"]
    assign_modes(TournamentSettings.model_validate({"rounds": 3, "play_mode": "in_person"}), tables, entries)
    assert [t.mode for t in tables] == ["in_person"] * 3
    assign_modes(TournamentSettings.model_validate({"rounds": 3}), tables, entries)
    assert [t.mode for t in tables] == ["online"] * 3


def test_an_online_table_is_stored_as_before() -> None:
    table = TableRecord(1, "a", "b")
    assert set(table.to_json()) == {
        "table",
        "first",
        "second",
        "games",
        "wins",
        "points",
        "result",
        "forfeit",
        "reason",
    }
    table.mode = "in_person"
    assert TableRecord.from_json(table.to_json()) == table


def test_claims_report_dispute_and_agree() -> None:
    table = TableRecord(1, "a", "b", mode="in_person")
    assert table_state(table) == "waiting"
    assert claim(table, 0, "a", [[11, 7]], "t1") == "reported"
    assert table_state(table) == "reported"
    assert claim(table, 0, "a", [[11, 7]], "t2") == "unchanged"
    assert claim(table, 1, "b", [[7, 11]], "t3") == "disputed"
    assert table_state(table) == "disputed"
    assert [c["games"] for c in table.reports] == [[[11, 7]], [[7, 11]]]  # both claims kept
    assert claim(table, 1, "b", [[11, 7]], "t4") == "agreed"  # a side changes its claim
    decide(table, [[11, 7]], TableScore((1, 0), (11, 7)), "reported")
    assert table_state(table) == "confirmed"
    assert (table.result, table.points, table.score) == ([1.0, 0.0], [11, 7], [[11, 7]])
    assert table_state(TableRecord(1, "a", "b")) is None  # online: no state


def test_forfeits_score_no_game_points() -> None:
    table = TableRecord(1, "a", "b", mode="in_person", points=[5, 3])
    forfeit(table, "first", "forfeit")
    assert (table.result, table.points, table.forfeit) == ([0.0, 1.0], [0, 0], True)
    forfeit(table, "both", "absent")
    assert table.result == [0.0, 0.0]
    assert forfeit_of(table, {"b"}) == "second"
    assert forfeit_of(table, {"a", "b"}) == "both"
    assert forfeit_of(table, {"z"}) is None


def test_a_partner_reports_for_their_side() -> None:
    entries = {"e1": entry("e1", players=["p1", "p2"]), "e2": entry("e2", players=["p3", "p4"])}
    table = TableRecord(1, "e1", "e2", mode="in_person")
    assert [side_at(table, entries, p) for p in ("p2", "p4", "p9")] == [0, 1, None]

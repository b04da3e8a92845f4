"""What lets an arena take 10,000 entrants (docs/scale.md): the cap per format, a big round's matches
started over several steps, and a big round's ``round.paired`` webhook in parts. (The round's storage in
parts is in tests/contract/test_tournaments.py and tests/storage/test_round_parts.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from api import context
from scopa.adapters.dynamodb.tournament_items import TornRound
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.services import webhooks
from scopa.application.services.pipeline import MARGIN
from scopa.application.services.pipeline import common as pipeline_common
from scopa.application.services.pipeline import rounds as round_progress
from scopa.domain.tournaments.records import RoundRecord, TableRecord, TournamentRecord
from scopa.domain.tournaments.settings import ARENA_MAX_ENTRANTS, MAX_ENTRANTS, TournamentSettings
from tests.api.conftest import (
    Api,
    api_on_sqlite,  # noqa: F401 (the pipeline through the API, on SQLite)
)
from tests.api.tournament_support import create_tournament, enter_humans, organizer, run_pipeline

ARENA = {"format": "arena", "arena_minutes": 60, "target": 1}


def test_an_arena_takes_10000_entrants_and_the_other_formats_2000() -> None:
    assert TournamentSettings.model_validate({**ARENA, "max_entrants": 10_000}).max_entrants == 10_000
    with pytest.raises(ValidationError, match="less than or equal to 10000"):
        TournamentSettings.model_validate({**ARENA, "max_entrants": 10_001})
    for settings in ({"format": "swiss", "rounds": 5}, {"format": "knockout"}, {"format": "round_robin"}):
        assert TournamentSettings.model_validate({**settings, "max_entrants": 2000}).max_entrants == 2000
        with pytest.raises(ValidationError, match=f"a {settings['format']} tournament takes at most 2,000"):
            TournamentSettings.model_validate({**settings, "max_entrants": 2001})
    assert (MAX_ENTRANTS, ARENA_MAX_ENTRANTS) == (2000, 10_000)


def test_the_json_schema_states_each_formats_cap() -> None:
    """A client reading the OpenAPI document knows the cap before sending (docs/openapi.json)."""
    schema = TournamentSettings.model_json_schema()
    assert schema["properties"]["max_entrants"]["maximum"] == ARENA_MAX_ENTRANTS
    caps = [
        rule
        for rule in schema["allOf"]
        if rule.get("then", {}).get("properties", {}).get("max_entrants") == {"maximum": MAX_ENTRANTS}
    ]
    assert len(caps) == 1
    capped = caps[0]["if"]["properties"]["format"]["enum"]
    assert "swiss" in capped
    assert "knockout" in capped
    assert "arena" not in capped


def a_club_tournament() -> TournamentRecord:
    return TournamentRecord(
        id="t_big",
        name="Big arena",
        club_id="c_club",
        created_by="p_olga",
        created_at="2027-03-02T10:00:00.000Z",
        updated_at="2027-03-02T10:00:00.000Z",
        settings={},
        status="running",
        version=3,
        paused=False,
        current_round=1,
        rounds_planned=None,
        entries=5000,
        lot_seed="ab" * 16,
        deal_seed="cd" * 16,
    )


def test_a_round_of_more_than_1000_tables_is_paired_in_several_events() -> None:
    t = a_club_tournament()
    tables = [TableRecord(n + 1, f"p_{2 * n}", f"p_{2 * n + 1}") for n in range(2500)]
    events = webhooks.paired(t, RoundRecord(1, tables, [], "2027-03-02T10:01:00.000Z"))
    assert [len(e.data["tables"]) for e in events] == [1000, 1000, 500]
    assert [(e.data["part"], e.data["parts"]) for e in events] == [(1, 3), (2, 3), (3, 3)]
    assert [e.id for e in events] == [
        "round.paired:t_big:1",
        "round.paired:t_big:1:p2",
        "round.paired:t_big:1:p3",
    ]
    assert [x["table"] for e in events for x in e.data["tables"]] == list(range(1, 2501))

    (one,) = webhooks.paired(t, RoundRecord(1, tables[:1000], [], "2027-03-02T10:01:00.000Z"))
    assert one.id == "round.paired:t_big:1"  # a round of up to 1,000 tables is one event, as before
    assert "part" not in one.data
    assert len(one.data["tables"]) == 1000


def tables_started_at_each_step(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """After each step of an open round from now on, how many of its tables have their game made."""
    saved: list[int] = []
    original = round_progress.RoundProgress.progress

    def progress(self: Any, bundle: Any, rnd: RoundRecord) -> str | None:
        step = original(self, bundle, rnd)
        saved.append(sum(1 for table in rnd.tables if table.games))
        return step

    monkeypatch.setattr(round_progress.RoundProgress, "progress", progress)
    return saved


def a_started_swiss_of_16(api: Api) -> tuple[str, dict[str, Any]]:
    """A Swiss of 16 people started by its organizer: its id and round 1 as the API answers it."""
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    enter_humans(api, t["id"], tuple(f"Player{i:02d}" for i in range(16)))
    started = api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    assert started.status == 200, started.body
    rnd: dict[str, Any] = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body
    return t["id"], rnd


def test_a_big_rounds_matches_start_over_several_steps_each_saved(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a step creating at most 3 matches, 8 tables start in three steps of one advance; each step
    saves what it created, so a run cut short keeps its work and the next goes on from there."""
    monkeypatch.setattr(round_progress, "MATCHES_PER_STEP", 3)
    saved = tables_started_at_each_step(monkeypatch)
    _, rnd = a_started_swiss_of_16(api)
    games = [g for table in rnd["tables"] for g in table["games"]]
    assert len(rnd["tables"]) == 8
    assert len(games) == len(set(games)) == 8
    assert saved[:3] == [3, 6, 8]  # three steps, each one write of the round


def test_a_request_steps_only_within_its_time_and_the_schedule_goes_on(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An organizer's start runs the pipeline inside the request: with its time spent at once it takes
    the one step a request always takes (the pairing) and answers; the scheduled run starts the
    matches. A 10,000-player arena's start so never outlasts the API's timeout."""
    monkeypatch.setattr(round_progress, "MATCHES_PER_STEP", 3)
    monkeypatch.setattr(pipeline_common, "IN_REQUEST_SECONDS", MARGIN - 1)
    tid, rnd = a_started_swiss_of_16(api)
    assert [table["games"] for table in rnd["tables"]] == [[]] * 8

    report = run_pipeline()
    assert report["steps"][tid][-1] == "round 1: matches started"
    rnd = api.call("GET", f"/tournaments/{tid}/rounds/1").body
    assert all(len(table["games"]) == 1 for table in rnd["tables"])


def test_a_step_stops_starting_matches_when_its_time_is_up(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """However many matches a step may start, it saves and ends once its seconds are spent (here at once,
    after one match each): slow match creation cannot carry a request past its timeout."""
    monkeypatch.setattr(round_progress, "STEP_SECONDS", 0.0)
    saved = tables_started_at_each_step(monkeypatch)
    _, rnd = a_started_swiss_of_16(api)
    assert saved[:8] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert all(len(table["games"]) == 1 for table in rnd["tables"])


def test_a_tournament_read_mid_write_again_and_again_waits_for_the_next_run(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read that keeps meeting a round half-written ends the advance (the next run goes on): the
    organizer's start still answers that it started."""
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    enter_humans(api, t["id"], ("Ada", "Bea"))
    repo = context.services().tournaments.repo
    load = repo.load

    def torn(tournament_id: str) -> TournamentBundle | None:
        found = repo.get_tournament(tournament_id)
        if found is not None and found.status == "running":  # started: the pipeline's reads
            raise TornRound(1)
        return load(tournament_id)

    monkeypatch.setattr(repo, "load", torn)
    started = api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    assert started.status == 200, started.body
    assert started.body["status"] == "running"
    monkeypatch.undo()
    run_pipeline()
    assert len(api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"]) == 1

"""The sample events in events/: v2 events, up to date, one per route, and each answered as expected.

The ``pipeline-*.json`` files are the pipeline Lambda's scheduled events, not HTTP API events: they are
checked to run the pipeline on the sample data.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

EVENTS = Path(__file__).resolve().parent.parent / "events"
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options")
ALL_FILES = sorted(EVENTS.glob("*.json"), key=lambda p: p.stem)
PIPELINE_FILES = [p for p in ALL_FILES if p.stem.startswith("pipeline-")]
FILES = [p for p in ALL_FILES if p not in PIPELINE_FILES]  # the HTTP API events


class InstantClock:
    """Sleeping advances the clock at once: the long-poll sample answers without waiting."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture(scope="module")
def sample_world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Any]]:
    """The sample world built once, through the services, in a SQLite file (the store of ``make run``)."""
    from api import context, idempotency
    from scopa.application.clock import SystemClock
    from tools import local_invoke

    folder = tmp_path_factory.mktemp("events")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("STORAGE", "sqlite")
        mp.setenv("SQLITE_PATH", str(folder / "world.db"))
        mp.setenv("ADMIN_TOKEN", local_invoke.ADMIN_TOKEN)
        mp.delenv("ADMIN_TOKEN_HASH", raising=False)
        mp.delenv("DYNAMODB_ENDPOINT", raising=False)
        mp.setenv("POWERTOOLS_TRACE_DISABLED", "1")
        context.reset()
        idempotency.reset()
        context.use_clock(InstantClock())
        world = local_invoke.bootstrap(context.services())
        yield folder, world
        context.use_clock(SystemClock())
        context.reset()
        idempotency.reset()


@pytest.fixture
def sample_api(sample_world: tuple[Path, Any], request: pytest.FixtureRequest) -> Any:
    """A fresh copy of the sample world for one test (SQLite's backup API: a consistent copy); the world."""
    import os
    import sqlite3

    from api import context, idempotency

    folder, world = sample_world
    copy = folder / f"{request.node.name.replace('/', '_')}.db"
    with sqlite3.connect(folder / "world.db") as source, sqlite3.connect(copy) as target:
        source.backup(target)
    os.environ["SQLITE_PATH"] = str(copy)  # restored by the module fixture's MonkeyPatch
    context.reset()
    idempotency.reset()
    context.use_clock(InstantClock())  # a new clock at the same time: the bootstrap replays its first run
    return world


def load(path: Path) -> dict[str, Any]:
    event: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return event


def documented_routes() -> set[tuple[str, str]]:
    """(method, path template) of every route in the OpenAPI document, plus the two it leaves out."""
    from api.app import app

    schema = app.get_openapi_schema(title="Scopa service", version="0.1.0")
    routes = {
        (method.upper(), path)
        for path, item in (schema.paths or {}).items()
        for method in HTTP_METHODS
        if getattr(item, method)
    }
    return routes | {("GET", "/openapi.json"), ("GET", "/docs")}


def matches(template: str, path: str) -> bool:
    pattern = re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(template))
    return re.fullmatch(pattern, path) is not None


def test_there_is_one_sample_file_per_sample_and_they_are_up_to_date() -> None:
    from tools.local_invoke import pipeline_events, sample_events

    samples = sample_events()
    scheduled = pipeline_events()
    assert [p.stem for p in FILES] == sorted(s.name for s in samples)
    assert [p.stem for p in PIPELINE_FILES] == sorted(scheduled)
    assert PIPELINE_FILES, "there is a sample scheduled event for the pipeline"
    for sample in samples:
        on_disk = load(EVENTS / f"{sample.name}.json")
        assert on_disk == sample.event(), f"{sample.name}.json is stale: run `make events`"
    for name, event in scheduled.items():
        assert load(EVENTS / f"{name}.json") == event, f"{name}.json is stale: run `make events`"


def test_every_route_of_the_app_has_a_sample_event() -> None:
    routes = documented_routes()
    assert len(routes) >= 20
    covered = set()
    for path in FILES:
        event = load(path)
        method = event["requestContext"]["http"]["method"]
        hits = {(m, t) for m, t in routes if m == method and matches(t, event["rawPath"])}
        assert hits, f"{path.name}: {method} {event['rawPath']} is no route of the app"
        covered |= hits
    assert routes - covered == set()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_sample_is_an_http_api_v2_event(path: Path) -> None:
    event = load(path)
    assert event["version"] == "2.0"
    assert event["routeKey"] == "$default"
    http = event["requestContext"]["http"]
    assert http["method"] in {"GET", "POST", "PUT", "PATCH", "DELETE"}
    assert http["path"] == event["rawPath"]
    assert isinstance(event["rawQueryString"], str)
    assert event["isBase64Encoded"] is False
    assert all(name == name.lower() for name in event["headers"]), "v2 headers are lower-case"
    if event["rawQueryString"]:
        assert isinstance(event["queryStringParameters"], dict)
    if "body" in event:
        assert isinstance(event["body"], str)
        json.loads(event["body"])
        assert event["headers"]["content-type"] == "application/json"


@pytest.mark.usefixtures("sample_api")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_handler_answers_the_sample_as_expected(path: Path) -> None:
    from tools.local_invoke import invoke, sample_events

    expected = {s.name: s.status for s in sample_events()}[path.stem]
    answer = invoke(load(path))
    body = answer.get("body") or ""
    assert answer["statusCode"] == expected, body[:500]
    assert "route_not_found" not in body[:200]
    if answer["headers"].get("Content-Type") == "application/json" and body:
        assert json.loads(body) is not None


@pytest.mark.parametrize("path", PIPELINE_FILES, ids=[p.stem for p in PIPELINE_FILES])
def test_the_pipeline_sample_is_a_scheduled_event(path: Path) -> None:
    from tools.local_invoke import is_http_event

    event = load(path)
    assert not is_http_event(event)  # so `make invoke` runs the pipeline handler on it
    assert event["source"] == "aws.scheduler"


@pytest.mark.parametrize("path", PIPELINE_FILES, ids=[p.stem for p in PIPELINE_FILES])
def test_the_pipeline_runs_on_the_sample_data(path: Path, sample_api: Any) -> None:
    from api import context
    from tools.local_invoke import invoke

    registration, running, paused = sample_api.registration, sample_api.running, sample_api.paused

    report = invoke(load(path))

    assert report["errors"] == {}
    # The registration sample is past its start time: the run starts it and pairs round 1.
    assert report["started"] == [registration]
    club_night = sample_api.club_night
    assert set(report["steps"]) == {registration, running, paused, club_night}
    assert report["steps"][club_night] == []  # round 1 is played in person: it waits for the results
    assert any(step.startswith("round 1 paired") for step in report["steps"][registration])
    assert report["steps"][running] == []  # round 1 waits for Ada's and Bea's moves
    assert report["steps"][paused] == []
    services = context.services()
    assert services.tournaments.get(registration).status == "running"
    _bundle, rnd = services.tournaments.round(registration, 1)
    assert all(table.games for table in rnd.tables)
    # A second run finds nothing more to do: every step is idempotent.
    again = invoke(load(path))
    assert again["started"] == []
    assert again["errors"] == {}

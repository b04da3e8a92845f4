"""Where the live side's feed and pusher come from: nothing by default, the local server's own when it
brings them, the AWS adapters when their settings are set (those are checked where they live)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from api import context
from scopa.application.ports.changes import NoFeed, RecordingFeed
from scopa.application.ports.push import NoPusher, RecordingPusher


@pytest.fixture
def sqlite_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setenv("STORAGE", "sqlite")
    monkeypatch.setenv("SQLITE_PATH", str(tmp_path / "scopa.db"))
    monkeypatch.delenv("NOTIFIER_FUNCTION", raising=False)
    monkeypatch.delenv("WEBSOCKET_ENDPOINT", raising=False)
    context.reset()
    yield
    context.use_live(None, None)
    monkeypatch.undo()
    context.reset()


def test_without_settings_nothing_is_published_or_pushed(sqlite_env: None) -> None:
    assert isinstance(context.change_feed(), NoFeed)
    assert isinstance(context.pusher(), NoPusher)
    assert isinstance(context.services().changes, NoFeed)


def test_the_local_server_brings_its_own_feed_and_pusher(sqlite_env: None) -> None:
    from live.context import live

    feed, pusher = RecordingFeed(), RecordingPusher()
    context.use_live(feed, pusher)
    svc = context.services()
    assert svc.changes is feed
    assert svc.matches.changes is feed
    assert svc.tournaments.changes is feed
    assert svc.pipeline.changes is feed
    assert live().pusher is pusher
    assert live().connections is svc.stores.connections
    context.use_live(None, None)
    assert isinstance(context.services().changes, NoFeed)
    assert isinstance(live().pusher, NoPusher)


def test_the_settings_name_the_notifier_and_the_websocket_endpoint(
    monkeypatch: pytest.MonkeyPatch, sqlite_env: None
) -> None:
    from api import settings as settings_module

    monkeypatch.setenv("NOTIFIER_FUNCTION", "scopa-notifier")
    monkeypatch.setenv("WEBSOCKET_ENDPOINT", "https://abc.execute-api.eu-south-1.amazonaws.com/live")
    got = settings_module.reload()
    assert got.notifier_function == "scopa-notifier"
    assert got.websocket_endpoint == "https://abc.execute-api.eu-south-1.amazonaws.com/live"
    monkeypatch.setenv("WEBSOCKET_ENDPOINT", "not a url")
    with pytest.raises(settings_module.SettingsError, match="WEBSOCKET_ENDPOINT"):
        settings_module.reload()

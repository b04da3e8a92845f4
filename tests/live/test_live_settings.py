"""The three settings the live side reads: the notifier to invoke, the management URL, the public URL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from api import context
from api import settings as settings_module
from api.settings import SettingsError

LIVE = ("NOTIFIER_FUNCTION", "WEBSOCKET_ENDPOINT", "WEBSOCKET_URL")


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    for name in LIVE:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TABLE_NAME", "scopa-settings")
    yield monkeypatch
    monkeypatch.undo()
    context.reset()


def test_unset_means_no_push(env: pytest.MonkeyPatch) -> None:
    got = settings_module.reload()
    assert (got.notifier_function, got.websocket_endpoint, got.websocket_url) == (None, None, None)
    env.setenv("WEBSOCKET_URL", "")  # empty counts as unset
    assert settings_module.reload().websocket_url is None


def test_the_deployed_values_are_read(env: pytest.MonkeyPatch) -> None:
    env.setenv("NOTIFIER_FUNCTION", "Scopa-dev-FunctionsNotifier1A2B3C")
    env.setenv("WEBSOCKET_ENDPOINT", "https://abc123.execute-api.eu-south-1.amazonaws.com/live")
    env.setenv("WEBSOCKET_URL", "wss://abc123.execute-api.eu-south-1.amazonaws.com/live")
    got = settings_module.reload()
    assert got.notifier_function == "Scopa-dev-FunctionsNotifier1A2B3C"
    assert got.websocket_endpoint == "https://abc123.execute-api.eu-south-1.amazonaws.com/live"
    assert got.websocket_url == "wss://abc123.execute-api.eu-south-1.amazonaws.com/live"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("WEBSOCKET_ENDPOINT", "wss://abc123.execute-api.eu-south-1.amazonaws.com/live"),  # not the https one
        ("WEBSOCKET_URL", "https://abc123.execute-api.eu-south-1.amazonaws.com/live"),  # not the wss one
    ],
)
def test_the_two_urls_cannot_be_swapped(env: pytest.MonkeyPatch, name: str, value: str) -> None:
    env.setenv(name, value)
    with pytest.raises(SettingsError, match=name):
        settings_module.reload()

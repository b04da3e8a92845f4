"""The web tier: one local server per module (the real handler on SQLite, as ``make run``), one browser per
session.

The browser is Debian's chromium driven by Playwright from PyPI (its own browser download is not used).
Screenshots go to ``test-artifacts/web/``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import context
from tests.served import local_server
from tests.web.support import ADMIN_TOKEN, Http, OffsetClock
from tools.local_server import LocalServer

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1200, "height": 900}


class Site:
    """The running local server, its clock, and a plain HTTP client for it."""

    def __init__(self, server: LocalServer, clock: OffsetClock) -> None:
        self.server = server
        self.clock = clock
        self.url = server.url
        self.http = Http(server.url)

    def run_pipeline(self) -> dict[str, Any]:
        return self.server.run_pipeline()


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with local_server(
        "sqlite",
        "scopa-web",
        ADMIN_TOKEN,
        POWERTOOLS_TRACE_DISABLED="1",
        POWERTOOLS_LOG_LEVEL="WARNING",
        POWERTOOLS_METRICS_DISABLED="1",
    ) as local:
        clock = OffsetClock(local.gate.clock)
        context.use_clock(clock)  # the rating step waits for finished matches to settle: tests skip ahead
        yield Site(local, clock)
        settle(local, clock)


def settle(local: LocalServer, clock: OffsetClock) -> None:
    """End the long-polls that pages left waiting in the handler, before the store goes away."""
    clock.advance(3600)  # every wait is past its end at its next look at the clock
    for _ in range(100):
        if local.gate.sleeping == 0:
            local.gate.run(lambda: None)  # and the request that just woke has answered
            return
        time.sleep(0.05)
    raise AssertionError("a long-poll is still waiting in the handler")


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """The one Playwright driver of the session: the sync API cannot be started twice in a process."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own sessionStorage) at a desktop size; console errors fail the test."""
    ctx = browser.new_context(viewport=DESKTOP)
    tab = ctx.new_page()
    errors: list[str] = []
    tab.on("console", lambda msg: errors.append(msg.text) if console_error(msg) else None)
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.set_default_timeout(15_000)
    try:
        yield tab
        assert errors == [], f"the browser reported errors: {errors}"
    finally:
        ctx.close()


def console_error(msg: Any) -> bool:
    """An error the page reported, except a push socket that could not open: the browser logs that by
    itself, and live.js handles it (it falls back to polling and tries again); the push tests assert the
    socket explicitly."""
    return bool(msg.type == "error" and not msg.text.startswith("WebSocket connection to"))


def screenshot(page: Any, name: str, phone: bool = False) -> Path:
    """Save a full-page screenshot (and, with ``phone``, one at a phone's size) under test-artifacts/web."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 1000
    if phone:
        size = page.viewport_size
        page.set_viewport_size(PHONE)
        page.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{name}: the page is {width}px wide on a phone"
        page.set_viewport_size(size)
    return path

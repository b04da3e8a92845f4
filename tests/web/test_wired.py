"""No page control is usable before it works. The two forms that are visible in the server's HTML come
with their submit button disabled until their module script has attached its handler: each test holds
the script with ``page.route``, checks the form cannot be submitted meanwhile, releases it, and uses it.

The club page's organizer panel (shown by its script after an await) has its test in test_console.py.
"""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Site


class Held:
    """The page's requests matching ``pattern`` wait here, unanswered, until ``release``."""

    def __init__(self, page: Any, pattern: str) -> None:
        self.page = page
        self.pattern = re.compile(pattern)
        self.routes: list[Any] = []
        page.route(self.pattern, self.hold)

    def hold(self, route: Any) -> None:
        self.routes.append(route)

    def wait(self) -> None:
        """Until the page asked (the route handler runs while the test waits on the page)."""
        for _ in range(400):
            if self.routes:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"the page never asked for {self.pattern.pattern}")

    def release(self) -> None:
        for route in self.routes:
            route.continue_()
        self.page.unroute(self.pattern)


def signed_in(page: Any, token: str) -> None:
    """This tab signed in, as the account page's sign-in does (the token in sessionStorage)."""
    page.context.add_init_script(f"sessionStorage.setItem('scopa.token', {token!r})")


def test_play_against_a_bot_waits_for_the_home_script(site: Site, page: Any) -> None:
    """The home page's form is in the page before its script runs (module scripts come after parsing,
    and import two more files): a click then submitted it natively, and the page reloaded with the
    choices in its address, no match started and nothing said. The button comes disabled until wired."""
    script = Held(page, r".*/web/static/home\.js\?v=")
    page.goto(f"{site.url}/", wait_until="commit")
    script.wait()
    page.wait_for_selector("#play-bot")
    assert page.locator("#play-bot").is_disabled()
    script.release()
    page.wait_for_selector("#play-bot:enabled")
    page.select_option("select[name=target]", "1")
    page.click("#play-bot")
    page.wait_for_url(re.compile(r"/web/play/"))
    page.wait_for_selector("#game[data-version]")
    assert "bot=" not in page.url  # the script started the match, the browser did not submit the form


def test_the_wizard_creates_only_once_its_script_runs(site: Site, page: Any) -> None:
    """The wizard is a visible form in the page: before wizard.js ran, Enter in the name field or a click
    on Create submitted it natively, the page reloaded with every choice in its address and an empty
    wizard. Create comes disabled, so neither does anything until the script answers."""
    _, olga = site.http.organizer("Olga")
    signed_in(page, olga)
    script = Held(page, r".*/web/static/wizard\.js\?v=")
    page.goto(f"{site.url}/web/tournaments/new", wait_until="commit")
    script.wait()
    page.fill("input[name=name]", "Coppa lenta")
    assert page.locator("#create").is_disabled()
    page.press("input[name=name]", "Enter")  # no enabled submit button: no native submit
    page.wait_for_timeout(300)
    assert "?" not in page.url
    script.release()
    page.wait_for_selector("#create:enabled")
    assert page.input_value("input[name=name]") == "Coppa lenta"
    page.click("#create")
    page.wait_for_url(re.compile(r"/web/tournaments/t_"))
    tid = page.url.rsplit("/", 1)[1]
    assert site.http.ok("GET", f"/tournaments/{tid}")["name"] == "Coppa lenta"

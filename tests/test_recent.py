"""What a container keeps of a big tournament a few seconds (scopa.application.recent): served again
while young, by key."""

from __future__ import annotations

from scopa.application.recent import Recent


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_page_is_served_again_while_young_then_rendered_afresh() -> None:
    clock = Clock()
    pages = Recent[str](size=4, max_age=10, clock=clock)
    renders: list[str] = []

    def render(text: str) -> str:
        renders.append(text)
        return text

    assert pages.get(("t_1", 3), lambda: render("v3")) == "v3"
    clock.now += 9.9
    assert pages.get(("t_1", 3), lambda: render("again")) == "v3"  # young: not rendered
    assert pages.get(("t_1", 4), lambda: render("v4")) == "v4"  # another version: its own page
    clock.now += 0.1
    assert pages.get(("t_1", 3), lambda: render("v3 later")) == "v3 later"  # 10 s old: rendered again
    assert renders == ["v3", "v4", "v3 later"]


def test_the_least_recently_served_page_goes_first() -> None:
    pages = Recent[str](size=2, max_age=60, clock=Clock())
    pages.get("a", lambda: "A")
    pages.get("b", lambda: "B")
    pages.get("a", lambda: "not rendered")  # a served again: b is now the oldest
    pages.get("c", lambda: "C")
    assert pages.get("a", lambda: "A again") == "A"
    assert pages.get("b", lambda: "B again") == "B again"


def test_a_fresh_page_is_rendered_and_kept_for_the_next_views() -> None:
    pages = Recent[str](size=2, max_age=60, clock=Clock())
    pages.get("a", lambda: "before")
    assert pages.get("a", lambda: "after the action", fresh=True) == "after the action"
    assert pages.get("a", lambda: "not rendered") == "after the action"

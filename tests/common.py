"""Test helpers shared across tiers: fake AWS settings, a clock moved by hand, a JSON string walker."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from scopa.domain.games.common.cards import CODES


def use_fake_aws() -> None:
    """Region and fake credentials for moto, set before boto3 is first used; nothing reaches AWS."""
    os.environ.setdefault("AWS_DEFAULT_REGION", "eu-south-1")
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")


class ManualClock:
    """A clock the test moves by hand; sleeping advances it at once, so no test really waits."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds

    def advance(self, seconds: float) -> None:
        self.t += seconds


def strings_in(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-like value, keys included (what a leak scan must look at)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings_in(v)


def codes(text: str) -> list[str]:
    """Card codes of a state's card string (``"7dKb"`` -> ``["7d", "Kb"]``)."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def hidden_cards(state: dict[str, Any], seat: int | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may not see in an engine state: the stock, and every other
    hand not shown face up (a cirulla bonus hand is). In a match not dealt yet (``{}``) every card is
    hidden: nobody may see one before every seat has accepted."""
    if not state:
        return set(CODES)
    hidden = set(codes(state["deck"])[state["dealt"] :])
    for other, hand in enumerate(state["hands"]):
        if other != seat and not state["revealed"] >> other & 1:
            hidden.update(codes(hand))
    return hidden


def without_finished_deal(value: Any) -> Any:
    """A JSON value without its ``finished_deal`` (a deal already played face up, whose cards are dealt
    again in the deal under way): what a scan for the current deal's hidden cards must look at."""
    if isinstance(value, dict):
        return {k: without_finished_deal(v) for k, v in value.items() if k != "finished_deal"}
    if isinstance(value, list):
        return [without_finished_deal(v) for v in value]
    return value

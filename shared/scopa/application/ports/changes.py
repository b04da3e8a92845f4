"""Changes: what a write tells the live-update side (push), by topic.

A topic names what a client can follow: one match (``match:<id>``), one tournament
(``tournament:<id>``), a player's invitations (``inbox:<player id>``) or the open seeks (``lobby``). One
kind is not followed but acted on: ``player:<id>`` says the player's token changed (rotated, revoked or
reissued), and the notifier closes every live connection that speaks for the player.

A service publishes a :class:`Change` after a write has succeeded; the feed carries it to the notifier,
which reads what changed and sends every subscriber its own view (see docs/live.md). Publishing never
fails the write it follows: a lost change costs a late update, which a client's reconnect or long-poll
recovers (a lost ``player:<id>`` leaves the player's connections open until they close, as before).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

LOBBY_TOPIC = "lobby"
TOPIC_KINDS = ("match", "tournament", "inbox", "lobby")
PLAYER_KIND = "player"  # a player's credentials changed: close the player's connections


@dataclass(frozen=True)
class Change:
    """Something a topic's followers should see again; ``version`` when the topic has one (a match's)."""

    topic: str
    version: int | None = None

    @property
    def kind(self) -> str:
        return self.topic.partition(":")[0]

    @property
    def subject(self) -> str:
        """What the topic is about: the match, tournament or player id ('' for the lobby)."""
        return self.topic.partition(":")[2]


def match_topic(match_id: str) -> str:
    return f"match:{match_id}"


def tournament_topic(tournament_id: str) -> str:
    return f"tournament:{tournament_id}"


def inbox_topic(player_id: str) -> str:
    return f"inbox:{player_id}"


def player_topic(player_id: str) -> str:
    """The player's token changed: what the notifier closes the player's connections on."""
    return f"{PLAYER_KIND}:{player_id}"


class ChangeFeed(Protocol):
    def publish(self, changes: Sequence[Change]) -> None:
        """Hand changes to the notifier; must not raise (log and drop instead)."""
        ...


class NoFeed:
    """No live updates: the CLI, the pipeline's tests, anything nobody follows."""

    def publish(self, changes: Sequence[Change]) -> None:
        return None


class RecordingFeed:
    """Keeps every change published (tests)."""

    def __init__(self) -> None:
        self.changes: list[Change] = []

    def publish(self, changes: Sequence[Change]) -> None:
        self.changes.extend(changes)

"""What the pipeline's parts share: its limits, its report, the arena's times, match ids, and the
:class:`PipelineContext` each part reads its collaborators from (the :class:`Pipeline` facade itself, so a
collaborator replaced on the facade is the one every part uses)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from scopa.application.clock import Clock, epoch_of
from scopa.application.ports.changes import ChangeFeed
from scopa.application.ports.pipeline_work import Remaining
from scopa.application.ports.tournaments import TournamentBundle, TournamentRepository
from scopa.application.ports.webhooks import EventSink
from scopa.application.services.matches import MatchService
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TournamentRecord
from scopa.domain.tournaments.settings import TournamentSettings

# Standard-library logging only (the function's handler routes it to its JSON log); every line about a
# tournament carries its id as ``tournament_id``. One logger for the whole package, named as before the split.
log = logging.getLogger("scopa.application.services.pipeline")

MAX_STEPS = 12  # per tournament and run: enough to close a round, pair the next and start its matches
CONFLICT_STEP = "conflict: read again"
MARGIN = 10.0  # seconds: below this much time left, a run takes no more work (a step may take a few)
#: The time an advance made inside an organizer's or a player's request has (the API's timeout is 25 s):
#: with MARGIN, it takes no new step after 10 s, and the schedule goes on within the minute (a 10,000-player
#: arena's first wave is paired and its first 500 matches started in the request; the rest are not).
IN_REQUEST_SECONDS = 20.0


def in_request() -> Remaining:
    """The budget of an advance made inside a request: :data:`IN_REQUEST_SECONDS` from now, read as the
    seconds left (wall time, as a Lambda's is)."""
    deadline = time.monotonic() + IN_REQUEST_SECONDS
    return lambda: deadline - time.monotonic()


Seeding = Callable[[TournamentSettings, list[EntryRecord]], list[EntryRecord]]
#: Rates the decided in-person tables of closed rounds (RatingService.rate_tables); the ids rated.
RateTables = Callable[[TournamentRecord, list[EntryRecord], list[RoundRecord]], list[str]]


class PipelineContext(Protocol):
    """The collaborators and entry points the pipeline's parts use, read at each use (tests replace them)."""

    repo: TournamentRepository
    matches: MatchService
    clock: Clock
    events: EventSink
    changes: ChangeFeed
    rater: Callable[[], list[str]] | None
    rate_now: Callable[[list[str]], list[str]] | None
    rate_tables: RateTables | None
    seeding: Seeding | None

    def published(self, tournament_id: str, version: int | None = None) -> None: ...

    def start(self, t: TournamentRecord, actor: str) -> TournamentRecord: ...

    def advance(self, tournament_id: str, release_next: bool = False) -> list[str]: ...


@dataclass
class PipelineReport:
    """What one run did (ids only: no state, no seeds)."""

    expired_matches: list[str] = field(default_factory=list)
    started: list[str] = field(default_factory=list)
    rated: list[str] = field(default_factory=list)
    steps: dict[str, list[str]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    deferred: list[str] = field(default_factory=list)  # left for the next run by the time budget
    queued: int = 0  # tournaments handed to the work queue (AWS); 0 when advanced in this run

    def to_json(self) -> dict[str, Any]:
        return {
            "expired_matches": len(self.expired_matches),
            "started": self.started,
            "rated": len(self.rated),
            "steps": self.steps,
            "errors": self.errors,
            "deferred": len(self.deferred),
            "queued": self.queued,
        }


def arena_times(t: TournamentRecord) -> tuple[float, float]:
    """An arena's window end and the end of its grace period (epoch seconds), from its start."""
    settings = t.rules
    start = epoch_of(t.started_at) if t.started_at else 0.0
    end = start + 60 * (settings.arena_minutes or 0)
    return end, end + settings.arena_grace_seconds


def is_over(bundle: TournamentBundle, clock: Clock) -> bool:
    """As the format says; a continuous one (an arena) only once its window is over (the clock is read
    only then)."""
    t = bundle.tournament
    fmt = t.rules.format_rules
    if fmt.continuous and clock.now() < arena_times(t)[0]:
        return False
    return fmt.is_over(t.rules, t.rounds_planned, bundle.entries, bundle.rounds)


def changed(steps: list[str]) -> bool:
    """Whether an advance's steps changed anything (a lost race, re-read, is no change of its own)."""
    return any(not step.startswith(CONFLICT_STEP) for step in steps)


def match_id(tournament_id: str, round_number: int, table: int, game: int) -> str:
    """The deterministic id of a tournament match: a retried creation finds the first one."""
    return f"m_{tournament_id.removeprefix('t_')}-r{round_number}-t{table}-g{game}"

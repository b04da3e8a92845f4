"""Where a scheduled pipeline run hands its tournaments: the fan-out port.

A run lists the tournaments that need the pipeline (oldest due first) and passes their ids to a
:class:`PipelineWork`. Locally (tests, ``make run``, ``scopa pipeline``) the work is done in the same
process by :class:`~scopa.application.services.pipeline.InProcessWork`; on AWS each id becomes one message
of the pipeline's work queue (:mod:`scopa.adapters.aws_lambda.work`), which the same function consumes in
batches, so a thousand tournaments are advanced side by side instead of one after another.

Every step of the pipeline is idempotent, so an id handed over twice (a run retried, two runs whose
messages overlap) only costs a read: the second advance finds nothing to do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

Remaining = Callable[[], float]
"""Seconds left before the run must stop (``context.get_remaining_time_in_millis() / 1000`` on Lambda)."""


@dataclass
class WorkDone:
    """What handing a list of tournaments over did (ids only)."""

    steps: dict[str, list[str]] = field(default_factory=dict)  # done here: tournament -> its steps
    errors: dict[str, str] = field(default_factory=dict)  # tournament (or "queue") -> error class
    deferred: list[str] = field(default_factory=list)  # not reached within the time budget
    queued: int = 0  # handed to workers elsewhere


class PipelineWork(Protocol):
    def dispatch(self, tournament_ids: Sequence[str], remaining: Remaining | None) -> WorkDone:
        """Advance (or queue for advancing) ``tournament_ids`` in this order, within ``remaining``."""
        ...

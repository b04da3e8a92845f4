"""Handing a slice of a topic's followers to another notifier run (docs/live.md, "Fan-out").

A topic with more than :data:`SLICE_SUBSCRIBERS` followers is posted by several notifier runs at once:
the run that read the change posts the first slice of them and hands every further one on as a
:class:`Slice`, which a run of its own renders and posts
(:meth:`~scopa.application.services.live.LiveService.run_slice`). A slice carries the topic, the version
and its connections with their players, never rendered data: each
run reads the subject and renders per audience itself, so a seat's view is built by the same code
wherever it is posted. In AWS the slices go through an SQS queue that the notifier reads
(``scopa.adapters.aws_sqs.fanout``); locally and in tests they run in this process, in a thread pool
(:class:`InProcessFanout`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from scopa.application.ports.connections import Subscriber

log = logging.getLogger(__name__)

R = TypeVar("R")
#: Followers one notifier run posts. Measured: a ``PostToConnection`` costs boto3 about 1 ms of CPU
#: (docs/live.md), and a 512 MB Lambda has about 0.29 of a vCPU: 100 posts are about 0.35 s of a run.
SLICE_SUBSCRIBERS = 100
MAX_SLICE_SUBSCRIBERS = 1000  # what a slice may carry: about 50 KB as JSON, SQS takes 256 KB
MAX_ID_CHARS = 200


@dataclass(frozen=True)
class Slice:
    """One page of a topic's followers, to be posted the topic's current view (at least ``version``)."""

    topic: str
    version: int | None
    subscribers: tuple[Subscriber, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "slice": {
                "topic": self.topic,
                "version": self.version,
                "subscribers": [[s.connection_id, s.player_id] for s in self.subscribers],
            }
        }

    @classmethod
    def of_json(cls, body: Any) -> Slice | None:
        """The slice in ``body`` (what :meth:`as_json` made), or None when it is not one."""
        found = body.get("slice") if isinstance(body, dict) else None
        if not isinstance(found, dict):
            return None
        topic, version, rows = found.get("topic"), found.get("version"), found.get("subscribers")
        if not isinstance(topic, str) or not topic or len(topic) > MAX_ID_CHARS:
            return None
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            return None
        if not isinstance(rows, list) or not 0 < len(rows) <= MAX_SLICE_SUBSCRIBERS:
            return None
        subscribers: list[Subscriber] = []
        for row in rows:
            if not (isinstance(row, list) and len(row) == 2 and _an_id(row[0])):
                return None
            if row[1] is not None and not _an_id(row[1]):
                return None
            subscribers.append(Subscriber(row[0], row[1]))
        return cls(topic, version, tuple(subscribers))


def _an_id(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID_CHARS


class FanoutDispatch(Protocol):
    def dispatch(self, pieces: Sequence[Slice]) -> None:
        """Have other runs post ``pieces`` (one run each); never raises (a lost slice costs its followers
        this version, which the next update or a read recovers)."""
        ...

    def settle(self) -> list[Any]:
        """Wait for the slices this process runs itself and return what each run answered (nothing for
        a queue: another function runs them)."""
        ...


class InProcessFanout:
    """Slices run here, each in a thread of a small pool (``make run``, tests; the bench adds a delay to
    stand for a queue's). ``run`` posts one slice and answers its report; the gone connections it found
    are forgotten by the caller of :meth:`settle`, in one thread (embedded moto takes one writer)."""

    def __init__(self, run: Callable[[Slice], Any], workers: int = 16) -> None:
        self._run = run
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="fanout")
        self._pending: list[Future[Any]] = []
        self._lock = threading.Lock()

    def dispatch(self, pieces: Sequence[Slice]) -> None:
        futures = [self._pool.submit(self._run, piece) for piece in pieces]
        with self._lock:
            self._pending += futures

    def settle(self) -> list[Any]:
        with self._lock:
            pending, self._pending = self._pending, []
        answers = []
        for future in pending:
            try:
                answers.append(future.result())
            except Exception:  # a failed slice costs its followers this version, never the run
                log.exception("fan-out slice failed")
        return answers

"""A clean run that forks at each of its writes, so each fault is injected into the very process state a
fault-free run has at that write, and only what comes after the fault is run again.

The fault tests fail the k-th write of a run for every k. Replaying the run from the start for each k
costs O(writes x run). Here the run is made once; just before each write (a *fork point*) the process
forks (:func:`os.fork`): the child takes the faulty path from there (its variant: the fault to inject),
carries on to its end and reports; the parent waits for it, then performs the write cleanly and goes on
to the next point. The child holds everything the replay would have rebuilt, by construction rather than
by determinism: the table in moto (in process), the clock, the id counters, and the interrupted call stack
itself (the services' objects, the pipeline run's reads so far).

A child's report is its check's return value, or the failure (an assertion's traceback) that the parent
raises again, naming the point and the variant. A child never forks itself: the writes after its fault
are clean, as a replay's are.
"""

from __future__ import annotations

import gc
import os
import pickle
import select
import signal
import traceback
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

V = TypeVar("V")

#: How long a child may take to report: a child that deadlocked (fork copies one thread only; a lock another
#: thread held stays held) is killed and reported as failed rather than hanging the suite.
CHILD_SECONDS = 120.0


@dataclass(frozen=True)
class Branch(Generic[V]):
    """Where a child left the clean run: the fork point's number (1-based) and the variant it takes."""

    point: int
    variant: V


class ChildFailed(AssertionError):
    """A child's check failed: the point, the variant and the child's traceback."""


@dataclass
class Forks(Generic[V]):
    """The fork points of one clean run and the reports of their children."""

    child: Branch[V] | None = None  # set in a child: the branch it took
    reports: list[tuple[Branch[V], Any]] = field(default_factory=list, repr=False)
    failure: str | None = None  # the first child's failure: no more forks after it
    _pipe: int = -1

    def branch(self, point: int, variants: Iterable[V]) -> V | None:
        """At a fork point: in the parent, fork one child per variant, each run to its end before the next
        (None is returned once they all have: go on cleanly). In a new child: its variant. In a child
        already past its own fault: None."""
        if self.child is not None or self.failure is not None:
            return None
        for variant in variants:
            read, write = os.pipe()
            # The child's collector leaves alone what the parent holds, so the child writes to (and the
            # kernel copies) only the pages it uses.
            gc.freeze()
            with warnings.catch_warnings():  # xdist's worker threads: see CHILD_SECONDS
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
            if pid == 0:
                os.close(read)
                self._pipe = write
                self.child = Branch(point, variant)
                return variant
            gc.unfreeze()
            os.close(write)
            data = _read_within(read, pid, CHILD_SECONDS)
            _, status = os.waitpid(pid, 0)
            self._received(Branch(point, variant), data, status)
            if self.failure is not None:
                break
        return None

    def _received(self, branch: Branch[V], data: bytes, status: int) -> None:
        """Keep a child's report; a failure is raised by :meth:`run` once the clean run is over (raised
        here, inside the code under test, it could be caught there as a failed write)."""
        if not data:
            silent = f"a child silent for {CHILD_SECONDS:.0f} s is killed"
            self.failure = f"{branch}: no report (wait status {status}; {silent})"
            return
        ok, value = pickle.loads(data)
        if ok:
            self.reports.append((branch, value))
        else:
            self.failure = f"{branch}: {value}"

    def run(
        self, clean: Callable[[], object], after: Callable[[Branch[V], BaseException | None], Any]
    ) -> None:
        """Run ``clean`` (the run with its fork points). In each child, once ``clean`` has ended (returned
        or raised), ``after(branch, raised)`` checks what the faulty path left, and the child exits with
        its report; only the parent returns from here."""
        raised: BaseException | None = None
        try:
            clean()
        except BaseException as exc:
            if self.child is None:
                if self.failure is not None:
                    raise ChildFailed(self.failure) from exc
                raise
            raised = exc
        if self.child is None:
            if self.failure is not None:
                raise ChildFailed(self.failure)
            return
        try:
            try:
                report: tuple[bool, Any] = (True, after(self.child, raised))
            except BaseException:
                report = (False, traceback.format_exc())
            try:
                data = pickle.dumps(report)
            except Exception:
                data = pickle.dumps((False, traceback.format_exc()))
            with os.fdopen(self._pipe, "wb") as pipe:
                pipe.write(data)
        finally:
            os._exit(0)  # never back into pytest: the parent reports


def _read_within(fd: int, pid: int, seconds: float) -> bytes:
    """All a child writes to ``fd`` until it closes it; after ``seconds`` the child is killed and what it
    wrote so far (likely nothing: no report) is returned."""
    chunks: list[bytes] = []
    with os.fdopen(fd, "rb", buffering=0) as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], seconds)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                return b""
            chunk = pipe.read(1 << 16)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


def raise_again(raised: BaseException | None) -> None:
    """What the clean run raised in a child (for ``pytest.raises``), or nothing."""
    if raised is not None:
        raise raised

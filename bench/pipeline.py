"""Pipeline benchmark: ``python -m bench.pipeline`` (``--tournaments N``, default 1,000).

On the embedded store (SQLite in memory, the local default), N Swiss tournaments of 2 house bots and 1
round each (one bot match: the pipeline's own work is what is measured) are created by an organizer and
due to start at once. Scheduled runs (the same ``Pipeline.run`` the schedule calls, with a 55 s budget
and the in-process fan-out port) then start and advance them all until every one has finished; the
figure is the time per tournament finished.

The reference, measured in the same run on the same store: one tournament of the same settings created,
started and advanced alone by runs of the same pipeline, 20 times over (the cost of a tournament with no
other tournament in the way). A ratio near 1 means a thousand concurrent tournaments cost what they
would one by one: nothing in a run grows with the number of other tournaments. The runs report how much
was left to the next run by the budget (deferred) and how many runs it took.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import Caller
from scopa.application.clock import iso
from scopa.application.wiring import ServiceSet
from scopa.domain.tournaments.settings import TournamentSettings

BOTS = ("bot-greedy-1", "bot-random-2")
BUDGET_SECONDS = 55.0
REFERENCE_REPS = 20


class StillClock:
    """A clock that moves only when told: every run happens at the same instant."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


def setup(services: ServiceSet, clock: StillClock, count: int) -> list[str]:
    admin = Caller(player_id=None, role="admin")
    olga = services.players.register("Olga").player.id
    services.players.set_role(admin, olga, "organizer")
    organizer = Caller(player_id=olga, role="organizer")
    settings = TournamentSettings.model_validate(
        {"format": "swiss", "rounds": 1, "target": 1, "starts_at": iso(clock.now())}
    )
    ids = []
    for k in range(count):
        t = services.tournament_admin.create(organizer, f"Torneo {k}", settings)
        for i, bot in enumerate(BOTS):
            services.tournament_entries.enter(organizer, t.id, players=[bot], rating=2000 - 10 * i)
        ids.append(t.id)
    return ids


def run_all(services: ServiceSet, ids: list[str]) -> tuple[float, int, int]:
    """Scheduled runs until every tournament has finished: (seconds, runs, tournaments deferred)."""
    runs = deferred = 0
    start = time.perf_counter()
    while True:
        report = services.pipeline.run(_budget(time.perf_counter() + BUDGET_SECONDS))
        if report.errors:
            raise SystemExit(f"pipeline errors: {report.errors}")
        runs += 1
        deferred += len(report.deferred)
        if not services.stores.tournaments.tournament_ids_with_status("running") and not [
            t for t in ids if t in services.stores.tournaments.tournament_ids_with_status("registration")
        ]:
            return time.perf_counter() - start, runs, deferred
        if runs > 100:
            raise SystemExit("the tournaments did not finish")


def _budget(end: float) -> Callable[[], float]:
    return lambda: end - time.perf_counter()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pipeline", description="Pipeline benchmark.")
    parser.add_argument("--tournaments", type=int, default=1000)
    args = parser.parse_args(argv)
    clock = StillClock()
    services = ServiceSet(sqlite_stores(":memory:"), clock)

    alone = 0.0
    for _ in range(REFERENCE_REPS):
        seconds, _, _ = run_all(services, setup(services, clock, 1))
        alone += seconds
    per_alone = alone / REFERENCE_REPS

    ids = setup(services, clock, args.tournaments)
    seconds, runs, deferred = run_all(services, ids)
    per = seconds / len(ids)
    print(f"{len(ids):,} concurrent Swiss tournaments (2 bots, 1 round) on SQLite in memory")
    print(f"  all finished in {seconds:.1f} s over {runs} scheduled runs ({deferred} deferred by the budget)")
    print(f"  per tournament: {per * 1000:.1f} ms; reference, one alone ({REFERENCE_REPS} times, same run):")
    print(f"  {per_alone * 1000:.1f} ms; ratio {per / per_alone:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

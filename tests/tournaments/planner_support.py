"""Whole tournaments run through the planner alone (no storage, no matches): random or scripted results."""

from __future__ import annotations

import random
from collections.abc import Callable

from scopa.domain.tournaments.planner import champion, plan_round, rounds_planned, table_records
from scopa.domain.tournaments.records import EntryRecord, RoundRecord
from scopa.domain.tournaments.settings import TournamentSettings

Decide = Callable[[str, str], str]  # the winner of a table between a and b


def entries_of(n: int) -> list[EntryRecord]:
    """s1 .. sn, seeded in that order (ratings 2000, 1990, ...)."""
    return [
        EntryRecord(f"s{i}", f"Player {i}", [f"p{i}"], 2000.0 - 10 * i, "2026-01-01T00:00:00Z", "o")
        for i in range(1, n + 1)
    ]


def better_seed(a: str, b: str) -> str:
    return min(a, b, key=lambda x: int(x[1:]))


def at_random(rng: random.Random) -> Decide:
    return lambda a, b: rng.choice((a, b))


def run(
    settings: TournamentSettings, n: int, decide: Decide
) -> tuple[list[EntryRecord], list[RoundRecord], int]:
    """Every round the pipeline would pair, until the champion is known or the planned rounds are
    played; returns the entries, the closed rounds and the rounds planned at the start."""
    entries = entries_of(n)
    planned = rounds_planned(settings, n)
    assert planned is not None  # known for every format but an arena
    rounds: list[RoundRecord] = []
    for number in range(1, planned + 1):
        if champion(settings, rounds, entries) is not None:
            break
        plan = plan_round(settings, number, entries, rounds, "lot")
        tables = table_records(plan.pairing)
        for t in tables:
            winner = decide(t.first, t.second)
            assert winner in (t.first, t.second)
            t.result = [1.0, 0.0] if winner == t.first else [0.0, 1.0]
            t.points = [11, 5] if winner == t.first else [5, 11]
            t.wins = [1, 0] if winner == t.first else [0, 1]
        rounds.append(
            RoundRecord(number, tables, list(plan.pairing.byes), "2026-01-01", "closed", slots=plan.slots)
        )
    return entries, rounds, planned

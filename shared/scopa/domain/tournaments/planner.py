"""The next round of a tournament, whatever its format: pure, from the entries and the rounds so far.

The pipeline calls :func:`plan_round` when the previous round is closed; an organizer's hand-made pairing
is checked by :func:`check_manual` and used instead. Nothing here reads a clock or storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scopa.domain.tournaments.knockout import bracket_slots, knockout_round, next_slots, rounds_needed
from scopa.domain.tournaments.model import RoundPairing, Table
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TableRecord, history_of
from scopa.domain.tournaments.round_robin import berger_rounds
from scopa.domain.tournaments.settings import TournamentSettings
from scopa.domain.tournaments.swiss import pair_swiss
from scopa.domain.tournaments.tally import swiss_inputs


class PlanningError(ValueError):
    """The round cannot be paired as asked (a hand-made pairing that leaves someone out, for example)."""


@dataclass(frozen=True)
class PlannedRound:
    pairing: RoundPairing
    slots: list[str | None] | None = None  # knockout: the bracket this round pairs


def seeded(entries: Sequence[EntryRecord]) -> list[EntryRecord]:
    """Entries in seeding order: rating, highest first; the id keeps it stable."""
    return sorted(entries, key=lambda e: (-e.rating, e.id))


def rounds_planned(settings: TournamentSettings, entrants: int) -> int | None:
    """How many rounds the tournament has, fixed when it starts (an arena's waves: not known)."""
    if settings.format == "arena":
        return None
    if settings.format == "swiss":
        return settings.rounds or 1
    if settings.format == "knockout":
        return rounds_needed(entrants)
    cycle = entrants - 1 if entrants % 2 == 0 else entrants
    return cycle * (2 if settings.format == "double_round_robin" else 1)


def plan_round(
    settings: TournamentSettings, number: int, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
) -> PlannedRound:
    """Pair round ``number`` (rounds ``1 .. number - 1`` are closed)."""
    active = [e for e in entries if e.status == "active" and e.joined_round <= number]
    if settings.format == "swiss":
        # Who asked to sit this round out is left out of the pairing and recorded on the round.
        requested = tuple(e.id for e in active if number in e.requested_byes)
        paired = [e for e in active if e.id not in requested]
        history = history_of(list(entries), list(rounds), settings)
        inputs = swiss_inputs([e.entrant() for e in paired], history)
        forbidden = _forbidden(settings, number, paired)
        pairing, _quality = pair_swiss(inputs, forbidden)
        return PlannedRound(RoundPairing(pairing.tables, pairing.byes, requested))
    if settings.format in ("round_robin", "double_round_robin"):
        # Everyone stays in the schedule; a withdrawn entrant's tables are scored as forfeits.
        schedule = berger_rounds(
            [e.id for e in seeded(entries)], double=settings.format == "double_round_robin"
        )
        return PlannedRound(schedule[number - 1])
    # knockout
    if number == 1:
        slots = bracket_slots([e.id for e in seeded(active)])
    else:
        previous = rounds[number - 2]
        assert previous.slots is not None
        ranking = {e.id: i for i, e in enumerate(seeded(entries))}
        slots = next_slots(previous.slots, lambda a, b: _winner(previous, a, b, ranking))
    balance = _first_balance(rounds)
    return PlannedRound(knockout_round(slots, balance), slots)


def knockout_champion(rounds: Sequence[RoundRecord], entries: Sequence[EntryRecord]) -> str | None:
    """The winner of the last knockout round, once it is closed and had a single table."""
    if not rounds or rounds[-1].status != "closed" or rounds[-1].slots is None or len(rounds[-1].slots) != 2:
        return None
    last = rounds[-1]
    ranking = {e.id: i for i, e in enumerate(seeded(entries))}
    a, b = last.slots or [None, None]
    if a is None or b is None:
        return a or b
    return _winner(last, a, b, ranking)


def check_manual(
    tables: Sequence[tuple[str, str]], byes: Sequence[str], entries: Sequence[EntryRecord], number: int
) -> RoundPairing:
    """A hand-made pairing: every active entrant exactly once, no one paired with themselves.

    An entrant who asked for a bye in this round may be left out (it then has its requested bye) or
    paired anyway (the organizer's choice, and then it plays)."""
    active = {e.id for e in entries if e.status == "active" and e.joined_round <= number}
    asked = {e.id for e in entries if e.id in active and number in e.requested_byes}
    seen: list[str] = [x for pair in tables for x in pair] + list(byes)
    unknown = sorted(set(seen) - active)
    if unknown:
        raise PlanningError(f"not active entrants of this round: {', '.join(unknown)}")
    if len(seen) != len(set(seen)):
        raise PlanningError("an entrant appears twice in the pairing")
    missing = sorted(active - asked - set(seen))
    if missing:
        raise PlanningError(f"entrants left out of the pairing: {', '.join(missing)}")
    requested = tuple(sorted(asked - set(seen)))
    return RoundPairing(tuple(Table(a, b) for a, b in tables), tuple(byes), requested)


def table_records(pairing: RoundPairing) -> list[TableRecord]:
    return [TableRecord(table=i + 1, first=t.first, second=t.second) for i, t in enumerate(pairing.tables)]


def _winner(rnd: RoundRecord, a: str, b: str, ranking: dict[str, int]) -> str:
    """Who goes through from a knockout table: more match points, then game points, then the better seed."""
    for t in rnd.tables:
        if {t.first, t.second} == {a, b}:
            assert t.result is not None
            first_key = (t.result[0], t.points[0], -ranking.get(t.first, 0))
            second_key = (t.result[1], t.points[1], -ranking.get(t.second, 0))
            return t.first if first_key > second_key else t.second
    raise PlanningError(f"no table between {a} and {b} in round {rnd.number}")


def _first_balance(rounds: Sequence[RoundRecord]) -> dict[str, int]:
    balance: dict[str, int] = {}
    for rnd in rounds:
        for t in rnd.tables:
            balance[t.first] = balance.get(t.first, 0) + 1
            balance[t.second] = balance.get(t.second, 0) - 1
    return balance


def _forbidden(
    settings: TournamentSettings, number: int, active: Sequence[EntryRecord]
) -> list[frozenset[str]]:
    if not settings.forbidden_pairs or (
        settings.forbidden_rounds is not None and number > settings.forbidden_rounds
    ):
        return []
    entrant_of = {p: e.id for e in active for p in e.players}
    out = []
    for a, b in settings.forbidden_pairs:
        ea, eb = entrant_of.get(a), entrant_of.get(b)
        if ea and eb and ea != eb:
            out.append(frozenset((ea, eb)))
    return out

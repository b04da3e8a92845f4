"""The next round of a tournament, whatever its format: pure, from the entries and the rounds so far.

The pipeline calls :func:`plan_round` when the previous round is closed; an organizer's hand-made pairing
is checked by :func:`check_manual` and used instead. Nothing here reads a clock or storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scopa.domain.tournaments import double_elimination as de
from scopa.domain.tournaments.groups import group_rounds, group_stage_round, knockout_slots, split_groups
from scopa.domain.tournaments.knockout import bracket_slots, knockout_round, next_slots, rounds_needed
from scopa.domain.tournaments.model import ByeResult, GameResult, History, RoundPairing, Table
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TableRecord, history_of
from scopa.domain.tournaments.round_robin import berger_rounds
from scopa.domain.tournaments.settings import TournamentSettings
from scopa.domain.tournaments.standings import StandingRow, compute_standings
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
    if settings.format == "double_elimination":
        return de.max_rounds(entrants, settings.bracket_reset)  # at most: set to the rounds played at the end
    if settings.format == "groups_knockout":
        groups = split_groups([str(i) for i in range(entrants)], settings.group_size)
        qualifiers = sum(min(settings.advance_per_group, len(g)) for g in groups)
        return group_rounds(groups) + rounds_needed(qualifiers)
    cycle = entrants - 1 if entrants % 2 == 0 else entrants
    return cycle * (2 if settings.format == "double_round_robin" else 1)


def plan_round(
    settings: TournamentSettings,
    number: int,
    entries: Sequence[EntryRecord],
    rounds: Sequence[RoundRecord],
    lot_seed: str = "",
) -> PlannedRound:
    """Pair round ``number`` (rounds ``1 .. number - 1`` are closed); ``lot_seed`` draws the group
    tables' lots (groups_knockout)."""
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
    if settings.format == "double_elimination":
        return _double_elimination_round(settings, number, active, entries, rounds)
    first_knockout = 1
    if settings.format == "groups_knockout":
        groups = split_groups([e.id for e in seeded(entries)], settings.group_size)
        first_knockout = group_rounds(groups) + 1
        if number < first_knockout:
            # Everyone stays in the groups; a withdrawn entrant's tables are scored as forfeits.
            return PlannedRound(group_stage_round(groups, number))
    # knockout
    ranking = {e.id: i for i, e in enumerate(seeded(entries))}
    if number == 1:
        slots = bracket_slots([e.id for e in seeded(active)])
    elif number == first_knockout:
        tables = group_tables(settings, entries, rounds, lot_seed)
        ranked = [[r.entrant for r in table if r.status == "active"] for table in tables]
        strength = {r.entrant: _per_table(r) for table in tables for r in table}
        slots = knockout_slots(ranked, settings.advance_per_group, strength)
    else:
        previous = rounds[number - 2]
        assert previous.slots is not None
        slots = next_slots(previous.slots, lambda a, b: _winner(previous, a, b, ranking))
    balance = _first_balance(rounds)
    pairing = knockout_round(slots, balance)
    if settings.third_place_match and len(slots) == 2 and number > first_knockout:
        losers = _semi_final_losers(rounds[number - 2], ranking)
        if losers is not None:  # both semi-finals were played: their losers meet for third place
            a, b = losers
            third = Table(b, a) if balance.get(b, 0) < balance.get(a, 0) else Table(a, b)
            pairing = RoundPairing((*pairing.tables, third), pairing.byes)
    return PlannedRound(pairing, slots)


def third_place_table(rnd: RoundRecord) -> TableRecord | None:
    """The match for third place of a knockout's final round: its table that is not a pair of the
    bracket (derived, so nothing more is stored; None in any other round)."""
    if rnd.slots is None or len(rnd.slots) != 2:
        return None
    final = frozenset(x for x in rnd.slots if x is not None)
    return next((t for t in rnd.tables if frozenset((t.first, t.second)) != final), None)


def table_stage(rnd: RoundRecord, table: TableRecord) -> Literal["third_place"] | None:
    """How readers tell a table apart: "third_place" for the match for third place, else None."""
    third = third_place_table(rnd)
    pair = frozenset((table.first, table.second))
    return "third_place" if third is not None and frozenset((third.first, third.second)) == pair else None


def _semi_final_losers(semis: RoundRecord, ranking: dict[str, int]) -> tuple[str, str] | None:
    """The losers of the two semi-finals in bracket order, or None when one of them was a bye."""
    slots = semis.slots or []
    if len(slots) != 4 or any(x is None for x in slots):
        return None
    losers = []
    for a, b in ((slots[0], slots[1]), (slots[2], slots[3])):
        assert a is not None
        assert b is not None
        winner = _winner(semis, a, b, ranking)
        losers.append(b if winner == a else a)
    return losers[0], losers[1]


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


def group_tables(
    settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord], lot_seed: str
) -> list[list[StandingRow]]:
    """Each group's standings (groups_knockout) after the group rounds closed so far, ranked as a round
    robin is with the tournament's tie-breaks."""
    groups = split_groups([e.id for e in seeded(entries)], settings.group_size)
    last = group_rounds(groups)
    history = history_of(list(entries), [r for r in rounds if r.number <= last], settings).through(last)
    by_id = {e.id: e.entrant() for e in entries}
    group_of = {x: g for g, group in enumerate(groups) for x in group}
    games: list[list[GameResult]] = [[] for _ in groups]
    byes: list[list[ByeResult]] = [[] for _ in groups]
    for game in history.games:  # each group's own results: a group table is computed from them alone
        games[group_of[game.first]].append(game)
    for bye in history.byes:
        byes[group_of[bye.entrant]].append(bye)
    return [
        compute_standings(
            [by_id[x] for x in group],
            History(tuple(games[g]), tuple(byes[g]), history.rounds_played),
            settings.tiebreak_order,
            lot_seed,
        )
        for g, group in enumerate(groups)
    ]


def double_elimination_state(
    settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
) -> tuple[dict[str, de.Slot], dict[str, int]] | None:
    """Where a double elimination stands after ``rounds`` (tables not decided yet leave their match
    open), and the round each match was paired in; None before round 1 is paired."""
    if not rounds or rounds[0].slots is None:
        return None
    slots = rounds[0].slots
    ranking = {e.id: i for i, e in enumerate(seeded(entries))}
    tables_of = {r.number: {frozenset((t.first, t.second)): t for t in r.tables} for r in rounds}

    def winner_of(number: int, a: str, b: str) -> str | None:
        table = tables_of[number][frozenset((a, b))]
        return _table_winner(table, ranking) if table.result is not None else None

    tables = [[(t.first, t.second) for t in r.tables] for r in sorted(rounds, key=lambda r: r.number)]
    decided, paired = de.replay_rounds(slots, tables, winner_of, settings.bracket_reset)
    return de.progress(slots, decided, settings.bracket_reset), paired


def champion(
    settings: TournamentSettings, rounds: Sequence[RoundRecord], entries: Sequence[EntryRecord]
) -> str | None:
    """The winner of an elimination tournament once decided (None otherwise, and for other formats)."""
    if settings.format in ("knockout", "groups_knockout"):
        return knockout_champion(rounds, entries)
    if settings.format == "double_elimination":
        found = double_elimination_state(settings, entries, [r for r in rounds if r.status == "closed"])
        return de.champion(found[0]) if found is not None else None
    return None


def placings(
    settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
) -> dict[str, int] | None:
    """How far each entrant of an elimination tournament went, higher is further (None for the other
    formats): the standings order these first, so the champion ranks 1st, the final's loser 2nd, and
    entrants out at the same stage share a place that points and tie-breaks then order. With a match
    for third place (``third_place_match``), its winner ranks 3rd and its loser 4th.

    An entrant absent from the bracket (withdrawn before round 1 was paired) has 0."""
    closed = [r for r in rounds if r.status == "closed"]
    if settings.format == "double_elimination":
        found = double_elimination_state(settings, entries, closed)
        if found is None:
            return None
        first = closed[0].slots or []
        depth = de.depth(found[0], [x for x in first if x is not None])
        return {e.id: depth.get(e.id, 0) for e in entries}
    bracket = [r for r in closed if r.slots is not None]
    if settings.format not in ("knockout", "groups_knockout") or not bracket:
        return None
    ranking = {e.id: i for i, e in enumerate(seeded(entries))}
    first = bracket[0].slots or []
    alive = 2 * (bracket[-1].number + 1)  # more than any round's
    out = {e.id: alive if e.id in first else 0 for e in entries}
    for rnd in bracket:
        third = third_place_table(rnd)
        for t in rnd.tables:
            winner = _table_winner(t, ranking)
            loser = t.second if winner == t.first else t.first
            if t is third:  # between the final's loser and the semi-finals' place they had
                out[winner], out[loser] = 2 * rnd.number - 1, 2 * rnd.number - 2
            else:
                out[loser] = 2 * rnd.number
    return out


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
            return _table_winner(t, ranking)
    raise PlanningError(f"no table between {a} and {b} in round {rnd.number}")


def _table_winner(t: TableRecord, ranking: dict[str, int]) -> str:
    """As :func:`_winner`, for a table at hand (a decided one)."""
    assert t.result is not None
    first_key = (t.result[0], t.points[0], -ranking.get(t.first, 0))
    second_key = (t.result[1], t.points[1], -ranking.get(t.second, 0))
    return t.first if first_key > second_key else t.second


def _double_elimination_round(
    settings: TournamentSettings,
    number: int,
    active: Sequence[EntryRecord],
    entries: Sequence[EntryRecord],
    rounds: Sequence[RoundRecord],
) -> PlannedRound:
    """Every ready match of the bracket; round 1 also gives the first-round byes (as the knockout does).

    Every round stores the first-round slots, from which the bracket is replayed."""
    if number == 1:
        slots = bracket_slots([e.id for e in seeded(active)])
        state = de.progress(slots, {}, settings.bracket_reset)
    else:
        found = double_elimination_state(settings, entries, rounds[: number - 1])
        assert found is not None
        assert rounds[0].slots is not None
        slots, state = list(rounds[0].slots), found[0]
    balance = _first_balance(rounds)
    tables: list[Table] = []
    for s in de.ready_matches(state, number):
        a, b = s.first, s.second
        assert a is not None
        assert b is not None
        tables.append(Table(b, a) if balance.get(b, 0) < balance.get(a, 0) else Table(a, b))
    byes = knockout_round(slots).byes if number == 1 else ()
    return PlannedRound(RoundPairing(tuple(tables), tuple(byes)), slots)


def _per_table(row: StandingRow) -> tuple[float, float]:
    """A group result comparable across groups of different sizes: points, then game-point difference,
    per table played."""
    tables = max(1, row.played)
    return row.points / tables, (row.points_scored - row.points_conceded) / tables


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

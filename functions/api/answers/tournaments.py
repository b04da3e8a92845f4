"""Tournaments: the tournament, entries, rounds, standings, the crosstable, the audit trail."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from api.answers.common import Closed, Named, Number
from scopa.application.clock import iso
from scopa.domain.tournaments.planner import table_stage
from scopa.domain.tournaments.table_results import table_state

if TYPE_CHECKING:
    from scopa.application.ports.tournaments import TournamentBundle
    from scopa.application.services.tournaments import Advanced, ArenaView, Paused, Standings
    from scopa.application.services.tournaments.results import YourPlace as YourPlaceView
    from scopa.domain.tournaments.records import (
        AuditEntry,
        EntryRecord,
        RoundRecord,
        TableRecord,
        TournamentRecord,
    )
    from scopa.domain.tournaments.standings import CrossCell, CrossRow, StandingRow

TournamentStatus = Literal["draft", "registration", "running", "finished", "cancelled"]


class Tournament(Closed):
    """A tournament as everyone may see it (never the deal seed)."""

    id: str
    name: str
    club_id: str | None
    status: TournamentStatus
    paused: bool
    version: int
    settings: dict[str, Any]  # the TournamentSettings as stored when set
    tiebreaks: list[str]
    entries: int
    current_round: int
    rounds_planned: int | None
    next_round_override: bool  # the organizer paired the next round by hand
    lot_seed: str  # public: the tie-break lot is drawn from it
    created_by: str
    created_at: str
    updated_at: str
    started_at: str | None
    finished_at: str | None

    @classmethod
    def of(cls, t: TournamentRecord) -> Tournament:
        return cls(
            id=t.id,
            name=t.name,
            club_id=t.club_id,
            status=t.status,
            paused=t.paused,
            version=t.version,
            settings=t.settings,
            tiebreaks=list(t.rules.tiebreak_order),
            entries=t.entries,
            current_round=t.current_round,
            rounds_planned=t.rounds_planned,
            next_round_override=t.override is not None,
            lot_seed=t.lot_seed,
            created_by=t.created_by,
            created_at=t.created_at,
            updated_at=t.updated_at,
            started_at=t.started_at,
            finished_at=t.finished_at,
        )


class Tournaments(Closed):
    tournaments: list[Tournament]
    next_cursor: str | None


class AdvanceReport(Closed):
    steps: list[str]
    tournament: Tournament

    @classmethod
    def of(cls, done: Advanced) -> AdvanceReport:
        return cls(steps=done.steps, tournament=Tournament.of(done.tournament))


class Entry(Closed):
    id: str  # the player id for one player; an e_... id for a pair of partners
    name: str
    players: list[str]
    rating: Number  # the seeding rating
    # requested: awaits approval; refused: turned down after the start
    status: Literal["active", "withdrawn", "excluded", "requested", "refused"]
    joined_round: int
    created_at: str
    checked_in_at: str | None = None  # when the entrant checked in (tournaments with a check-in)
    requested_byes: list[int]  # Swiss rounds this entrant asked to sit out (POST .../byes)
    paused: bool  # arena: not paired until they come back
    online: bool = False  # mixed play: marked to play online (a table of two such entrants is online)

    @classmethod
    def of(cls, e: EntryRecord) -> Entry:
        return cls(
            id=e.id,
            name=e.name,
            players=e.players,
            rating=e.rating,
            status=e.status,
            joined_round=e.joined_round,
            created_at=e.created_at,
            checked_in_at=e.checked_in_at,
            requested_byes=sorted(e.requested_byes),
            paused=e.paused,
            online=e.online,
        )


class PausedEntry(Entry):
    """An arena entry after ``PUT .../paused``. A pause takes effect from the next wave paired: a game
    the entrant is already seated at (a wave paired before the pause was stored) is theirs to play out,
    and counts."""

    seated_in_wave: int | None  # the wave of the entrant's game under way, if any

    @classmethod
    def of_paused(cls, done: Paused) -> PausedEntry:
        return cls(**Entry.of(done.entry).model_dump(), seated_in_wave=done.seated_in_wave)


class Entries(Closed):
    entries: list[Entry]


class TableReport(Closed):
    """One side's latest claim of an in-person table's games."""

    side: Literal[0, 1]  # 0: the first entrant's side, 1: the second's
    by: str  # the player who reported
    games: list[list[int]]  # [first, second] per game, in table order
    at: str


class RoundTable(Closed):
    """A table of a round: who plays, the games' match ids, games won, game points, the match result."""

    table: int
    first: Named
    second: Named
    games: list[str]
    wins: list[int]
    points: list[int]
    result: list[Number] | None  # match points [first, second] once decided
    forfeit: bool
    reason: str | None
    # knockout with third_place_match: "third_place" for the final round's match between the semi-finals'
    # losers (derived from the bracket: the table that is not a pair of it); None for every other table
    stage: Literal["third_place"] | None = None
    mode: Literal["online", "in_person"] = "online"  # in person: played at a real table, reported
    # in person: waiting (no report), reported (one side), disputed (the sides differ), confirmed
    state: Literal["waiting", "reported", "disputed", "confirmed"] | None = None
    reports: list[TableReport] = Field(default_factory=list)  # in person: each side's latest claim
    score: list[list[int]] | None = None  # in person: the confirmed games, [first, second] each

    @classmethod
    def of(cls, names: dict[str, str], rnd: RoundRecord, x: TableRecord) -> RoundTable:
        def named(entrant: str) -> Named:
            return Named(id=entrant, name=names.get(entrant, entrant))

        return cls(**_table_fields(named, rnd, x))


def _table_fields(named: Callable[[str], Named], rnd: RoundRecord, x: TableRecord) -> dict[str, Any]:
    return {
        "table": x.table,
        "first": named(x.first),
        "second": named(x.second),
        "games": x.games,
        "wins": x.wins,
        "points": x.points,
        "result": x.result,
        "forfeit": x.forfeit,
        "reason": x.reason,
        "stage": table_stage(rnd, x),
        "mode": x.mode,
        "state": table_state(x),
        "reports": [TableReport(**c) for c in x.reports],
        "score": x.score,
    }


class TableAnswer(RoundTable):
    """One table of a round, as a report, a confirmation or an organizer's entry left it."""

    tournament_id: str
    round: int
    round_status: Literal["open", "closed"]
    round_version: int

    @classmethod
    def of_view(cls, bundle: TournamentBundle, rnd: RoundRecord, x: TableRecord) -> TableAnswer:
        names = {e.id: e.name for e in bundle.entries}
        return cls(
            **RoundTable.of(names, rnd, x).model_dump(),
            tournament_id=bundle.tournament.id,
            round=rnd.number,
            round_status=rnd.status,
            round_version=rnd.version,
        )


class Round(Closed):
    tournament_id: str
    number: int
    status: Literal["open", "closed"]
    manual: bool
    created_at: str
    closed_at: str | None
    deadline: str | None  # unfinished matches are adjudicated then
    tables: list[RoundTable]
    byes: list[Named]
    requested_byes: list[Named]  # left out of the pairing at their request
    # knockout (and a groups' knockout's knockout rounds): the bracket this round was paired from; double
    # elimination: the first round's bracket, on every round (the rest is replayed from the results)
    bracket: list[str | None] | None

    @classmethod
    def of(cls, bundle: TournamentBundle, rnd: RoundRecord) -> Round:
        names = {e.id: e.name for e in bundle.entries}

        def named(entrant: str) -> Named:
            return Named(id=entrant, name=names.get(entrant, entrant))

        return cls(
            tournament_id=bundle.tournament.id,
            number=rnd.number,
            status=rnd.status,
            manual=rnd.manual,
            created_at=rnd.created_at,
            closed_at=rnd.closed_at,
            deadline=iso(rnd.deadline) if rnd.deadline is not None else None,
            tables=[RoundTable.of(names, rnd, x) for x in rnd.tables],
            byes=[named(b) for b in rnd.byes],
            requested_byes=[named(b) for b in rnd.requested_byes],
            bracket=rnd.slots,
        )


class Standing(Closed):
    rank: int
    entrant: str
    name: str
    status: str
    points: Number
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    requested_byes: int
    points_scored: int
    points_conceded: int
    tiebreaks: dict[str, Number]  # in the configured order

    @classmethod
    def of(cls, r: StandingRow) -> Standing:
        return cls(
            rank=r.rank,
            entrant=r.entrant,
            name=r.name,
            status=r.status,
            points=r.points,
            played=r.played,
            wins=r.wins,
            draws=r.draws,
            losses=r.losses,
            byes=r.byes,
            requested_byes=r.requested_byes,
            points_scored=r.points_scored,
            points_conceded=r.points_conceded,
            tiebreaks=r.tiebreaks,
        )


class StandingsAnswer(Closed):
    tournament_id: str
    after_round: int
    tiebreaks: list[str]
    lot_seed: str
    standings: list[Standing]
    # groups_knockout: each group's table (group A first), ranked as a round robin by the same tie-breaks
    groups: list[list[Standing]] | None = None

    @classmethod
    def of(cls, s: Standings) -> StandingsAnswer:
        return cls(
            tournament_id=s.tournament_id,
            after_round=s.after_round,
            tiebreaks=s.tiebreaks,
            lot_seed=s.lot_seed,
            standings=[Standing.of(r) for r in s.rows],
            groups=[[Standing.of(r) for r in g] for g in s.groups] if s.groups is not None else None,
        )


class CrossTableCell(Closed):
    round: int
    result: str  # 1, ½, 0, + (forfeit win), - (forfeit loss), B (bye), A (absent); "" when nothing
    points: Number
    total: Number
    opponent: int | None  # the opponent's rank in the standings
    opponent_id: str | None
    side: Literal["first", "second"] | None
    points_for: int
    points_against: int

    @classmethod
    def of(cls, c: CrossCell) -> CrossTableCell:
        return cls(
            round=c.round,
            result=c.result,
            points=c.points,
            total=c.total,
            opponent=c.opponent,
            opponent_id=c.opponent_id,
            side=c.side,
            points_for=c.points_for,
            points_against=c.points_against,
        )


class CrossTableRow(Closed):
    rank: int
    entrant: str
    name: str
    points: Number
    cells: list[CrossTableCell]

    @classmethod
    def of(cls, r: CrossRow) -> CrossTableRow:
        return cls(
            rank=r.rank,
            entrant=r.entrant,
            name=r.name,
            points=r.points,
            cells=[CrossTableCell.of(c) for c in r.cells],
        )


class Crosstable(Closed):
    tournament_id: str
    rows: list[CrossTableRow]


class AuditRecord(Closed):
    at: str
    actor: str
    action: str
    details: dict[str, Any]

    @classmethod
    def of(cls, a: AuditEntry) -> AuditRecord:
        return cls(at=a.at, actor=a.actor, action=a.action, details=a.details)


class AuditTrail(Closed):
    audit: list[AuditRecord]
    next_cursor: str | None


class ArenaLine(Closed):
    """One line of an arena's leaderboard."""

    rank: int
    entrant: str
    name: str
    status: str
    score: int
    games: int
    wins: int
    draws: int
    losses: int
    streak: int  # wins in a row so far
    on_streak: bool  # the next win scores double
    performance: Number
    paused: bool


class YourTable(Closed):
    """The caller's table: in the open rounds, the one still being played first."""

    round: int
    table: int
    opponent: Named
    games: list[str]  # match ids, the last one the game to play
    result: list[Number] | None  # match points [first, second] once decided
    mode: Literal["online", "in_person"]  # in person: no game to play here, the result is reported


class YourPlace(Closed):
    """Where the caller stands in the tournament: their entry (null: not entered), their table, and
    whether they sit the current round out."""

    entry: Entry | None
    table: YourTable | None
    bye: bool

    @classmethod
    def of(cls, place: YourPlaceView) -> YourPlace:
        table = None
        if place.table is not None and place.round is not None and place.opponent is not None:
            table = YourTable(
                round=place.round,
                table=place.table.table,
                opponent=Named(id=place.opponent[0], name=place.opponent[1]),
                games=list(place.table.games),
                result=list(place.table.result) if place.table.result is not None else None,
                mode=place.table.mode,
            )
        return cls(entry=Entry.of(place.entry) if place.entry else None, table=table, bye=place.bye)


class ArenaTable(Closed):
    """A game under way: its wave, its table in the wave, who plays and the match id."""

    wave: int
    table: int
    first: Named
    second: Named
    games: list[str]


class ArenaAnswer(Closed):
    tournament_id: str
    ends_at: str | None  # no new game starts after this (null before the start)
    grace_ends_at: str | None  # a game under way then counts for nobody
    streaks: bool
    leaderboard: list[ArenaLine]
    playing: list[ArenaTable]

    @classmethod
    def of(cls, view: ArenaView) -> ArenaAnswer:
        names = {r.entrant: r.name for r in view.rows}

        def named(entrant: str) -> Named:
            return Named(id=entrant, name=names.get(entrant, entrant))

        return cls(
            tournament_id=view.tournament_id,
            ends_at=iso(view.ends_at) if view.ends_at is not None else None,
            grace_ends_at=iso(view.grace_ends_at) if view.grace_ends_at is not None else None,
            streaks=view.streaks,
            leaderboard=[
                ArenaLine(
                    rank=r.rank,
                    entrant=r.entrant,
                    name=r.name,
                    status=r.status,
                    score=r.score,
                    games=r.games,
                    wins=r.wins,
                    draws=r.draws,
                    losses=r.losses,
                    streak=r.streak,
                    on_streak=r.on_streak,
                    performance=r.performance,
                    paused=r.paused,
                )
                for r in view.rows
            ],
            playing=[
                ArenaTable(
                    wave=wave, table=x.table, first=named(x.first), second=named(x.second), games=x.games
                )
                for wave, x in view.playing
            ],
        )

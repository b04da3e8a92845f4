"""Club seasons: the season, its events and its standings (the club's leaderboard for the season)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from api.answers.common import Closed, Number
from scopa.domain.seasons.rules import SeasonRules
from scopa.domain.seasons.standings import TIEBREAKS, EventStatus

if TYPE_CHECKING:
    from scopa.application.ports.seasons import Season
    from scopa.application.services.seasons import SeasonTable
    from scopa.domain.seasons.standings import EventScore, SeasonEvent, SeasonRow


class SeasonAnswer(Closed):
    id: str
    club_id: str
    name: str
    starts_on: str
    ends_on: str
    rules: SeasonRules
    tournaments: list[str]  # attached, oldest first
    lot_seed: str  # public: the last tie-break is drawn from it
    created_by: str
    created_at: str
    updated_at: str
    version: int  # send it back with an edit to refuse it if the season moved on

    @classmethod
    def of(cls, s: Season) -> SeasonAnswer:
        return cls(
            id=s.id,
            club_id=s.club_id,
            name=s.name,
            starts_on=s.starts_on,
            ends_on=s.ends_on,
            rules=SeasonRules.model_validate(s.rules),
            tournaments=list(s.tournaments),
            lot_seed=s.lot_seed,
            created_by=s.created_by,
            created_at=s.created_at,
            updated_at=s.updated_at,
            version=s.version,
        )


class Seasons(Closed):
    seasons: list[SeasonAnswer]
    next_cursor: str | None


class SeasonEventAnswer(Closed):
    """An attached tournament: finished ones count, pending ones not yet, cancelled ones never."""

    id: str
    name: str
    status: EventStatus
    date: str  # the day it finished, "" otherwise
    field: int  # entrants in its final standings (0 until finished)

    @classmethod
    def of(cls, e: SeasonEvent) -> SeasonEventAnswer:
        return cls(id=e.id, name=e.name, status=e.status, date=e.date, field=e.field)


class SeasonEventScore(Closed):
    tournament: str
    place: int
    shared: int  # how many share the place (places place .. place + shared - 1)
    points: Number
    counted: bool  # among the player's best N

    @classmethod
    def of(cls, s: EventScore) -> SeasonEventScore:
        return cls(tournament=s.event, place=s.place, shared=s.shared, points=s.points, counted=s.counted)


class SeasonStanding(Closed):
    rank: int
    player: str
    name: str
    points: Number  # the counted events' points
    counted: int
    played: int  # finished events played
    wins: int  # counted events won
    best: int  # best place in a counted event
    tiebreaks: dict[str, Number]  # wins, best, played, head_to_head, lot: in the order applied
    events: list[SeasonEventScore]

    @classmethod
    def of(cls, r: SeasonRow) -> SeasonStanding:
        return cls(
            rank=r.rank,
            player=r.player,
            name=r.name,
            points=r.points,
            counted=r.counted,
            played=r.played,
            wins=r.wins,
            best=r.best,
            tiebreaks=dict(r.tiebreaks),
            events=[SeasonEventScore.of(s) for s in r.events],
        )


class SeasonStandings(Closed):
    season: SeasonAnswer
    events: list[SeasonEventAnswer]
    tiebreaks: list[str]  # after the points, in the order applied
    rows: list[SeasonStanding]

    @classmethod
    def of(cls, table: SeasonTable) -> SeasonStandings:
        return cls(
            season=SeasonAnswer.of(table.season),
            events=[SeasonEventAnswer.of(e) for e in table.events],
            tiebreaks=list(TIEBREAKS),
            rows=[SeasonStanding.of(r) for r in table.rows],
        )

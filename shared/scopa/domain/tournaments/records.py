"""A tournament as stored: the tournament, its entries and its rounds, and the history they add up to.

Plain mutable records (the storage adapter reads and writes them; the services change them under
conditional writes). :func:`history_of` turns rounds and entries into the pure :class:`History` that
standings and pairings are computed from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from scopa.domain.tournaments.model import ByeResult, Entrant, EntrantStatus, GameResult, History
from scopa.domain.tournaments.settings import TournamentSettings

TournamentStatus = Literal["draft", "registration", "running", "finished", "cancelled"]
RoundStatus = Literal["open", "closed"]
TableMode = Literal["online", "in_person"]
STATUSES: tuple[TournamentStatus, ...] = ("draft", "registration", "running", "finished", "cancelled")


@dataclass
class TournamentRecord:
    id: str
    name: str
    club_id: str | None
    created_by: str
    created_at: str
    updated_at: str
    settings: dict[str, Any]  # TournamentSettings as JSON
    status: TournamentStatus = "draft"
    version: int = 1
    paused: bool = False
    current_round: int = 0  # the last round created (0: none yet)
    rounds_planned: int | None = None  # fixed at the start (Swiss: the setting; others: from the field)
    entries: int = 0  # entrants registered (kept by the entry writes, checked against the cap)
    lot_seed: str = ""  # public: the tie-break lot is drawn from it
    deal_seed: str = ""  # secret: every match's deals derive from it; never leaves the service
    override: dict[str, Any] | None = (
        None  # hand-made pairings for the next round: {"round", "tables", "byes"}
    )
    started_at: str | None = None
    finished_at: str | None = None
    origin: dict[str, str] | None = None  # the creating request's Idempotency-Key digest and body hash

    @property
    def rules(self) -> TournamentSettings:
        return TournamentSettings.model_validate(self.settings)


@dataclass
class EntryRecord:
    id: str  # the player id for one player; an ``e_...`` id for a pair of partners
    name: str
    players: list[str]
    rating: float
    created_at: str
    entered_by: str
    status: EntrantStatus = "active"
    joined_round: int = 1
    origin: dict[str, str] | None = None  # the entering request's Idempotency-Key digest and body hash
    rating_fixed: bool = False  # an organizer set the seeding rating by hand: not read again at the start
    checked_in_at: str | None = None  # when the entrant checked in (tournaments with a check-in)
    requested_byes: list[int] = field(default_factory=list)  # Swiss rounds the entrant asked to sit out
    paused: bool = False  # arena: the entrant asked not to be paired for now
    back_after_wave: int = 0  # arena: the last wave paired when the entrant said they were back
    version: int = 0  # bumped on every save: a write based on an older read is refused (0: stored before)
    online: bool = False  # a mixed tournament: marked by an organizer to play online (both: an online table)

    def entrant(self) -> Entrant:
        return Entrant(self.id, self.name, self.rating, tuple(self.players), self.status, self.joined_round)


@dataclass
class TableRecord:
    """One table of a round and how far its match has come."""

    table: int
    first: str
    second: str
    games: list[str] = field(default_factory=list)  # match ids, one per game played or under way
    wins: list[int] = field(default_factory=lambda: [0, 0])  # games won by first, second
    points: list[int] = field(default_factory=lambda: [0, 0])  # game points scored by first, second
    result: list[float] | None = None  # match points [first, second] once decided
    forfeit: bool = False
    reason: str | None = None  # how it was decided: played, resigned, timeout, round_deadline, corrected...
    mode: TableMode = "online"  # in_person: played at a real table, its result reported (no match)
    # in person: each side's latest claim {"side", "by", "games", "at"} (a report is a claim, not a result)
    reports: list[dict[str, Any]] = field(default_factory=list)
    score: list[list[int]] | None = None  # in person: the confirmed games, [first, second] each

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "table": self.table,
            "first": self.first,
            "second": self.second,
            "games": self.games,
            "wins": self.wins,
            "points": self.points,
            "result": self.result,
            "forfeit": self.forfeit,
            "reason": self.reason,
        }
        if self.mode != "online":  # an online table is stored as before in-person play existed
            data.update(mode=self.mode, reports=self.reports, score=self.score)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableRecord:
        return cls(
            table=data["table"],
            first=data["first"],
            second=data["second"],
            games=list(data.get("games", [])),
            wins=list(data.get("wins", [0, 0])),
            points=list(data.get("points", [0, 0])),
            result=data.get("result"),
            forfeit=bool(data.get("forfeit", False)),
            reason=data.get("reason"),
            mode=data.get("mode", "online"),
            reports=list(data.get("reports", [])),
            score=data.get("score"),
        )


@dataclass
class RoundRecord:
    number: int
    tables: list[TableRecord]
    byes: list[str]
    created_at: str
    status: RoundStatus = "open"
    version: int = 1
    matches_created: bool = False
    deadline: int | None = None  # epoch seconds; unfinished matches are adjudicated then
    closed_at: str | None = None
    manual: bool = False  # paired by hand by the organizer
    slots: list[str | None] | None = None  # knockout: the bracket this round was paired from
    requested_byes: list[str] = field(default_factory=list)  # entrants left out at their request

    @property
    def decided(self) -> bool:
        return all(t.result is not None for t in self.tables)


@dataclass(frozen=True)
class AuditEntry:
    at: str
    actor: str
    action: str
    details: dict[str, Any]


def history_of(
    entries: list[EntryRecord], rounds: list[RoundRecord], settings: TournamentSettings
) -> History:
    """The results of every closed round (and decided tables of an open one are left out).

    An entrant the round left out at its request scores ``requested_bye_points`` (the round's record
    says who, as paired: a request made afterwards changes nothing). Any other entrant missing from a
    closed round is absent: before its joining round it gets the agreed late-entry points, afterwards
    (withdrawn, excluded) nothing.
    """
    games: list[GameResult] = []
    byes: list[ByeResult] = []
    played = 0
    for rnd in rounds:
        if rnd.status != "closed":
            continue
        played = max(played, rnd.number)
        seen: set[str] = set()
        for t in rnd.tables:
            assert t.result is not None  # a closed round has every table decided
            games.append(
                GameResult(
                    round=rnd.number,
                    table=t.table,
                    first=t.first,
                    second=t.second,
                    score_first=t.result[0],
                    score_second=t.result[1],
                    points_first=t.points[0],
                    points_second=t.points[1],
                    forfeit=t.forfeit,
                    match_ids=tuple(t.games),
                )
            )
            seen.update((t.first, t.second))
        for entrant in rnd.byes:
            byes.append(ByeResult(rnd.number, entrant, settings.bye_points, "bye"))
            seen.add(entrant)
        for entrant in rnd.requested_byes:
            if entrant not in seen:
                byes.append(ByeResult(rnd.number, entrant, settings.requested_bye_points, "requested"))
                seen.add(entrant)
        for entry in entries:
            if entry.id in seen:
                continue
            points = settings.late_entry_points if rnd.number < entry.joined_round else 0.0
            byes.append(ByeResult(rnd.number, entry.id, points, "absent"))
    return History(tuple(games), tuple(byes), played)

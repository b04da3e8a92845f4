"""A season's standings: each player's best events summed, ranked by a documented chain of tie-breaks.

Input: the season's events in season order, each with its finishes (one per player; partners of a pair
each get the pair's finish). Only finished events score; pending ones are listed but count for nothing.

A player's event points are :meth:`SeasonRules.finish_points` of their place. With ``best_of`` N, only
the N highest count (equal points: the better place first, then the earlier event); the others are shown
and not added. Players rank by (higher first unless said):

1. ``points``: the counted events' points;
2. ``wins``: counted events won (first place, shared or not);
3. ``best``: the best place in a counted event (lower first);
4. ``played``: finished events played;
5. ``head_to_head``: within each group still tied, the finishes ahead of another member of the group in
   the same event minus those behind it, over every finished event of the season (shared places count
   neither way); applied once per group;
6. ``lot``: the first 48 bits of SHA-256(season lot seed + player id) as a fraction, higher first; should
   two draws collide, the player id decides.

Each tie-break only splits the groups still tied on everything before it, so ranks are 1..n, one each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from scopa.domain.seasons.rules import SeasonRules
from scopa.domain.tournaments.standings import lot_value

EventStatus = Literal["finished", "pending", "cancelled"]
TIEBREAKS: tuple[str, ...] = ("wins", "best", "played", "head_to_head", "lot")
_PRECISION = 6


@dataclass(frozen=True)
class Finish:
    """One player's final place in one event: places ``place`` to ``place + shared - 1``."""

    player: str
    name: str
    place: int
    shared: int = 1


@dataclass(frozen=True)
class SeasonEvent:
    id: str
    name: str
    status: EventStatus
    field: int  # entrants in the final standings (a pair counts once)
    finishes: tuple[Finish, ...] = ()
    date: str = ""  # when it finished (YYYY-MM-DD), empty while pending


@dataclass(frozen=True)
class EventScore:
    event: str
    place: int
    shared: int
    points: float
    counted: bool


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    player: str
    name: str
    points: float
    counted: int
    played: int
    wins: int
    best: int
    tiebreaks: dict[str, float]  # the chain's values: wins, best, played, head_to_head, lot
    events: tuple[EventScore, ...]  # in season order, the events the player finished


@dataclass
class _Player:
    id: str
    name: str
    scores: list[tuple[int, Finish, Fraction]]  # (event index, finish, points)
    counted: set[int]

    @property
    def total(self) -> Fraction:
        return sum((p for i, _f, p in self.scores if i in self.counted), Fraction(0))


def counted_events(scores: Sequence[tuple[int, Finish, Fraction]], best_of: int | None) -> set[int]:
    """The event indexes that count: the ``best_of`` highest points (the better place, then the earlier
    event, first among equal points); all of them without a limit."""
    ranked = sorted(scores, key=lambda s: (-s[2], s[1].place, s[0]))
    return {i for i, _f, _p in (ranked if best_of is None else ranked[:best_of])}


def season_standings(events: Sequence[SeasonEvent], rules: SeasonRules, lot_seed: str) -> list[SeasonRow]:
    """Every player with a finish in a finished event, ranked 1..n (see the module docstring)."""
    players: dict[str, _Player] = {}
    for index, event in enumerate(events):
        if event.status != "finished":
            continue
        for finish in event.finishes:
            points = rules.finish_points(finish.place, finish.shared, event.field)
            player = players.setdefault(finish.player, _Player(finish.player, finish.name, [], set()))
            player.name = finish.name  # the latest event's name
            player.scores.append((index, finish, points))
    for player in players.values():
        player.counted = counted_events(player.scores, rules.best_of)

    values: dict[str, dict[str, float]] = {pid: {} for pid in players}
    for pid, p in players.items():
        counted = [f for i, f, _ in p.scores if i in p.counted]
        values[pid]["wins"] = float(sum(1 for f in counted if f.place == 1))
        values[pid]["best"] = float(min(f.place for f in counted))
        values[pid]["played"] = float(len(p.scores))
        values[pid]["lot"] = lot_value(lot_seed, pid)
    groups = _split(list(players), {pid: float(p.total) for pid, p in players.items()})
    for name in TIEBREAKS:
        if name == "head_to_head":
            for group in groups:
                for pid, value in head_to_head(group, events).items():
                    values[pid][name] = value
        # every value ranks higher first, but a place: the lower, the better
        sign = -1.0 if name == "best" else 1.0
        current = {pid: sign * values[pid][name] for pid in players}
        groups = [sub for group in groups for sub in _split(group, current)]
    order = [pid for group in groups for pid in sorted(group)]

    rows: list[SeasonRow] = []
    for rank, pid in enumerate(order, start=1):
        p = players[pid]
        scores = tuple(
            EventScore(events[i].id, f.place, f.shared, _number(points), i in p.counted)
            for i, f, points in p.scores
        )
        v = values[pid]
        rows.append(
            SeasonRow(
                rank=rank,
                player=pid,
                name=p.name,
                points=_number(p.total),
                counted=len(p.counted),
                played=len(p.scores),
                wins=int(v["wins"]),
                best=int(v["best"]),
                tiebreaks={name: v[name] for name in TIEBREAKS},
                events=scores,
            )
        )
    return rows


def head_to_head(group: Sequence[str], events: Sequence[SeasonEvent]) -> dict[str, float]:
    """Each member's finishes ahead of another member in the same finished event, minus those behind."""
    score = dict.fromkeys(group, 0.0)
    if len(group) < 2:
        return score
    members = set(group)
    for event in events:
        if event.status != "finished":
            continue
        places = {f.player: f.place for f in event.finishes if f.player in members}
        for a, pa in places.items():
            for b, pb in places.items():
                if pa < pb:
                    score[a] += 1
                    score[b] -= 1
    return score


def _split(group: Sequence[str], value: Mapping[str, float]) -> list[list[str]]:
    """The group as tied subgroups, the highest value first."""
    out: list[list[str]] = []
    last: float | None = None
    for pid in sorted(group, key=lambda x: -round(value[x], 9)):
        key = round(value[pid], 9)
        if last is not None and key == last:
            out[-1].append(pid)
        else:
            out.append([pid])
            last = key
    return out


def _number(value: Fraction) -> float:
    return round(float(value), _PRECISION) + 0.0


def finishes_by_event(rows: Sequence[SeasonRow]) -> dict[str, dict[str, EventScore]]:
    """Per event id, each player's score in it (for tables with one column per event)."""
    out: dict[str, dict[str, EventScore]] = {}
    for row in rows:
        for score in row.events:
            out.setdefault(score.event, {})[row.player] = score
    return out

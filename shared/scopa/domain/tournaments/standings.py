"""Standings with tie-breaks, and the crosstable: pure functions of the entrants and the history.

Ordering: in an elimination format, how far each entrant went first (its placing: the champion, the
final's loser, then each stage of elimination, later first); then match points, then each configured
tie-break in turn, every tie-break splitting only the groups still tied on everything before it
(successive refinement). Every tie-break ranks the higher value
first. ``lot`` comes wherever it is listed and is appended when it is missing, so every rank is unique.
Withdrawn and excluded entrants stay in the standings with the points they have.

The tie-breaks (counts per entrant, as :mod:`scopa.domain.tournaments.tally` classifies results):

``buchholz``
    The sum, over the rounds of the tournament, of the opponent's final match points. A round the
    entrant did not play over the board (a bye, an absence, a round before it joined, a forfeit won or
    lost) counts as a virtual opponent with the entrant's own final points. This is a simplified form of
    the FIDE virtual-opponent rule: FIDE's 2012 rule gave the virtual opponent the entrant's score before
    that round plus draws afterwards; FIDE's 2023 rules use a dummy opponent with the entrant's own score,
    as here, but also adjust each opponent's score for its own unplayed rounds, which is not done here.
``buchholz_cut1``
    Buchholz minus its lowest single contribution (virtual opponents included).
``sonneborn_berger``
    The sum, over the tables played over the board, of the match points the entrant scored there times
    that opponent's final points. Forfeits, byes and absences add nothing.
``direct_encounter``
    Applied to each group tied on points and on every tie-break before it: each member's match points in
    the tables among the group's members (forfeits included: their result stands), but only if every pair
    of the group has met; otherwise the value is 0 for all and the group is not split. A group of one
    has 0. It is applied once (a group it leaves partly tied goes on to the next tie-break).
``wins``
    Tables won, forfeit wins included.
``game_point_difference``
    Game points scored minus conceded, over the tables played over the board.
``points_scored``
    Game points scored over the board.
``lot``
    A draw reproducible by anyone from the tournament's public lot seed: the first 48 bits of
    SHA-256(lot_seed + entrant id) as a fraction in [0, 1); the higher draw ranks first. (Should two
    draws collide, the entrant id decides.)
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

from scopa.domain.tournaments.model import Entrant, History
from scopa.domain.tournaments.settings import TiebreakName
from scopa.domain.tournaments.tally import Outcome, RoundResult, Tally, rounds_in, tally

__all__ = [
    "RESULT_CODES",
    "TIEBREAKS",
    "CrossCell",
    "CrossRow",
    "StandingRow",
    "Tiebreak",
    "buchholz_contributions",
    "compute_standings",
    "crosstable",
    "encounters",
    "grid",
    "lot_value",
    "tiebreak_order",
]

Tiebreak = TiebreakName  # one list of names, in the settings

#: Every tie-break with a one-line description (for the docs and the OpenAPI document).
TIEBREAKS: tuple[tuple[Tiebreak, str], ...] = (
    ("buchholz", "sum of the opponents' points; a round not played at the table counts the entrant's own"),
    ("buchholz_cut1", "Buchholz without its lowest contribution"),
    ("sonneborn_berger", "sum over games played of the points scored against an opponent times their points"),
    ("direct_encounter", "points in the games among the tied entrants, if all of them have met"),
    ("wins", "tables won, forfeit wins included"),
    ("game_point_difference", "game points scored minus conceded, forfeits excluded"),
    ("points_scored", "game points scored, forfeits excluded"),
    ("lot", "a draw reproducible from the tournament's public lot seed; always applied last"),
)

#: A round's result as the crosstable shows it.
RESULT_CODES: dict[Outcome, str] = {
    "win": "1",
    "draw": "½",
    "loss": "0",
    "forfeit_win": "+",
    "forfeit_draw": "½",
    "forfeit_loss": "-",
    "bye": "B",
    "requested_bye": "R",
    "absent": "A",
}

_PRECISION = 9  # values are compared rounded, so sums of odd bye points do not split a tie


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings. ``played`` counts tables, forfeits included (= wins + draws + losses)."""

    rank: int
    entrant: str
    name: str
    status: str
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    points_scored: int
    points_conceded: int
    tiebreaks: dict[str, float] = field(default_factory=dict)  # in the configured order
    requested_byes: int = 0  # byes the entrant asked for (not in ``byes``, the pairing's)


@dataclass(frozen=True)
class CrossCell:
    """One round of one entrant in the crosstable."""

    round: int
    result: str  # a RESULT_CODES value; "" when the history has nothing for the entrant in this round
    points: float  # match points won in this round
    total: float  # match points after this round
    opponent: int | None = None  # the opponent's rank in the standings
    opponent_id: str | None = None
    side: Literal["first", "second"] | None = None  # who led the first deal: this entrant or the opponent
    points_for: int = 0  # game points, over the board only
    points_against: int = 0


@dataclass(frozen=True)
class CrossRow:
    rank: int
    entrant: str
    name: str
    points: float
    cells: list[CrossCell]


def tiebreak_order(tiebreaks: Sequence[str]) -> tuple[Tiebreak, ...]:
    """The tie-breaks as applied: checked, duplicates dropped, ``lot`` appended if missing."""
    known: tuple[Tiebreak, ...] = get_args(Tiebreak)
    out: list[Tiebreak] = []
    for name in tiebreaks:
        match = next((k for k in known if k == name), None)
        if match is None:
            raise ValueError(f"unknown tie-break {name!r} (known: {', '.join(known)})")
        if match not in out:
            out.append(match)
    if "lot" not in out:
        out.append("lot")
    return tuple(out)


def lot_value(lot_seed: str, entrant_id: str) -> float:
    """The entrant's lot: the first 48 bits of SHA-256(lot_seed + entrant id), as a fraction in [0, 1)."""
    digest = hashlib.sha256((lot_seed + entrant_id).encode("utf-8")).digest()
    return int.from_bytes(digest[:6], "big") / float(1 << 48)


def compute_standings(
    entrants: Sequence[Entrant],
    history: History,
    tiebreaks: Sequence[str],
    lot_seed: str,
    placing: Mapping[str, int] | None = None,
) -> list[StandingRow]:
    """Every entrant ranked 1..n by placing (``placing``: how far each went, higher first; elimination
    formats), then by points, then by the tie-breaks in order (see the module docstring)."""
    order = tiebreak_order(tiebreaks)
    people = list({e.id: e for e in entrants}.values())
    ids = [e.id for e in people]
    tallies = tally(history, ids)
    rounds = rounds_in(history)

    values: dict[str, dict[str, float]] = {eid: {} for eid in ids}
    groups = _split(ids, {eid: float(placing.get(eid, 0)) for eid in ids}) if placing else [ids]
    groups = [sub for group in groups for sub in _split(group, {eid: tallies[eid].points for eid in ids})]
    for name in order:
        if name == "direct_encounter":
            current: dict[str, float] = {}
            for group in groups:
                current.update(_direct_encounter(group, tallies))
        else:
            current = {eid: _value(name, tallies[eid], tallies, rounds, lot_seed) for eid in ids}
        for eid in ids:
            values[eid][name] = current[eid]
        groups = [sub for group in groups for sub in _split(group, current)]
    ranked = [eid for group in groups for eid in sorted(group)]

    by_id = {e.id: e for e in people}
    rows: list[StandingRow] = []
    for rank, eid in enumerate(ranked, start=1):
        e, t = by_id[eid], tallies[eid]
        rows.append(
            StandingRow(
                rank=rank,
                entrant=eid,
                name=e.name,
                status=e.status,
                points=t.points,
                played=t.tables,
                wins=t.wins,
                draws=t.draws,
                losses=t.losses,
                byes=t.byes,
                points_scored=t.points_scored,
                points_conceded=t.points_conceded,
                tiebreaks=values[eid],
                requested_byes=t.requested_byes,
            )
        )
    return rows


def buchholz_contributions(t: Tally, tallies: Mapping[str, Tally], rounds: int) -> list[float]:
    """One value per round 1..``rounds``: the opponent's points, or the entrant's own (virtual opponent)."""
    out: list[float] = []
    for number in range(1, rounds + 1):
        result = t.in_round(number)
        if result is not None and result.over_the_board and result.opponent is not None:
            out.append(tallies[result.opponent].points)
        else:
            out.append(t.points)
    return out


def _value(name: Tiebreak, t: Tally, tallies: Mapping[str, Tally], rounds: int, lot_seed: str) -> float:
    if name == "buchholz":
        return _clean(sum(buchholz_contributions(t, tallies, rounds)))
    if name == "buchholz_cut1":
        parts = buchholz_contributions(t, tallies, rounds)
        return _clean(sum(parts) - min(parts)) if parts else 0.0
    if name == "sonneborn_berger":
        return _clean(
            sum(
                r.score * tallies[r.opponent].points
                for r in t.results
                if r.over_the_board and r.opponent is not None
            )
        )
    if name == "wins":
        return float(t.wins)
    if name == "game_point_difference":
        return float(t.game_point_difference)
    if name == "points_scored":
        return float(t.points_scored)
    if name == "lot":
        return lot_value(lot_seed, t.entrant)
    raise ValueError(f"tie-break {name!r} is not computed per entrant")  # direct_encounter: per group


def _direct_encounter(group: Sequence[str], tallies: Mapping[str, Tally]) -> dict[str, float]:
    zero = dict.fromkeys(group, 0.0)
    if len(group) < 2:
        return zero
    members = set(group)
    met: set[frozenset[str]] = set()
    scores = dict(zero)
    for eid in group:
        for r in tallies[eid].results:
            if r.opponent in members and r.opponent != eid:
                met.add(frozenset((eid, r.opponent)))
                scores[eid] += r.score
    if len(met) < len(group) * (len(group) - 1) // 2:
        return zero
    return {eid: _clean(v) for eid, v in scores.items()}


def _split(group: Sequence[str], value: Mapping[str, float]) -> list[list[str]]:
    """The group as tied subgroups, the highest value first."""
    out: list[list[str]] = []
    last: float | None = None
    for eid in sorted(group, key=lambda x: -round(value[x], _PRECISION)):
        key = round(value[eid], _PRECISION)
        if last is not None and key == last:
            out[-1].append(eid)
        else:
            out.append([eid])
            last = key
    return out


def _clean(v: float) -> float:
    return round(v, _PRECISION) + 0.0  # + 0.0 turns -0.0 into 0.0


# ----------------------------------------------------------------------------------------- crosstable


def crosstable(
    entrants: Sequence[Entrant], history: History, standings: Sequence[StandingRow]
) -> list[CrossRow]:
    """Every entrant in standings order, with one cell per round of the history."""
    tallies = tally(history, (e.id for e in entrants))
    rank_of = {row.entrant: row.rank for row in standings}
    rounds = rounds_in(history)
    rows: list[CrossRow] = []
    for row in standings:
        t = tallies.get(row.entrant, Tally(row.entrant))
        cells: list[CrossCell] = []
        total = 0.0
        for number in range(1, rounds + 1):
            results = [r for r in t.results if r.round == number]
            if not results:
                cells.append(CrossCell(number, "", 0.0, total))
                continue
            for r in results:
                total += r.score
                cells.append(_cell(r, total, rank_of))
        rows.append(CrossRow(row.rank, row.entrant, row.name, row.points, cells))
    return rows


def encounters(history: History) -> dict[tuple[str, str], list[str]]:
    """For each ordered pair that met, the results of the first against the second, in round order."""
    out: dict[tuple[str, str], list[str]] = {}
    for t in tally(history).values():
        for r in t.results:
            if r.opponent is not None:
                out.setdefault((t.entrant, r.opponent), []).append(RESULT_CODES[r.outcome])
    return out


def grid(history: History, standings: Sequence[StandingRow]) -> list[list[str | None]]:
    """A round-robin grid in standings order: cell [i][j] is i's results against j ("1 ½" for two
    meetings, "" if they have not met), None on the diagonal."""
    met = encounters(history)
    ids = [row.entrant for row in standings]
    return [[None if a == b else " ".join(met.get((a, b), [])) for b in ids] for a in ids]


def _cell(r: RoundResult, total: float, rank_of: Mapping[str, int]) -> CrossCell:
    side: Literal["first", "second"] | None = None
    if r.led_first is not None:
        side = "first" if r.led_first else "second"
    return CrossCell(
        round=r.round,
        result=RESULT_CODES[r.outcome],
        points=r.score,
        total=total,
        opponent=rank_of.get(r.opponent) if r.opponent is not None else None,
        opponent_id=r.opponent,
        side=side,
        points_for=r.points_for,
        points_against=r.points_against,
    )

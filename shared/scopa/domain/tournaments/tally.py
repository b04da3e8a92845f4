"""Per-entrant tallies of a tournament history, in one pass; and what the Swiss pairing is given.

A :class:`Tally` is everything the standings, the tie-breaks, the crosstable and the exports read about
one entrant. How a table's result is classified (from the entrant's side):

* not a forfeit: more match points than the opponent is a win, fewer a loss, the same a draw (but 0-0,
  a double loss set by an organizer, is a loss for both);
* a forfeit (decided without a card played): a forfeit win, a forfeit loss (a double forfeit is a
  forfeit loss for both), or, with equal positive scores, a forfeit draw;
* a :class:`~scopa.domain.tournaments.model.ByeResult` is a pairing bye (``kind="bye"``), a bye the
  entrant asked for (``kind="requested"``, outcome ``requested_bye``) or an absence.

Counting rules:

* match points: every table's score plus every bye's and absence's score;
* wins, draws, losses: every table, forfeits included (a forfeit win is a win); byes and absences are none
  of them;
* games over the board, game points scored and conceded: tables that were played, forfeits excluded;
* opponents: everyone the entrant was paired with, forfeits included, once per table (a double round
  robin lists each opponent twice); the Swiss pairing avoids all of them;
* pairing byes: ``kind="bye"`` only (an absence or a requested bye is not a bye the pairing gave, so
  it does not stop the pairing from giving one later, as in FIDE C.04.1);
* first balance: tables led first minus tables led second, forfeits included; ``last_first``: whether
  the entrant led first at its table of the latest round in which it had one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from scopa.domain.tournaments.model import ByeKind, Entrant, GameResult, History, SwissEntrant

Outcome = Literal[
    "win", "draw", "loss", "forfeit_win", "forfeit_draw", "forfeit_loss", "bye", "requested_bye", "absent"
]
OVER_THE_BOARD: frozenset[Outcome] = frozenset(("win", "draw", "loss"))
_BYE_OUTCOMES: dict[ByeKind, Outcome] = {"bye": "bye", "requested": "requested_bye", "absent": "absent"}


@dataclass(frozen=True)
class RoundResult:
    """What one round gave one entrant: a table's result from its side, a bye or an absence."""

    round: int
    outcome: Outcome
    score: float  # match points won this round
    opponent: str | None = None  # None for a bye or an absence
    led_first: bool | None = None  # None without a table
    points_for: int = 0  # game points (0 for a forfeit, a bye, an absence)
    points_against: int = 0
    table: int | None = None

    @property
    def over_the_board(self) -> bool:
        """Played at the table: a win, a draw or a loss, not a forfeit, bye or absence."""
        return self.outcome in OVER_THE_BOARD


@dataclass
class Tally:
    """One entrant's totals over a history (see the module docstring for what counts where)."""

    entrant: str
    points: float = 0.0
    opponents: list[str] = field(default_factory=list)
    results: list[RoundResult] = field(default_factory=list)  # in round order
    wins: int = 0
    draws: int = 0
    losses: int = 0
    tables: int = 0  # tables sat at, forfeits included (= wins + draws + losses)
    over_the_board: int = 0  # games played at the table, forfeits excluded
    points_scored: int = 0
    points_conceded: int = 0
    byes: int = 0  # pairing byes (kind "bye")
    requested_byes: int = 0  # byes the entrant asked for (kind "requested")
    absences: int = 0
    first_balance: int = 0
    last_first: bool | None = None
    last_table_round: int = 0  # the latest round with a table (0: none)

    @property
    def game_point_difference(self) -> int:
        return self.points_scored - self.points_conceded

    def in_round(self, number: int) -> RoundResult | None:
        """The entrant's result in round ``number`` (the first one, should a round hold two)."""
        return next((r for r in self.results if r.round == number), None)


def rounds_in(history: History) -> int:
    """How many rounds the history covers: its ``rounds_played``, or the latest round it holds."""
    latest = max((g.round for g in history.games), default=0)
    latest = max(latest, max((b.round for b in history.byes), default=0))
    return max(history.rounds_played, latest)


def outcome_of(score: float, opponent_score: float, forfeit: bool) -> Outcome:
    """A table's result from one side (see the module docstring)."""
    if score > opponent_score:
        return "forfeit_win" if forfeit else "win"
    if score < opponent_score or score <= 0:
        return "forfeit_loss" if forfeit else "loss"
    return "forfeit_draw" if forfeit else "draw"


def tally(history: History, entrant_ids: Iterable[str] = ()) -> dict[str, Tally]:
    """Every entrant's tally: those named in ``entrant_ids`` (even with no result) and any in the history."""
    out: dict[str, Tally] = {eid: Tally(eid) for eid in entrant_ids}

    def get(eid: str) -> Tally:
        found = out.get(eid)
        if found is None:
            found = out[eid] = Tally(eid)
        return found

    events: list[tuple[int, int, RoundResult, str]] = []  # (round, order, result, entrant)
    for g in sorted(history.games, key=lambda g: (g.round, g.table)):
        for side in (True, False):
            events.append((g.round, 0, _side_result(g, side), g.first if side else g.second))
    for b in history.byes:
        outcome: Outcome = _BYE_OUTCOMES[b.kind]
        events.append((b.round, 1, RoundResult(b.round, outcome, b.score), b.entrant))
    events.sort(key=lambda e: (e[0], e[1]))

    for _round, _order, result, eid in events:
        t = get(eid)
        t.points += result.score
        t.results.append(result)
        if result.opponent is None:
            if result.outcome == "bye":
                t.byes += 1
            elif result.outcome == "requested_bye":
                t.requested_byes += 1
            else:
                t.absences += 1
            continue
        t.opponents.append(result.opponent)
        t.tables += 1
        if result.outcome in ("win", "forfeit_win"):
            t.wins += 1
        elif result.outcome in ("draw", "forfeit_draw"):
            t.draws += 1
        else:
            t.losses += 1
        if result.over_the_board:
            t.over_the_board += 1
            t.points_scored += result.points_for
            t.points_conceded += result.points_against
        t.first_balance += 1 if result.led_first else -1
        if result.round >= t.last_table_round:
            t.last_table_round = result.round
            t.last_first = result.led_first
    return out


def swiss_inputs(entrants: Sequence[Entrant], history: History) -> list[SwissEntrant]:
    """What the Swiss pairing needs about each *active* entrant, in the order given."""
    tallies = tally(history, (e.id for e in entrants))
    return [
        SwissEntrant(
            id=e.id,
            score=tallies[e.id].points,
            rating=e.rating,
            opponents=frozenset(tallies[e.id].opponents),
            byes=tallies[e.id].byes,
            first_balance=tallies[e.id].first_balance,
            last_first=tallies[e.id].last_first,
        )
        for e in entrants
        if e.status == "active"
    ]


def _side_result(g: GameResult, first: bool) -> RoundResult:
    score, other = (g.score_first, g.score_second) if first else (g.score_second, g.score_first)
    outcome = outcome_of(score, other, g.forfeit)
    played = outcome in OVER_THE_BOARD
    points_for, points_against = (
        (g.points_first, g.points_second) if first else (g.points_second, g.points_first)
    )
    return RoundResult(
        round=g.round,
        outcome=outcome,
        score=score,
        opponent=g.second if first else g.first,
        led_first=first,
        points_for=points_for if played else 0,
        points_against=points_against if played else 0,
        table=g.table,
    )

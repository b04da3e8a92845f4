"""Standings and results as text: CSV, NDJSON and a TRF-style report.

``meta`` is the tournament's description, typed as the NDJSON gives it: texts (``name``, ``club``,
``format``, ``start`` and ``end`` as ``YYYY-MM-DD``, ...), counts as numbers (``rounds``, null before the
start; ``rounds_played``, ``entrants``), and ``round_dates``, each round's start ``YYYY-MM-DD`` in round
order (a list; a comma-separated text is read too).

* :func:`to_csv`: the standings table only (no preamble), so that it parses back row for row; numbers
  are written plainly (``3``, ``2.5``).
* :func:`to_ndjson`: one JSON object a line: the tournament, then one ``standing`` per row, then round by
  round one ``game`` per table and one ``bye`` per bye or absence.
* :func:`to_trf`: a report in the fixed-width layout of the FIDE Tournament Report File, TRF16 (FIDE
  Handbook C.04 Annex 2, "Data Exchange Format", https://www.fide.com/FIDE/handbook/C04Annex2_TRF16.pdf;
  the player-record columns were checked against the TRF26 transcription in the echecsjs/trf repository,
  SPEC.md, whose ``001`` layout is unchanged). Header records ``012`` name, ``022`` city (here the club),
  ``042``/``052`` start and end dates ``YYYY/MM/DD``, ``062`` number of players, ``092`` type, ``132``
  round dates ``YY/MM/DD`` from column 92, ten columns apart. One ``001`` record per entrant:

  ====== ===============================================================
  cols   field
  ====== ===============================================================
  1-3    ``001``
  5-8    starting rank number (seeding: rating, highest first, then id)
  15-47  name (cut to 33 characters)
  49-52  rating (rounded)
  81-84  match points, ``11.5``
  86-89  rank in the standings
  92-101 round 1: opponent's starting number (cols 92-95, ``0000`` for a
         bye or an absence), who led (col 97), result (col 99);
         round 2 at 102-111, and so on
  ====== ===============================================================

  Scopa has no colours: ``w`` marks the entrant who led the first deal, ``b`` the one who led second,
  ``-`` no table. Results: ``1`` ``=`` ``0`` over the board, ``+`` / ``-`` forfeit won / lost, ``D``
  a forfeit scored as a draw, ``U`` a pairing bye worth a win, ``H`` a bye or an absence worth part of a
  win (a half-point bye in chess), ``F`` an absence worth a full win, ``Z`` a zero-point bye or
  absence; a bye the entrant asked for is ``H`` at half a point and ``Z`` at none (the TRF16 codes
  for a half-point and a zero-point bye, FIDE Handbook C.04 Annex 2); a round the history has nothing
  for is left blank (which TRF reads as ``Z``). Sex, title,
  federation, FIDE number and birth date are left blank: this is a TRF-style report for reading and
  archiving, not a rating report for FIDE. Every ``001`` record has the full width (trailing blanks kept).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from scopa.domain.tournaments.model import Entrant, History
from scopa.domain.tournaments.standings import StandingRow
from scopa.domain.tournaments.tally import Outcome, RoundResult, rounds_in, tally

MetaValue = str | int | float | None | Sequence[str]
Meta = Mapping[str, MetaValue]

CSV_COLUMNS = (
    "rank",
    "entrant",
    "name",
    "points",
    "played",
    "wins",
    "draws",
    "losses",
    "points_scored",
    "points_conceded",
)

TRF_ROUND_START = 92  # column of round 1's block (1-based)
TRF_BLOCK = 10  # columns per round
TRF_NAME_WIDTH = 33

_TRF_TABLE_CODES: dict[Outcome, str] = {
    "win": "1",
    "draw": "=",
    "loss": "0",
    "forfeit_win": "+",
    "forfeit_draw": "D",
    "forfeit_loss": "-",
}
_FORMAT_NAMES = {
    "swiss": "Swiss system",
    "round_robin": "Round robin",
    "double_round_robin": "Double round robin",
    "arena": "Arena",
    "knockout": "Knockout",
    "double_elimination": "Double elimination",
    "groups_knockout": "Groups and knockout",
}


# ------------------------------------------------------------------------------------------------ CSV


def to_csv(meta: Meta, standings: Sequence[StandingRow]) -> str:
    """The standings as CSV: the fixed columns, then one column per tie-break in the configured order.

    ``meta`` is taken for a uniform signature; the CSV holds only the table.
    """
    del meta
    tiebreaks = list(standings[0].tiebreaks) if standings else []
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*CSV_COLUMNS, *(f"tb_{name}" for name in tiebreaks)])
    for row in standings:
        writer.writerow(
            [
                row.rank,
                row.entrant,
                row.name,
                number(row.points),
                row.played,
                row.wins,
                row.draws,
                row.losses,
                row.points_scored,
                row.points_conceded,
                *(number(row.tiebreaks.get(name, 0.0)) for name in tiebreaks),
            ]
        )
    return out.getvalue()


def number(value: float) -> str:
    """A number as written in the exports: ``3`` for a whole number, else the shortest exact form."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


# --------------------------------------------------------------------------------------------- NDJSON


def to_ndjson(
    meta: Meta, entrants: Sequence[Entrant], history: History, standings: Sequence[StandingRow]
) -> str:
    """The tournament, its standings and every result, one JSON object a line."""
    by_id = {e.id: e for e in entrants}
    head = {k: list(v) if isinstance(v, tuple | list) else v for k, v in meta.items() if k != "type"}
    lines: list[dict[str, Any]] = [{"type": "tournament", **head}]
    for row in standings:
        entrant = by_id.get(row.entrant)
        extra: dict[str, Any] = {}
        if entrant is not None:
            extra = {"rating": entrant.rating, "players": list(entrant.players)}
        lines.append({"type": "standing", **_plain(row), "tiebreaks": dict(row.tiebreaks), **extra})
    per_round: dict[int, list[dict[str, Any]]] = {}
    for g in sorted(history.games, key=lambda g: (g.round, g.table)):
        per_round.setdefault(g.round, []).append({"type": "game", **_plain(g)})
    for b in sorted(history.byes, key=lambda b: (b.round, b.entrant)):
        per_round.setdefault(b.round, []).append({"type": "bye", **_plain(b)})
    for number_ in sorted(per_round):
        lines.extend(per_round[number_])
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def _plain(value: Any) -> dict[str, Any]:
    """A flat dataclass as a JSON-ready dict (tuples become lists); faster than ``asdict``."""
    out = {f.name: getattr(value, f.name) for f in fields(value)}
    return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}


# ------------------------------------------------------------------------------------------------ TRF


def starting_numbers(entrants: Sequence[Entrant]) -> dict[str, int]:
    """Each entrant's starting rank number: by rating, highest first, then by id (the seeding order)."""
    ordered = sorted({e.id: e for e in entrants}.values(), key=lambda e: (-e.rating, e.id))
    return {e.id: i for i, e in enumerate(ordered, start=1)}


def to_trf(
    meta: Meta, entrants: Sequence[Entrant], history: History, standings: Sequence[StandingRow]
) -> str:
    """A TRF16-style report (see the module docstring for the layout)."""
    numbers = starting_numbers(entrants)
    by_id = {e.id: e for e in entrants}
    row_of = {row.entrant: row for row in standings}
    tallies = tally(history, numbers)
    rounds = rounds_in(history)

    lines = [f"012 {_text(_str(meta, 'name'))}"]
    if club := _str(meta, "club"):
        lines.append(f"022 {_text(club)}")
    if first_day := _str(meta, "start"):
        lines.append(f"042 {_date(first_day)}")
    if last_day := _str(meta, "end"):
        lines.append(f"052 {_date(last_day)}")
    lines.append(f"062 {len(numbers)}")
    fmt = _str(meta, "format")
    lines.append(f"092 {_FORMAT_NAMES.get(fmt, _text(fmt))}".rstrip())
    dates = _round_dates(meta.get("round_dates"))
    if dates:
        lines.append(
            ("132".ljust(TRF_ROUND_START - 1) + "".join(f"{_date(d)[2:]:<10}" for d in dates)).rstrip()
        )

    for eid, start in sorted(numbers.items(), key=lambda item: item[1]):
        e = by_id[eid]
        row = row_of.get(eid)
        t = tallies[eid]
        points = row.points if row is not None else t.points
        rank = row.rank if row is not None else 0
        rating = min(max(round(e.rating), 0), 9999)
        head = (
            f"001 {start:>4}      {_text(e.name)[:TRF_NAME_WIDTH]:<{TRF_NAME_WIDTH}} "
            f"{rating if rating else '':>4}{'':28}{points:>4.1f} {rank if rank else '':>4}  "
        )
        blocks = []
        for number_ in range(1, rounds + 1):
            result = t.in_round(number_)
            blocks.append(_block(result, numbers))
        lines.append(head + "".join(blocks))
    return "\n".join(lines) + "\n"


def _block(result: RoundResult | None, numbers: Mapping[str, int]) -> str:
    if result is None:
        return " " * TRF_BLOCK
    if result.opponent is None:
        if result.score <= 0:
            code = "Z"
        elif result.score >= 1:
            code = "U" if result.outcome == "bye" else "F"
        else:
            code = "H"
        return f"0000 - {code}  "
    opponent = numbers.get(result.opponent, 0)
    colour = "w" if result.led_first else "b"
    return f"{opponent:>4} {colour} {_TRF_TABLE_CODES[result.outcome]}  "


def _str(meta: Meta, key: str) -> str:
    """A text field of ``meta`` ("" when missing or null)."""
    value = meta.get(key)
    return "" if value is None else str(value)


def _round_dates(value: MetaValue) -> list[str]:
    """The round dates of ``meta``: a list, or a comma-separated text."""
    if isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, Sequence):
        items = [str(v) for v in value]
    else:
        return []
    return [d.strip() for d in items if d.strip()]


def _date(iso_date: str) -> str:
    return iso_date.strip()[:10].replace("-", "/")


def _text(value: str) -> str:
    """One line of text: control characters (a newline in a name) become spaces."""
    return "".join(" " if not ch.isprintable() else ch for ch in value)

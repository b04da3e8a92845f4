"""A season's standings as text: CSV (the table, one column per event) and NDJSON (season, then rows).

* :func:`to_csv`: a header, then one line per player in rank order: ``rank, player, name, points,
  counted, played, wins, best``, then one column per event of the season (its id as the header): the
  player's points there, in parentheses when they do not count (``(8)``), empty when the player did not
  finish it (or it is pending). No preamble, so it parses back row for row.
* :func:`to_ndjson`: one JSON object a line: ``{"type": "season", ...}`` (the season, its rules and its
  events with their status), then one ``{"type": "standing", ...}`` per row with its events.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from scopa.domain.seasons.standings import SeasonEvent, SeasonRow, finishes_by_event

CSV_COLUMNS = ("rank", "player", "name", "points", "counted", "played", "wins", "best")


def _plain(value: float) -> str:
    """A number as people write it: ``25``, ``21.5``."""
    return str(int(value)) if float(value).is_integer() else repr(value)


def to_csv(events: Sequence[SeasonEvent], rows: Sequence[SeasonRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*CSV_COLUMNS, *(e.id for e in events)])
    by_event = finishes_by_event(rows)
    for row in rows:
        cells = []
        for event in events:
            score = by_event.get(event.id, {}).get(row.player)
            if score is None:
                cells.append("")
            else:
                shown = _plain(score.points)
                cells.append(shown if score.counted else f"({shown})")
        writer.writerow(
            [
                row.rank,
                row.player,
                row.name,
                _plain(row.points),
                row.counted,
                row.played,
                row.wins,
                row.best,
                *cells,
            ]
        )
    return out.getvalue()


def to_ndjson(meta: Mapping[str, Any], events: Sequence[SeasonEvent], rows: Sequence[SeasonRow]) -> str:
    lines = [
        {
            "type": "season",
            **meta,
            "events": [{"id": e.id, "name": e.name, "status": e.status, "date": e.date} for e in events],
        }
    ]
    for row in rows:
        line = {"type": "standing", **asdict(row)}
        line["events"] = [asdict(s) for s in row.events]
        lines.append(line)
    return "".join(json.dumps(line, ensure_ascii=False, sort_keys=False) + "\n" for line in lines)

"""An entry list an organizer pastes or uploads: its lines read into names (pure, no store).

Two forms, named by the caller:

- ``list``: one name per line. Blank lines and lines starting with ``#`` are skipped.
- ``csv``: a header line naming the columns, then one row per entrant. ``name`` is required; ``rating``
  (a seeding rating), ``player_id`` (names the player outright) and ``club`` (kept for the reader, not
  used to match) are optional; any other column is refused. Blank rows are skipped.

Each line is read on its own: a line that cannot be read is an :class:`InvalidLine` with its reason, and
the others still count. The whole text is refused (:class:`EntryListError`) only when it breaks a limit
or the CSV header is unusable.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from typing import Literal

ListFormat = Literal["list", "csv"]
MAX_LINES = 500  # entrant lines in one import
MAX_LINE_LENGTH = 200  # characters in one line
MAX_TEXT = 64_000  # characters in the whole text
RATING_RANGE = (0.0, 4000.0)
COLUMNS = ("name", "rating", "player_id", "club")


class EntryListError(ValueError):
    """The text as a whole cannot be imported: the message names the limit or the header's fault."""


@dataclass(frozen=True)
class ListLine:
    line: int  # 1-based, as the organizer's editor numbers it
    name: str
    rating: float | None = None
    player_id: str | None = None
    club: str | None = None


@dataclass(frozen=True)
class InvalidLine:
    line: int
    text: str
    reason: str


def check_limits(text: str) -> None:
    """Refuse a text over the limits (checked before anything is read)."""
    if len(text) > MAX_TEXT:
        raise EntryListError(f"the text has more than {MAX_TEXT} characters")
    lines = text.splitlines()
    long = next((n for n, line in enumerate(lines, 1) if len(line) > MAX_LINE_LENGTH), None)
    if long is not None:
        raise EntryListError(f"line {long} has more than {MAX_LINE_LENGTH} characters")
    if sum(1 for line in lines if line.strip() and not line.lstrip().startswith("#")) > MAX_LINES + 1:
        raise EntryListError(f"more than {MAX_LINES} entrants in one import")


def read_entry_list(text: str, form: ListFormat) -> list[ListLine | InvalidLine]:
    """The entrant lines of ``text``, in order (see the module's forms)."""
    check_limits(text)
    read = _read_csv(text) if form == "csv" else _read_list(text)
    if len(read) > MAX_LINES:
        raise EntryListError(f"more than {MAX_LINES} entrants in one import")
    return read


def _read_list(text: str) -> list[ListLine | InvalidLine]:
    read: list[ListLine | InvalidLine] = []
    for number, raw in enumerate(text.splitlines(), 1):
        name = " ".join(raw.split())
        if name and not name.startswith("#"):
            read.append(ListLine(number, name))
    return read


def _read_csv(text: str) -> list[ListLine | InvalidLine]:
    lines = text.splitlines()
    start = next((n for n, line in enumerate(lines) if line.strip()), None)
    if start is None:
        return []
    header = [h.strip().casefold().replace(" ", "_") for h in next(csv.reader([lines[start]]))]
    unknown = [h for h in header if h not in COLUMNS]
    if "name" not in header or unknown or len(set(header)) != len(header):
        raise EntryListError(
            "the CSV's first line names its columns: name (required), rating, player_id, club, once each"
            + (f"; unknown: {', '.join(unknown)}" if unknown else "")
        )
    read: list[ListLine | InvalidLine] = []
    for number in range(start + 1, len(lines)):
        raw = lines[number]
        if not raw.strip():
            continue
        try:
            cells = next(csv.reader([raw]))
        except csv.Error as exc:
            read.append(InvalidLine(number + 1, raw, f"not a CSV row: {exc}"))
            continue
        read.append(_row(number + 1, raw, header, cells))
    return read


def _row(number: int, raw: str, header: list[str], cells: list[str]) -> ListLine | InvalidLine:
    if len(cells) != len(header):
        return InvalidLine(number, raw, f"{len(cells)} cells where the header names {len(header)}")
    row = {h: c.strip() for h, c in zip(header, cells, strict=True)}
    name = " ".join(row["name"].split())
    if not name:
        return InvalidLine(number, raw, "no name")
    rating: float | None = None
    if row.get("rating"):
        try:
            rating = float(row["rating"])
        except ValueError:
            return InvalidLine(number, raw, f"rating '{row['rating']}' is not a number")
        low, high = RATING_RANGE
        if not math.isfinite(rating) or not low <= rating <= high:
            return InvalidLine(number, raw, f"a rating is between {low:g} and {high:g}")
    return ListLine(number, name, rating, row.get("player_id") or None, row.get("club") or None)


def as_csv_text(rows: list[list[str]]) -> str:
    """CSV text of ``rows`` (for tests and examples)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()

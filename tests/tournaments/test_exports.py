"""The CSV, NDJSON and TRF-style exports: they parse back, count right, and keep the fixed columns."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

from hypothesis import HealthCheck, given, settings

from scopa.domain.tournaments.exports import (
    CSV_COLUMNS,
    TRF_BLOCK,
    TRF_ROUND_START,
    starting_numbers,
    to_csv,
    to_ndjson,
    to_trf,
)
from scopa.domain.tournaments.model import ByeResult, Entrant, History
from scopa.domain.tournaments.standings import StandingRow, compute_standings
from tests.tournaments.test_tally_and_standings import (
    SEED,
    SWISS,
    SWISS_HISTORY,
    SWISS_ORDER,
    tournaments,
)

META = {
    "id": "t_1",
    "name": "Torneo d'autunno",
    "club": "Circolo Scopa Bari",
    "format": "swiss",
    "start": "2026-10-03",
    "end": "2026-10-05",
    "rounds": "3",
    "round_dates": "2026-10-03, 2026-10-04, 2026-10-05",
}
HEAD = TRF_ROUND_START - 1  # the fixed part of a 001 record: columns 1-91


def swiss_rows() -> list[StandingRow]:
    return compute_standings(SWISS, SWISS_HISTORY, SWISS_ORDER, SEED)


# --------------------------------------------------------------------------- CSV


def test_csv_parses_back_to_the_same_rows() -> None:
    entrants = [
        *SWISS[:-1],
        Entrant("E", 'Rossi, "Toto"\nsecond line', 1400.0),
    ]  # quoting is the csv module's
    rows = compute_standings(entrants, SWISS_HISTORY, SWISS_ORDER, SEED)
    parsed = list(csv.reader(io.StringIO(to_csv(META, rows))))
    assert parsed[0] == [*CSV_COLUMNS, *(f"tb_{k}" for k in SWISS_ORDER)]
    assert len(set(parsed[0])) == len(parsed[0])  # no column twice (wins is both a column and a tie-break)
    assert len(parsed) == len(rows) + 1
    for row, line in zip(rows, parsed[1:], strict=True):
        record = dict(zip(parsed[0], line, strict=True))
        assert int(record["rank"]) == row.rank
        assert record["entrant"] == row.entrant
        assert record["name"] == row.name
        assert float(record["points"]) == row.points
        fixed = ("played", "wins", "draws", "losses", "points_scored", "points_conceded")
        assert [int(record[k]) for k in fixed] == [getattr(row, k) for k in fixed]
        assert {k: float(record[f"tb_{k}"]) for k in SWISS_ORDER} == row.tiebreaks
    assert parsed[1][:4] == ["1", "A", "Anna", "2.5"]


def test_csv_of_no_entrants_is_a_header() -> None:
    assert list(csv.reader(io.StringIO(to_csv(META, [])))) == [list(CSV_COLUMNS)]


# --------------------------------------------------------------------------- NDJSON


def test_ndjson_lines_are_json_with_the_right_counts() -> None:
    rows = swiss_rows()
    text = to_ndjson(META, SWISS, SWISS_HISTORY, rows)
    assert text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    kinds = Counter(line["type"] for line in lines)
    assert kinds == {"tournament": 1, "standing": 5, "game": 6, "bye": 3}
    assert lines[0] == {"type": "tournament", **META}
    standings = [line for line in lines if line["type"] == "standing"]
    assert [s["entrant"] for s in standings] == ["A", "D", "E", "C", "B"]
    assert standings[0]["tiebreaks"]["buchholz"] == 5
    assert standings[0]["rating"] == 1800.0
    games = [line for line in lines if line["type"] == "game"]
    assert [(g["round"], g["table"]) for g in games] == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]
    assert games[3]["forfeit"] is True
    byes = [line for line in lines if line["type"] == "bye"]
    assert [(b["round"], b["entrant"], b["kind"]) for b in byes] == [
        (1, "E", "bye"),
        (2, "D", "bye"),
        (3, "C", "bye"),
    ]


# --------------------------------------------------------------------------- TRF


def parse_001(line: str, rounds: int) -> dict[str, object]:
    """Read a 001 record by columns (1-based columns as in the TRF16 layout)."""
    blocks = []
    for k in range(rounds):
        start = HEAD + k * TRF_BLOCK
        block = line[start : start + TRF_BLOCK]
        blocks.append((block[0:4], block[5], block[7]))
        assert block[4] == block[6] == block[8] == block[9] == " "
    return {
        "number": int(line[4:8]),
        "name": line[14:47].rstrip(),
        "rating": line[48:52].strip(),
        "points": float(line[80:84]),
        "rank": int(line[85:89]),
        "blocks": blocks,
    }


def test_trf_report_by_hand() -> None:
    rows = swiss_rows()
    lines = to_trf(META, SWISS, SWISS_HISTORY, rows).splitlines()
    assert lines[:6] == [
        "012 Torneo d'autunno",
        "022 Circolo Scopa Bari",
        "042 2026/10/03",
        "052 2026/10/05",
        "062 5",
        "092 Swiss system",
    ]
    assert lines[6].startswith("132 ")
    assert lines[6][HEAD:] == "26/10/03  26/10/04  26/10/05"
    records = [line for line in lines if line.startswith("001")]
    # A: number 1 (highest rating), rank 1, 2.5 points; r1 beat B (2) leading first, r2 beat E (5)
    # leading first, r3 drew with D (4) leading second.
    assert records[0] == (
        "001    1      Anna" + " " * 29 + " 1800" + " " * 28 + " 2.5    1     2 w 1     5 w 1     4 b =  "
    )
    # B: forfeit win in round 2 over C (3); C: the forfeit loss, then a pairing bye worth a win.
    b = parse_001(records[1], 3)
    assert b["blocks"] == [("   1", "b", "0"), ("   3", "w", "+"), ("   5", "b", "0")]
    c = parse_001(records[2], 3)
    assert c["blocks"] == [("   4", "w", "="), ("   2", "b", "-"), ("0000", "-", "U")]
    assert (c["points"], c["rank"], c["rating"]) == (1.5, 4, "1600")


def test_trf_byes_absences_and_missing_rounds() -> None:
    entrants = [Entrant("x", "X", 1600.0), Entrant("y", "Y", 1500.0), Entrant("z", "Z", 1400.0)]
    history = History(
        byes=(
            ByeResult(1, "x", 0.5, "bye"),
            ByeResult(1, "y", 0.0, "absent"),
            ByeResult(1, "z", 1.0, "absent"),
            ByeResult(2, "x", 0.0, "bye"),
        ),
        rounds_played=2,
    )
    rows = compute_standings(entrants, history, [], SEED)
    records = [line for line in to_trf({}, entrants, history, rows).splitlines() if line.startswith("001")]
    assert [parse_001(r, 2)["blocks"] for r in records] == [
        [("0000", "-", "H"), ("0000", "-", "Z")],
        [("0000", "-", "Z"), ("    ", " ", " ")],  # nothing recorded for y in round 2: blank
        [("0000", "-", "F"), ("    ", " ", " ")],
    ]


TRF_OPPOSITE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "D": "D"}


def check_trf(entrants: list[Entrant], history: History, rows: list[StandingRow]) -> None:
    text = to_trf({"name": "t", "format": "swiss"}, entrants, history, rows)
    records = [line for line in text.splitlines() if line.startswith("001")]
    rounds = history.rounds_played
    assert len(records) == len(entrants)
    assert all(len(r) == HEAD + TRF_BLOCK * rounds for r in records)
    parsed = [parse_001(r, rounds) for r in records]
    assert [p["number"] for p in parsed] == list(range(1, len(entrants) + 1))
    numbers = starting_numbers(entrants)
    assert sorted(numbers.values()) == list(range(1, len(entrants) + 1))
    rank_of = {r.entrant: r.rank for r in rows}
    points_of = {r.entrant: r.points for r in rows}
    by_number = {p["number"]: p for p in parsed}
    for eid, n in numbers.items():
        p = by_number[n]
        assert p["rank"] == rank_of[eid]
        assert p["points"] == round(points_of[eid], 1)
        blocks = p["blocks"]
        assert isinstance(blocks, list)
        for k, (opp, colour, result) in enumerate(blocks):
            if opp.strip() in ("", "0000"):
                assert colour in "- "
                continue
            other = by_number[int(opp)]["blocks"]
            assert isinstance(other, list)
            back_opp, back_colour, back_result = other[k]
            assert int(back_opp) == n  # the opponent's record names us in the same round
            assert {colour, back_colour} == {"w", "b"}
            assert back_result == TRF_OPPOSITE[result] or result == back_result == "-"


def test_trf_opponents_agree_both_ways() -> None:
    check_trf(SWISS, SWISS_HISTORY, swiss_rows())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_exports_of_random_tournaments(tournament: tuple[list[Entrant], History]) -> None:
    entrants, history = tournament
    rows = compute_standings(entrants, history, SWISS_ORDER, SEED)
    check_trf(entrants, history, rows)
    lines = [json.loads(x) for x in to_ndjson({"name": "t"}, entrants, history, rows).splitlines()]
    kinds = Counter(x["type"] for x in lines)
    assert kinds["standing"] == len(entrants)
    assert kinds["game"] == len(history.games)
    assert kinds["bye"] == len(history.byes)
    parsed = list(csv.reader(io.StringIO(to_csv({}, rows))))
    assert [line[1] for line in parsed[1:]] == [r.entrant for r in rows]

"""The pages of a club night at the venue (docs/venue.md): the projector, the printed sheets (pairings,
result slips with a QR code to each table's report page, standings, crosstable), a table's phone report
page, the organizer's results grid and desk, and the venue check-in.

They are views of the same round data the API serves: the printed sheets are these pages under print CSS,
not a second rendering path; the phone page and the grid are shells their scripts fill from the API with
the caller's own token (no page embeds anything only an organizer may see).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict
from typing import Any, Literal

from scopa.application.errors import NotFound
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.wiring import ServiceSet
from scopa.domain.tournaments.records import RoundRecord, TableRecord
from scopa.domain.tournaments.table_results import table_state
from scopa.web.pages import TIEBREAK_LABELS, cross_rows
from scopa.web.qr import qr_svg
from scopa.web.shell import PageOptions, tr
from scopa.web.shell import page as _page

PrintKind = Literal["pairings", "slips", "standings", "crosstable"]
PRINT_KINDS: tuple[PrintKind, ...] = ("pairings", "slips", "standings", "crosstable")
PROJECTOR_SECONDS = 12  # how long the projector shows one screen before it turns to the next
SLIPS_PER_SHEET = 3  # result slips on one A4 sheet (cut along the dashed lines)


def report_path(tournament_id: str, number: int, table: int) -> str:
    """The phone report page of a table (the printed slip's QR code holds it, with the site's origin)."""
    return f"/web/tournaments/{tournament_id}/rounds/{number}/tables/{table}"


def _names(bundle: TournamentBundle) -> dict[str, str]:
    return {e.id: e.name for e in bundle.entries}


def _round(bundle: TournamentBundle, number: int | None) -> RoundRecord | None:
    """Round ``number``, or the latest paired round (None before the first is paired)."""
    if number is None:
        return bundle.rounds[-1] if bundle.rounds else None
    return next((r for r in bundle.rounds if r.number == number), None)


def _deadline(rnd: RoundRecord | None) -> str | None:
    if rnd is None or rnd.deadline is None or rnd.status == "closed":
        return None
    return dt.datetime.fromtimestamp(rnd.deadline, dt.UTC).isoformat().replace("+00:00", "Z")


def _score(x: TableRecord) -> str:
    """A decided table's result as the wall shows it: an in-person table's games ("11-7", "11-7 9-11
    11-4"), else the match points; "(F)" after a forfeit."""
    if x.result is None:
        return ""
    shown = " ".join(f"{a}-{b}" for a, b in x.score) if x.score else "-".join(f"{p:g}" for p in x.result)
    return f"{shown} (F)" if x.forfeit else shown


def _tables(rnd: RoundRecord | None, names: dict[str, str]) -> list[dict[str, Any]]:
    if rnd is None:
        return []
    return [
        {
            "table": x.table,
            "first": names.get(x.first, x.first),
            "second": names.get(x.second, x.second),
            "first_id": x.first,
            "second_id": x.second,
            "result": _score(x),
            "decided": x.result is not None,
            "state": table_state(x),  # in person: waiting, reported, disputed, confirmed (None online)
        }
        for x in rnd.tables
    ]


def _who_plays_where(rnd: RoundRecord | None, names: dict[str, str]) -> list[dict[str, Any]]:
    """Every entrant of the round by name (A to Z, ignoring case): their table and opponent, or a bye."""
    if rnd is None:
        return []
    rows: list[dict[str, Any]] = []
    for x in rnd.tables:
        for me, other in ((x.first, x.second), (x.second, x.first)):
            rows.append({"name": names.get(me, me), "table": x.table, "opponent": names.get(other, other)})
    for bye in [*rnd.byes, *rnd.requested_byes]:
        rows.append({"name": names.get(bye, bye), "table": None, "opponent": None})
    return sorted(rows, key=lambda r: (str(r["name"]).casefold(), str(r["name"])))


def _standings(svc: ServiceSet, bundle: TournamentBundle, opts: PageOptions) -> dict[str, Any]:
    found = svc.tournaments.standings_of(bundle)
    return {
        "after_round": found.after_round,
        "rows": [asdict(r) for r in found.rows],
        "tiebreaks": [(name, tr(opts, TIEBREAK_LABELS.get(name, name))) for name in found.tiebreaks],
    }


# ----------------------------------------------------------------------------------------- projector


def projector(svc: ServiceSet, tournament_id: str, opts: PageOptions, seconds: int | None = None) -> str:
    """The wall: the round's tables in large type, who plays where (A to Z), the round clock; between
    rounds (or at the end) the standings. Its script pages through long lists and follows the
    tournament's push topic."""
    bundle = svc.tournaments.bundle(tournament_id)
    t = bundle.tournament
    names = _names(bundle)
    rnd = _round(bundle, None)
    playing = rnd is not None and rnd.status != "closed" and t.status == "running"
    return _page(
        "venue_projector.html",
        f"{t.name} · {tr(opts, 'Projector')}",
        opts,
        t=t,
        rnd=rnd,
        playing=playing,
        deadline=_deadline(rnd),
        tables=_tables(rnd, names) if playing else [],
        where=_who_plays_where(rnd, names) if playing else [],
        standings=_standings(svc, bundle, opts) if not playing else None,
        seconds=seconds or PROJECTOR_SECONDS,
    )


# ----------------------------------------------------------------------------------------- printouts


def printout(
    svc: ServiceSet, tournament_id: str, kind: PrintKind, number: int | None, site: str, opts: PageOptions
) -> str:
    """A sheet to print on A4: the pairings or the result slips of round ``number`` (the latest by
    default), the standings, or the crosstable. ``site`` is the origin the slips' QR codes link to."""
    bundle = svc.tournaments.bundle(tournament_id)
    t = bundle.tournament
    names = _names(bundle)
    rnd = _round(bundle, number)
    if number is not None and rnd is None:
        raise NotFound(f"round {number} has not been paired", code="round_not_found")
    context: dict[str, Any] = {"t": t, "kind": kind, "rnd": rnd, "kinds": PRINT_KINDS}
    titles = {
        "pairings": tr(opts, "Pairings"),
        "slips": tr(opts, "Result slips"),
        "standings": tr(opts, "Standings"),
        "crosstable": tr(opts, "Crosstable"),
    }
    if kind == "pairings":
        context["tables"] = _tables(rnd, names)
        context["where"] = _who_plays_where(rnd, names)
        context["byes"] = [names.get(b, b) for b in (rnd.byes if rnd else [])]
    elif kind == "slips":
        context["slips"] = _slips(t.id, rnd, names, site, opts)
        context["games"] = t.rules.games_per_match
        context["per_sheet"] = SLIPS_PER_SHEET
    elif kind == "standings":
        context["standings"] = _standings(svc, bundle, opts)
    else:
        _bundle, cross = svc.tournaments.crosstable_of(bundle)
        marks = t.rules.format_rules.page.crosstable_marks
        context["crosstable"] = cross_rows(
            [asdict(r) for r in cross], knockout=marks == "eliminated", waiting=marks == "waiting"
        )
        context["round_numbers"] = [r.number for r in bundle.rounds if r.status == "closed"]
    return _page("venue_print.html", f"{t.name} · {titles[kind]}", opts, **context)


def _slips(
    tournament_id: str, rnd: RoundRecord | None, names: dict[str, str], site: str, opts: PageOptions
) -> list[dict[str, Any]]:
    if rnd is None:
        return []
    out = []
    in_person = [x for x in rnd.tables if x.mode == "in_person"]
    for x in in_person or rnd.tables:  # a mixed round: the tables played online need no slip
        url = site + report_path(tournament_id, rnd.number, x.table)
        label = tr(opts, "Table %(n)s: report the result") % {"n": x.table}
        out.append(
            {
                "table": x.table,
                "first": names.get(x.first, x.first),
                "second": names.get(x.second, x.second),
                "url": url,
                "qr": qr_svg(url, label),
            }
        )
    return out


# ----------------------------------------------------------------------------------------- at the table


def table_report(svc: ServiceSet, tournament_id: str, number: int, table: int, opts: PageOptions) -> str:
    """A table's phone page: the two players; its script shows the state and lets a seated player report
    the score or confirm the opponent's."""
    bundle, rnd = svc.tournaments.round(tournament_id, number)
    x = next((x for x in rnd.tables if x.table == table), None)
    if x is None:
        raise NotFound(f"round {number} has no table {table}", code="table_not_found")
    t = bundle.tournament
    names = _names(bundle)
    return _page(
        "venue_report.html",
        f"{tr(opts, 'Table %(n)s') % {'n': table}} · {t.name}",
        opts,
        t=t,
        number=number,
        table=table,
        first=names.get(x.first, x.first),
        second=names.get(x.second, x.second),
        games=t.rules.games_per_match,
        target=t.rules.target,
    )


# ----------------------------------------------------------------------------------------- organizer


def results(svc: ServiceSet, tournament_id: str, opts: PageOptions) -> str:
    """The organizer's results grid (keyboard first): a shell its script fills from the round's answer."""
    bundle = svc.tournaments.bundle(tournament_id)
    t = bundle.tournament
    rnd = _round(bundle, None)
    return _page(
        "venue_results.html",
        f"{t.name} · {tr(opts, 'Results')}",
        opts,
        t=t,
        rnd=rnd,
        tables=_tables(rnd, _names(bundle)),
        games=t.rules.games_per_match,
    )


def desk(svc: ServiceSet, tournament_id: str, opts: PageOptions) -> str:
    """The organizer's desk at the venue: the check-in code and its QR code (read by the script with the
    organizer's token), the sheets to print, the projector, late entries and drops between rounds."""
    bundle = svc.tournaments.bundle(tournament_id)
    t = bundle.tournament
    entries = sorted(bundle.entries, key=lambda e: (e.name.casefold(), e.id))
    return _page(
        "venue_desk.html",
        f"{t.name} · {tr(opts, 'At the venue')}",
        opts,
        t=t,
        rnd=_round(bundle, None),
        kinds=PRINT_KINDS,
        active=[e for e in entries if e.status == "active"],
        late_entries_open=t.status in ("draft", "registration")
        or (t.status == "running" and t.current_round < t.rules.late_entry_rounds),
    )


def check_in(svc: ServiceSet, tournament_id: str, code: str | None, opts: PageOptions) -> str:
    """The entrant's check-in at the venue: type (or scan, which fills it) the code on the wall."""
    t = svc.tournaments.bundle(tournament_id).tournament
    return _page("venue_check_in.html", f"{tr(opts, 'Check in')} · {t.name}", opts, t=t, code=code or "")

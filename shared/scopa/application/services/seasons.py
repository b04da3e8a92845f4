"""Club seasons: the club's organizers group the club's tournaments into a season scored by its rules.

A season's standings are read from its tournaments' final standings each time they are asked for
(:func:`scopa.domain.seasons.standings.season_standings`): a finished tournament counts, any other is
pending, a cancelled one never counts. Places split only by a tournament's lot are shared
(:mod:`scopa.domain.seasons.places`); excluded entrants score nothing and the places close up behind them;
each player of a pair gets the pair's place.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import date
from typing import Any

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.seasons import Season, SeasonRepository
from scopa.application.ports.tournaments import TournamentBundle, TournamentRepository
from scopa.application.services.clubs import ClubService
from scopa.application.services.players import clean_name
from scopa.domain.seasons.exports import to_csv, to_ndjson
from scopa.domain.seasons.places import shared_places
from scopa.domain.seasons.rules import SeasonRules
from scopa.domain.seasons.standings import EventStatus, Finish, SeasonEvent, SeasonRow, season_standings
from scopa.domain.tournaments.admission import admitted

EXPORT_FORMATS = ("csv", "ndjson")
ATTACH_ATTEMPTS = 3  # an attach or detach that lost a race to another edit reads again this often


@dataclass(frozen=True)
class SeasonTable:
    """A season with its events (in attach order) and its standings."""

    season: Season
    rules: SeasonRules
    events: list[SeasonEvent]
    rows: list[SeasonRow]


@dataclass(frozen=True)
class SeasonExport:
    format: str
    body: str


class SeasonService:
    def __init__(
        self, repo: SeasonRepository, tournaments: TournamentRepository, clubs: ClubService, clock: Clock
    ) -> None:
        self.repo = repo
        self.tournaments = tournaments
        self.clubs = clubs
        self.clock = clock

    # ------------------------------------------------------------------ the organizers' writes

    def create(
        self,
        caller: Caller,
        club_id: str,
        name: str,
        starts_on: str,
        ends_on: str,
        rules: SeasonRules,
        idempotency_key: str | None = None,
    ) -> Season:
        """A new season of the club (its organizers). With a key, a retry finds the season it made."""
        self._organizer(caller, club_id)
        _check_dates(starts_on, ends_on)
        _check_rules(rules)
        now = iso(self.clock.now())
        season = Season(
            id=_season_id(club_id, caller.player_id or "admin", idempotency_key),
            club_id=club_id,
            name=clean_name(name),
            starts_on=starts_on,
            ends_on=ends_on,
            rules=rules.model_dump(mode="json"),
            lot_seed=secrets.token_hex(8),
            created_by=caller.player_id or "admin",
            created_at=now,
            updated_at=now,
        )
        try:
            self.repo.create_season(season)
        except WriteConflict:
            found = self.repo.get_season(club_id, season.id)
            if idempotency_key is None or found is None:
                raise
            return found  # the same keyed request made it before
        return season

    def update(
        self,
        caller: Caller,
        club_id: str,
        season_id: str,
        name: str | None = None,
        starts_on: str | None = None,
        ends_on: str | None = None,
        rules: SeasonRules | None = None,
        version: int | None = None,
    ) -> Season:
        """Rename, move the dates or change the rules (its organizers); only what is given changes. With
        ``version`` (the one the organizer saw) the edit is refused with 409 ``season_changed`` if the
        season moved on. The standings follow the new rules at once (they are computed when read)."""
        self._organizer(caller, club_id)
        season = self.get(club_id, season_id)
        if version is not None and version != season.version:
            raise _changed(season)
        new_start, new_end = starts_on or season.starts_on, ends_on or season.ends_on
        _check_dates(new_start, new_end)
        if rules is not None:
            _check_rules(rules)
        if rules is not None and len(season.tournaments) > rules.event_cap:
            raise Conflict(
                f"the season has {len(season.tournaments)} events: detach some first to allow "
                f"{rules.event_cap}",
                code="season_full",
                details={"events": len(season.tournaments), "max": rules.event_cap},
            )
        expected = season.version
        if name is not None:
            season.name = clean_name(name)
        season.starts_on, season.ends_on = new_start, new_end
        if rules is not None:
            season.rules = rules.model_dump(mode="json")
        season.version += 1
        season.updated_at = iso(self.clock.now())
        try:
            self.repo.save_season(season, expected)
        except WriteConflict:
            raise _changed(self.get(club_id, season_id)) from None
        return season

    def attach(self, caller: Caller, club_id: str, season_id: str, tournament_id: str) -> Season:
        """Add one of the club's tournaments to the season (its organizers); attaching it again changes
        nothing. Refused: another club's tournament, a cancelled one, one started outside the season's
        dates, and one more than the season's M events."""
        self._organizer(caller, club_id)
        t = self.tournaments.get_tournament(tournament_id)
        if t is None:
            raise NotFound(f"no tournament '{tournament_id}'", code="tournament_not_found")
        if t.club_id != club_id:
            raise BadRequest(
                "only the club's own tournaments count in its seasons", code="tournament_of_another_club"
            )
        if t.status == "cancelled":
            raise BadRequest("a cancelled tournament cannot count in a season", code="tournament_cancelled")
        for _attempt in range(ATTACH_ATTEMPTS):
            season = self.get(club_id, season_id)
            if tournament_id in season.tournaments:
                return season
            started = (t.started_at or "")[:10]
            if started and not season.starts_on <= started <= season.ends_on:
                raise BadRequest(
                    f"the tournament started on {started}, outside the season "
                    f"({season.starts_on} to {season.ends_on})",
                    code="tournament_outside_season",
                    details={"started_on": started, "starts_on": season.starts_on, "ends_on": season.ends_on},
                )
            cap = SeasonRules.model_validate(season.rules).event_cap
            if len(season.tournaments) >= cap:
                raise Conflict(
                    f"the season has its {cap} events already", code="season_full", details={"max": cap}
                )
            if self._write(season, lambda s: s.tournaments.append(tournament_id)):
                return season
        raise _changed(self.get(club_id, season_id))

    def detach(self, caller: Caller, club_id: str, season_id: str, tournament_id: str) -> Season:
        """Take a tournament out of the season (its organizers): it no longer counts."""
        self._organizer(caller, club_id)
        for _attempt in range(ATTACH_ATTEMPTS):
            season = self.get(club_id, season_id)
            if tournament_id not in season.tournaments:
                raise NotFound(
                    f"tournament '{tournament_id}' is not in this season", code="tournament_not_in_season"
                )
            if self._write(season, lambda s: s.tournaments.remove(tournament_id)):
                return season
        raise _changed(self.get(club_id, season_id))

    def _write(self, season: Season, change: Any) -> bool:
        """Apply ``change`` and write it on the version read; False when someone wrote meanwhile."""
        expected = season.version
        change(season)
        season.version += 1
        season.updated_at = iso(self.clock.now())
        try:
            self.repo.save_season(season, expected)
        except WriteConflict:
            return False
        return True

    # ------------------------------------------------------------------ what everyone reads

    def get(self, club_id: str, season_id: str) -> Season:
        season = self.repo.get_season(club_id, season_id)
        if season is None:
            self.clubs.get(club_id)  # no club: club_not_found (a season is only made in a club that exists)
            raise NotFound(f"no season '{season_id}' in this club", code="season_not_found")
        return season

    def list_seasons(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Season], str | None]:
        self.clubs.get(club_id)
        return self.repo.list_seasons(club_id, limit, cursor)

    def standings(self, club_id: str, season_id: str) -> SeasonTable:
        season = self.get(club_id, season_id)
        rules = SeasonRules.model_validate(season.rules)
        events = [self._event(tid) for tid in season.tournaments]
        return SeasonTable(season, rules, events, season_standings(events, rules, season.lot_seed))

    def export(self, club_id: str, season_id: str, fmt: str) -> SeasonExport:
        if fmt not in EXPORT_FORMATS:
            raise BadRequest(f"export formats: {', '.join(EXPORT_FORMATS)}", code="unknown_format")
        table = self.standings(club_id, season_id)
        if fmt == "csv":
            return SeasonExport(fmt, to_csv(table.events, table.rows))
        s = table.season
        meta = {
            "id": s.id,
            "club": s.club_id,
            "name": s.name,
            "starts_on": s.starts_on,
            "ends_on": s.ends_on,
            "lot_seed": s.lot_seed,
            "rules": table.rules.model_dump(mode="json"),
        }
        return SeasonExport(fmt, to_ndjson(meta, table.events, table.rows))

    def _event(self, tournament_id: str) -> SeasonEvent:
        """One attached tournament as the season reads it: its final places once finished."""
        bundle = self.tournaments.load(tournament_id)
        if bundle is None:  # never deleted today; a season would show it as pending rather than fail
            return SeasonEvent(tournament_id, tournament_id, "pending", 0)
        t = bundle.tournament
        status: EventStatus = (
            "finished" if t.status == "finished" else "cancelled" if t.status == "cancelled" else "pending"
        )
        if status != "finished":
            return SeasonEvent(t.id, t.name, status, 0)
        finishes, field = self._finishes(bundle)
        return SeasonEvent(t.id, t.name, status, field, tuple(finishes), (t.finished_at or "")[:10])

    def _finishes(self, bundle: TournamentBundle) -> tuple[list[Finish], int]:
        """Every player's place in the final standings, and the field's size (entries, not players)."""
        t = bundle.tournament
        entries = [e for e in admitted(bundle.entries) if e.status != "excluded"]
        rules = t.rules
        rows = rules.format_rules.standings(rules, entries, bundle.rounds, None, t.lot_seed)
        placing = rules.format_rules.placings(rules, entries, bundle.rounds) or {}
        keys = [
            (
                placing.get(r.entrant, 0),
                round(r.points, 9),
                tuple((k, round(v, 9)) for k, v in r.tiebreaks.items() if k != "lot"),
            )
            for r in rows
        ]
        by_id = {e.id: e for e in entries}
        out: list[Finish] = []
        for row, (place, shared) in zip(rows, shared_places(keys), strict=True):
            entry = by_id[row.entrant]
            for player in entry.players:
                name = entry.name if len(entry.players) == 1 else self._name(player, entry.name)
                out.append(Finish(player, name, place, shared))
        return out, len(rows)

    def _name(self, player_id: str, fallback: str) -> str:
        try:
            return self.clubs.players.get(player_id).name
        except NotFound:
            return fallback

    def _organizer(self, caller: Caller, club_id: str) -> None:
        if caller.role == "anonymous":
            caller.require_player()  # 401 before 403
        self.clubs.get(club_id)
        if not self.clubs.can_manage(caller, club_id):
            raise Forbidden("only the club's organizers run its seasons", code="not_club_organizer")


def _check_dates(starts_on: str, ends_on: str) -> None:
    try:
        start, end = date.fromisoformat(starts_on), date.fromisoformat(ends_on)
    except ValueError:
        raise BadRequest("dates are YYYY-MM-DD", code="invalid_season_dates") from None
    if end < start:
        raise BadRequest("a season ends on or after the day it starts", code="invalid_season_dates")


def _check_rules(rules: SeasonRules) -> None:
    problem = rules.contradiction()
    if problem is not None:
        raise BadRequest(problem, code="invalid_season_rules")


def _season_id(club_id: str, caller: str, key: str | None) -> str:
    """A fresh id, or with an Idempotency-Key the same id for every retry of that request."""
    if key is None:
        return "s_" + secrets.token_hex(6)
    return "s_" + hashlib.sha256(f"{club_id}\n{caller}\n{key}".encode()).hexdigest()[:12]


def _changed(season: Season) -> Conflict:
    return Conflict(
        "someone else changed this season since you read it; read it again",
        code="season_changed",
        details={"version": season.version},
    )

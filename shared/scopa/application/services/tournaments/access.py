"""What the tournament services share: one tournament read, its managers, a change written with
its audit entry, and an organizer's action made again when it lost a race."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import Conflict, Forbidden, NotFound
from scopa.application.ports.changes import Change, ChangeFeed, NoFeed, tournament_topic
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.tournaments import TournamentBundle, TournamentRepository
from scopa.application.ports.webhooks import EventSink, NoEvents
from scopa.application.services.clubs import ClubService
from scopa.domain.games import GAMES
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    TableRecord,
    TournamentRecord,
)
from scopa.domain.tournaments.settings import TournamentSettings

DEFAULT_RATING = 1500.0
ACTION_ATTEMPTS = 3

_S = TypeVar("_S", bound="TournamentAccess")
_P = ParamSpec("_P")
_R = TypeVar("_R")


def made_again(
    attempts: int, message: str, code: str
) -> Callable[[Callable[Concatenate[_S, _P], _R]], Callable[Concatenate[_S, _P], _R]]:
    """A request that says what to do, not which version it saw: a write of it that lost to another
    (WriteConflict: the pipeline's run, a player's bye request, a wave paired) is made again on what is
    stored now, with every check run again, up to ``attempts`` times before ``409 code``. A lost write
    stored nothing, so trying again is safe."""

    def wrap(
        method: Callable[Concatenate[_S, _P], _R],
    ) -> Callable[Concatenate[_S, _P], _R]:
        @functools.wraps(method)
        def run(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
            for _ in range(attempts - 1):
                with contextlib.suppress(WriteConflict):
                    return method(self, *args, **kwargs)
            try:
                return method(self, *args, **kwargs)
            except WriteConflict:
                raise Conflict(message, code=code) from None

        return run

    return wrap


#: An organizer's action (a second Start that lost to the first then answers that it has started).
organizer_action = made_again(
    ACTION_ATTEMPTS, "the tournament changed meanwhile; read it again", "stale_version"
)


class TournamentAccess:
    """What every tournament service shares: reading one tournament, who manages it, and writing a
    change with its audit entry and its notice to live followers."""

    def __init__(
        self,
        repo: TournamentRepository,
        clock: Clock,
        clubs: ClubService,
        changes: ChangeFeed | None = None,
        events: EventSink | None = None,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.clubs = clubs
        self.events: EventSink = events if events is not None else NoEvents()  # to club webhooks
        self.changes: ChangeFeed = changes if changes is not None else NoFeed()  # to live updates

    def _published(self, tournament_id: str, version: int | None = None) -> None:
        """Tell the tournament's followers (after a write of the tournament item succeeded)."""
        self.changes.publish([Change(tournament_topic(tournament_id), version)])

    def get(self, tournament_id: str) -> TournamentRecord:
        t = self.repo.get_tournament(tournament_id)
        if t is None:
            raise NotFound(f"no tournament '{tournament_id}'", code="tournament_not_found")
        return t

    def bundle(self, tournament_id: str) -> TournamentBundle:
        bundle = self.repo.load(tournament_id)
        if bundle is None:
            raise NotFound(f"no tournament '{tournament_id}'", code="tournament_not_found")
        return bundle

    def can_manage(self, caller: Caller, t: TournamentRecord) -> bool:
        if caller.is_admin:
            return True
        if t.club_id is not None:
            return self.clubs.can_manage(caller, t.club_id)
        return caller.player_id is not None and caller.player_id == t.created_by and caller.can_organize

    def _require_manager(self, caller: Caller, t: TournamentRecord) -> None:
        if caller.role == "anonymous":
            caller.require_player()  # 401: no token at all
        if not self.can_manage(caller, t):
            raise Forbidden("only this tournament's organizers may do this", code="not_tournament_organizer")

    def _change(
        self, t: TournamentRecord, caller: Caller, action: str, details: dict[str, Any], **fields: Any
    ) -> TournamentRecord:
        """Write ``fields`` on the tournament as read (conditional on its version), then audit it."""
        expected = t.version
        for name, value in fields.items():
            setattr(t, name, value)
        t.version += 1
        t.updated_at = iso(self.clock.now())
        self.repo.save_tournament(t, expected)  # a lost write: the action is made again
        self._published(t.id, t.version)
        self._audit(t.id, caller, action, details)
        return t

    def _audit(self, tournament_id: str, caller: Caller, action: str, details: dict[str, Any]) -> None:
        self.repo.add_audit(
            tournament_id, AuditEntry(iso(self.clock.now()), caller.player_id or "admin", action, details)
        )

    def _save_entry(self, tournament_id: str, entry: EntryRecord, before_round: int | None = None) -> None:
        """Write ``entry`` as changed from the version read (bumped here). A request that lost a race
        changes nothing and says so: the entry changed since it was read (409 ``entry_changed``: read it
        again), it was removed (404), or round ``before_round`` was paired meanwhile (409
        ``round_already_paired``; see :meth:`TournamentRepository.save_entry`). Not retried: the
        caller decided on what it read, and the winner's change may make the request moot."""
        expected = entry.version
        entry.version += 1
        try:
            self.repo.save_entry(tournament_id, entry, expected, before_round)
        except WriteConflict:
            entry.version = expected
            fresh = self.repo.load(tournament_id)
            if fresh is None or all(e.id != entry.id for e in fresh.entries):
                raise NotFound("the entry was withdrawn meanwhile", code="entrant_not_found") from None
            if before_round is not None and fresh.tournament.current_round >= before_round:
                raise Conflict(
                    f"round {before_round} has been paired meanwhile",
                    code="round_already_paired",
                    details={"next_round": fresh.tournament.current_round + 1},
                ) from None
            raise Conflict("the entry changed meanwhile; read it again", code="entry_changed") from None

    def _entry(self, bundle: TournamentBundle, entrant_id: str) -> EntryRecord:
        entry = next((e for e in bundle.entries if e.id == entrant_id), None)
        if entry is None:
            raise NotFound(f"no entrant '{entrant_id}' in this tournament", code="entrant_not_found")
        return entry


def team_size(settings: TournamentSettings) -> int:
    game = GAMES[settings.game]
    return game.players(game.validate_rules(settings.preset, settings.rule_options())) // 2


def undecided(bundle: TournamentBundle) -> list[tuple[int, TableRecord]]:
    """(round, table) of every table not decided yet: an arena's games under way."""
    return [(r.number, x) for r in bundle.rounds for x in r.tables if x.result is None]


def pairing_guard(t: TournamentRecord, entry: EntryRecord) -> int | None:
    """The round an entry's write must come before (it joins at that round of a running Swiss); None
    before the start and in an arena, whose waves come too often to hold a write to one."""
    return entry.joined_round if t.status == "running" and not t.rules.format_rules.continuous else None

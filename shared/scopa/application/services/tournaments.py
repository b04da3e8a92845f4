"""Tournaments: creation, entries, the organizer's actions, and what everyone reads (rounds, standings).

Who may do what: a club tournament is managed by the club's organizers, an open tournament by the
organizer who created it, and any tournament by the admin. Players enter themselves (as the entry policy
allows) and withdraw themselves. Rounds are made by the
:class:`~scopa.application.services.pipeline.Pipeline`, which
"advance now" runs at once.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, TypeVar

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.idempotency import Once, create_or_find
from scopa.application.ports.changes import Change, ChangeFeed, NoFeed, tournament_topic
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.tournaments import TournamentBundle, TournamentRepository
from scopa.application.ports.webhooks import EventSink, NoEvents
from scopa.application.services import webhooks as hook_events
from scopa.application.services.clubs import ClubService
from scopa.application.services.matches import MatchService, game_rules
from scopa.application.services.pipeline import Pipeline, arena_times, changed
from scopa.application.services.players import PlayerService, clean_name
from scopa.domain.games import GAMES
from scopa.domain.tournaments.admission import admitted, check_in_opens, field_at_start
from scopa.domain.tournaments.arena import ArenaRow, arena_standings
from scopa.domain.tournaments.exports import MetaValue, to_csv, to_ndjson, to_trf
from scopa.domain.tournaments.planner import PlanningError, check_manual
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
    history_of,
)
from scopa.domain.tournaments.settings import TournamentSettings
from scopa.domain.tournaments.standings import StandingRow, crosstable

DEFAULT_RATING = 1500.0
EXPORT_FORMATS = ("csv", "ndjson", "trf")
ACTION_ATTEMPTS = 3
PAUSE_ATTEMPTS = 5  # a pause loses only to a wave paired (or the entry written) between its read and write

_P = ParamSpec("_P")
_R = TypeVar("_R")


def made_again(
    attempts: int, message: str, code: str
) -> Callable[
    [Callable[Concatenate[TournamentService, _P], _R]], Callable[Concatenate[TournamentService, _P], _R]
]:
    """A request that says what to do, not which version it saw: a write of it that lost to another
    (WriteConflict: the pipeline's run, a player's bye request, a wave paired) is made again on what is
    stored now, with every check run again, up to ``attempts`` times before ``409 code``. A lost write
    stored nothing, so trying again is safe."""

    def wrap(
        method: Callable[Concatenate[TournamentService, _P], _R],
    ) -> Callable[Concatenate[TournamentService, _P], _R]:
        @functools.wraps(method)
        def run(self: TournamentService, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
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


@dataclass(frozen=True)
class Advanced:
    """What "advance now" did, step by step, and the tournament after it."""

    steps: list[str]
    tournament: TournamentRecord


@dataclass(frozen=True)
class Standings:
    """The standings after a round (the last closed one by default), with the tie-breaks applied."""

    tournament_id: str
    after_round: int
    tiebreaks: list[str]
    lot_seed: str
    rows: list[StandingRow]
    groups: list[list[StandingRow]] | None = None  # a groups' knockout's group tables


@dataclass(frozen=True)
class ArenaView:
    """An arena as it stands: the leaderboard, the games under way and the window (epoch seconds; None
    before the start)."""

    tournament_id: str
    rows: list[ArenaRow]
    playing: list[tuple[int, TableRecord]]  # (wave, table) of every game under way
    ends_at: float | None
    grace_ends_at: float | None
    streaks: bool


@dataclass(frozen=True)
class Paused:
    """An arena entry after a pause (or a coming back), and the wave whose game they are still seated
    at, if any: a pause does not take a player from a wave already paired; that game is played out and
    counts."""

    entry: EntryRecord
    seated_in_wave: int | None


@dataclass(frozen=True)
class Export:
    """A tournament's standings and results as text in one of :data:`EXPORT_FORMATS`."""

    format: str
    body: str


class TournamentService:
    def __init__(
        self,
        repo: TournamentRepository,
        clock: Clock,
        players: PlayerService,
        clubs: ClubService,
        matches: MatchService,
        pipeline: Pipeline,
        rating_of: Callable[[str, int, list[str], str], float | None] | None = None,
        changes: ChangeFeed | None = None,
        events: EventSink | None = None,
    ) -> None:
        self.repo = repo
        self.events: EventSink = events if events is not None else NoEvents()  # to club webhooks
        self.changes: ChangeFeed = changes if changes is not None else NoFeed()  # to live updates
        self.clock = clock
        self.players = players
        self.clubs = clubs
        self.matches = matches
        self.pipeline = pipeline
        # The seeding rating of new entrants: the players' mean Elo in the pool rating these rules
        # (RatingService.seed_rating); None or no rating yet -> DEFAULT_RATING.
        self.rating_of = rating_of

    # ------------------------------------------------------------------ create and read

    def create(
        self,
        caller: Caller,
        name: str,
        settings: TournamentSettings,
        club_id: str | None = None,
        open_registration: bool = True,
        idempotency_key: str | None = None,
        on_created: Callable[[TournamentRecord], None] | None = None,
    ) -> TournamentRecord:
        if caller.role == "anonymous":
            caller.require_player()  # 401: no token at all
        if club_id is not None:
            self.clubs.get(club_id)
            if not self.clubs.can_manage(caller, club_id):
                raise Forbidden(
                    "only the club's organizers create its tournaments", code="not_club_organizer"
                )
        elif not caller.can_organize:
            raise Forbidden("only organizers create tournaments", code="not_an_organizer")
        if settings.entry_policy == "club" and club_id is None:
            raise BadRequest("the 'club' entry policy needs a club", code="club_required")
        self._check_rules(settings)
        # With a key, the id comes from the key (see scopa.application.idempotency): a retry whose first run
        # did create the tournament answers it as it stands; ``on_created`` is told only of a real creation.
        body: dict[str, Any] = {"name": name, "settings": settings.model_dump(mode="json")}
        body.update(club_id=club_id, open_registration=open_registration)
        once = Once.of("create_tournament", caller.player_id or "anonymous", idempotency_key, body)
        now = iso(self.clock.now())
        t = TournamentRecord(
            id=once.id("t_", 12) if once else "t_" + secrets.token_hex(6),
            name=clean_name(name),
            club_id=club_id,
            created_by=caller.player_id or "admin",
            created_at=now,
            updated_at=now,
            settings=settings.model_dump(mode="json"),
            status="registration" if open_registration else "draft",
            lot_seed=secrets.token_hex(16),
            deal_seed=secrets.token_hex(32),
            origin=once.origin if once else None,
        )
        audit = AuditEntry(now, caller.player_id or "admin", "created", {"status": t.status})
        stored = create_or_find(
            once,
            lambda: self.repo.create_tournament(t, audit),
            lambda: self.repo.get_tournament(t.id),
            self.clock.now(),
        )
        if stored is not None:
            return stored
        self._published(t.id, t.version)
        if on_created is not None:
            on_created(t)
        return t

    def _published(self, tournament_id: str, version: int | None = None) -> None:
        """Tell the tournament's followers (after a write of the tournament item succeeded)."""
        self.changes.publish([Change(tournament_topic(tournament_id), version)])

    def _check_rules(self, settings: TournamentSettings) -> None:
        game = GAMES[settings.game]
        rules = game_rules(game, settings.preset, settings.rule_options())
        if game.players(rules) not in (2, 4):
            raise BadRequest(
                "tournaments are played one against one or two against two", code="unsupported_rules"
            )

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

    def list_tournaments(
        self, status: str | None, club_id: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TournamentRecord], str | None]:
        return self.repo.list_tournaments(status, club_id, limit, cursor)

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

    # ------------------------------------------------------------------ organizer actions

    @organizer_action
    def update_settings(
        self, caller: Caller, tournament_id: str, settings: TournamentSettings
    ) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status not in ("draft", "registration"):
            raise Conflict("settings are fixed once the tournament has started", code="tournament_started")
        self._check_rules(settings)
        if settings.entry_policy == "club" and t.club_id is None:
            raise BadRequest("the 'club' entry policy needs a club", code="club_required")
        old = t.rules
        if t.entries and self._team_size(old) != self._team_size(settings):
            raise Conflict(
                "entries exist: the number of players per side cannot change", code="entries_exist"
            )
        return self._change(t, caller, "settings_changed", {}, settings=settings.model_dump(mode="json"))

    @organizer_action
    def open_registration(self, caller: Caller, tournament_id: str) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status != "draft":
            raise Conflict(f"the tournament is {t.status}, not a draft", code="not_a_draft")
        return self._change(t, caller, "registration_opened", {}, status="registration")

    def start(self, caller: Caller, tournament_id: str) -> TournamentRecord:
        t = self._start(caller, tournament_id)
        self._audit(t.id, caller, "started", {"rounds": t.rounds_planned})
        self.pipeline.advance(t.id)  # not made again with the start: a conflict here is the pipeline's
        return self.get(t.id)

    @organizer_action
    def _start(self, caller: Caller, tournament_id: str) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status not in ("draft", "registration"):
            raise Conflict(f"the tournament is {t.status}", code="tournament_started")
        bundle = self.bundle(tournament_id)
        if len(field_at_start(t.rules, bundle.entries).ready) < 2:
            raise Conflict(
                "a tournament needs at least two entrants to start (approved, and checked in if asked)",
                code="too_few_entrants",
            )
        return self.pipeline.start(t, actor=caller.player_id or "admin")

    @organizer_action
    def pause(self, caller: Caller, tournament_id: str, paused: bool) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status != "running":
            raise Conflict(f"the tournament is {t.status}, not running", code="not_running")
        return self._change(t, caller, "paused" if paused else "resumed", {}, paused=paused)

    @organizer_action
    def cancel(self, caller: Caller, tournament_id: str) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status in ("finished", "cancelled"):
            raise Conflict(f"the tournament is already {t.status}", code="tournament_over")
        return self._change(t, caller, "cancelled", {}, status="cancelled")

    def advance(self, caller: Caller, tournament_id: str) -> Advanced:
        """Run the pipeline for this tournament now (what the schedule does every minute)."""
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status != "running":
            raise Conflict(f"the tournament is {t.status}, not running", code="not_running")
        if t.paused:
            raise Conflict("the tournament is paused; resume it first", code="paused")
        steps = self.pipeline.advance(tournament_id)
        if changed(steps):  # an advance that found nothing to do is no change to audit
            self._audit(tournament_id, caller, "advanced", {"steps": steps})
        return Advanced(steps, self.get(tournament_id))

    @organizer_action
    def override_pairing(
        self, caller: Caller, tournament_id: str, number: int, tables: list[tuple[str, str]], byes: list[str]
    ) -> TournamentRecord:
        """Pair the next round by hand; the pipeline uses it instead of the pairing system."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        self._require_manager(caller, t)
        refused = t.rules.format_rules.hand_pairing_refused
        if refused is not None:
            raise BadRequest(refused, code="invalid_pairing")
        if t.status not in ("registration", "running"):
            raise Conflict(f"the tournament is {t.status}", code="tournament_over")
        if number != t.current_round + 1:
            raise Conflict(
                f"only the next round ({t.current_round + 1}) can be paired by hand",
                code="round_already_paired",
                details={"next_round": t.current_round + 1},
            )
        try:
            pairing = check_manual(tables, byes, bundle.entries, number)
        except PlanningError as exc:
            raise BadRequest(str(exc), code="invalid_pairing") from None
        override = {
            "round": number,
            "tables": [[x.first, x.second] for x in pairing.tables],
            "byes": list(pairing.byes),
        }
        return self._change(t, caller, "pairing_overridden", {"round": number}, override=override)

    @organizer_action
    def correct_result(
        self,
        caller: Caller,
        tournament_id: str,
        number: int,
        table_no: int,
        result: tuple[float, float],
        reason: str,
    ) -> RoundRecord:
        """Set a table's result by hand (a wrong result, a dispute): written with its audit entry."""
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if sorted(result) not in ([0.0, 1.0], [0.5, 0.5], [0.0, 0.0]):
            raise BadRequest("a result is [1, 0], [0, 1], [0.5, 0.5] or [0, 0]", code="invalid_result")
        rnd = self.repo.get_round(tournament_id, number)
        if rnd is None:
            raise NotFound(f"no round {number}", code="round_not_found")
        table = next((x for x in rnd.tables if x.table == table_no), None)
        if table is None:
            raise NotFound(f"no table {table_no} in round {number}", code="table_not_found")
        before = table.result
        after = [float(result[0]), float(result[1])]
        if before == after and table.reason == "corrected":
            # Already so corrected: a repeated request changes nothing (nor does a write that committed
            # although its answer was lost, made again by organizer_action).
            return rnd
        table.result = after
        table.reason = "corrected"
        expected = rnd.version
        rnd.version += 1
        audit = AuditEntry(
            iso(self.clock.now()),
            caller.player_id or "admin",
            "result_corrected",
            {"round": number, "table": table_no, "before": before, "after": table.result, "reason": reason},
        )
        self.repo.save_round(tournament_id, rnd, expected, audit)
        self.events.publish(hook_events.recorded(t, rnd, [table], audit.at, corrected=True))
        return rnd

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

    def audit(
        self, tournament_id: str, limit: int, cursor: str | None
    ) -> tuple[list[AuditEntry], str | None]:
        self.get(tournament_id)
        return self.repo.list_audit(tournament_id, limit, cursor)

    # ------------------------------------------------------------------ entries

    def enter(
        self,
        caller: Caller,
        tournament_id: str,
        players: list[str] | None = None,
        rating: float | None = None,
        idempotency_key: str | None = None,
    ) -> EntryRecord:
        """Enter an entrant. With a key, the entry keeps the request's origin (see
        :mod:`scopa.application.idempotency`): a retry whose first run did enter finds that entry and answers
        it as it stands, instead of ``already_entered``."""
        once = Once.of(
            "enter",
            caller.player_id or "anonymous",
            idempotency_key,
            {"tournament": tournament_id, "players": players, "rating": rating},
        )
        t = self.get(tournament_id)
        settings = t.rules
        manager = self.can_manage(caller, t)
        chosen = players or ([caller.require_player()] if not caller.is_admin else [])
        if not chosen:
            raise BadRequest("name the players to enter", code="players_required")
        size = self._team_size(settings)
        if len(chosen) != size:
            raise BadRequest(
                f"an entrant here is {size} player{'s' if size > 1 else ''}", code="wrong_team_size"
            )
        if len(set(chosen)) != len(chosen):
            raise BadRequest("a player can be in an entry only once", code="duplicate_player")
        profiles = [self.players.get(pid) for pid in chosen]
        if not manager:
            me = caller.require_player()
            if me not in chosen:
                raise Forbidden("players enter themselves (with a partner)", code="not_your_entry")
            if settings.entry_policy == "invite":
                raise Forbidden("entries are by invitation: ask the organizer", code="invitation_only")
            if settings.entry_policy == "club" and t.club_id and self.clubs.role_of(t.club_id, me) is None:
                raise Forbidden("this tournament is for the club's members", code="not_a_member")
            if any(p.is_bot for p in profiles):
                raise Forbidden("only organizers enter house bots", code="bot_player")
            if rating is not None:
                raise Forbidden("only organizers set a seeding rating", code="not_tournament_organizer")
        if size == 1:
            entrant_id = chosen[0]
            name = profiles[0].name
        else:
            digest = hashlib.sha256(f"{t.id}:{'+'.join(sorted(chosen))}".encode()).hexdigest()
            entrant_id = "e_" + digest[:12]
            name = " & ".join(p.name for p in profiles)
        statuses: tuple[str, ...] = ("draft", "registration")
        joined = 1
        if self._late_entries_open(t):
            statuses = ("running",)  # a late entry; an arena takes entries until its window ends
            joined = t.current_round + 1
        elif t.status not in statuses:
            # The tournament moved on since this request's first run, which may have entered.
            if (found := self._entered_by(once, t.id, entrant_id)) is not None:
                return found
            closing = (
                "the tournament has started" if t.status == "running" else f"the tournament is {t.status}"
            )
            raise Conflict(f"entries are closed: {closing}", code="entries_closed")
        now = iso(self.clock.now())
        entry = EntryRecord(
            id=entrant_id,
            name=name,
            players=list(chosen),
            rating=float(rating if rating is not None else self._seed_rating(settings, chosen)),
            created_at=now,
            entered_by=caller.player_id or "admin",
            joined_round=joined,
            origin=once.origin if once else None,
            rating_fixed=rating is not None,
            # An organizer's entry is approved by being made; a player's waits when the settings ask.
            status="requested" if settings.approve_entries and not manager else "active",
            # House bots cannot check in and are always there: checked in when entered.
            checked_in_at=now if settings.check_in_minutes and all(p.is_bot for p in profiles) else None,
        )
        stored = self._add_entry(t, entry, statuses, once)
        if stored is entry:
            self._published(t.id)  # the entry count and the version moved
        return stored

    def _add_entry(
        self,
        t: TournamentRecord,
        entry: EntryRecord,
        statuses: tuple[str, ...],
        once: Once | None,
        retried: bool = False,
    ) -> EntryRecord:
        """Store the entry read against ``t`` (or answer the one this keyed request made already).

        A late entry into a running Swiss is stored only while the round it joins at is not paired
        (``before_round``): when the pipeline paired that round meanwhile, the entrant joins at the next
        one if late entries are still taken (one retry), or is refused. An arena's waves come too often for
        that: its late entrant plays from whichever wave comes next."""
        settings = t.rules
        before_round = _pairing_guard(t, entry)
        late = before_round is not None
        try:
            self.repo.add_entry(t.id, entry, settings.max_entrants, statuses, before_round=before_round)
            return entry
        except WriteConflict:
            if (found := self._entered_by(once, t.id, entry.id)) is not None:
                return found
        fresh = self.get(t.id)
        if fresh.entries >= settings.max_entrants:
            raise Conflict("the tournament is full", code="tournament_full")
        moved = fresh.status == "running" and fresh.current_round != t.current_round
        if moved and late and not retried and self._late_entries_open(fresh):
            entry.joined_round = fresh.current_round + 1  # paired meanwhile: the next round, then
            return self._add_entry(fresh, entry, statuses, once, retried=True)
        if fresh.status not in statuses or moved:
            raise Conflict("entries are closed", code="entries_closed")
        if any(self.repo.player_entry(t.id, p) is not None for p in entry.players):
            raise Conflict("already entered in this tournament", code="already_entered")
        # Nobody of the entry is entered: the write lost to another one on the tournament item at the same
        # moment (DynamoDB cancels a transaction for that alone). Once more, then "read again".
        if not retried:
            return self._add_entry(fresh, entry, statuses, once, retried=True)
        raise Conflict("the tournament changed meanwhile: enter again", code="stale_version")

    def approve(self, caller: Caller, tournament_id: str, entrant_id: str) -> EntryRecord:
        """Admit an entry that waits for approval (audited). While a Swiss runs, only as long as late
        entries are taken: the entrant joins at the next round."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        self._require_manager(caller, t)
        entry = self._requested(bundle, entrant_id)
        if t.status == "running":
            if not self._late_entries_open(t):
                raise Conflict("entries are closed: the tournament has started", code="entries_closed")
            entry.joined_round = max(entry.joined_round, t.current_round + 1)
        elif t.status not in ("draft", "registration"):
            raise Conflict(f"the tournament is {t.status}", code="tournament_over")
        entry.status = "active"
        # Admitted into a running Swiss: in the round it joins at, or refused once that round is paired
        # (an arena's waves come too often for that; a late entrant joins the next one).
        self._save_entry(t.id, entry, before_round=_pairing_guard(t, entry))
        self._audit(t.id, caller, "entry_approved", {"entrant": entrant_id})
        self._published(t.id)
        return entry

    def refuse(self, caller: Caller, tournament_id: str, entrant_id: str) -> EntryRecord:
        """Turn down an entry that waits for approval (audited): removed before the start (answered as
        withdrawn); after it, kept as refused, which no standings, leaderboard or export lists."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        self._require_manager(caller, t)
        entry = self._requested(bundle, entrant_id)
        if t.status in ("draft", "registration"):
            try:
                self.repo.remove_entry(t.id, entry)
            except WriteConflict:
                raise Conflict(
                    "the tournament or the entry changed meanwhile; try again", code="stale_version"
                ) from None
            entry.status = "withdrawn"
        elif t.status == "running":
            entry.status = "refused"
            self._save_entry(t.id, entry)
        else:
            raise Conflict(f"the tournament is {t.status}", code="tournament_over")
        self._audit(t.id, caller, "entry_refused", {"entrant": entrant_id})
        self._published(t.id)
        return entry

    def _late_entries_open(self, t: TournamentRecord) -> bool:
        """Whether a running tournament still takes entries: a Swiss for its late-entry rounds, an arena
        until its window ends."""
        rules = t.rules
        return t.status == "running" and (
            t.current_round < rules.late_entry_rounds
            or (rules.format_rules.continuous and self.clock.now() < arena_times(t)[0])
        )

    def _requested(self, bundle: TournamentBundle, entrant_id: str) -> EntryRecord:
        entry = self._entry(bundle, entrant_id)
        if entry.status != "requested":
            raise Conflict(f"the entry is {entry.status}, not waiting for approval", code="not_requested")
        return entry

    def check_in(self, caller: Caller, tournament_id: str) -> EntryRecord:
        """The entrant confirms they will play, in the check-in window before the start (again: no
        change). Entrants who did not are withdrawn at the start."""
        player = caller.require_player()
        bundle = self.bundle(tournament_id)  # the tournament and its entries, in one read
        t = bundle.tournament
        opens = check_in_opens(t.rules)
        if opens is None:
            raise Conflict("this tournament has no check-in", code="no_check_in")
        entrant = self.repo.player_entry(tournament_id, player)
        if entrant is None:
            raise NotFound("you are not entered in this tournament", code="entrant_not_found")
        entry = self._entry(bundle, entrant)
        if entry.checked_in_at is not None:
            return entry
        if t.status != "registration":
            raise Conflict(f"the check-in is over: the tournament is {t.status}", code="check_in_closed")
        now = self.clock.now()
        if now < opens.timestamp():
            raise Conflict(
                f"the check-in opens at {opens.isoformat()}",
                code="check_in_not_open",
                details={"opens_at": opens.isoformat()},
            )
        entry.checked_in_at = iso(now)
        self._save_entry(t.id, entry)
        self._published(t.id)
        return entry

    def _entered_by(self, once: Once | None, tournament_id: str, entrant_id: str) -> EntryRecord | None:
        """The entry, when the keyed request ``once`` made it (another body under the key: refused)."""
        if once is None:
            return None
        found = next((e for e in self.bundle(tournament_id).entries if e.id == entrant_id), None)
        if found is None or not once.made(found.origin, found.created_at, self.clock.now()):
            return None
        return found

    def withdraw(self, caller: Caller, tournament_id: str, entrant_id: str) -> EntryRecord:
        """Before the start the entry is removed; after it the entrant is no longer paired."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        entry = self._entry(bundle, entrant_id)
        if not (self.can_manage(caller, t) or caller.player_id in entry.players):
            caller.require_player()
            raise Forbidden("players withdraw only their own entry", code="not_your_entry")
        if t.status in ("draft", "registration"):
            try:
                self.repo.remove_entry(t.id, entry)
            except WriteConflict:
                raise Conflict(
                    "the tournament or the entry changed meanwhile; try again", code="stale_version"
                ) from None
            self._published(t.id)
            entry.status = "withdrawn"
            return entry
        if t.status != "running":
            raise Conflict(f"the tournament is {t.status}", code="tournament_over")
        if entry.status != "active":
            raise Conflict(f"the entrant is already {entry.status}", code="not_active")
        entry.status = "withdrawn"
        self._save_entry(t.id, entry)
        self._audit(t.id, caller, "withdrawn", {"entrant": entrant_id})
        return entry

    def withdraw_own(self, caller: Caller, tournament_id: str) -> EntryRecord:
        player = caller.require_player()
        entrant = self.repo.player_entry(tournament_id, player)
        if entrant is None:
            self.get(tournament_id)
            raise NotFound("you are not entered in this tournament", code="entrant_not_found")
        return self.withdraw(caller, tournament_id, entrant)

    def exclude(self, caller: Caller, tournament_id: str, entrant_id: str, reason: str) -> EntryRecord:
        """Take an entrant out for good: not paired again, and a match under way is lost now."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        self._require_manager(caller, t)
        entry = self._entry(bundle, entrant_id)
        if t.status != "running":
            raise Conflict("an entrant is excluded from a running tournament", code="not_running")
        if entry.status == "excluded":
            raise Conflict("the entrant is already excluded", code="not_active")
        entry.status = "excluded"
        self._save_entry(t.id, entry)
        current = bundle.rounds[-1] if bundle.rounds else None
        if current is not None and current.status == "open":
            for table in current.tables:
                if entrant_id in (table.first, table.second) and table.games:
                    self.matches.forfeit(table.games[-1], entry.players[0], "excluded")
        self._audit(t.id, caller, "excluded", {"entrant": entrant_id, "reason": reason})
        return entry

    # ------------------------------------------------------------------ the arena

    def _arena_rows(self, bundle: TournamentBundle) -> list[ArenaRow]:
        t = bundle.tournament
        return arena_standings(admitted(bundle.entries), bundle.rounds, t.rules.streaks, t.lot_seed)

    def arena(self, tournament_id: str) -> ArenaView:
        """An arena's leaderboard, its games under way and its window."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        if not t.rules.format_rules.continuous:
            raise BadRequest("this tournament is not an arena", code="not_an_arena")
        playing = _undecided(bundle)
        ends, grace = arena_times(t) if t.started_at else (None, None)
        return ArenaView(t.id, self._arena_rows(bundle), playing, ends, grace, t.rules.streaks)

    def set_paused(self, caller: Caller, tournament_id: str, entrant_id: str, paused: bool) -> Paused:
        """An arena player stops being paired (a game under way is played out) or comes back.

        The write is made only while the next wave is unpaired, and moves the tournament's version, so
        the pipeline's pairing of that wave (conditioned on the version it read before the entries) is
        refused and pairs again with it. A pause that lost the race to the wave (or to another write of
        the entry) is the player's intent all the same: it is made again on what is stored now, and the
        answer names the wave they are still seated in, whose game is theirs to play out."""
        if caller.role == "anonymous":
            caller.require_player()  # 401: no token at all
        return self._set_paused(caller, tournament_id, entrant_id, paused)

    @made_again(PAUSE_ATTEMPTS, "the entry kept changing meanwhile; try again", "entry_changed")
    def _set_paused(self, caller: Caller, tournament_id: str, entrant_id: str, paused: bool) -> Paused:
        """One attempt of :meth:`set_paused` on the state read now (WriteConflict: a wave was paired or
        the entry written since)."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        if not t.rules.format_rules.continuous:
            raise BadRequest("only an arena's players pause", code="not_an_arena")
        entry = self._entry(bundle, entrant_id)
        if not (self.can_manage(caller, t) or caller.player_id in entry.players):
            raise Forbidden("players pause only their own entry", code="not_your_entry")
        if t.status in ("finished", "cancelled"):
            raise Conflict(f"the tournament is {t.status}", code="tournament_over")
        if entry.status != "active":
            raise Conflict(f"the entrant is {entry.status}", code="not_active")
        # Coming back also clears the pause a no-show put on them (their games up to the last wave).
        back = entry.back_after_wave if paused else max(entry.back_after_wave, t.current_round)
        if (entry.paused, entry.back_after_wave) != (paused, back):
            entry.paused, entry.back_after_wave = paused, back
            expected = entry.version
            entry.version += 1
            self.repo.save_entry(t.id, entry, expected, before_round=t.current_round + 1)
            self._published(t.id)
        seated = [n for n, x in _undecided(bundle) if entry.id in (x.first, x.second)]
        return Paused(entry, max(seated, default=None))

    # ------------------------------------------------------------------ requested byes

    def request_bye(
        self, caller: Caller, tournament_id: str, number: int, entrant_id: str | None = None
    ) -> EntryRecord:
        """Ask to sit Swiss round ``number`` out, scored ``requested_bye_points``: allowed until that
        round is paired, up to ``max_requested_byes`` each. Asking again for the same round changes
        nothing (a retry is safe)."""
        bundle, entry = self._bye_entry(caller, tournament_id, entrant_id)
        t = bundle.tournament
        settings = t.rules
        self._bye_round_open(t, entry, number)
        if number in entry.requested_byes:
            return entry
        if len(entry.requested_byes) >= settings.max_requested_byes:
            raise Conflict(
                f"at most {settings.max_requested_byes} requested byes each",
                code="too_many_byes",
                details={"requested": sorted(entry.requested_byes), "max": settings.max_requested_byes},
            )
        entry.requested_byes = sorted([*entry.requested_byes, number])
        self._save_entry(t.id, entry, before_round=number)
        self._published(t.id)
        self._audit(t.id, caller, "bye_requested", {"entrant": entry.id, "round": number})
        return entry

    def cancel_bye(
        self, caller: Caller, tournament_id: str, number: int, entrant_id: str | None = None
    ) -> EntryRecord:
        """Take back a requested bye, until its round is paired."""
        bundle, entry = self._bye_entry(caller, tournament_id, entrant_id)
        t = bundle.tournament
        if number not in entry.requested_byes:
            raise NotFound(f"no bye requested for round {number}", code="bye_not_found")
        self._bye_round_open(t, entry, number)
        entry.requested_byes = [r for r in entry.requested_byes if r != number]
        self._save_entry(t.id, entry, before_round=number)
        self._published(t.id)
        self._audit(t.id, caller, "bye_cancelled", {"entrant": entry.id, "round": number})
        return entry

    def _bye_entry(
        self, caller: Caller, tournament_id: str, entrant_id: str | None
    ) -> tuple[TournamentBundle, EntryRecord]:
        """The entry a bye request is about: the caller's own, or any for the tournament's organizers."""
        if caller.role == "anonymous":
            caller.require_player()  # 401: no token at all
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        if not t.rules.format_rules.requested_byes:
            raise BadRequest("requested byes are a Swiss tournament's", code="byes_not_offered")
        if entrant_id is None:
            player = caller.require_player() if not caller.is_admin else None
            own = self.repo.player_entry(t.id, player) if player else None
            if own is None:
                raise NotFound("you are not entered in this tournament", code="entrant_not_found")
            entrant_id = own
        entry = self._entry(bundle, entrant_id)
        if not (self.can_manage(caller, t) or caller.player_id in entry.players):
            raise Forbidden("players ask byes only for their own entry", code="not_your_entry")
        if t.status not in ("draft", "registration", "running"):
            raise Conflict(f"the tournament is {t.status}", code="tournament_over")
        if entry.status != "active":
            raise Conflict(f"the entrant is {entry.status}", code="not_active")
        return bundle, entry

    @staticmethod
    def _bye_round_open(t: TournamentRecord, entry: EntryRecord, number: int) -> None:
        """A bye is asked for (or taken back) for a round of the tournament not paired yet."""
        rounds = t.rounds_planned or t.rules.rounds or 0
        if not entry.joined_round <= number <= rounds:
            raise BadRequest(
                f"the rounds this entrant plays are {entry.joined_round} to {rounds}, not {number}",
                code="round_out_of_range",
                details={"first_round": entry.joined_round, "rounds": rounds},
            )
        if number <= t.current_round:
            raise Conflict(
                f"round {number} has been paired; byes are asked for before",
                code="round_already_paired",
                details={"next_round": t.current_round + 1},
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

    def _seed_rating(self, settings: TournamentSettings, players: list[str]) -> float:
        if self.rating_of is None:
            return DEFAULT_RATING
        found = self.rating_of(settings.preset, 2 * len(players), players, settings.game)
        return DEFAULT_RATING if found is None else found

    @staticmethod
    def _team_size(settings: TournamentSettings) -> int:
        game = GAMES[settings.game]
        return game.players(game.validate_rules(settings.preset, settings.rule_options())) // 2

    # ------------------------------------------------------------------ rounds, standings, exports

    def round(self, tournament_id: str, number: int) -> tuple[TournamentBundle, RoundRecord]:
        bundle = self.bundle(tournament_id)
        rnd = next((r for r in bundle.rounds if r.number == number), None)
        if rnd is None:
            raise NotFound(f"round {number} has not been paired", code="round_not_found")
        return bundle, rnd

    def standings(self, tournament_id: str, through_round: int | None = None) -> Standings:
        """The standings after ``through_round``, or after the last closed round.

        Standings exist after round 0 (everyone level) up to the last closed round; any later round (not
        closed yet, or beyond the tournament's rounds) is refused with ``round_out_of_range``."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        last_closed = max((r.number for r in bundle.rounds if r.status == "closed"), default=0)
        if through_round is not None and not 0 <= through_round <= last_closed:
            raise BadRequest(
                f"standings exist after rounds 0 to {last_closed} (the closed rounds), not {through_round}",
                code="round_out_of_range",
                details={"last_closed_round": last_closed, "rounds": t.rounds_planned},
            )
        return Standings(
            tournament_id=t.id,
            after_round=through_round if through_round is not None else last_closed,
            tiebreaks=t.rules.format_rules.standings_tiebreaks(t.rules),
            lot_seed=t.lot_seed,
            rows=self._standings(bundle, through_round),
            groups=self._groups(bundle, through_round),
        )

    @staticmethod
    def _groups(bundle: TournamentBundle, through_round: int | None) -> list[list[StandingRow]] | None:
        """A groups' knockout's group tables after ``through_round`` (or the last closed round)."""
        t = bundle.tournament
        rounds = [r for r in bundle.rounds if through_round is None or r.number <= through_round]
        return t.rules.format_rules.group_tables(t.rules, bundle.entries, rounds, t.lot_seed)

    def _standings(self, bundle: TournamentBundle, through_round: int | None) -> list[StandingRow]:
        """As the format ranks (an arena: score, then performance; an elimination: placings first)."""
        t = bundle.tournament
        entries = admitted(bundle.entries)
        return t.rules.format_rules.standings(t.rules, entries, bundle.rounds, through_round, t.lot_seed)

    def crosstable(self, tournament_id: str) -> tuple[TournamentBundle, list[Any]]:
        bundle = self.bundle(tournament_id)
        entries = admitted(bundle.entries)
        history = history_of(entries, bundle.rounds, bundle.tournament.rules)
        rows = self._standings(bundle, None)
        return bundle, crosstable([e.entrant() for e in entries], history, rows)

    def export(self, tournament_id: str, fmt: str) -> Export:
        """The standings and results as CSV, NDJSON or a TRF-style report."""
        if fmt not in EXPORT_FORMATS:
            raise BadRequest(f"export formats: {', '.join(EXPORT_FORMATS)}", code="unknown_format")
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        entries = admitted(bundle.entries)
        history = history_of(entries, bundle.rounds, t.rules)
        rows = self._standings(bundle, None)
        meta = self.meta(bundle)
        entrants = [e.entrant() for e in entries]
        if fmt == "csv":
            body = to_csv(meta, rows)
        elif fmt == "ndjson":
            body = to_ndjson(meta, entrants, history, rows)
        else:
            body = to_trf(meta, entrants, history, rows)
        return Export(fmt, body)

    def meta(self, bundle: TournamentBundle) -> dict[str, MetaValue]:
        """The tournament as the exports describe it: texts as texts, counts as numbers (``rounds`` null
        before the start), and each round's start date (``YYYY-MM-DD``) in round order."""
        t = bundle.tournament
        club = self.clubs.repo.get_club(t.club_id) if t.club_id else None
        rounds = sorted(bundle.rounds, key=lambda r: r.number)
        return {
            "id": t.id,
            "name": t.name,
            "club": club.name if club else "",
            "format": t.rules.format,
            "status": t.status,
            "start": (t.started_at or "")[:10],
            "end": (t.finished_at or "")[:10],
            "rounds": t.rounds_planned,
            "rounds_played": sum(1 for r in rounds if r.status == "closed"),
            "entrants": len(admitted(bundle.entries)),
            "lot_seed": t.lot_seed,
            "round_dates": [r.created_at[:10] for r in rounds],
        }


def _undecided(bundle: TournamentBundle) -> list[tuple[int, TableRecord]]:
    """(round, table) of every table not decided yet: an arena's games under way."""
    return [(r.number, x) for r in bundle.rounds for x in r.tables if x.result is None]


def _pairing_guard(t: TournamentRecord, entry: EntryRecord) -> int | None:
    """The round an entry's write must come before (it joins at that round of a running Swiss); None
    before the start and in an arena, whose waves come too often to hold a write to one."""
    return entry.joined_round if t.status == "running" and not t.rules.format_rules.continuous else None

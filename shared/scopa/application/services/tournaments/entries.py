"""Registration: entries (a player's own, or the organizer's), approvals, check-in, withdrawals and
exclusions."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.idempotency import Once
from scopa.application.ports.changes import ChangeFeed
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.tournaments import TournamentBundle, TournamentRepository
from scopa.application.ports.webhooks import EventSink
from scopa.application.services.clubs import ClubService
from scopa.application.services.matches import MatchService
from scopa.application.services.pipeline import arena_times
from scopa.application.services.players import PlayerService
from scopa.application.services.tournaments.access import (
    DEFAULT_RATING,
    TournamentAccess,
    pairing_guard,
    team_size,
)
from scopa.domain.tournaments.admission import check_in_opens
from scopa.domain.tournaments.records import (
    EntryRecord,
    TournamentRecord,
)
from scopa.domain.tournaments.settings import TournamentSettings


class TournamentEntries(TournamentAccess):
    """Who plays: entering, approving or refusing, checking in, withdrawing, excluding."""

    def __init__(
        self,
        repo: TournamentRepository,
        clock: Clock,
        clubs: ClubService,
        players: PlayerService,
        matches: MatchService,
        rating_of: Callable[[str, int, list[str], str], float | None] | None = None,
        changes: ChangeFeed | None = None,
        events: EventSink | None = None,
    ) -> None:
        super().__init__(repo, clock, clubs, changes, events)
        self.players = players
        self.matches = matches
        # The seeding rating of new entrants: the players' mean Elo in the pool rating these rules
        # (RatingService.seed_rating); None or no rating yet -> DEFAULT_RATING.
        self.rating_of = rating_of

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
        size = team_size(settings)
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
        before_round = pairing_guard(t, entry)
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
        self._save_entry(t.id, entry, before_round=pairing_guard(t, entry))
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

    def _seed_rating(self, settings: TournamentSettings, players: list[str]) -> float:
        if self.rating_of is None:
            return DEFAULT_RATING
        found = self.rating_of(settings.preset, 2 * len(players), players, settings.game)
        return DEFAULT_RATING if found is None else found

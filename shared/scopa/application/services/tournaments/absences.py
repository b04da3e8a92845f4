"""Absences: a Swiss entrant's requested byes and an arena player's pause, each written only while
the round (or wave) it is about is not paired."""

from __future__ import annotations

from scopa.application.auth import Caller
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.services.tournaments.access import (
    TournamentAccess,
    made_again,
    undecided,
)
from scopa.application.services.tournaments.results import (
    Paused,
)
from scopa.domain.tournaments.records import (
    EntryRecord,
    TournamentRecord,
)

PAUSE_ATTEMPTS = 5  # a pause loses only to a wave paired (or the entry written) between its read and write


class TournamentAbsences(TournamentAccess):
    """Sitting out: a requested bye (or taking it back), an arena pause (or coming back)."""

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
        seated = [n for n, x in undecided(bundle) if entry.id in (x.first, x.second)]
        return Paused(entry, max(seated, default=None))

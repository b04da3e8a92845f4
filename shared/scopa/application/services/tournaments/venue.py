"""Check-in at the venue: the organizers read the tournament's venue code (to show it on the wall, as a
QR code); an entrant who types or scans it checks in as :meth:`TournamentEntries.check_in` does (same
window, same answer), proving they are in the room. See :mod:`scopa.domain.tournaments.venue_code`."""

from __future__ import annotations

from dataclasses import dataclass

from scopa.application.auth import Caller
from scopa.application.errors import Forbidden
from scopa.application.services.tournaments.entries import TournamentEntries
from scopa.domain.tournaments import venue_code
from scopa.domain.tournaments.records import EntryRecord


@dataclass(frozen=True)
class VenueCode:
    tournament_id: str
    code: str


class VenueCheckIn:
    """The venue code and the check-in that takes it; the code is derived under ``key`` (never stored)."""

    def __init__(self, entries: TournamentEntries, key: bytes) -> None:
        self.entries = entries
        self._key = key

    def __repr__(self) -> str:
        return "VenueCheckIn(<key hidden>)"

    def code(self, caller: Caller, tournament_id: str) -> VenueCode:
        """The code, for the tournament's organizers only (403 for anyone else)."""
        t = self.entries.get(tournament_id)
        self.entries._require_manager(caller, t)
        return VenueCode(t.id, venue_code.venue_code(self._key, t.id))

    def check_in(self, caller: Caller, tournament_id: str, typed: str) -> EntryRecord:
        """Check the caller in with the code they typed: a wrong code is 403 ``wrong_venue_code`` and
        changes nothing; a right one checks in as the plain check-in does."""
        caller.require_player()
        t = self.entries.get(tournament_id)
        if not venue_code.matches(self._key, t.id, typed):
            raise Forbidden("that is not this tournament's venue code", code="wrong_venue_code")
        return self.entries.check_in(caller, tournament_id)

"""Tournaments, one service a job: :class:`TournamentAdmin` (creation, settings, the organizer's actions),
:class:`TournamentEntries` (entries, approvals, check-in, withdrawals, exclusions),
:class:`TournamentAbsences` (requested byes, arena pauses), :class:`TableResults` (results of tables played
in person) and :class:`TournamentQueries` (reads,
standings, exports). They share :class:`~scopa.application.services.tournaments.access.TournamentAccess`.

Who may do what: a club tournament is managed by the club's organizers, an open tournament by the
organizer who created it, and any tournament by the admin. Players enter themselves (as the entry policy
allows) and withdraw themselves. Rounds are made by the
:class:`~scopa.application.services.pipeline.Pipeline`, which "advance now" runs at once. What differs
from format to format is asked of the format (:mod:`scopa.domain.tournaments.formats`).
"""

from scopa.application.services.tournaments.absences import PAUSE_ATTEMPTS, TournamentAbsences
from scopa.application.services.tournaments.access import DEFAULT_RATING, TournamentAccess
from scopa.application.services.tournaments.admin import TournamentAdmin
from scopa.application.services.tournaments.entries import TournamentEntries
from scopa.application.services.tournaments.queries import TournamentQueries
from scopa.application.services.tournaments.results import (
    EXPORT_FORMATS,
    Advanced,
    ArenaView,
    Export,
    Paused,
    Standings,
)
from scopa.application.services.tournaments.table_results import TableResults, TableView

__all__ = [
    "DEFAULT_RATING",
    "EXPORT_FORMATS",
    "PAUSE_ATTEMPTS",
    "Advanced",
    "ArenaView",
    "Export",
    "Paused",
    "Standings",
    "TableResults",
    "TableView",
    "TournamentAbsences",
    "TournamentAccess",
    "TournamentAdmin",
    "TournamentEntries",
    "TournamentQueries",
]

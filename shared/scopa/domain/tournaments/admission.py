"""Who is in the field when a tournament starts: approved entries and, with a check-in, those who checked in.

Pure: the service and the pipeline ask these questions of the stored entries and settings. An entry that
waits for approval, or an entrant who did not check in, is withdrawn at the start (removed before round 1
is fixed), so no format pairs, scores or rates them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from scopa.domain.tournaments.records import EntryRecord
from scopa.domain.tournaments.settings import TournamentSettings


@dataclass(frozen=True)
class StartingField:
    """The entries split at the start: those who play, and those withdrawn (with why)."""

    ready: list[EntryRecord]
    not_approved: list[EntryRecord]
    not_checked_in: list[EntryRecord]

    @property
    def dropped(self) -> list[EntryRecord]:
        return [*self.not_approved, *self.not_checked_in]


def check_in_opens(settings: TournamentSettings) -> datetime | None:
    """When the check-in opens (it closes at the start); None when the tournament has no check-in."""
    if not settings.check_in_minutes or settings.starts_at is None:
        return None
    return settings.starts_at - timedelta(minutes=settings.check_in_minutes)


def field_at_start(settings: TournamentSettings, entries: Sequence[EntryRecord]) -> StartingField:
    """Split the active and requested entries; withdrawn or excluded ones are in neither list."""
    ready: list[EntryRecord] = []
    not_approved: list[EntryRecord] = []
    not_checked_in: list[EntryRecord] = []
    for e in entries:
        if e.status == "requested":
            not_approved.append(e)
        elif e.status != "active":
            continue
        elif settings.check_in_minutes and e.checked_in_at is None:
            not_checked_in.append(e)
        else:
            ready.append(e)
    return StartingField(ready, not_approved, not_checked_in)


def admitted(entries: Sequence[EntryRecord]) -> list[EntryRecord]:
    """The entries standings, crosstables, leaderboards and exports list: all but those waiting for
    approval or refused (neither ever played)."""
    return [e for e in entries if e.status not in ("requested", "refused")]

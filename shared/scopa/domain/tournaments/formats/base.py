"""What a tournament format is: one object the pipeline, the services and the pages ask, never its name.

A format plans its rounds (how many, and when the tournament is over), pairs a round, decides who goes
on, says which of the settings it takes and checks them, ranks its standings, and states the few traits
the outer layers need (hand-made pairings, requested byes, continuous waves, what its page draws). The
built-in formats live beside this module, one a module; :mod:`scopa.domain.tournaments.formats` maps the
names to them. :class:`RoundFormat` gives the defaults of a format played in rounds, so a new format
overrides only what differs (the way lila's Swiss director takes its pairing system as a value).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from scopa.domain.tournaments.model import RoundPairing
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, history_of
from scopa.domain.tournaments.settings import MAX_ENTRANTS
from scopa.domain.tournaments.standings import StandingRow, compute_standings

if TYPE_CHECKING:
    from scopa.domain.tournaments.settings import TiebreakName, TournamentSettings

#: The settings that belong to some formats only; a format names those it takes in ``takes``, and the
#: settings model refuses any other set away from its default (:meth:`TournamentSettings._consistent`).
FormatSetting = Literal[
    "rounds",
    "late_entry_rounds",
    "bracket_reset",
    "third_place_match",
    "group_size",
    "arena_minutes",
]


@dataclass(frozen=True)
class PlannedRound:
    pairing: RoundPairing
    slots: list[str | None] | None = None  # knockout: the bracket this round pairs


@dataclass(frozen=True)
class PageTraits:
    """What the tournament page draws for a format (the page asks these, not the format's name).

    ``crosstable_marks``: the crosstable greys out entrants who are "eliminated" (a knockout: out for
    good) or "waiting" (not playing this round: waiting or eliminated), or None. ``bracket``: the drawing,
    "single" (a knockout bracket, and the third-place match apart) or "double" (winners' and losers'
    brackets), or None. ``full_bracket``: draw every round of the bracket from the start (empty boxes
    for those to come); else only the rounds the slots show."""

    crosstable_marks: Literal["eliminated", "waiting"] | None = None
    bracket: Literal["single", "double"] | None = None
    full_bracket: bool = False


class TournamentFormat(Protocol):
    """One tournament format. Pure: nothing here reads a clock or storage."""

    #: The name stored in the settings (``format``) and shown, underscores as spaces, on the pages.
    name: str
    #: The format-specific settings (:data:`FormatSetting`) it takes; the others must stay unset.
    takes: frozenset[FormatSetting]
    #: Tie-breaks when the organizer names none (the lot is always added last).
    default_tiebreaks: tuple[TiebreakName, ...]
    #: Match points of a pairing bye when the organizer does not say (1: a win; 0: sitting out).
    default_bye_points: float
    #: Why an organizer may not pair a round by hand (None: they may).
    hand_pairing_refused: str | None
    #: Later rounds follow a bracket: a hand-made pairing stored earlier is ignored.
    bracket: bool
    #: Entrants may ask to sit a round out (POST .../byes).
    requested_byes: bool
    #: Its pairing keeps the organizer's forbidden pairs apart (``forbidden_pairs``).
    forbidden_pairs: bool
    #: Waves within a time window instead of rounds (an arena): entries until the window ends, pauses,
    #: games under way at the grace end count for nobody, and the leaderboard ranks by score.
    continuous: bool
    #: At the finish, the rounds planned become the rounds played (planned at their most).
    rounds_are_a_maximum: bool
    #: Why it cannot be played at real tables (``play_mode`` in_person or mixed); None: it can.
    in_person_refused: str | None
    #: The most entrants ``max_entrants`` may allow (what its pairing and storage are measured at).
    max_entrants: int
    page: PageTraits

    def check_settings(self, settings: TournamentSettings) -> None:
        """Refuse (ValueError, naming the setting) what this format cannot play."""
        ...

    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        """How many rounds, fixed when the tournament starts (None: not known in advance)."""
        ...

    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        """Pair round ``number`` (rounds ``1 .. number - 1`` are closed)."""
        ...

    def is_over(
        self,
        settings: TournamentSettings,
        rounds_planned: int | None,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
    ) -> bool:
        """Whether no round is left to pair (a continuous format: asked with its window over)."""
        ...

    def champion(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> str | None:
        """The winner once decided by elimination (None otherwise, and for formats without one)."""
        ...

    def placings(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> dict[str, int] | None:
        """How far each entrant went (higher is further), ranked before points; None: points rank."""
        ...

    def group_tables(
        self,
        settings: TournamentSettings,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> list[list[StandingRow]] | None:
        """Each group's table, for a format played in groups (None otherwise)."""
        ...

    def standings(
        self,
        settings: TournamentSettings,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        through_round: int | None,
        lot_seed: str,
    ) -> list[StandingRow]:
        """The standings of the admitted ``entries`` after ``through_round`` (None: every round)."""
        ...

    def standings_tiebreaks(self, settings: TournamentSettings) -> list[str]:
        """The tie-breaks the standings show, in order."""
        ...


def seeded(entries: Sequence[EntryRecord]) -> list[EntryRecord]:
    """Entries in seeding order: rating, highest first; the id keeps it stable."""
    return sorted(entries, key=lambda e: (-e.rating, e.id))


def active_in(entries: Sequence[EntryRecord], number: int) -> list[EntryRecord]:
    """The entrants who play round ``number``: active, and entered by then."""
    return [e for e in entries if e.status == "active" and e.joined_round <= number]


class RoundFormat(ABC):
    """Defaults of a format played in rounds and ranked by points and tie-breaks: subclass and override.

    Attributes are class constants; a subclass sets ``name``, ``default_tiebreaks`` and implements
    :meth:`rounds_planned` and :meth:`plan_round`."""

    name: str = ""
    takes: frozenset[FormatSetting] = frozenset()
    default_tiebreaks: tuple[TiebreakName, ...] = ("lot",)
    default_bye_points: float = 1.0
    hand_pairing_refused: str | None = None
    bracket: bool = False
    requested_byes: bool = False
    forbidden_pairs: bool = False
    continuous: bool = False
    rounds_are_a_maximum: bool = False
    in_person_refused: str | None = None
    max_entrants: int = MAX_ENTRANTS
    page: PageTraits = PageTraits()
    #: The tournament is over when fewer than two entrants are still active.
    over_below_two: bool = False

    def check_settings(self, settings: TournamentSettings) -> None:
        return None

    @abstractmethod
    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        """Each format says (a format without it cannot be made)."""

    @abstractmethod
    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        """Each format says (a format without it cannot be made)."""

    def is_over(
        self,
        settings: TournamentSettings,
        rounds_planned: int | None,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
    ) -> bool:
        closed = sum(1 for r in rounds if r.status == "closed")
        if rounds_planned is not None and closed >= rounds_planned:
            return True
        if self.champion(settings, entries, rounds) is not None:
            return True
        return self.over_below_two and sum(1 for e in entries if e.status == "active") < 2

    def champion(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> str | None:
        return None

    def placings(
        self, settings: TournamentSettings, entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord]
    ) -> dict[str, int] | None:
        return None

    def group_tables(
        self,
        settings: TournamentSettings,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> list[list[StandingRow]] | None:
        return None

    def standings(
        self,
        settings: TournamentSettings,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        through_round: int | None,
        lot_seed: str,
    ) -> list[StandingRow]:
        history = history_of(list(entries), list(rounds), settings)
        if through_round is not None:
            history = history.through(through_round)
        played = [r for r in rounds if through_round is None or r.number <= through_round]
        placing = self.placings(settings, entries, played)
        return compute_standings(
            [e.entrant() for e in entries], history, settings.tiebreak_order, lot_seed, placing
        )

    def standings_tiebreaks(self, settings: TournamentSettings) -> list[str]:
        return list(settings.tiebreak_order)

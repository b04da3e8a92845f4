"""The arena: a time window in which whoever is waiting is paired, wave by wave (lichess's arena); the
leaderboard ranks by score, then performance (:mod:`scopa.domain.tournaments.arena` holds the rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scopa.domain.tournaments.arena import ArenaRow, arena_standings, pair_arena, waiting_players
from scopa.domain.tournaments.formats.base import FormatSetting, PlannedRound, RoundFormat
from scopa.domain.tournaments.model import RoundPairing, Table
from scopa.domain.tournaments.records import EntryRecord, RoundRecord
from scopa.domain.tournaments.settings import ARENA_MAX_ENTRANTS
from scopa.domain.tournaments.standings import StandingRow

if TYPE_CHECKING:
    from scopa.domain.tournaments.settings import TiebreakName, TournamentSettings


class Arena(RoundFormat):
    name: str = "arena"
    takes: frozenset[FormatSetting] = frozenset({"arena_minutes"})
    default_tiebreaks: tuple[TiebreakName, ...] = ("lot",)  # unused: score, then performance
    hand_pairing_refused: str | None = "an arena pairs whoever is waiting, wave by wave"
    continuous: bool = True
    max_entrants: int = ARENA_MAX_ENTRANTS
    in_person_refused: str | None = (
        "an arena pairs whoever is waiting, wave by wave, against the online game's clock; play it online"
    )

    def check_settings(self, settings: TournamentSettings) -> None:
        if settings.arena_minutes is None:
            raise ValueError("arena_minutes is the length of an arena, and only of an arena")
        if settings.games_per_match != 1:
            raise ValueError("an arena plays single games (games_per_match 1)")
        if settings.tiebreaks is not None:
            raise ValueError("an arena ranks by score, then performance: it takes no tie-breaks")

    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        return None  # waves: as many as the window holds

    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        """Wave ``number``: the players waiting now (earlier waves may still be open); those left over
        wait for the next wave, so the wave records no bye."""
        waiting = waiting_players(entries, rounds, settings.streaks, number)
        tables = pair_arena(waiting)[0]
        return PlannedRound(RoundPairing(tuple(Table(a, b) for a, b in tables), ()))

    def is_over(
        self,
        settings: TournamentSettings,
        rounds_planned: int | None,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
    ) -> bool:
        return all(r.status != "open" for r in rounds)  # asked once the window is over

    def standings(
        self,
        settings: TournamentSettings,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        through_round: int | None,
        lot_seed: str,
    ) -> list[StandingRow]:
        """The leaderboard as standings rows (every wave: an arena has no standings after a round)."""
        return [arena_row(r) for r in arena_standings(entries, rounds, settings.streaks, lot_seed)]

    def standings_tiebreaks(self, settings: TournamentSettings) -> list[str]:
        return ["performance"]


def arena_row(r: ArenaRow) -> StandingRow:
    """An arena's leaderboard line as a standings row: its score as points, performance as a tie-break."""
    return StandingRow(
        rank=r.rank,
        entrant=r.entrant,
        name=r.name,
        status=r.status,
        points=float(r.score),
        played=r.games,
        wins=r.wins,
        draws=r.draws,
        losses=r.losses,
        byes=0,
        points_scored=0,
        points_conceded=0,
        tiebreaks={"performance": r.performance},
    )

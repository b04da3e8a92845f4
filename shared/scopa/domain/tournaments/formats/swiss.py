"""The Swiss: a fixed number of rounds, each paired inside score groups
(:mod:`scopa.domain.tournaments.swiss`).

The one format that takes late entries, requested byes and hand-made pairings of every round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scopa.domain.tournaments.formats.base import FormatSetting, PlannedRound, RoundFormat, active_in
from scopa.domain.tournaments.model import RoundPairing
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, history_of
from scopa.domain.tournaments.swiss import pair_swiss
from scopa.domain.tournaments.tally import swiss_inputs

if TYPE_CHECKING:
    from scopa.domain.tournaments.settings import TiebreakName, TournamentSettings


class Swiss(RoundFormat):
    name: str = "swiss"
    takes: frozenset[FormatSetting] = frozenset({"rounds", "late_entry_rounds"})
    default_tiebreaks: tuple[TiebreakName, ...] = (
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
        "direct_encounter",
        "wins",
        "game_point_difference",
        "lot",
    )
    requested_byes: bool = True
    forbidden_pairs: bool = True
    over_below_two: bool = True

    def check_settings(self, settings: TournamentSettings) -> None:
        if settings.rounds is None:
            raise ValueError("a Swiss tournament needs a number of rounds")

    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        return settings.rounds or 1

    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        # Who asked to sit this round out is left out of the pairing and recorded on the round.
        active = active_in(entries, number)
        requested = tuple(e.id for e in active if number in e.requested_byes)
        paired = [e for e in active if e.id not in requested]
        history = history_of(list(entries), list(rounds), settings)
        inputs = swiss_inputs([e.entrant() for e in paired], history)
        pairing, _quality = pair_swiss(inputs, _forbidden(settings, number, paired))
        return PlannedRound(RoundPairing(pairing.tables, pairing.byes, requested))


def _forbidden(
    settings: TournamentSettings, number: int, active: Sequence[EntryRecord]
) -> list[frozenset[str]]:
    if not settings.forbidden_pairs or (
        settings.forbidden_rounds is not None and number > settings.forbidden_rounds
    ):
        return []
    entrant_of = {p: e.id for e in active for p in e.players}
    out = []
    for a, b in settings.forbidden_pairs:
        ea, eb = entrant_of.get(a), entrant_of.get(b)
        if ea and eb and ea != eb:
            out.append(frozenset((ea, eb)))
    return out

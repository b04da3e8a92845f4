"""What everyone reads: tournaments, rounds, standings (with the format's tie-breaks), the crosstable,
an arena's leaderboard and the exports."""

from __future__ import annotations

from typing import Any

from scopa.application import recent
from scopa.application.auth import Caller
from scopa.application.errors import BadRequest, NotFound
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.recent import Recent
from scopa.application.services.pipeline import arena_times
from scopa.application.services.tournaments.access import (
    TournamentAccess,
    undecided,
)
from scopa.application.services.tournaments.results import (
    EXPORT_FORMATS,
    ArenaView,
    Export,
    Places,
    Standings,
    YourPlace,
)
from scopa.domain.tournaments.admission import admitted
from scopa.domain.tournaments.arena import ArenaRow, arena_standings
from scopa.domain.tournaments.exports import MetaValue, to_csv, to_ndjson, to_trf
from scopa.domain.tournaments.records import (
    RoundRecord,
    TableRecord,
    TournamentRecord,
    history_of,
)
from scopa.domain.tournaments.standings import StandingRow, crosstable

#: What this container read of big tournaments lately, by (tournament, version): the whole tournament
#: (about 20 MB in memory at 10,000 entrants, so two at most) and its entrants' places.
BUNDLES: Recent[TournamentBundle] = Recent(size=2)
PLACES: Recent[Places] = Recent(size=8)


class TournamentQueries(TournamentAccess):
    """Reads and exports: nothing here writes."""

    def list_tournaments(
        self, status: str | None, club_id: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TournamentRecord], str | None]:
        return self.repo.list_tournaments(status, club_id, limit, cursor)

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
        return self.standings_of(self.bundle(tournament_id), through_round)

    def standings_of(self, bundle: TournamentBundle, through_round: int | None = None) -> Standings:
        """:meth:`standings` of a tournament already read (a page reads its partition once)."""
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
        return self.crosstable_of(self.bundle(tournament_id))

    def crosstable_of(self, bundle: TournamentBundle) -> tuple[TournamentBundle, list[Any]]:
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

    def _arena_rows(self, bundle: TournamentBundle) -> list[ArenaRow]:
        t = bundle.tournament
        return arena_standings(admitted(bundle.entries), bundle.rounds, t.rules.streaks, t.lot_seed)

    def arena(self, tournament_id: str) -> ArenaView:
        """An arena's leaderboard, its games under way and its window."""
        return self.arena_of(self.bundle(tournament_id))

    def arena_of(self, bundle: TournamentBundle) -> ArenaView:
        """:meth:`arena` of a tournament already read."""
        t = bundle.tournament
        if not t.rules.format_rules.continuous:
            raise BadRequest("this tournament is not an arena", code="not_an_arena")
        playing = undecided(bundle)
        ends, grace = arena_times(t) if t.started_at else (None, None)
        return ArenaView(t.id, self._arena_rows(bundle), playing, ends, grace, t.rules.streaks)

    def kept_bundle(self, t: TournamentRecord, fresh: bool = False) -> TournamentBundle:
        """The whole of a big tournament at version ``t.version`` as this container read it lately (or
        read now, when ``fresh``): what its followers' views are computed from, once per version."""
        return BUNDLES.get((id(self.repo), t.id, t.version), lambda: self.bundle(t.id), fresh=fresh)

    def your_place(self, caller: Caller, tournament_id: str) -> YourPlace:
        """The caller's entry and table (``GET /tournaments/{id}/me``): what a follower's page asks at
        every change, so a big tournament's answer comes from what this container computed for its
        version (one read of the tournament's item), not from a read of its whole partition each time."""
        player = caller.require_player()
        t = self.get(tournament_id)
        if t.entries <= recent.KEPT_ABOVE:
            found = places_of(self.bundle(tournament_id))
        else:
            found = PLACES.get((id(self.repo), t.id, t.version), lambda: places_of(self.kept_bundle(t)))
        # the entry as stored now: the player's own check-in, withdrawal or pause moves no version
        entrant = self.repo.player_entry(tournament_id, player)
        entry = self.repo.get_entry(tournament_id, entrant) if entrant is not None else None
        if entry is None:
            return YourPlace(None)
        number, table = found.tables.get(entry.id, (None, None))
        opponent = None
        if table is not None:
            other = table.second if table.first == entry.id else table.first
            opponent = (other, found.names.get(other, other))
        return YourPlace(entry, number, table, entry.id in found.byes, opponent)


def places_of(bundle: TournamentBundle) -> Places:
    """Each entrant's table in the open rounds and the current one, an undecided table before a decided
    one, a later round before an earlier one."""
    t = bundle.tournament
    tables: dict[str, tuple[int, TableRecord]] = {}
    current = [r for r in bundle.rounds if r.status == "open" or r.number == t.current_round]
    for rnd in sorted(current, key=lambda r: r.number):
        for table in rnd.tables:
            for entrant in (table.first, table.second):
                kept = tables.get(entrant)
                if kept is None or table.result is None or kept[1].result is not None:
                    tables[entrant] = (rnd.number, table)
    now = next((r for r in bundle.rounds if r.number == t.current_round), None)
    byes = frozenset([*now.byes, *now.requested_byes]) if now is not None else frozenset()
    return Places(tables, byes, {e.id: e.name for e in bundle.entries})

"""An open round's progress: start its matches, collect their results, play the next game of a table,
adjudicate at the deadline, score forfeits, close the round; tell the club's webhooks what was decided.

A table played in person gets no match: its result is written by the players' reports or an organizer
(:mod:`scopa.application.services.tournaments.table_results`), and the round waits for it; once every
table is decided, the round closes here as any other.

Its own job because it is where matches meet the tournament: deterministic match ids and deal seeds, a
table's result from its games, and the round written under its version so two runs cannot both apply it."""

from __future__ import annotations

import hashlib
import time

from scopa.application.clock import iso
from scopa.application.ports.matches import Match
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.services import webhooks as hook_events
from scopa.application.services.matches import ScheduledMatch, absent_seat, finished_at
from scopa.application.services.pipeline.common import PipelineContext, arena_times, match_id
from scopa.domain.games import GAMES
from scopa.domain.tournaments.arena import window_reason
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TableRecord, TournamentRecord

#: Matches one step of the pipeline creates at most, and the seconds it spends creating them (each is a
#: few reads and a transaction, 10-40 ms on DynamoDB): a round of more tables is started over several
#: steps, each saved, so that a run, or a request that advances the tournament, keeps within its time.
MATCHES_PER_STEP = 500
STEP_SECONDS = 4.0


class RoundProgress:
    """Moves an open round on; each call is one write of the round (or none when waiting)."""

    def __init__(self, ctx: PipelineContext) -> None:
        self._ctx = ctx

    def progress(self, bundle: TournamentBundle, rnd: RoundRecord) -> str | None:
        """Start the round's matches, collect results, play on, adjudicate, close; None when waiting."""
        t = bundle.tournament
        entries = {e.id: e for e in bundle.entries}
        expected = rnd.version
        before = hook_events.decided(rnd)
        if not rnd.matches_created:
            started = self._start_matches(t, rnd, entries)
            rnd.version += 1
            self._ctx.repo.save_round(t.id, rnd, expected)
            self._results(t, rnd, before)
            if not rnd.matches_created:
                return f"round {rnd.number}: {started} matches started, more to come"
            return f"round {rnd.number}: matches started"
        if not self._collect(t, rnd, entries):
            return None
        if rnd.status == "closed":
            self._rate_in_person(bundle, rnd)
        rnd.version += 1
        self._ctx.repo.save_round(t.id, rnd, expected)
        self._results(t, rnd, before)
        return f"round {rnd.number} closed" if rnd.status == "closed" else f"round {rnd.number}: results"

    def _start_matches(self, t: TournamentRecord, rnd: RoundRecord, entries: dict[str, EntryRecord]) -> int:
        """Create each online table's first game (a table with an absent entrant is scored without play),
        at most :data:`MATCHES_PER_STEP` of them, in about :data:`STEP_SECONDS`: a bigger round (an
        arena's first wave at thousands of entrants) starts over several steps, each saved, so no run
        has to create them all before its time is up. How many were created."""
        started = 0
        began = time.monotonic()
        for table in rnd.tables:
            if table.result is not None or table.games or self._forfeit_absent(table, entries):
                continue
            if table.mode == "online":  # in person: no match; the round waits for the reported result
                if started == MATCHES_PER_STEP or (started and time.monotonic() - began > STEP_SECONDS):
                    return started  # the rest in the next step
                match = self._ctx.matches.create_scheduled(self._spec(t, rnd, table, 1, entries))
                table.games.append(match.id)
                started += 1
        rnd.matches_created = True
        return started

    def _collect(self, t: TournamentRecord, rnd: RoundRecord, entries: dict[str, EntryRecord]) -> bool:
        """Read the undecided tables' games and update the tables (closing the round once all are
        decided); whether anything changed."""
        ctx = self._ctx
        undecided = [tb for tb in rnd.tables if tb.result is None and tb.mode == "online"]
        found = ctx.matches.refresh([g for tb in undecided for g in tb.games])
        late = rnd.deadline is not None and ctx.clock.now() >= rnd.deadline
        changed = False
        for table in undecided:
            changed |= self._update_table(t, rnd, table, found, entries, late)
        for table in rnd.tables:  # in person: an entrant withdrawn or excluded meanwhile forfeits
            if table.result is None and table.mode == "in_person":
                changed |= self._forfeit_absent(table, entries)
        if rnd.decided:
            rnd.status = "closed"
            rnd.closed_at = iso(ctx.clock.now())
            changed = True
        return changed

    def _rate_in_person(self, bundle: TournamentBundle, rnd: RoundRecord) -> None:
        """Rate the round's in-person tables before the write that closes it: a fault leaves the round
        open, and the next run rates again (a table rated already is refused, skipped) and closes it."""
        rate = self._ctx.rate_tables
        if rate is not None and any(x.mode == "in_person" for x in rnd.tables):
            rate(bundle.tournament, bundle.entries, [rnd])

    def _results(self, t: TournamentRecord, rnd: RoundRecord, before: set[int]) -> None:
        """Tell the club's webhooks of the tables this round's write decided."""
        tables = [x for x in rnd.tables if x.result is not None and x.table not in before]
        self._ctx.events.publish(hook_events.recorded(t, rnd, tables, iso(self._ctx.clock.now())))

    @staticmethod
    def _forfeit_absent(table: TableRecord, entries: dict[str, EntryRecord]) -> bool:
        """A table with a withdrawn or excluded entrant is scored without play (round robins keep them)."""
        here = [entries.get(table.first), entries.get(table.second)]
        active = [e is not None and e.status == "active" for e in here]
        if all(active):
            return False
        table.result = [1.0 if active[0] else 0.0, 1.0 if active[1] else 0.0]
        table.forfeit = True
        table.reason = "withdrawn"
        return True

    def _update_table(
        self,
        t: TournamentRecord,
        rnd: RoundRecord,
        table: TableRecord,
        found: dict[str, Match],
        entries: dict[str, EntryRecord],
        late: bool,
    ) -> bool:
        """Bring one undecided table up to date with its games; whether it changed."""
        settings = t.rules
        before = (list(table.wins), list(table.points), table.result, list(table.games))
        if late:
            self._adjudicate_last(t, table, found)
        forfeit_loser, last_reason, last_done = self._tally(t, rnd, table, found, entries)
        need = settings.games_per_match // 2 + 1
        wins, points = table.wins, table.points
        if forfeit_loser is not None:
            table.result = [0.0, 1.0] if forfeit_loser == 0 else [1.0, 0.0]
            table.forfeit = True
            table.reason = "no_show"
        elif max(wins) >= need:
            table.result = [1.0, 0.0] if wins[0] > wins[1] else [0.0, 1.0]
            table.reason = last_reason
        elif last_done and late:
            # Time is up between games: more games won, then more game points, else a draw.
            key = (wins[0] - wins[1]) or (points[0] - points[1])
            table.result = [1.0, 0.0] if key > 0 else [0.0, 1.0] if key < 0 else [0.5, 0.5]
            table.reason = "round_deadline"
        elif last_done:
            game_no = len(table.games) + 1
            match = self._ctx.matches.create_scheduled(self._spec(t, rnd, table, game_no, entries))
            table.games.append(match.id)
        if settings.format_rules.continuous and table.result is not None:  # decided by its single game
            table.reason = window_reason(table.reason, finished_at(found[table.games[-1]]), arena_times(t)[1])
        return before != (table.wins, table.points, table.result, table.games)

    def _adjudicate_last(self, t: TournamentRecord, table: TableRecord, found: dict[str, Match]) -> None:
        """At the deadline, the table's game still under way is adjudicated (an arena's unrated)."""
        last = found.get(table.games[-1]) if table.games else None
        if last is not None and last.status == "active":  # an arena's counts for nobody: unrated
            rate = not t.rules.format_rules.continuous
            found[last.id] = self._ctx.matches.adjudicate(last.id, "round_deadline", rate=rate)

    def _tally(
        self,
        t: TournamentRecord,
        rnd: RoundRecord,
        table: TableRecord,
        found: dict[str, Match],
        entries: dict[str, EntryRecord],
    ) -> tuple[int | None, str | None, bool]:
        """Count the table's games into its wins and points; the side that lost on time without playing
        a card (or None), the last decided game's reason, and whether the last game is over."""
        wins, points = [0, 0], [0, 0]
        forfeit_loser: int | None = None
        last_reason = None
        last_done = False
        for game_id in table.games:
            match = found.get(game_id)
            if match is None:
                # Created by a run that crashed before saving the round: the id finds it again.
                game_no = table.games.index(game_id) + 1
                match = self._ctx.matches.create_scheduled(self._spec(t, rnd, table, game_no, entries))
                found[game_id] = match
            outcome = GAMES[match.game].outcome(match.state)
            last_done = outcome is not None
            if outcome is None:
                continue
            winner_side = outcome.winner_side
            wins[winner_side] += 1
            points[0] += outcome.scores[0]
            points[1] += outcome.scores[1]
            last_reason = outcome.reason
            if absent_seat(match, outcome) is not None:  # lost on time without playing a card
                forfeit_loser = 1 - winner_side
        table.wins, table.points = wins, points
        return forfeit_loser, last_reason, last_done

    @staticmethod
    def _spec(
        t: TournamentRecord,
        rnd: RoundRecord,
        table: TableRecord,
        game_no: int,
        entries: dict[str, EntryRecord],
    ) -> ScheduledMatch:
        """Game ``game_no`` of a table: its id and deal seed follow from where it is played."""
        settings = t.rules
        first, second = entries[table.first].players, entries[table.second].players
        seats = [first[0], second[0], first[1], second[1]] if len(first) == 2 else [first[0], second[0]]
        place = (
            f"{rnd.number}:{game_no}" if settings.duplicate_deals else f"{rnd.number}:{table.table}:{game_no}"
        )
        seed = hashlib.sha256(f"{t.deal_seed}:{place}".encode()).hexdigest()
        return ScheduledMatch(
            id=match_id(t.id, rnd.number, table.table, game_no),
            seats=seats,
            game=settings.game,
            preset=settings.preset,
            options=settings.rule_options(),
            move_seconds=settings.seconds_per_move,
            seed=seed,
            context={"tournament": t.id, "round": rnd.number, "table": table.table, "game": game_no},
            created_by=t.created_by,
            leader_seat=(game_no - 1) % 2,  # who leads alternates from game to game
        )

"""Ratings: rate finished matches exactly once in finish order, leaderboards, history, recompute.

The pipeline calls :meth:`RatingService.rate_pending` every run. Finished, rateable matches wait in the
``UNRATED`` index (oldest first); each is rated by one transaction that also flips the match's marker,
so a re-run, a duplicate trigger or a concurrent run cannot rate it twice. A run stops at the first lost
condition, so no later match of the same players is rated before an earlier one. Only matches finished
at least :data:`SETTLE_SECONDS` ago are taken, which gives the eventually consistent index time to list
every earlier one first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, NotFound
from scopa.application.ports.clubs import ClubRepository
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.matches import Match, MatchRepository
from scopa.application.ports.ratings import HistoryPoint, Order, RatingRepository, StoredRating
from scopa.application.ports.tournaments import TournamentRepository
from scopa.application.services.players import PlayerService
from scopa.domain.games import GAMES
from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, apply_match, recompute
from scopa.domain.ratings.order import rank_key
from scopa.domain.ratings.pools import RatingPool, default_pools, pool_for, pools_by_id
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TournamentRecord
from scopa.domain.tournaments.settings import TournamentSettings

SETTLE_SECONDS = 5
DEFAULT_SEED_RATING = 1500.0  # the seeding rating of an entrant none of whose players is rated yet


@dataclass(frozen=True)
class RatingRow:
    """A player's rating in a pool as a leaderboard shows it (rounded to a tenth); ``rank`` None off a
    leaderboard."""

    rank: int | None
    player_id: str
    name: str
    elo: float
    elo_provisional: bool
    glicko: float
    glicko_rd: float
    glicko_provisional: bool
    games: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True)
class Leaderboard:
    pool: str
    by: Order
    rows: list[RatingRow]
    next_cursor: str | None


@dataclass(frozen=True)
class PoolRecord:
    """A player's standing in one pool: the rating, its history (oldest first), records by opponent."""

    rating: RatingRow
    history: list[HistoryPoint]
    opponents: list[dict[str, Any]]  # {"opponent", "wins", "losses", "draws"}


@dataclass(frozen=True)
class PlayerRatings:
    player_id: str
    name: str
    pools: list[PoolRecord]


@dataclass(frozen=True)
class Recomputed:
    """What a recompute did: the matches replayed, the ratings written, the players whose rating moved."""

    pool: str
    matches: int
    players: int
    changed: list[str]


def epoch_of(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def _finish_position(match: Match) -> tuple[str, str]:
    """Where a match stands in finish order: as the waiting index sorts (finish time, then id)."""
    return match.updated_at, match.id


class RatingService:
    def __init__(
        self,
        store: RatingRepository,
        matches: MatchRepository,
        clubs: ClubRepository,
        tournaments: TournamentRepository,
        players: PlayerService,
        clock: Clock,
        pools: tuple[RatingPool, ...] | None = None,
    ) -> None:
        self.store = store
        self.matches = matches
        self.clubs = clubs
        self.tournaments = tournaments
        self.players = players
        self.clock = clock
        self._pools = pools  # None: every registered game's pools, asked at each use

    @property
    def pools(self) -> tuple[RatingPool, ...]:
        return default_pools() if self._pools is None else self._pools

    @property
    def _by_id(self) -> dict[str, RatingPool]:
        return pools_by_id(self.pools)

    def pool(self, pool_id: str) -> RatingPool:
        try:
            return self._by_id[pool_id]
        except KeyError:
            raise NotFound(
                f"no rating pool '{pool_id}'; pools: {', '.join(self._by_id)}", code="pool_not_found"
            ) from None

    # ------------------------------------------------------------------ rating

    def rated_match(self, match: Match) -> tuple[RatingPool, RatedMatch] | None:
        """How the ledger sees a finished match, or None when no pool rates it."""
        outcome = GAMES[match.game].outcome(match.state)
        pool = pool_for(match.preset, len(match.seats), self.pools, match.game)
        if outcome is None or pool is None:
            return None
        sides = tuple(
            tuple(p for i, p in enumerate(match.seats) if outcome.side_of_seat[i] == side) for side in (0, 1)
        )
        score = 1.0 if outcome.winner_side == 0 else 0.0
        return pool, RatedMatch(match.id, epoch_of(match.updated_at), pool.id, (sides[0], sides[1]), score)

    def rate_pending(self, limit: int = 200) -> list[str]:
        """Rate the waiting matches, oldest first; returns the ids rated by this call."""
        before = iso(self.clock.now() - SETTLE_SECONDS)
        ids = self.store.unrated(before, limit)
        found = self.matches.get_matches(ids)
        return self._rate_in_order([found[i] for i in ids if i in found])

    def rate_finished(self, match_ids: list[str], limit: int = 200) -> list[str]:
        """Rate ``match_ids`` now, as they finished (the matches a tournament's advance just decided), so a
        leaderboard read after the call shows them; returns the ids rated by this call.

        Finish order is kept: every match the waiting index lists up to now is rated with them, oldest
        first, settled or not (the given matches are read consistently, so none waits for the index).
        When the index lists ``limit`` matches or more, a given match finished after the last one listed
        is left to the scheduled step, which rates the earlier ones first.
        """
        waiting = self.store.unrated(iso(self.clock.now() + 1), limit)
        found = self.matches.get_matches(list(dict.fromkeys([*waiting, *match_ids])))
        chosen = sorted(found.values(), key=_finish_position)
        if len(waiting) >= limit and waiting[-1] in found:
            last = _finish_position(found[waiting[-1]])
            chosen = [m for m in chosen if _finish_position(m) <= last]
        return self._rate_in_order(chosen)

    def _rate_in_order(self, matches: list[Match]) -> list[str]:
        """Rate the pending ones of ``matches`` (in finish order), each with its own transaction; stop at
        the first lost condition, so no later match of the same players is rated before an earlier one."""
        rated = []
        for match in matches:
            if match.rating != "pending":
                continue
            seen = self.rated_match(match)
            if seen is None:
                continue
            pool, rm = seen
            players = [p for side in rm.sides for p in side]
            stored = self.store.get_ratings(pool.id, players)
            changes = apply_match({p: st.rating for p, st in stored.items()}, rm, pool)
            names = dict(zip(match.seats, match.names, strict=True))
            try:
                self.store.rate(rm, match.updated_at, changes, stored, names)
            except WriteConflict:
                break  # rated by someone else, or a player's rating moved: the next run goes on in order
            rated.append(match.id)
        return rated

    def rate_tables(
        self, t: TournamentRecord, entries: list[EntryRecord], rounds: list[RoundRecord]
    ) -> list[str]:
        """Rate the decided in-person tables of ``rounds`` (the pipeline calls it as a round closes, before
        the closing write), in round and table order, in the pool that rates the tournament's rules: the
        same pool as its online tables, the same game under the same rules (docs/ratings.md). A forfeit is
        not rated (no card was played, as online). A table is rated as played at its round's start, and
        once: its entry in the pool's log is keyed by that time and the table, written with the ratings
        and refused a second time. Returns the ids rated (``ip_<tournament>-r<round>-t<table>``)."""
        settings = t.rules
        game = GAMES[settings.game]
        seats = game.players(game.validate_rules(settings.preset, settings.rule_options()))
        pool = pool_for(settings.preset, seats, self.pools, settings.game)
        if pool is None:
            return []
        by_id = {e.id: e for e in entries}
        rated = []
        for rnd in sorted(rounds, key=lambda r: r.number):
            for table in rnd.tables:
                first, second = by_id.get(table.first), by_id.get(table.second)
                if table.mode != "in_person" or table.result is None or table.forfeit:
                    continue
                if first is None or second is None:
                    continue
                rid = f"ip_{t.id.removeprefix('t_')}-r{rnd.number}-t{table.table}"
                rm = RatedMatch(
                    rid,
                    epoch_of(rnd.created_at),
                    pool.id,
                    (tuple(first.players), tuple(second.players)),
                    table.result[0] if table.result[0] != table.result[1] else 0.5,
                )
                if self._rate_table(rm, rnd.created_at, [*first.players, *second.players], pool):
                    rated.append(rid)
        return rated

    def _rate_table(self, rm: RatedMatch, closed_at: str, players: list[str], pool: RatingPool) -> bool:
        """Rate one in-person table; a lost condition is tried once more on the ratings read again (a
        rating moved meanwhile), and a second loss means it was rated already."""
        for _ in range(2):
            stored = self.store.get_ratings(pool.id, players)
            changes = apply_match({p: st.rating for p, st in stored.items()}, rm, pool)
            names = {p: stored[p].name if p in stored else self._name(p) for p in players}
            try:
                self.store.rate(rm, closed_at, changes, stored, names, match_item=False)
            except WriteConflict:
                continue
            return True
        return False

    def _name(self, player_id: str) -> str:
        try:
            return self.players.get(player_id).name
        except NotFound:
            return player_id

    def recompute(self, caller: Caller, pool_id: str) -> Recomputed:
        """Rebuild a pool's ratings from its rated-match log and store them; report what changed."""
        caller.require_admin()
        return self.rebuild(pool_id)

    def rebuild(self, pool_id: str) -> Recomputed:
        """:meth:`recompute` without the caller check: the jobs service's step (admin checked on queueing).

        Safe to run again, or after a run that stopped half way: it rewrites every rating of the pool
        from the rated-match log."""
        pool = self.pool(pool_id)
        history = list(self.store.rated_matches(pool.id))
        fresh = recompute(history, [pool])[pool.id]
        current = self.store.all_ratings(pool.id)
        changed = sorted(p for p, r in fresh.items() if p not in current or current[p].rating != r)
        names = {p: st.name for p, st in current.items()}
        written = self.store.replace_all(pool, fresh, names)
        return Recomputed(pool.id, len(history), written, changed)

    def seed_rating(
        self, preset: str, players_at_table: int, players: list[str], game: str = "scopa"
    ) -> float | None:
        """The mean Elo of ``players`` in the pool that rates these rules (None: unrated or no pool)."""
        pool = pool_for(preset, players_at_table, self.pools, game)
        if pool is None:
            return None
        found = self.store.get_ratings(pool.id, players)
        if not found:
            return None
        return sum(found[p].rating.elo if p in found else pool.elo.initial for p in players) / len(players)

    def reseed(self, settings: TournamentSettings, entries: list[EntryRecord]) -> list[EntryRecord]:
        """The active entries whose seeding rating is no longer their players' rating, given it again:
        read at the start, not kept from the entry. A rating an organizer set by hand is kept; players
        with no rating in the pool count at the pool's initial Elo, a team of unrated players at
        ``default``; without a pool the entries are left as they are. One read for every player."""
        game = GAMES[settings.game]
        table = game.players(game.validate_rules(settings.preset, settings.rule_options()))
        pool = pool_for(settings.preset, table, self.pools, settings.game)
        if pool is None:
            return []
        chosen = [e for e in entries if e.status == "active" and not e.rating_fixed]
        found = self.store.get_ratings(pool.id, [p for e in chosen for p in e.players])
        changed = []
        for entry in chosen:
            if not any(p in found for p in entry.players):
                rating = DEFAULT_SEED_RATING
            else:
                elos = [found[p].rating.elo if p in found else pool.elo.initial for p in entry.players]
                rating = sum(elos) / len(elos)
            if rating != entry.rating:
                entry.rating = rating
                changed.append(entry)
        return changed

    # ------------------------------------------------------------------ reading

    def leaderboard(
        self,
        pool_id: str,
        order: Order = "elo",
        limit: int = 20,
        cursor: str | None = None,
        provisional: bool = True,
        club: str | None = None,
        tournament: str | None = None,
    ) -> Leaderboard:
        pool = self.pool(pool_id)

        def keep(st: StoredRating) -> bool:
            return provisional or not self._provisional(st.rating, pool, order)

        if club is not None or tournament is not None:
            if club is not None and tournament is not None:
                raise BadRequest("filter by a club or by a tournament, not both", code="bad_request")
            members = self._members(club, tournament)
            rows = [st for st in self.store.get_ratings(pool.id, members).values() if keep(st)]
            # The order of every leaderboard (the stores' rank key): see scopa.domain.ratings.order.
            rows.sort(key=lambda st: rank_key(self._value(st.rating, order), st.player_id), reverse=True)
            return Leaderboard(
                pool.id, order, [self.row(st, pool, i + 1) for i, st in enumerate(rows[:limit])], None
            )
        rows, nxt, offset = self.store.top(pool.id, order, limit, cursor, keep)
        return Leaderboard(
            pool.id, order, [self.row(st, pool, offset + i + 1) for i, st in enumerate(rows)], nxt
        )

    def around(self, caller: Caller, pool_id: str, order: Order = "elo", count: int = 5) -> Leaderboard:
        """The caller and the ``count`` players just above and below (all players, provisional too)."""
        pool = self.pool(pool_id)
        me = self.store.get_ratings(pool.id, [caller.require_player()]).get(caller.player_id or "")
        if me is None:
            raise NotFound("you have no rating in this pool yet: play a rated match", code="not_rated")
        above, below, higher = self.store.neighbours(pool.id, order, me, count)
        first = higher - len(above) + 1
        rows = [*above, me, *below]
        return Leaderboard(pool.id, order, [self.row(st, pool, first + i) for i, st in enumerate(rows)], None)

    def player(self, player_id: str, pool_id: str | None, points: int = 100) -> PlayerRatings:
        profile = self.players.get(player_id)
        pools = [self.pool(pool_id)] if pool_id else list(self.pools)
        stored = {st.pool: st for st in self.store.player_pools(profile.id)}
        out = []
        for pool in pools:
            st = stored.get(pool.id)
            if st is None:
                continue
            out.append(
                PoolRecord(
                    self.row(st, pool, None),
                    self.store.history(profile.id, pool.id, points),
                    self.store.records(profile.id, pool.id),
                )
            )
        return PlayerRatings(profile.id, profile.name, out)

    def row(self, st: StoredRating, pool: RatingPool, rank: int | None) -> RatingRow:
        r = st.rating
        return RatingRow(
            rank=rank,
            player_id=st.player_id,
            name=st.name,
            elo=round(r.elo, 1),
            elo_provisional=r.elo_provisional(pool.elo),
            glicko=round(r.glicko_rating, 1),
            glicko_rd=round(r.glicko_rd_at(self.clock.now(), pool.glicko), 1),
            glicko_provisional=r.glicko_provisional(pool.glicko),
            games=r.games,
            wins=r.wins,
            losses=r.losses,
            draws=r.draws,
        )

    def _members(self, club: str | None, tournament: str | None) -> list[str]:
        if club is not None:
            if self.clubs.get_club(club) is None:
                raise NotFound(f"no club '{club}'", code="club_not_found")
            members: list[str] = []
            cursor = None
            while True:
                page, cursor = self.clubs.list_members(club, 100, cursor)
                members += [m.player_id for m in page]
                if not cursor:
                    return members
        bundle = self.tournaments.load(tournament or "")
        if bundle is None:
            raise NotFound(f"no tournament '{tournament}'", code="tournament_not_found")
        return [p for e in bundle.entries for p in e.players]

    @staticmethod
    def _value(r: PlayerRating, order: Order) -> float:
        return r.elo if order == "elo" else r.glicko_rating

    @staticmethod
    def _provisional(r: PlayerRating, pool: RatingPool, order: Order) -> bool:
        return r.elo_provisional(pool.elo) if order == "elo" else r.glicko_provisional(pool.glicko)

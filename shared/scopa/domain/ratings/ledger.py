"""The rating ledger: a deterministic state machine from finished matches to every player's ratings.

* :class:`PlayerRating` is one player's state in one pool: Elo (rating, rated games, whether the rating
  ever reached 2400), Glicko-2 (rating, RD, volatility, time of the last rated match) and the tally.
* :class:`RatedMatch` is a finished match as the ledger sees it: id, finish time (epoch seconds), pool,
  the player ids of both sides, and side 0's score (1 win, 0.5 draw, 0 loss).
* :func:`apply_match` is pure: given the current ratings (players absent start at the pool's initial
  values) it returns one :class:`RatingChange` per player, before and after.
* :func:`recompute` rates a whole history: it sorts the matches by (finished_at, match id) and applies
  them in that order. Applying the same matches one by one with :func:`apply_match`, in the same order,
  gives bit-identical ratings; the tests check it.

The order matters (Elo and Glicko-2 are path dependent: the same results in another order give other
ratings); the same order always gives the same bits, since nothing here reads a clock or a random source.

:func:`recompute` does not build a ``PlayerRating`` per update: in one-against-one pools it keeps a
plain tuple of floats and ints per player (replaced after each match, cheaper in CPython than updating a
list item by item) and runs the same arithmetic as :func:`apply_match`, written out in one loop; the
Glicko-2 volatility iteration is the very same function. Partnership pools go through :func:`apply_match`
itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress, islice
from math import exp, isfinite, sqrt
from operator import attrgetter, eq

from scopa.domain.ratings import glicko2
from scopa.domain.ratings.elo import elo_deltas
from scopa.domain.ratings.glicko2 import CENTER, Q3, SCALE, new_volatility
from scopa.domain.ratings.pools import EloConfig, Glicko2Config, RatingPool, default_pools, pools_by_id

SCORES = (0.0, 0.5, 1.0)


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's ratings in one pool."""

    elo: float
    elo_games: int
    reached_2400: bool  # the Elo rating has reached the pool's top rating (2400) at least once
    glicko_rating: float
    glicko_rd: float
    glicko_volatility: float
    glicko_last_played: float | None  # epoch seconds of the last rated match; None before the first
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @classmethod
    def initial(cls, pool: RatingPool) -> PlayerRating:
        """A new player's ratings in ``pool``."""
        return cls(
            elo=pool.elo.initial,
            elo_games=0,
            reached_2400=False,
            glicko_rating=pool.glicko.initial_rating,
            glicko_rd=pool.glicko.initial_rd,
            glicko_volatility=pool.glicko.initial_volatility,
            glicko_last_played=None,
        )

    def elo_provisional(self, cfg: EloConfig | None = None) -> bool:
        """The Elo rating is provisional while the player has fewer than ``provisional_games`` games."""
        return self.elo_games < (cfg or DEFAULT_ELO).provisional_games

    def glicko_provisional(self, cfg: Glicko2Config | None = None) -> bool:
        """The Glicko-2 rating is provisional while its RD is above ``provisional_rd`` (110)."""
        return self.glicko_rd > (cfg or DEFAULT_GLICKO).provisional_rd

    def glicko_rd_at(self, now: float, cfg: Glicko2Config | None = None) -> float:
        """The RD at time ``now``, grown by the empty rating periods since the last match."""
        cfg = cfg or DEFAULT_GLICKO
        periods = glicko2.elapsed_periods(self.glicko_last_played, now, cfg.period_seconds)
        return glicko2.rd_after_inactivity(
            glicko2.Glicko2Rating(self.glicko_rating, self.glicko_rd, self.glicko_volatility), periods, cfg
        )


DEFAULT_ELO = EloConfig()
DEFAULT_GLICKO = Glicko2Config()


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A finished match to rate. ``score`` is side 0's: 1 (side 0 won), 0.5 (draw) or 0 (side 1 won)."""

    id: str
    finished_at: float
    pool: str
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    score: float

    def __post_init__(self) -> None:
        sides = self.sides
        if len(sides) != 2 or not sides[0] or not sides[1]:
            raise ValueError(f"match {self.id}: two sides of at least one player each are needed")
        players = sides[0] + sides[1]
        if len(players) == 2:
            if players[0] == players[1]:
                raise ValueError(f"match {self.id}: a player appears twice")
        elif len(set(players)) != len(players):
            raise ValueError(f"match {self.id}: a player appears twice")
        if not isfinite(self.finished_at):
            raise ValueError(f"match {self.id}: finished_at must be a finite time, got {self.finished_at!r}")
        if self.score not in SCORES:
            raise ValueError(f"match {self.id}: score must be 1, 0.5 or 0, got {self.score!r}")


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one match did to one player."""

    player: str
    before: PlayerRating
    after: PlayerRating
    match_id: str
    opponents: tuple[str, ...]

    @property
    def elo_delta(self) -> float:
        return self.after.elo - self.before.elo

    @property
    def glicko_delta(self) -> float:
        return self.after.glicko_rating - self.before.glicko_rating


def _check(match: RatedMatch, pool: RatingPool) -> None:
    if match.pool != pool.id:
        raise ValueError(f"match {match.id} belongs to pool '{match.pool}', not '{pool.id}'")
    for side in match.sides:
        if len(side) != pool.players_per_side:
            raise ValueError(
                f"match {match.id}: pool '{pool.id}' has {pool.players_per_side} player(s) a side, "
                f"a side has {len(side)}"
            )


def apply_match(
    ratings: Mapping[str, PlayerRating], match: RatedMatch, pool: RatingPool
) -> list[RatingChange]:
    """The rating changes of every player of ``match`` (side 0 first); ``ratings`` is not modified."""
    _check(match, pool)
    ecfg, gcfg = pool.elo, pool.glicko
    now = match.finished_at
    period = gcfg.period_seconds
    phi_max = gcfg.max_rd / SCALE
    befores = [[ratings.get(p) or PlayerRating.initial(pool) for p in side] for side in match.sides]

    # Elo: the sides' means, one expected score, each partner with their own K.
    deltas = elo_deltas(befores[0], befores[1], match.score, ecfg)

    # Glicko-2: everyone's pre-match (mu, phi), after the RD growth of their inactivity.
    pre = [
        [
            (
                (b.glicko_rating - CENTER) / SCALE,
                glicko2.inflate_phi(
                    b.glicko_rd / SCALE,
                    b.glicko_volatility,
                    glicko2.elapsed_periods(b.glicko_last_played, now, period),
                    phi_max,
                ),
            )
            for b in side
        ]
        for side in befores
    ]
    composites = [glicko2.composite_opponent([m for m, _ in side], [p for _, p in side]) for side in pre]

    changes: list[RatingChange] = []
    for i, side in enumerate(match.sides):
        score = match.score if i == 0 else 1.0 - match.score
        mu_j, phi_j = composites[1 - i]
        for j, player in enumerate(side):
            before = befores[i][j]
            mu, phi = pre[i][j]
            mu_new, phi_new, sigma_new = glicko2.update(
                mu, phi, before.glicko_volatility, [(mu_j, phi_j, score)], gcfg.tau, gcfg.epsilon
            )
            new_elo = before.elo + deltas[i][j]
            after = PlayerRating(
                elo=new_elo,
                elo_games=before.elo_games + 1,
                reached_2400=before.reached_2400 or new_elo >= ecfg.top_rating,
                glicko_rating=SCALE * mu_new + CENTER,
                glicko_rd=SCALE * phi_new,
                glicko_volatility=sigma_new,
                glicko_last_played=now,
                games=before.games + 1,
                wins=before.wins + (score == 1.0),
                losses=before.losses + (score == 0.0),
                draws=before.draws + (score == 0.5),
            )
            changes.append(RatingChange(player, before, after, match.id, match.sides[1 - i]))
    return changes


# ---------------------------------------------------------------------- recompute

_BY_TIME = attrgetter("finished_at")
_BY_ID = attrgetter("id")
_NEVER = float("inf")  # the fast path's "last played" of a new player: every elapsed time is -inf


def sort_matches(matches: Iterable[RatedMatch]) -> list[RatedMatch]:
    """The ledger's order: by finish time, then by match id.

    The same list as ``sorted(matches, key=attrgetter("finished_at", "id"))``, about ten times faster
    on a large history: sort on the time alone (a float key), then sort each run of equal times by id.
    """
    ordered = sorted(matches, key=_BY_TIME)
    times = list(map(_BY_TIME, ordered))
    tied = list(compress(range(1, len(times)), map(eq, times, islice(times, 1, None))))  # = the one before
    i = 0
    while i < len(tied):
        k = i
        while k + 1 < len(tied) and tied[k + 1] == tied[k] + 1:
            k += 1
        lo, hi = tied[i] - 1, tied[k] + 1
        ordered[lo:hi] = sorted(ordered[lo:hi], key=_BY_ID)
        i = k + 1
    return ordered


def recompute(
    matches: Iterable[RatedMatch], pools: Sequence[RatingPool] | None = None, *, glicko: bool = True
) -> dict[str, dict[str, PlayerRating]]:
    """Every player's ratings in every pool after all ``matches``, applied in (finished_at, id) order.

    Bit-identical to folding :func:`apply_match` over the same sorted matches. A match of an unknown pool,
    or with the wrong number of players a side, raises ValueError. ``glicko=False`` rebuilds Elo and the
    tally only, in one-against-one pools (the Glicko-2 fields keep their initial values): a quick Elo-only
    rebuild. Partnership pools are always rated in full.
    """
    by_id = pools_by_id(default_pools() if pools is None else pools)
    buckets: dict[str, list[RatedMatch]] = {pid: [] for pid in by_id}
    for m in sort_matches(matches):
        bucket = buckets.get(m.pool)
        if bucket is None:
            raise ValueError(f"match {m.id}: unknown rating pool '{m.pool}'")
        bucket.append(m)
    out: dict[str, dict[str, PlayerRating]] = {}
    for pid, pool in by_id.items():
        if pool.players_per_side != 1:
            out[pid] = _run_generic(buckets[pid], pool)
            continue
        records = _run_singles(buckets[pid], pool) if glicko else _run_singles_elo(buckets[pid], pool)
        out[pid] = {player: _from_record(rec) for player, rec in records.items()}
    return out


def _run_generic(matches: list[RatedMatch], pool: RatingPool) -> dict[str, PlayerRating]:
    """Matches of any size, through :func:`apply_match` itself (the partnership pools)."""
    ratings: dict[str, PlayerRating] = {}
    for m in matches:
        for change in apply_match(ratings, m, pool):
            ratings[change.player] = change.after
    return ratings


# The fast path keeps one tuple per player, replaced after every match: the fields of PlayerRating in
# order, except that the last played time is +inf before the first match (every elapsed time is then
# -inf: no inactivity, as for None).
_Record = tuple[float, int, bool, float, float, float, float, int, int, int, int]


def _to_record(r: PlayerRating) -> _Record:
    last = _NEVER if r.glicko_last_played is None else r.glicko_last_played
    return (
        r.elo, r.elo_games, r.reached_2400, r.glicko_rating, r.glicko_rd, r.glicko_volatility, last,
        r.games, r.wins, r.losses, r.draws,
    )  # fmt: skip


def _from_record(rec: _Record) -> PlayerRating:
    elo, elo_games, top, rating, rd, volatility, last, games, wins, losses, draws = rec
    never = last == _NEVER
    return PlayerRating(
        elo, elo_games, top, rating, rd, volatility, None if never else last, games, wins, losses, draws
    )


def _run_singles(
    matches: list[RatedMatch], pool: RatingPool, records: dict[str, _Record] | None = None
) -> dict[str, _Record]:
    """One against one: the arithmetic of :func:`apply_match`, in one loop over plain floats.

    Starts from ``records`` (updated in place) or from nobody.

    Every expression below is written in the same form and order as in :mod:`~scopa.domain.ratings.elo`,
    :mod:`~scopa.domain.ratings.glicko2` and :func:`apply_match` (and the volatility is the same function), so
    the results are the same bits. Change one, change both: ``tests/ratings/test_ledger.py`` compares
    them on random histories.
    """
    ecfg, gcfg = pool.elo, pool.glicko
    k_new, new_games, k_top, k_est = ecfg.k_new, ecfg.new_games, ecfg.k_top, ecfg.k_established
    top, cap = ecfg.top_rating, ecfg.cap
    tau, eps = gcfg.tau, gcfg.epsilon
    period = gcfg.period_seconds
    phi_max = gcfg.max_rd / SCALE
    q3 = Q3
    volatility = new_volatility
    init = _to_record(PlayerRating.initial(pool))
    if records is None:
        records = {}
    get = records.get
    for m in matches:
        try:
            (a,), (b,) = m.sides
        except ValueError:
            _check(m, pool)  # raises, naming the side
            raise
        s = m.score
        t = m.finished_at
        elo_a, n_a, top_a, r_a, rd_a, sig_a, last_a, games_a, won_a, lost_a, drawn_a = get(a, init)
        elo_b, n_b, top_b, r_b, rd_b, sig_b, last_b, games_b, won_b, lost_b, drawn_b = get(b, init)

        # ---- Elo: elo.expected_score, elo.k_factor, elo.elo_deltas
        d = elo_b - elo_a
        if d > cap:
            d = cap
        elif d < -cap:
            d = -cap
        x = s - 1.0 / (1.0 + 10.0 ** (d / 400.0))
        elo_a = elo_a + (k_new if n_a < new_games else (k_top if top_a else k_est)) * x
        elo_b = elo_b + (k_new if n_b < new_games else (k_top if top_b else k_est)) * -x
        if elo_a >= top:
            top_a = True
        if elo_b >= top:
            top_b = True

        # ---- Glicko-2: glicko2.elapsed_periods and inflate_phi, then glicko2.update for each player
        mu_a = (r_a - CENTER) / SCALE
        phi_a = rd_a / SCALE
        el = t - last_a
        if el > 0.0:
            k = el // period
            if k:
                phi_a = sqrt(phi_a * phi_a + k * (sig_a * sig_a))
                if phi_a > phi_max:  # noqa: PLR1730 (no call to min() in the hot loop)
                    phi_a = phi_max
        mu_b = (r_b - CENTER) / SCALE
        phi_b = rd_b / SCALE
        el = t - last_b
        if el > 0.0:
            k = el // period
            if k:
                phi_b = sqrt(phi_b * phi_b + k * (sig_b * sig_b))
                if phi_b > phi_max:  # noqa: PLR1730 (no call to min() in the hot loop)
                    phi_b = phi_max

        g = 1.0 / sqrt(1.0 + phi_b * phi_b * q3)  # a against b
        e = 1.0 / (1.0 + exp(-g * (mu_a - mu_b)))
        info = g * g * e * (1.0 - e)
        imp = g * (s - e)
        if info == 0.0:
            new_phi = sqrt(phi_a * phi_a + sig_a * sig_a)
            r_a = SCALE * mu_a + CENTER
        else:
            v = 1.0 / info
            phi2 = phi_a * phi_a
            sig_a = volatility(phi2, v, v * imp, sig_a, tau, eps)
            new_phi = 1.0 / sqrt(1.0 / (phi2 + sig_a * sig_a) + info)
            r_a = SCALE * (mu_a + new_phi * new_phi * imp) + CENTER
        rd_a = SCALE * new_phi

        sb = 1.0 - s
        g = 1.0 / sqrt(1.0 + phi_a * phi_a * q3)  # b against a
        e = 1.0 / (1.0 + exp(-g * (mu_b - mu_a)))
        info = g * g * e * (1.0 - e)
        imp = g * (sb - e)
        if info == 0.0:
            new_phi = sqrt(phi_b * phi_b + sig_b * sig_b)
            r_b = SCALE * mu_b + CENTER
        else:
            v = 1.0 / info
            phi2 = phi_b * phi_b
            sig_b = volatility(phi2, v, v * imp, sig_b, tau, eps)
            new_phi = 1.0 / sqrt(1.0 / (phi2 + sig_b * sig_b) + info)
            r_b = SCALE * (mu_b + new_phi * new_phi * imp) + CENTER
        rd_b = SCALE * new_phi

        if s == 1.0:
            won_a += 1
            lost_b += 1
        elif s == 0.0:
            lost_a += 1
            won_b += 1
        else:
            drawn_a += 1
            drawn_b += 1
        records[a] = (elo_a, n_a + 1, top_a, r_a, rd_a, sig_a, t, games_a + 1, won_a, lost_a, drawn_a)
        records[b] = (elo_b, n_b + 1, top_b, r_b, rd_b, sig_b, t, games_b + 1, won_b, lost_b, drawn_b)
    return records


def _run_singles_elo(matches: list[RatedMatch], pool: RatingPool) -> dict[str, _Record]:
    """The Elo part and the tally of :func:`_run_singles` alone (Glicko-2 fields stay initial)."""
    ecfg = pool.elo
    k_new, new_games, k_top, k_est = ecfg.k_new, ecfg.new_games, ecfg.k_top, ecfg.k_established
    top, cap = ecfg.top_rating, ecfg.cap
    init = (ecfg.initial, 0, False, 0, 0, 0)
    records: dict[str, tuple[float, int, bool, int, int, int]] = {}
    get = records.get
    for m in matches:
        try:
            (a,), (b,) = m.sides
        except ValueError:
            _check(m, pool)
            raise
        s = m.score
        elo_a, n_a, top_a, won_a, lost_a, drawn_a = get(a, init)
        elo_b, n_b, top_b, won_b, lost_b, drawn_b = get(b, init)
        d = elo_b - elo_a
        if d > cap:
            d = cap
        elif d < -cap:
            d = -cap
        x = s - 1.0 / (1.0 + 10.0 ** (d / 400.0))
        elo_a = elo_a + (k_new if n_a < new_games else (k_top if top_a else k_est)) * x
        elo_b = elo_b + (k_new if n_b < new_games else (k_top if top_b else k_est)) * -x
        if elo_a >= top:
            top_a = True
        if elo_b >= top:
            top_b = True
        if s == 1.0:
            won_a += 1
            lost_b += 1
        elif s == 0.0:
            lost_a += 1
            won_b += 1
        else:
            drawn_a += 1
            drawn_b += 1
        records[a] = (elo_a, n_a + 1, top_a, won_a, lost_a, drawn_a)
        records[b] = (elo_b, n_b + 1, top_b, won_b, lost_b, drawn_b)
    g = PlayerRating.initial(pool)
    rest = (g.glicko_rating, g.glicko_rd, g.glicko_volatility, _NEVER)
    return {
        p: (elo, n, top_, *rest, n, won, lost, drawn)
        for p, (elo, n, top_, won, lost, drawn) in records.items()
    }

"""Ratings, rating history, head-to-head records and leaderboards: the entities and the port.

Rating a match is one all-or-nothing write: every player's rating (conditioned on the version read), a
history point and a head-to-head count per player, the pool's rated-match log, and the match's own
``rating`` marker turned from ``pending`` to ``rated``; a second or concurrent run writes nothing.
Leaderboards list ratings best first (ties by player id) and page with opaque cursors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, RatingChange
from scopa.domain.ratings.pools import RatingPool

Order = Literal["elo", "glicko"]


@dataclass(frozen=True)
class StoredRating:
    player_id: str
    name: str
    pool: str
    rating: PlayerRating
    version: int
    last_match: str | None  # "<finished_at>#<match id>" of the last match rated


@dataclass(frozen=True)
class HistoryPoint:
    at: str
    match_id: str
    elo: float
    elo_delta: float
    glicko: float
    glicko_rd: float
    score: float
    opponents: list[str]


def rating_fields(r: PlayerRating) -> list[Any]:
    """A rating as the compact list both adapters store (as JSON: floats keep their exact repr, so a
    recompute reproduces them bit for bit)."""
    return [
        r.elo,
        r.elo_games,
        r.reached_2400,
        r.glicko_rating,
        r.glicko_rd,
        r.glicko_volatility,
        r.glicko_last_played,
        r.games,
        r.wins,
        r.losses,
        r.draws,
    ]


def rating_of_fields(v: list[Any]) -> PlayerRating:
    """The rating :func:`rating_fields` stored."""
    return PlayerRating(
        elo=v[0],
        elo_games=v[1],
        reached_2400=v[2],
        glicko_rating=v[3],
        glicko_rd=v[4],
        glicko_volatility=v[5],
        glicko_last_played=v[6],
        games=v[7],
        wins=v[8],
        losses=v[9],
        draws=v[10],
    )


class RatingRepository(Protocol):
    def unrated(self, before: str, limit: int) -> list[str]:
        """Ids of finished matches waiting to be rated, finished before ``before`` (ISO), oldest first."""
        ...

    def get_ratings(self, pool: str, player_ids: Iterable[str]) -> dict[str, StoredRating]: ...

    def rate(
        self,
        match: RatedMatch,
        finished_at: str,
        changes: list[RatingChange],
        stored: dict[str, StoredRating],
        names: dict[str, str],
        match_item: bool = True,
    ) -> None:
        """Write one rated match, all or nothing (see the module docstring).

        ``match_item`` False: a result with no match item (a table played in person); the pool's log
        entry, keyed by ``finished_at`` and the id, is then the marker: a second write of the same
        result is refused (WriteConflict) like a match already rated."""
        ...

    def replace_all(self, pool: RatingPool, ratings: dict[str, PlayerRating], names: dict[str, str]) -> int:
        """Overwrite every rating of a pool with a recomputed one; returns the count."""
        ...

    def all_ratings(self, pool: str) -> dict[str, StoredRating]: ...

    def rated_matches(self, pool: str) -> Iterator[RatedMatch]:
        """The pool's rated matches in finish order (the log a recompute replays)."""
        ...

    def top(
        self,
        pool: str,
        order: Order,
        limit: int,
        cursor: str | None,
        keep: Callable[[StoredRating], bool] | None = None,
    ) -> tuple[list[StoredRating], str | None, int]:
        """The best ``limit`` ratings (those ``keep`` accepts), the next page's cursor, this page's offset."""
        ...

    def neighbours(
        self, pool: str, order: Order, me: StoredRating, count: int
    ) -> tuple[list[StoredRating], list[StoredRating], int]:
        """The ``count`` ratings just above and just below ``me``, and how many rank above."""
        ...

    def history(self, player_id: str, pool: str, limit: int) -> list[HistoryPoint]:
        """The player's last ``limit`` rating changes in the pool, oldest first."""
        ...

    def records(self, player_id: str, pool: str) -> list[dict[str, Any]]:
        """Head-to-head counts: ``{"opponent", "wins", "losses", "draws"}`` per opponent."""
        ...

    def player_pools(self, player_id: str) -> list[StoredRating]: ...

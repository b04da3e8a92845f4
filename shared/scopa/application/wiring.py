"""The services wired together, by their constructors, over one set of stores.

The API, the pipeline, the CLI and the local server all build a :class:`ServiceSet` the same way: an
adapter gives the :class:`Stores` (``scopa.adapters.dynamodb.stores`` or ``scopa.adapters.sqlite.stores``),
and every service receives what it uses when it is built; nothing is patched in afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from scopa.application.auth import Tokens
from scopa.application.clock import Clock
from scopa.application.idempotency import IdempotentRequests
from scopa.application.ports.changes import ChangeFeed, NoFeed
from scopa.application.ports.clubs import ClubRepository
from scopa.application.ports.connections import ConnectionRepository
from scopa.application.ports.idempotency import IdempotencyRepository
from scopa.application.ports.matches import MatchRepository
from scopa.application.ports.players import PlayerRepository
from scopa.application.ports.ratings import RatingRepository
from scopa.application.ports.seeks import SeekRepository
from scopa.application.ports.tournaments import TournamentRepository
from scopa.application.services.clubs import ClubService
from scopa.application.services.lobby import LobbyService
from scopa.application.services.matches import MatchService
from scopa.application.services.pipeline import Pipeline
from scopa.application.services.players import PlayerService
from scopa.application.services.ratings import RatingService
from scopa.application.services.tournaments import TournamentService


@dataclass(frozen=True)
class Stores:
    """One adapter's implementation of every port."""

    players: PlayerRepository
    matches: MatchRepository
    clubs: ClubRepository
    tournaments: TournamentRepository
    ratings: RatingRepository
    idempotency: IdempotencyRepository
    seeks: SeekRepository
    connections: ConnectionRepository  # live (WebSocket) connections and what they follow


class ServiceSet:
    """Every service of the product over one set of stores and one clock."""

    def __init__(
        self,
        stores: Stores,
        clock: Clock,
        changes: ChangeFeed | None = None,
        signing_key: bytes | None = None,
    ) -> None:
        """``signing_key`` signs the players' tokens (None: a key of this process only, for tests)."""
        self.stores = stores
        self.clock = clock
        self.changes: ChangeFeed = changes if changes is not None else NoFeed()  # to live updates
        self.requests = IdempotentRequests(stores.idempotency, clock)  # keyed requests (Idempotency-Key)
        self.tokens = Tokens(stores.players, clock, signing_key)  # issues and checks tokens (cached)
        self.players = PlayerService(stores.players, clock, self.tokens)
        self.matches = MatchService(stores.matches, clock, self.players, self.changes)
        self.lobby = LobbyService(stores.seeks, self.matches, self.players, clock, self.changes)
        self.clubs = ClubService(stores.clubs, clock, self.players)
        self.ratings = RatingService(
            stores.ratings, stores.matches, stores.clubs, stores.tournaments, self.players, clock
        )
        self.pipeline = Pipeline(
            stores.tournaments, self.matches, clock, rater=self.ratings.rate_pending, changes=self.changes
        )
        self.tournaments = TournamentService(
            stores.tournaments,
            clock,
            self.players,
            self.clubs,
            self.matches,
            self.pipeline,
            rating_of=self.ratings.seed_rating,
            changes=self.changes,
        )

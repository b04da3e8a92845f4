"""The services wired together, by their constructors, over one set of stores.

The API, the pipeline, the CLI and the local server all build a :class:`ServiceSet` the same way: an
adapter gives the :class:`Stores` (``scopa.adapters.dynamodb.stores`` or ``scopa.adapters.sqlite.stores``),
and every service receives what it uses when it is built; nothing is patched in afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scopa.application.auth import Tokens
from scopa.application.clock import Clock
from scopa.application.idempotency import IdempotentRequests
from scopa.application.ports.changes import ChangeFeed, NoFeed
from scopa.application.ports.clubs import ClubRepository
from scopa.application.ports.connections import ConnectionRepository
from scopa.application.ports.idempotency import IdempotencyRepository
from scopa.application.ports.jobs import JobRepository, JobRunner
from scopa.application.ports.matches import MatchRepository
from scopa.application.ports.players import PlayerRepository
from scopa.application.ports.ratings import RatingRepository
from scopa.application.ports.seeks import SeekRepository
from scopa.application.ports.tournaments import TournamentRepository
from scopa.application.ports.webhooks import DeliveryQueue, WebhookRepository, WebhookSender
from scopa.application.services.clubs import ClubService
from scopa.application.services.jobs import JobService
from scopa.application.services.lobby import LobbyService
from scopa.application.services.matches import MatchService
from scopa.application.services.pipeline import Pipeline
from scopa.application.services.players import PlayerService
from scopa.application.services.ratings import RatingService
from scopa.application.services.tournaments import TournamentService
from scopa.application.services.webhooks import InProcessQueue, UrlPolicy, WebhookService


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
    webhooks: WebhookRepository  # club webhooks and their deliveries
    jobs: JobRepository  # admin jobs run asynchronously (a rating recompute)


class ServiceSet:
    """Every service of the product over one set of stores and one clock."""

    def __init__(
        self,
        stores: Stores,
        clock: Clock,
        changes: ChangeFeed | None = None,
        hooks: WebhookWiring | None = None,
        jobs: JobRunner | None = None,
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
        hooks = hooks or WebhookWiring()
        self.webhook_queue: DeliveryQueue = hooks.queue or InProcessQueue(clock)
        self.webhooks = WebhookService(
            stores.webhooks, self.clubs, clock, self.webhook_queue, hooks.sender or _sender(), hooks.policy
        )
        if isinstance(self.webhook_queue, InProcessQueue):
            self.webhook_queue.consumer = self.webhooks.attempt  # local: this process sends them
        self.ratings = RatingService(
            stores.ratings, stores.matches, stores.clubs, stores.tournaments, self.players, clock
        )
        # Admin jobs: queued to ``jobs`` (the jobs Lambda in AWS), else run in this process.
        self.jobs = JobService(stores.jobs, clock, self.ratings, jobs)
        self.pipeline = Pipeline(
            stores.tournaments,
            self.matches,
            clock,
            rater=self.ratings.rate_pending,
            changes=self.changes,
            events=self.webhooks,
            rate_now=self.ratings.rate_finished,
            seeding=self.ratings.reseed,
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
            events=self.webhooks,
        )


@dataclass(frozen=True)
class WebhookWiring:
    """How webhook deliveries leave: the queue (None: in-process, this process sends), the HTTP sender
    (None: urllib) and which URLs are allowed (https to public addresses unless the settings relax it)."""

    queue: DeliveryQueue | None = None
    sender: WebhookSender | None = None
    policy: UrlPolicy = field(default_factory=UrlPolicy)


def _sender() -> WebhookSender:
    from scopa.adapters.http.webhooks import UrllibSender  # the standard library's HTTP client

    return UrllibSender()

"""The services wired together, by their constructors, over one set of stores.

The API, the pipeline, the CLI and the local server all build a :class:`ServiceSet` the same way: an
adapter gives the :class:`Stores` (``scopa.adapters.dynamodb.stores`` or ``scopa.adapters.sqlite.stores``),
and every service receives what it uses when it is built; nothing is patched in afterwards.

Each service is built on first use (and its module imported then): a Lambda that serves one kind of
request loads only the services that request touches, not the engine, the bots and the tournament planner
on every cold start (docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from scopa.application.ports.changes import ChangeFeed, NoFeed

if TYPE_CHECKING:
    from scopa.application.auth import Tokens
    from scopa.application.clock import Clock
    from scopa.application.idempotency import IdempotentRequests
    from scopa.application.ports.clubs import ClubRepository
    from scopa.application.ports.coalesce import TopicLeaseRepository
    from scopa.application.ports.connections import ConnectionRepository
    from scopa.application.ports.guests import GuestRepository
    from scopa.application.ports.idempotency import IdempotencyRepository
    from scopa.application.ports.jobs import JobRepository, JobRunner
    from scopa.application.ports.matches import MatchRepository
    from scopa.application.ports.players import PlayerRepository
    from scopa.application.ports.rates import RateCounter
    from scopa.application.ports.ratings import RatingRepository
    from scopa.application.ports.seasons import SeasonRepository
    from scopa.application.ports.seeks import SeekRepository
    from scopa.application.ports.tournaments import TournamentRepository
    from scopa.application.ports.webhooks import DeliveryQueue, WebhookRepository, WebhookSender
    from scopa.application.services.clubs import ClubService
    from scopa.application.services.guests import GuestService
    from scopa.application.services.jobs import JobService
    from scopa.application.services.lobby import LobbyService
    from scopa.application.services.matches import MatchService
    from scopa.application.services.pipeline import Pipeline
    from scopa.application.services.players import PlayerService
    from scopa.application.services.ratings import RatingService
    from scopa.application.services.seasons import SeasonService
    from scopa.application.services.tournaments import (
        TableResults,
        TournamentAbsences,
        TournamentAdmin,
        TournamentEntries,
        TournamentQueries,
    )
    from scopa.application.services.tournaments.imports import EntryImport
    from scopa.application.services.tournaments.venue import VenueCheckIn
    from scopa.application.services.webhooks import UrlPolicy, WebhookService


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
    guests: GuestRepository  # organizers' guests (the players' store implements it too)
    seasons: SeasonRepository  # club seasons: events grouped into season standings
    topic_leases: TopicLeaseRepository  # coalesced topics' push leases (the lobby's fan-out, once a second)
    rates: RateCounter  # requests per caller and window, shared by every container (api.ratelimit)


class ServiceSet:
    """Every service of the product over one set of stores and one clock, each built on first use."""

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
        self._hooks = hooks or WebhookWiring()
        self._job_runner = jobs
        self._signing_key = signing_key

    @cached_property
    def requests(self) -> IdempotentRequests:
        """Keyed requests (Idempotency-Key)."""
        from scopa.application.idempotency import IdempotentRequests

        return IdempotentRequests(self.stores.idempotency, self.clock)

    @cached_property
    def tokens(self) -> Tokens:
        """Issues and checks tokens (cached)."""
        from scopa.application.auth import Tokens

        return Tokens(self.stores.players, self.clock, self._signing_key)

    @cached_property
    def players(self) -> PlayerService:
        from scopa.application.services.players import PlayerService

        return PlayerService(self.stores.players, self.clock, self.tokens, self.changes)

    @cached_property
    def guests(self) -> GuestService:
        from scopa.application.services.guests import GuestService

        return GuestService(self.stores.players, self.stores.guests, self.clock, self.tokens)

    @cached_property
    def matches(self) -> MatchService:
        from scopa.application.services.matches import MatchService

        return MatchService(self.stores.matches, self.clock, self.players, self.changes)

    @cached_property
    def lobby(self) -> LobbyService:
        from scopa.application.services.lobby import LobbyService

        return LobbyService(self.stores.seeks, self.matches, self.players, self.clock, self.changes)

    @cached_property
    def clubs(self) -> ClubService:
        from scopa.application.services.clubs import ClubService

        return ClubService(self.stores.clubs, self.clock, self.players)

    @property
    def webhook_queue(self) -> DeliveryQueue:
        """Where deliveries wait: the wiring's queue, else one of this process, whose consumer is
        :attr:`webhooks` (this process sends them)."""
        return self.webhooks.queue

    @cached_property
    def webhooks(self) -> WebhookService:
        from scopa.application.services.webhooks import InProcessQueue, WebhookService

        hooks = self._hooks
        queue = hooks.queue or InProcessQueue(self.clock)
        service = WebhookService(
            self.stores.webhooks, self.clubs, self.clock, queue, hooks.sender or _sender(), hooks.policy
        )
        if isinstance(queue, InProcessQueue):
            queue.consumer = service.attempt  # local: this process sends them
        return service

    @cached_property
    def seasons(self) -> SeasonService:
        """Club seasons and their standings, read from the attached tournaments' final standings."""
        from scopa.application.services.seasons import SeasonService

        return SeasonService(self.stores.seasons, self.stores.tournaments, self.clubs, self.clock)

    @cached_property
    def ratings(self) -> RatingService:
        from scopa.application.services.ratings import RatingService

        stores = self.stores
        return RatingService(
            stores.ratings, stores.matches, stores.clubs, stores.tournaments, self.players, self.clock
        )

    @cached_property
    def jobs(self) -> JobService:
        """Admin jobs: queued to the runner (the jobs Lambda in AWS), else run in this process."""
        from scopa.application.services.jobs import JobService

        return JobService(self.stores.jobs, self.clock, self.ratings, self._job_runner)

    @cached_property
    def pipeline(self) -> Pipeline:
        from scopa.application.services.pipeline import Pipeline

        return Pipeline(
            self.stores.tournaments,
            self.matches,
            self.clock,
            rater=self.ratings.rate_pending,
            changes=self.changes,
            events=self.webhooks,
            rate_now=self.ratings.rate_finished,
            seeding=self.ratings.reseed,
            rate_tables=self.ratings.rate_tables,
        )

    @cached_property
    def tournament_admin(self) -> TournamentAdmin:
        """Creation, settings and the organizer's actions."""
        from scopa.application.services.tournaments import TournamentAdmin

        stores = self.stores
        return TournamentAdmin(
            stores.tournaments,
            self.clock,
            self.clubs,
            self.pipeline,
            changes=self.changes,
            events=self.webhooks,
        )

    @cached_property
    def tournament_entries(self) -> TournamentEntries:
        """Entries, approvals, check-in, withdrawals and exclusions."""
        from scopa.application.services.tournaments import TournamentEntries

        return TournamentEntries(
            self.stores.tournaments,
            self.clock,
            self.clubs,
            self.players,
            self.matches,
            rating_of=self.ratings.seed_rating,
            changes=self.changes,
            events=self.webhooks,
        )

    @cached_property
    def venue_check_in(self) -> VenueCheckIn:
        """The venue code and the check-in that takes it (derived under the signing key)."""
        from scopa.application.auth import dev_signing_key
        from scopa.application.services.tournaments.venue import VenueCheckIn

        return VenueCheckIn(self.tournament_entries, self._signing_key or dev_signing_key())

    @cached_property
    def entry_import(self) -> EntryImport:
        """Entrants imported from a pasted list or a CSV."""
        from scopa.application.services.tournaments.imports import EntryImport

        return EntryImport(self.tournament_entries, self.guests)

    @cached_property
    def tournament_absences(self) -> TournamentAbsences:
        """Requested byes and arena pauses."""
        from scopa.application.services.tournaments import TournamentAbsences

        stores = self.stores
        return TournamentAbsences(
            stores.tournaments, self.clock, self.clubs, changes=self.changes, events=self.webhooks
        )

    @cached_property
    def table_results(self) -> TableResults:
        """Results of tables played in person: reports, confirmations, organizer entries and closes."""
        from scopa.application.services.tournaments import TableResults

        stores = self.stores
        return TableResults(
            stores.tournaments,
            self.clock,
            self.clubs,
            self.pipeline,
            changes=self.changes,
            events=self.webhooks,
        )

    @cached_property
    def tournaments(self) -> TournamentQueries:
        """What everyone reads: tournaments, rounds, standings, the crosstable, exports."""
        from scopa.application.services.tournaments import TournamentQueries

        stores = self.stores
        return TournamentQueries(
            stores.tournaments, self.clock, self.clubs, changes=self.changes, events=self.webhooks
        )


def _url_policy() -> UrlPolicy:
    from scopa.application.services.webhooks import UrlPolicy

    return UrlPolicy()


@dataclass(frozen=True)
class WebhookWiring:
    """How webhook deliveries leave: the queue (None: in-process, this process sends), the HTTP sender
    (None: urllib) and which URLs are allowed (https to public addresses unless the settings relax it)."""

    queue: DeliveryQueue | None = None
    sender: WebhookSender | None = None
    policy: UrlPolicy = field(default_factory=_url_policy)


def _sender() -> WebhookSender:
    from scopa.adapters.http.webhooks import UrllibSender  # the standard library's HTTP client

    return UrllibSender()

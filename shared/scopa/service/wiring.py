"""The services wired together over one DynamoDB table: the API, the pipeline and the CLI share this."""

from __future__ import annotations

from typing import Any

from scopa.service.clock import Clock
from scopa.service.clubs import ClubService
from scopa.service.matches import MatchService
from scopa.service.pipeline import Pipeline
from scopa.service.players import PlayerService
from scopa.service.ratings import RatingService
from scopa.service.tournaments import TournamentService
from scopa.storage.dynamo import DynamoRepository
from scopa.storage.dynamo_ratings import DynamoRatingRepository
from scopa.storage.dynamo_tournaments import DynamoTournamentRepository


class ServiceSet:
    """Every service of the product on one table through one boto3 DynamoDB client."""

    def __init__(self, client: Any, table_name: str, clock: Clock, ranking_shards: int = 4) -> None:
        self.clock = clock
        self.repo = DynamoRepository(client, table_name)
        self.tournament_repo = DynamoTournamentRepository(client, table_name)
        self.players = PlayerService(self.repo, clock)
        self.matches = MatchService(self.repo, clock, self.players)
        self.clubs = ClubService(self.tournament_repo, clock, self.players)
        self.tournaments = TournamentService(
            self.tournament_repo, clock, self.players, self.clubs, self.matches
        )
        self.rating_repo = DynamoRatingRepository(client, table_name, ranking_shards)
        self.ratings = RatingService(self.rating_repo, self.repo, self.tournament_repo, self.players, clock)
        self.tournaments.pipeline.rater = self.ratings.rate_pending
        self.tournaments.rating_of = self.ratings.seed_rating

    @property
    def pipeline(self) -> Pipeline:
        return self.tournaments.pipeline

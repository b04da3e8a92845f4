"""Every port on one DynamoDB table, through one boto3 client."""

from __future__ import annotations

from typing import Any

from scopa.adapters.dynamodb.connections import DynamoConnectionRepository
from scopa.adapters.dynamodb.idempotency import DynamoIdempotencyRepository
from scopa.adapters.dynamodb.jobs import DynamoJobRepository
from scopa.adapters.dynamodb.players_matches import DynamoRepository
from scopa.adapters.dynamodb.rates import DynamoRateCounter
from scopa.adapters.dynamodb.ratings import DynamoRatingRepository
from scopa.adapters.dynamodb.seasons import DynamoSeasonRepository
from scopa.adapters.dynamodb.seeks import DynamoSeekRepository
from scopa.adapters.dynamodb.topic_leases import DynamoTopicLeaseRepository
from scopa.adapters.dynamodb.tournaments import DynamoTournamentRepository
from scopa.adapters.dynamodb.webhooks import DynamoWebhookRepository
from scopa.application.wiring import Stores


def dynamodb_stores(client: Any, table_name: str, ranking_shards: int = 4) -> Stores:
    """The stores on ``table_name``; ``ranking_shards`` leaderboard partitions per pool (see keys)."""
    players_matches = DynamoRepository(client, table_name)
    clubs_tournaments = DynamoTournamentRepository(client, table_name)
    return Stores(
        players=players_matches,
        matches=players_matches,
        clubs=clubs_tournaments,
        tournaments=clubs_tournaments,
        ratings=DynamoRatingRepository(client, table_name, ranking_shards),
        idempotency=DynamoIdempotencyRepository(client, table_name),
        seeks=DynamoSeekRepository(client, table_name),
        connections=DynamoConnectionRepository(client, table_name),
        webhooks=DynamoWebhookRepository(client, table_name),
        jobs=DynamoJobRepository(client, table_name),
        guests=players_matches,
        seasons=DynamoSeasonRepository(client, table_name),
        topic_leases=DynamoTopicLeaseRepository(client, table_name),
        rates=DynamoRateCounter(client, table_name),
    )

"""Ratings on the single DynamoDB table: rating items, sharded leaderboards, history, records, the queue.

A match is rated by one transaction: every player's rating item (each conditioned on the version read),
one history point and one head-to-head counter per player, the pool's rated-match log, and the match's
own marker (``rating = pending`` -> ``rated``, conditioned, which also takes it out of the ``UNRATED``
queue). A second run, a duplicate trigger or a concurrent run loses a condition and writes nothing.

Leaderboards are two sparse indexes over the rating items (Elo on ``gsi2``, Glicko-2 on ``gsi3``) whose
partition is ``RANK#<pool>#<shard>``: the shard is a hash of the player id, so writes spread over
``shards`` partitions, and a top-N read queries every shard and merges (see ``docs/rankings.md``).

Items are built as plain dicts and typed by :func:`~scopa.adapters.dynamodb.codec.to_item`; what a read
returns goes through ``from_item`` once, on arrival. Floats are stored as their ``repr`` (or inside JSON), so
a recompute reproduces them bit for bit.
"""

from __future__ import annotations

import hashlib
import heapq
import json
from collections.abc import Iterable, Iterator
from operator import itemgetter
from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    DEFAULT_BACKOFF,
    Backoff,
    as_json,
    batch_get,
    batch_write,
    decode_cursor,
    encode_cursor,
    from_item,
    item_key,
    to_item,
    transact,
)
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.ratings import HistoryPoint, Order, StoredRating, rating_fields, rating_of_fields
from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, RatingChange
from scopa.domain.ratings.pools import RatingPool


def shard_of(player_id: str, shards: int) -> int:
    return int.from_bytes(hashlib.sha256(player_id.encode()).digest()[:4], "big") % shards


class DynamoRatingRepository:
    def __init__(
        self, client: Any, table_name: str, shards: int = 4, backoff: Backoff = DEFAULT_BACKOFF
    ) -> None:
        self.client = client
        self.table = table_name
        self.shards = shards
        self.backoff = backoff  # paces the retries of unprocessed batch reads and writes

    # ------------------------------------------------------------------ the queue

    def unrated(self, before: str, limit: int) -> list[str]:
        """Ids of finished matches waiting to be rated, finished before ``before`` (ISO), oldest first."""
        page = self.client.query(
            TableName=self.table,
            IndexName=keys.GSI1,
            KeyConditionExpression="gsi1pk = :q AND gsi1sk < :before",
            ExpressionAttributeValues=to_item({":q": keys.UNRATED, ":before": before}),
            Limit=limit,
        )
        return [from_item(i)[keys.GSI1_SK].split("#", 1)[1] for i in page.get("Items", [])]

    # ------------------------------------------------------------------ rating items

    def get_ratings(self, pool: str, player_ids: Iterable[str]) -> dict[str, StoredRating]:
        item_keys = [item_key(keys.player_pk(p), keys.rating_sk(pool)) for p in player_ids]
        found = batch_get(self.client, self.table, item_keys, True, self.backoff)
        ratings = (_rating(from_item(item)) for item in found)
        return {stored.player_id: stored for stored in ratings}

    def rate(
        self,
        match: RatedMatch,
        finished_at: str,
        changes: list[RatingChange],
        stored: dict[str, StoredRating],
        names: dict[str, str],
        match_item: bool = True,
    ) -> None:
        """Write one rated match, all or nothing (see the module docstring)."""
        marker: list[dict[str, Any]] = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": item_key(keys.match_pk(match.id), keys.MATCH_SK),
                    "UpdateExpression": "SET rating = :rated REMOVE gsi1pk, gsi1sk",
                    "ConditionExpression": "rating = :pending",
                    "ExpressionAttributeValues": to_item({":rated": "rated", ":pending": "pending"}),
                }
            }
        ]
        items: list[dict[str, Any]] = [
            *(marker if match_item else []),  # no match item: the log item's condition is the marker
            {
                "Put": {
                    "TableName": self.table,
                    "Item": to_item(
                        {
                            keys.PK: keys.rated_log_pk(match.pool),
                            keys.SK: f"{finished_at}#{match.id}",
                            "type": "rated_match",
                            "match_id": match.id,
                            "finished_at": repr(match.finished_at),
                            "sides": as_json([list(side) for side in match.sides]),
                            "score": repr(match.score),
                        }
                    ),
                    "ConditionExpression": "attribute_not_exists(pk)",
                }
            },
        ]
        side_of = {p: i for i, side in enumerate(match.sides) for p in side}
        for change in changes:
            player = change.player
            before = stored.get(player)
            item = self._rating_item(
                match.pool,
                player,
                names.get(player, player),
                change.after,
                (before.version if before else 0) + 1,
            )
            item["last_match"] = f"{finished_at}#{match.id}"
            put: dict[str, Any] = {"TableName": self.table, "Item": to_item(item)}
            if before is None:
                put["ConditionExpression"] = "attribute_not_exists(pk)"
            else:
                put["ConditionExpression"] = "version = :v"
                put["ExpressionAttributeValues"] = to_item({":v": before.version})
            items.append({"Put": put})
            score = match.score if side_of[player] == 0 else 1.0 - match.score
            items.append(
                {
                    "Put": {
                        "TableName": self.table,
                        "Item": to_item(
                            {
                                keys.PK: keys.player_pk(player),
                                keys.SK: keys.history_sk(match.pool, finished_at, match.id),
                                "type": "rating_history",
                                "match_id": match.id,
                                "at": finished_at,
                                "elo": repr(change.after.elo),
                                "elo_delta": repr(change.elo_delta),
                                "glicko": repr(change.after.glicko_rating),
                                "glicko_rd": repr(change.after.glicko_rd),
                                "score": repr(score),
                                "opponents": as_json(list(change.opponents)),
                            }
                        ),
                    }
                }
            )
            for opponent in change.opponents:
                field = "wins" if score == 1.0 else "losses" if score == 0.0 else "draws"
                items.append(
                    {
                        "Update": {
                            "TableName": self.table,
                            "Key": item_key(keys.player_pk(player), keys.versus_sk(match.pool, opponent)),
                            "UpdateExpression": f"ADD {field} :one SET #t = :t, opponent = :o",
                            "ExpressionAttributeNames": {"#t": "type"},
                            "ExpressionAttributeValues": to_item({":one": 1, ":t": "versus", ":o": opponent}),
                        }
                    }
                )
        transact(self.client, items)

    def _rating_item(
        self, pool: str, player: str, name: str, r: PlayerRating, version: int
    ) -> dict[str, Any]:
        """The plain rating item (typed by the caller once complete)."""
        shard = shard_of(player, self.shards)
        return {
            keys.PK: keys.player_pk(player),
            keys.SK: keys.rating_sk(pool),
            keys.GSI2_PK: keys.rank_pk(pool, shard),
            keys.GSI2_SK: keys.rank_sk(r.elo, player),
            keys.GSI3_PK: keys.glicko_rank_pk(pool, shard),
            keys.GSI3_SK: keys.rank_sk(r.glicko_rating, player),
            "type": "rating",
            "pool": pool,
            "player_id": player,
            "name": name,
            "version": version,
            # Floats as their exact repr: a recompute must reproduce them bit for bit.
            "ratings": as_json(rating_fields(r)),
        }

    def replace_all(self, pool: RatingPool, ratings: dict[str, PlayerRating], names: dict[str, str]) -> int:
        """Overwrite every rating item of a pool with a recomputed one (batch writes); returns the count."""
        existing = self.all_ratings(pool.id)
        puts = []
        for player, rating in ratings.items():
            version = existing[player].version + 1 if player in existing else 1
            item = self._rating_item(pool.id, player, names.get(player, player), rating, version)
            if player in existing and existing[player].last_match:
                item["last_match"] = existing[player].last_match or ""
            puts.append({"PutRequest": {"Item": to_item(item)}})
        batch_write(self.client, self.table, puts, self.backoff)
        return len(puts)

    def all_ratings(self, pool: str) -> dict[str, StoredRating]:
        out: dict[str, StoredRating] = {}
        for shard in range(self.shards):
            for item in self._query_index("elo", pool, shard, None, True, None):
                stored = _rating(item)
                out[stored.player_id] = stored
        return out

    def rated_matches(self, pool: str) -> Iterator[RatedMatch]:
        """The pool's rated matches in finish order (the log a recompute replays)."""
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": to_item({":pk": keys.rated_log_pk(pool)}),
        }
        while True:
            page = self.client.query(**query)
            for item in map(from_item, page.get("Items", [])):
                sides = json.loads(item["sides"])
                yield RatedMatch(
                    id=item["match_id"],
                    finished_at=float(item["finished_at"]),
                    pool=pool,
                    sides=(tuple(sides[0]), tuple(sides[1])),
                    score=float(item["score"]),
                )
            if "LastEvaluatedKey" not in page:
                return
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    # ------------------------------------------------------------------ leaderboards

    def top(
        self, pool: str, order: Order, limit: int, cursor: str | None, keep: Any = None
    ) -> tuple[list[StoredRating], str | None, int]:
        """The best ``limit`` ratings (``keep`` filters) merged over the shards, a cursor, the offset.

        Each shard is read in descending order a page at a time; the merge only goes down to the highest
        last key among the shards that may hold more, so nothing is passed over.
        """
        starts: list[dict[str, Any] | None] = [None] * self.shards
        done = [False] * self.shards
        offset = 0
        if cursor:
            starts, done, offset = self._decode_cursor(cursor, pool, order)
        out: list[StoredRating] = []
        page_size = max(limit, 10)
        while len(out) < limit and not all(done):
            pages = [
                [] if done[sh] else self._page(order, pool, sh, starts[sh], page_size)
                for sh in range(self.shards)
            ]
            exhausted = [done[sh] or len(pages[sh]) < page_size for sh in range(self.shards)]
            open_ends = [_sort_value(pages[sh][-1], order) for sh in range(self.shards) if not exhausted[sh]]
            horizon = max(open_ends) if open_ends else ""
            consumed = [0] * self.shards
            streams = [[(_sort_value(i, order), sh, i) for i in pages[sh]] for sh in range(self.shards)]
            for value, sh, item in heapq.merge(*streams, key=itemgetter(0), reverse=True):
                if len(out) >= limit or value < horizon:
                    break
                starts[sh] = _index_key(item, order)
                consumed[sh] += 1
                stored = _rating(item)
                if keep is None or keep(stored):
                    out.append(stored)
            for sh in range(self.shards):
                if exhausted[sh] and consumed[sh] == len(pages[sh]):
                    done[sh] = True
        nxt = None if all(done) else self._encode_cursor(starts, done, pool, order, offset + len(out))
        return out, nxt, offset

    def neighbours(
        self, pool: str, order: Order, me: StoredRating, count: int
    ) -> tuple[list[StoredRating], list[StoredRating], int]:
        """The ``count`` ratings just above and just below ``me``, and how many rank above."""
        mine = keys.rank_sk(me.rating.elo if order == "elo" else me.rating.glicko_rating, me.player_id)
        above: list[tuple[str, dict[str, Any]]] = []
        below: list[tuple[str, dict[str, Any]]] = []
        higher = 0
        index, pk_name, sk_name = _index(order)
        for shard in range(self.shards):
            pk = keys.rank_pk(pool, shard) if order == "elo" else keys.glicko_rank_pk(pool, shard)
            for forward, op, bucket in ((True, ">", above), (False, "<", below)):
                page = self.client.query(
                    TableName=self.table,
                    IndexName=index,
                    KeyConditionExpression=f"{pk_name} = :pk AND {sk_name} {op} :me",
                    ExpressionAttributeValues=to_item({":pk": pk, ":me": mine}),
                    ScanIndexForward=forward,
                    Limit=count,
                )
                bucket.extend((i[sk_name], i) for i in map(from_item, page.get("Items", [])))
            counted = self.client.query(
                TableName=self.table,
                IndexName=index,
                KeyConditionExpression=f"{pk_name} = :pk AND {sk_name} > :me",
                ExpressionAttributeValues=to_item({":pk": pk, ":me": mine}),
                Select="COUNT",
            )
            higher += int(counted.get("Count", 0))
        above.sort(key=lambda x: x[0])
        below.sort(key=lambda x: x[0], reverse=True)
        return (
            [_rating(i) for _, i in reversed(above[:count])],
            [_rating(i) for _, i in below[:count]],
            higher,
        )

    def _page(
        self, order: Order, pool: str, shard: int, start: dict[str, Any] | None, limit: int
    ) -> list[dict[str, Any]]:
        return list(self._query_index(order, pool, shard, start, False, limit))

    def _query_index(
        self,
        order: Order,
        pool: str,
        shard: int,
        start: dict[str, Any] | None,
        forward: bool,
        limit: int | None,
    ) -> Iterator[dict[str, Any]]:
        index, pk_name, _sk = _index(order)
        pk = keys.rank_pk(pool, shard) if order == "elo" else keys.glicko_rank_pk(pool, shard)
        query: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": index,
            "KeyConditionExpression": f"{pk_name} = :pk",
            "ExpressionAttributeValues": to_item({":pk": pk}),
            "ScanIndexForward": forward,
        }
        if limit is not None:
            query["Limit"] = limit
        if start:
            query["ExclusiveStartKey"] = start
        while True:
            page = self.client.query(**query)
            yield from map(from_item, page.get("Items", []))
            if limit is not None or "LastEvaluatedKey" not in page:
                return
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _encode_cursor(
        self, starts: list[dict[str, Any] | None], done: list[bool], pool: str, order: Order, offset: int
    ) -> str:
        state = json.dumps([starts, done, offset], separators=(",", ":"))
        return encode_cursor(to_item({"p": f"{pool}|{order}", "s": state}))

    def _decode_cursor(
        self, cursor: str, pool: str, order: Order
    ) -> tuple[list[dict[str, Any] | None], list[bool], int]:
        raw = from_item(decode_cursor(cursor, frozenset({"p", "s"})))
        if raw["p"] != f"{pool}|{order}":
            raise InvalidCursor("the cursor belongs to another leaderboard")
        try:
            starts, done, offset = json.loads(raw["s"])
            if not isinstance(offset, int) or offset < 0:
                raise ValueError("offset")
            if len(starts) != self.shards or len(done) != self.shards:
                raise ValueError("shards")
            for start in starts:
                if start is not None and (
                    not isinstance(start, dict)
                    or not all(isinstance(v, dict) and set(v) == {"S"} for v in start.values())
                ):
                    raise ValueError("start key")
        except (ValueError, TypeError) as exc:
            raise InvalidCursor("the cursor is not one this service returned") from exc
        return starts, [bool(d) for d in done], offset

    # ------------------------------------------------------------------ history and records

    def history(self, player_id: str, pool: str, limit: int) -> list[HistoryPoint]:
        page = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues=to_item(
                {":pk": keys.player_pk(player_id), ":prefix": f"{keys.HISTORY_PREFIX}{pool}#"}
            ),
            ScanIndexForward=False,
            Limit=limit,
        )
        points = [
            HistoryPoint(
                at=i["at"],
                match_id=i["match_id"],
                elo=float(i["elo"]),
                elo_delta=float(i["elo_delta"]),
                glicko=float(i["glicko"]),
                glicko_rd=float(i["glicko_rd"]),
                score=float(i["score"]),
                opponents=json.loads(i["opponents"]),
            )
            for i in map(from_item, page.get("Items", []))
        ]
        return list(reversed(points))

    def records(self, player_id: str, pool: str) -> list[dict[str, Any]]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": to_item(
                {":pk": keys.player_pk(player_id), ":prefix": f"{keys.VERSUS_PREFIX}{pool}#"}
            ),
        }
        out = []
        while True:
            page = self.client.query(**query)
            for i in map(from_item, page.get("Items", [])):
                out.append(
                    {
                        "opponent": i["opponent"],
                        "wins": int(i.get("wins", 0)),
                        "losses": int(i.get("losses", 0)),
                        "draws": int(i.get("draws", 0)),
                    }
                )
            if "LastEvaluatedKey" not in page:
                return out
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def player_pools(self, player_id: str) -> list[StoredRating]:
        page = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues=to_item(
                {":pk": keys.player_pk(player_id), ":prefix": keys.RATING_PREFIX}
            ),
        )
        return [_rating(from_item(i)) for i in page.get("Items", [])]


def _index(order: Order) -> tuple[str, str, str]:
    return (
        (keys.GSI2, keys.GSI2_PK, keys.GSI2_SK) if order == "elo" else (keys.GSI3, keys.GSI3_PK, keys.GSI3_SK)
    )


def _index_key(item: dict[str, Any], order: Order) -> dict[str, Any]:
    """The typed start key of an index query just after the plain ``item``."""
    _index_name, pk_name, sk_name = _index(order)
    return to_item({name: item[name] for name in (keys.PK, keys.SK, pk_name, sk_name)})


def _sort_value(item: dict[str, Any], order: Order) -> str:
    return str(item[_index(order)[2]])


def _rating(item: dict[str, Any]) -> StoredRating:
    """The rating of a plain item."""
    v = json.loads(item["ratings"])
    return StoredRating(
        player_id=item["player_id"],
        name=item["name"],
        pool=item["pool"],
        rating=rating_of_fields(v),
        version=int(item["version"]),
        last_match=item.get("last_match"),
    )
